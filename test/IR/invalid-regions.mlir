// RUN: tfg-opt %s --split-input-file --verify-diagnostics

// Region control flow: each region ends with its own terminator, whose
// values fit where they flow; conditions, indices and loop indices have
// their types; the preserved attributes of the original functions fit the
// regions.

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %v, %ctl = Src name("src") : () -> (tensor<*xi32>, tensor<*xf32>)
  // expected-error@+1 {{condition must be a boolean (i1) tensor, got 'tensor<*xi32>'}}
  %If, %ctl_0 = IfRegion %c then {
    yield(%v) : tensor<*xf32>
  } else {
    yield(%v) : tensor<*xf32>
  } name("if") : (tensor<*xi32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %v, %ctl = Src name("src") : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{region 'then' must end with tfg.yield}}
  %If, %ctl_0 = IfRegion %c then {
    return(%v) : tensor<*xf32>
  } else {
    yield(%v) : tensor<*xf32>
  } name("if") : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %v, %ctl = Src name("src") : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{region 'else' must end with tfg.yield}}
  %If, %ctl_0 = IfRegion %c then {
    yield(%v) : tensor<*xf32>
  } else {
    %ctl_1 = NoOp name("n")
  } name("if") : (tensor<*xi1>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %v, %ctl = Src name("src") : () -> (tensor<*xi1>, tensor<*xf32>)
  // expected-error@+1 {{region 'then' yields value #0 of type 'tensor<*xf32>' is not compatible with the op's result #0 of type 'tensor<i32>'}}
  %If, %ctl_0 = StatelessIfRegion %c then {
    yield(%v) : tensor<*xf32>
  } else {
    yield(%v) : tensor<*xf32>
  } name("if") : (tensor<*xi1>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %v, %ctl = Src name("src") : () -> (tensor<*xi1>, tensor<2xf32>)
  // expected-error@+1 {{region 'else' yields value #0 of type 'tensor<2xf32>' is not compatible with the op's result #0 of type 'tensor<3xf32>'}}
  %If, %ctl_0 = IfRegion %c then {
    %w, %ctl_1 = W name("w") : () -> (tensor<3xf32>)
    yield(%w) : tensor<3xf32>
  } else {
    yield(%v) : tensor<2xf32>
  } name("if") : (tensor<*xi1>) -> (tensor<3xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %v, %ctl = Src name("src") : () -> (tensor<i1>, tensor<f32>)
  // expected-error@+1 {{then_region_attrs lists 2 result attributes for the region's 1 results}}
  %If, %ctl_0 = IfRegion %c then {
    yield(%v) : tensor<f32>
  } else {
    yield(%v) : tensor<f32>
  } {then_region_attrs = #tfg.region_attrs<{} [] [{}, {}]>, _mlir_name = "if"} : (tensor<i1>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<f32>)
  // expected-error@+1 {{branch index must be an int32 tensor, got 'tensor<f32>'}}
  %ctl_0 = CaseRegion %i {
    yield
  } name("case") : (tensor<f32>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<i32>)
  %a, %ctl_0 = A name("a") : () -> (tensor<f32>)
  // expected-error@+1 {{'branch_attrs' has 2 entries for 1 branch regions}}
  %Case, %ctl_1 = CaseRegion %i {
    yield(%a) : tensor<f32>
  } {branch_attrs = [{}, {}], _mlir_name = "case"} : (tensor<i32>) -> (tensor<f32>)
}

// -----

tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{'region_attrs' has 0 entries for 1 branch regions}}
  %Case, %ctl = CaseRegion %a {
    yield(%a) : tensor<i32>
  } {region_attrs = [], _mlir_name = "case"} : (tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{region_attrs #0 lists 2 result attributes for the region's 1 results}}
  %Case, %ctl = CaseRegion %a {
    yield(%a) : tensor<i32>
  } {region_attrs = [#tfg.region_attrs<{} [] [{}, {}]>], _mlir_name = "case"} : (tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{region_attrs #0: argument and result attributes must be dictionaries}}
  %Case, %ctl = CaseRegion %a {
    yield(%a) : tensor<i32>
  } {region_attrs = [#tfg.region_attrs<{} [] [1 : i32]>], _mlir_name = "case"} : (tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{region 'branch #0' yields value #0 of type 'tensor<f32>' is not compatible with the op's result #0 of type 'tensor<i32>'}}
  %Case, %ctl = CaseRegion %a {
    %f, %ctl_0 = F name("f") : () -> (tensor<f32>)
    yield(%f) : tensor<f32>
  } name("case") : (tensor<i32>) -> (tensor<i32>)
  return(%Case) : tensor<i32>
}

// -----

tfg.func @test(%a: tensor<i32>) -> (tensor<i32>) {
  // expected-error@+1 {{region_attrs lists 3 argument attributes for the region's 2 arguments}}
  %For, %ctl = ForRegion(%a) from %a to %a by %a {
  ^bb0(%i: tensor<i32>, %v: tensor<i32>, %ic: !tf_type.control, %vc: !tf_type.control):
    yield(%v) : tensor<i32>
  } {region_attrs = #tfg.region_attrs<{} [{}, {}, {}] [{}]>, _mlir_name = "for"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%For) : tensor<i32>
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %S:2, %ctl = Src name("src") : () -> (tensor<*xi32>, tensor<*xi32>)
  // expected-error@+1 {{cond_region_attrs lists 2 result attributes for the region's 1 results}}
  %W:2, %ctl_0 = WhileRegion(%S#0, %S#1) [%ctl] {
  ^bb0(%a: tensor<*xi32>, %b: tensor<*xi32>, %ac: !tf_type.control, %bc: !tf_type.control):
    %c, %ctl_1 = Pred name("p") : () -> (tensor<*xi1>)
    condition %c : tensor<*xi1> (%a, %b) : tensor<*xi32>, tensor<*xi32>
  } do {
  ^bb0(%a: tensor<*xi32>, %b: tensor<*xi32>, %ac: !tf_type.control, %bc: !tf_type.control):
    yield(%a, %b) : tensor<*xi32>, tensor<*xi32>
  } {parallel_iterations = 10 : i64, body_region_attrs = #tfg.region_attrs<{} [{}, {}] [{}, {}]>, cond_region_attrs = #tfg.region_attrs<{} [{}, {}] [{}, {}]>, _mlir_name = "w"} : (tensor<*xi32>, tensor<*xi32>) -> (tensor<*xi32>, tensor<*xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %s, %ctl = Src name("src") : () -> (tensor<*xi32>)
  // expected-error@+1 {{region 'cond' must end with tfg.condition}}
  %W, %ctl_0 = WhileRegion(%s) [%ctl] {
  ^bb0(%a: tensor<*xi32>, %ac: !tf_type.control):
    yield(%a) : tensor<*xi32>
  } do {
  ^bb0(%a: tensor<*xi32>, %ac: !tf_type.control):
    yield(%a) [%ac] : tensor<*xi32>
  } name("w") : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %s, %ctl = Src name("src") : () -> (tensor<*xi32>)
  // expected-error@+1 {{region 'body' must end with tfg.yield}}
  %W, %ctl_0 = WhileRegion(%s) [%ctl] {
  ^bb0(%a: tensor<*xi32>, %ac: !tf_type.control):
    %c, %ctl_1 = P name("p") : () -> (tensor<*xi1>)
    condition %c : tensor<*xi1> (%a) : tensor<*xi32>
  } do {
  ^bb0(%a: tensor<*xi32>, %ac: !tf_type.control):
    %c, %ctl_2 = P name("q") : () -> (tensor<*xi1>)
    condition %c : tensor<*xi1> (%a) : tensor<*xi32>
  } name("w") : (tensor<*xi32>) -> (tensor<*xi32>)
}

// -----

// A condition ends only the condition region of a WhileRegion.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %c, %ctl = P name("p") : () -> (tensor<i1>)
  // expected-error@+1 {{'tfg.condition' op must end the condition region of a WhileRegion}}
  condition %c : tensor<i1>
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %s, %ctl = Src name("src") : () -> (tensor<i32>)
  // expected-error@+1 {{operand #0 of type 'tensor<i32>' is not compatible with region 'cond' argument #0 of type 'tensor<f32>'}}
  %W, %ctl_0 = WhileRegion(%s) {
  ^bb0(%a: tensor<f32>, %ac: !tf_type.control):
    %c, %ctl_1 = P name("p") : () -> (tensor<i1>)
    condition %c : tensor<i1> (%a) : tensor<f32>
  } do {
  ^bb0(%a: tensor<i32>, %ac: !tf_type.control):
    yield(%a) : tensor<i32>
  } name("w") : (tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %s, %ctl = Src name("src") : () -> (tensor<i32>)
  // expected-error@+1 {{region 'body' yields value #0 of type 'tensor<f32>' is not compatible with region 'cond' argument #0 of type 'tensor<i32>'}}
  %W, %ctl_0 = WhileRegion(%s) {
  ^bb0(%a: tensor<i32>, %ac: !tf_type.control):
    %c, %ctl_1 = P name("p") : () -> (tensor<i1>)
    condition %c : tensor<i1> (%a) : tensor<i32>
  } do {
  ^bb0(%a: tensor<i32>, %ac: !tf_type.control):
    %f, %ctl_1 = F name("f") : () -> (tensor<f32>)
    yield(%f) : tensor<f32>
  } name("w") : (tensor<i32>) -> (tensor<i32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %s, %ctl = Src name("src") : () -> (tensor<i32>)
  // expected-error@+1 {{region 'cond' passes value #0 of type 'tensor<i32>' is not compatible with the op's result #0 of type 'tensor<f32>'}}
  %W, %ctl_0 = StatelessWhileRegion(%s) {
  ^bb0(%a: tensor<i32>, %ac: !tf_type.control):
    %c, %ctl_1 = P name("p") : () -> (tensor<i1>)
    condition %c : tensor<i1> (%a) : tensor<i32>
  } do {
  ^bb0(%a: tensor<i32>, %ac: !tf_type.control):
    yield(%a) : tensor<i32>
  } name("w") : (tensor<i32>) -> (tensor<f32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<i32>)
  %v, %ctl_0 = V name("v") : () -> (tensor<*xf32>)
  // expected-error@+1 {{region 'body' argument #0 (the loop index) must be an int32 tensor, got 'tensor<i64>'}}
  %For, %ctl_1 = ForRegion(%v) [%ctl] from %i to %i by %i {
  ^bb0(%k: tensor<i64>, %x: tensor<*xf32>, %kc: !tf_type.control, %xc: !tf_type.control):
    yield(%x) [%xc] : tensor<*xf32>
  } name("for") : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %f, %ctl = Idx name("i") : () -> (tensor<i32>, tensor<f32>)
  %v, %ctl_0 = V name("v") : () -> (tensor<*xf32>)
  // expected-error@+1 {{operand #1 (start, limit, delta) must be an int32 tensor, got 'tensor<f32>'}}
  %For, %ctl_1 = ForRegion(%v) from %i to %f by %i {
  ^bb0(%k: tensor<i32>, %x: tensor<*xf32>, %kc: !tf_type.control, %xc: !tf_type.control):
    yield(%x) : tensor<*xf32>
  } name("for") : (tensor<i32>, tensor<f32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<i32>)
  %v, %ctl_0 = V name("v") : () -> (tensor<*xf32>)
  // expected-error@+1 {{region 'body' must end with tfg.yield}}
  %For, %ctl_1 = ForRegion(%v) from %i to %i by %i {
  ^bb0(%k: tensor<i32>, %x: tensor<*xf32>, %kc: !tf_type.control, %xc: !tf_type.control):
    return(%x) : tensor<*xf32>
  } name("for") : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<i32>)
  // expected-error@+1 {{region 'body' must have 2 arguments (values, then a control token for each), got 0}}
  %ctl_1 = ForRegion [%ctl] from %i to %i by %i {
  ^bb0:
    yield
  } name("for") : (tensor<i32>, tensor<i32>, tensor<i32>) -> ()
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<i32>)
  %v, %ctl_0 = V name("v") : () -> (tensor<*xf32>)
  // expected-error@+1 {{region 'body' must have 4 arguments (values, then a control token for each), got 3}}
  %For, %ctl_1 = ForRegion(%v) from %i to %i by %i {
  ^bb0(%k: tensor<i32>, %x: tensor<*xf32>, %kc: !tf_type.control):
    yield(%x) [%kc] : tensor<*xf32>
  } name("for") : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<*xf32>) -> (tensor<*xf32>)
}

// -----

tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<i32>)
  %v, %ctl_0 = V name("v") : () -> (tensor<2xf32>)
  // expected-error@+1 {{region 'body' yields value #0 of type 'tensor<3xf32>' is not compatible with region 'body' loop argument #0 of type 'tensor<2xf32>'}}
  %For, %ctl_1 = ForRegion(%v) from %i to %i by %i {
  ^bb0(%k: tensor<i32>, %x: tensor<2xf32>, %kc: !tf_type.control, %xc: !tf_type.control):
    %w, %ctl_2 = W name("w") : () -> (tensor<3xf32>)
    yield(%w) : tensor<3xf32>
  } name("for") : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<2xf32>) -> (tensor<*xf32>)
}

// -----

// A yield ends only a region of a region control-flow op.
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %i, %ctl = Idx name("i") : () -> (tensor<i32>)
  // expected-error@+1 {{'tfg.yield' op must end a region of a region control-flow op}}
  yield(%i) : tensor<i32>
}
