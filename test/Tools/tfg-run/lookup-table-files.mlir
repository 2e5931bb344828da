// COM: HashTables initialized from vocabulary files of the model's
// COM: directory (tfg-run gives it as the asset directory): whole line to
// COM: line number, line number to whole line, and columns.
// RUN: tfg-run %s --fetch=words_find,ids_find_ok,columns_find,capped_size --print | FileCheck %s
// CHECK: words_find: dtype=i64 shape=[3] min=-1 max=2 mean=0.333333
// CHECK: ids_find_ok: dtype=i1 shape=[2] min=1 max=1 mean=1
// CHECK: columns_find: dtype=i64 shape=[2] min=-1 max=20 mean=9.5
// CHECK: capped_size: dtype=i64 shape=[] min=2 max=2 mean=2
// COM: Files outside the model's directory are refused: by `..`, by an
// COM: absolute path, by a symlink; so are directories and missing files.
// RUN: not tfg-run %s --fetch=dotdot_size 2>&1 | FileCheck %s --check-prefix=DOTDOT
// DOTDOT: tfg-run: error: node 'dotdot_init' (InitializeTableFromTextFileV2): file '../../lit.cfg.py' cannot be read: it leads to '{{.*}}lit.cfg.py', outside the asset directory
// RUN: not tfg-run %s --fetch=absolute_size 2>&1 | FileCheck %s --check-prefix=ABSOLUTE
// ABSOLUTE: tfg-run: error: node 'absolute_init' (InitializeTableFromTextFileV2): file '/etc/hostname' cannot be read: it leads to '/etc/hostname', outside the asset directory
// RUN: not tfg-run %s --fetch=dir_size 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: tfg-run: error: node 'dir_init' (InitializeTableFromTextFileV2): file 'Inputs' cannot be read: not a regular file (it is a directory)
// RUN: not tfg-run %s --fetch=missing_size 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: tfg-run: error: node 'missing_init' (InitializeTableFromTextFileV2): file 'Inputs/no-such-vocab.txt' cannot be read: {{[Nn]}}o such file or directory
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/model.mlir && ln -s /etc/hostname %t/link.txt
// RUN: not tfg-run %t/model.mlir --fetch=link_size 2>&1 | FileCheck %s --check-prefix=LINK
// LINK: tfg-run: error: node 'link_init' (InitializeTableFromTextFileV2): file 'link.txt' cannot be read: it leads to '/etc/hostname', outside the asset directory
// COM: A model read from the standard input has no directory: no file.
// RUN: not tfg-run - --fetch=words_find < %s 2>&1 | FileCheck %s --check-prefix=STDIN
// STDIN: tfg-run: error: node 'words_init' (InitializeTableFromTextFileV2): reading file 'Inputs/vocab.txt' is not allowed: the interpreter has no asset directory
// COM: A column past the line's, a field that is no number, vocab_size past
// COM: the file's lines.
// RUN: not tfg-run %s --fetch=column_size 2>&1 | FileCheck %s --check-prefix=COLUMN
// COLUMN: tfg-run: error: node 'column_init' (InitializeTableFromTextFileV2): line 1: has 2 columns, no column 2
// RUN: not tfg-run %s --fetch=number_size 2>&1 | FileCheck %s --check-prefix=NUMBER
// NUMBER: tfg-run: error: node 'number_init' (InitializeTableFromTextFileV2): line 1: 'apple' is not a value of type i64
// RUN: not tfg-run %s --fetch=vocab_size 2>&1 | FileCheck %s --check-prefix=VOCAB
// VOCAB: tfg-run: error: node 'vocab_init' (InitializeTableFromTextFileV2): file 'Inputs/vocab.txt' has 3 lines, fewer than vocab_size 5
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Vocab, %c0 = Const name("vocab") {dtype = !tf_type.string, value = dense<"Inputs/vocab.txt"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %Columns, %c1 = Const name("columns") {dtype = !tf_type.string, value = dense<"Inputs/vocab-columns.txt"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %Words, %c2 = Const name("words") {dtype = !tf_type.string, value = dense<["cherry", "apple", "nope"]> : tensor<3x!tf_type.string>} : () -> (tensor<3x!tf_type.string>)
  %Dflt, %c3 = Const name("dflt") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<i64>)

  %W, %c4 = HashTableV2 name("words_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c5 = InitializeTableFromTextFileV2(%W, %Vocab) name("words_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %WF2, %c7 = LookupTableFindV2(%W, %Words, %Dflt) [%c5] name("words_find") {Tin = !tf_type.string, Tout = i64} : (tensor<!tf_type.resource>, tensor<3x!tf_type.string>, tensor<i64>) -> (tensor<3xi64>)

  %Ids, %c8 = Const name("ids") {dtype = i64, value = dense<[1, 7]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %Unk, %c9 = Const name("unk") {dtype = !tf_type.string, value = dense<"UNK"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %IdsExp, %c10 = Const name("ids_expected") {dtype = !tf_type.string, value = dense<["banana", "UNK"]> : tensor<2x!tf_type.string>} : () -> (tensor<2x!tf_type.string>)
  %I, %c11 = HashTableV2 name("ids_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i64, value_dtype = !tf_type.string} : () -> (tensor<!tf_type.resource>)
  %c12 = InitializeTableFromTextFileV2(%I, %Vocab) name("ids_init") {key_index = -1 : i64, value_index = -2 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %IF, %c13 = LookupTableFindV2(%I, %Ids, %Unk) [%c12] name("ids_find") {Tin = i64, Tout = !tf_type.string} : (tensor<!tf_type.resource>, tensor<2xi64>, tensor<!tf_type.string>) -> (tensor<2x!tf_type.string>)
  %IOk, %c14 = Equal(%IF, %IdsExp) name("ids_find_ok") {T = !tf_type.string, incompatible_shape_error = true} : (tensor<2x!tf_type.string>, tensor<2x!tf_type.string>) -> (tensor<2xi1>)

  %CQ, %c15 = Const name("columns_query") {dtype = !tf_type.string, value = dense<["banana", "kiwi"]> : tensor<2x!tf_type.string>} : () -> (tensor<2x!tf_type.string>)
  %C, %c16 = HashTableV2 name("columns_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c17 = InitializeTableFromTextFileV2(%C, %Columns) name("columns_init") {key_index = 0 : i64, value_index = 1 : i64, vocab_size = -1 : i64, delimiter = " ", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %CF, %c18 = LookupTableFindV2(%C, %CQ, %Dflt) [%c17] name("columns_find") {Tin = !tf_type.string, Tout = i64} : (tensor<!tf_type.resource>, tensor<2x!tf_type.string>, tensor<i64>) -> (tensor<2xi64>)

  %K, %c19 = HashTableV2 name("capped_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c20 = InitializeTableFromTextFileV2(%K, %Vocab) name("capped_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = 2 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %KS, %c21 = LookupTableSizeV2(%K) [%c20] name("capped_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %DotDot, %c30 = Const name("dotdot") {dtype = !tf_type.string, value = dense<"../../lit.cfg.py"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %T1, %c31 = HashTableV2 name("dotdot_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c32 = InitializeTableFromTextFileV2(%T1, %DotDot) name("dotdot_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S1, %c33 = LookupTableSizeV2(%T1) [%c32] name("dotdot_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %Abs, %c34 = Const name("absolute") {dtype = !tf_type.string, value = dense<"/etc/hostname"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %T2, %c35 = HashTableV2 name("absolute_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c36 = InitializeTableFromTextFileV2(%T2, %Abs) name("absolute_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S2, %c37 = LookupTableSizeV2(%T2) [%c36] name("absolute_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %Dir, %c38 = Const name("dir") {dtype = !tf_type.string, value = dense<"Inputs"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %T3, %c39 = HashTableV2 name("dir_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c40 = InitializeTableFromTextFileV2(%T3, %Dir) name("dir_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S3, %c41 = LookupTableSizeV2(%T3) [%c40] name("dir_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %Missing, %c42 = Const name("missing") {dtype = !tf_type.string, value = dense<"Inputs/no-such-vocab.txt"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %T4, %c43 = HashTableV2 name("missing_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c44 = InitializeTableFromTextFileV2(%T4, %Missing) name("missing_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S4, %c45 = LookupTableSizeV2(%T4) [%c44] name("missing_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %Link, %c46 = Const name("link") {dtype = !tf_type.string, value = dense<"link.txt"> : tensor<!tf_type.string>} : () -> (tensor<!tf_type.string>)
  %T5, %c47 = HashTableV2 name("link_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c48 = InitializeTableFromTextFileV2(%T5, %Link) name("link_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = -1 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S5, %c49 = LookupTableSizeV2(%T5) [%c48] name("link_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %T6, %c50 = HashTableV2 name("column_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c51 = InitializeTableFromTextFileV2(%T6, %Columns) name("column_init") {key_index = 0 : i64, value_index = 2 : i64, vocab_size = -1 : i64, delimiter = " ", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S6, %c52 = LookupTableSizeV2(%T6) [%c51] name("column_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %T7, %c53 = HashTableV2 name("number_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c54 = InitializeTableFromTextFileV2(%T7, %Columns) name("number_init") {key_index = 1 : i64, value_index = 0 : i64, vocab_size = -1 : i64, delimiter = " ", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S7, %c55 = LookupTableSizeV2(%T7) [%c54] name("number_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %T8, %c56 = HashTableV2 name("vocab_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c57 = InitializeTableFromTextFileV2(%T8, %Vocab) name("vocab_init") {key_index = -2 : i64, value_index = -1 : i64, vocab_size = 5 : i64, delimiter = "\09", offset = 0 : i64} : tensor<!tf_type.resource>, tensor<!tf_type.string>
  %S8, %c58 = LookupTableSizeV2(%T8) [%c57] name("vocab_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
}
