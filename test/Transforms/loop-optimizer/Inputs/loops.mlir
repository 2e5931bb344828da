// A graph with every kind of loop and branch the loop optimizer rewrites:
// a v1 cond on a constant predicate, If/Case on constants, region loops that run 0,
// 1 and 5 times (with invariant nodes), functional While and For. (Stacks
// are left out: tfg-run has no stack kernels.)
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %X, %c0 = Placeholder name("x") {dtype = f32, shape = #tf_type.shape<2>} : () -> (tensor<2xf32>)
  %I, %ci = Placeholder name("i") {dtype = i32, shape = #tf_type.shape<>} : () -> (tensor<i32>)
  %T, %ct = Const name("t") {dtype = i1, value = dense<true> : tensor<i1>} : () -> (tensor<i1>)
  %F, %cf = Const name("f") {dtype = i1, value = dense<false> : tensor<i1>} : () -> (tensor<i1>)
  %Zero, %cz = Const name("zero") {dtype = i32, value = dense<0> : tensor<i32>} : () -> (tensor<i32>)
  %One, %c1 = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Two, %c2 = Const name("two") {dtype = i32, value = dense<2> : tensor<i32>} : () -> (tensor<i32>)
  %Five, %c5 = Const name("five") {dtype = i32, value = dense<5> : tensor<i32>} : () -> (tensor<i32>)
  %Half, %ch = Const name("half") {dtype = f32, value = dense<0.5> : tensor<f32>} : () -> (tensor<f32>)
  // v1 cond: the false branch is dead.
  %S:2, %cs = Switch(%X, %T) name("cond/switch") {T = f32} : (tensor<2xf32>, tensor<i1>) -> (tensor<2xf32>, tensor<2xf32>)
  %Fb, %cfb = Neg(%S#0) name("cond/false") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %Tb, %ctb = Mul(%S#1, %Half) name("cond/true") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  %M:2, %cm = Merge(%Fb, %Tb) name("cond/merge") {N = 2 : i64, T = f32} : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<i32>)
  %Mi, %cmi = Cast(%M#1) name("cond/index") {SrcT = i32, DstT = f32, Truncate = false} : (tensor<i32>) -> (tensor<f32>)
  %V1, %cv1 = AddV2(%M#0, %Mi) name("v1_cond") {T = f32} : (tensor<2xf32>, tensor<f32>) -> (tensor<2xf32>)
  // Functional If and Case on constants.
  %If, %cif = If(%F, %I) name("if") {then_branch = #tf_type.func<@inc, {}>, else_branch = #tf_type.func<@dec, {}>, Tcond = i1, Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i1>, tensor<i32>) -> (tensor<i32>)
  %Case, %ccase = Case(%Two, %If) name("case") {branches = [#tf_type.func<@inc, {}>, #tf_type.func<@dec, {}>], Tin = [i32], Tout = [i32], output_shapes = []} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  // Region If on a constant.
  %RIf, %crif = IfRegion %T then {
    %D, %cd = AddV2(%Case, %Two) name("rif/then") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%D) : tensor<i32>
  } else {
    yield(%Case) : tensor<i32>
  } {_mlir_name = "rif"} : (tensor<i1>) -> tensor<i32>
  // Region loops run 0, 1 and 5 times; the last one has invariants.
  %W0:2, %cw0 = WhileRegion(%Five, %RIf) {
  ^bb0(%k: tensor<i32>, %v: tensor<i32>, %kc: !tf_type.control, %vc: !tf_type.control):
    %L, %cl = Less(%k, %Five) name("w0/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %L : tensor<i1> (%k, %v) : tensor<i32>, tensor<i32>
  } do {
  ^bb0(%k: tensor<i32>, %v: tensor<i32>, %kc: !tf_type.control, %vc: !tf_type.control):
    %N, %cn = AddV2(%k, %One) name("w0/inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %V, %cv = Mul(%v, %Two) name("w0/twice") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%N, %V) : tensor<i32>, tensor<i32>
  } {_mlir_name = "w0", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %W1:2, %cw1 = WhileRegion(%Zero, %W0#1) {
  ^bb0(%k: tensor<i32>, %v: tensor<i32>, %kc: !tf_type.control, %vc: !tf_type.control):
    %L, %cl = Less(%k, %One) name("w1/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %L : tensor<i1> (%k, %v) : tensor<i32>, tensor<i32>
  } do {
  ^bb0(%k: tensor<i32>, %v: tensor<i32>, %kc: !tf_type.control, %vc: !tf_type.control):
    %N, %cn = AddV2(%k, %One) name("w1/inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %V, %cv = Mul(%v, %Five) name("w1/times5") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%N, %V) : tensor<i32>, tensor<i32>
  } {_mlir_name = "w1", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
  %W5:3, %cw5 = WhileRegion(%Zero, %W1#1, %I) {
  ^bb0(%k: tensor<i32>, %v: tensor<i32>, %inv: tensor<i32>, %kc: !tf_type.control, %vc: !tf_type.control, %ic: !tf_type.control):
    %L, %cl = Less(%k, %Five) name("w5/less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
    condition %L : tensor<i1> (%k, %v, %inv) : tensor<i32>, tensor<i32>, tensor<i32>
  } do {
  ^bb0(%k: tensor<i32>, %v: tensor<i32>, %inv: tensor<i32>, %kc: !tf_type.control, %vc: !tf_type.control, %ic: !tf_type.control):
    %N, %cn = AddV2(%k, %One) name("w5/inc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %Sq, %csq = Mul(%inv, %inv) name("w5/inv_sq") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %C3, %cc3 = Const name("w5/three") {dtype = i32, value = dense<3> : tensor<i32>} : () -> (tensor<i32>)
    %Inv2, %ci2 = AddV2(%Sq, %C3) name("w5/inv_sq3") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    %V, %cv = AddV2(%v, %Inv2) name("w5/acc") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%N, %V, %inv) : tensor<i32>, tensor<i32>, tensor<i32>
  } {_mlir_name = "w5", parallel_iterations = 10 : i64} : (tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, tensor<i32>)
  %For, %cfor = ForRegion(%W5#1) from %One to %Five by %Five {
  ^bb0(%idx: tensor<i32>, %v: tensor<i32>, %idx_ctl: !tf_type.control, %v_ctl: !tf_type.control):
    %Sm, %csm = AddV2(%v, %idx) name("for/add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
    yield(%Sm) : tensor<i32>
  } {_mlir_name = "for"} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  // Functional loops run once and not at all.
  %FW, %cfw = While(%Five) name("fwhile") {cond = #tf_type.func<@below6, {}>, body = #tf_type.func<@inc, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %FW0, %cfw0 = While(%For) name("fwhile0") {cond = #tf_type.func<@below6, {}>, body = #tf_type.func<@inc, {}>, T = [i32], parallel_iterations = 10 : i64, output_shapes = []} : (tensor<i32>) -> (tensor<i32>)
  %FF, %cff = For(%Zero, %One, %One, %FW) name("ffor") {body = #tf_type.func<@addi, {}>, T = [i32]} : (tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> (tensor<i32>)
  %Out1, %co1 = Identity(%V1) name("out_float") {T = f32} : (tensor<2xf32>) -> (tensor<2xf32>)
  %Out2:2, %co2 = IdentityN(%FF, %FW0) name("out_int") {T = [i32, i32]} : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>)
}
tfg.func @inc(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Add, %ctl_0 = AddV2(%v, %One) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
tfg.func @dec(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %One, %ctl = Const name("one") {dtype = i32, value = dense<1> : tensor<i32>} : () -> (tensor<i32>)
  %Sub, %ctl_0 = Sub(%v, %One) name("sub") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Sub) : tensor<i32>
}
tfg.func @below6(%v: tensor<i32> {tfg.name = "v"}) -> (tensor<i1> {tfg.name = "out"}) {
  %C, %ctl = Const name("c") {dtype = i32, value = dense<6> : tensor<i32>} : () -> (tensor<i32>)
  %L, %ctl_0 = Less(%v, %C) name("less") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i1>)
  return(%L) : tensor<i1>
}
tfg.func @addi(%i: tensor<i32> {tfg.name = "i"}, %v: tensor<i32> {tfg.name = "v"}) -> (tensor<i32> {tfg.name = "out"}) {
  %Add, %ctl = AddV2(%v, %i) name("add") {T = i32} : (tensor<i32>, tensor<i32>) -> (tensor<i32>)
  return(%Add) : tensor<i32>
}
