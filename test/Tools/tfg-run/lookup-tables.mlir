// COM: Lookup tables as interpreter objects: a HashTable initialized from
// COM: constants (string and int keys, the default value for missing keys,
// COM: keys of any shape), a table shared by shared_name, mutable tables
// COM: (insert, overwrite, remove, size, export in insertion order, import),
// COM: a table of vectors and a dense table.
// RUN: tfg-run %s --fetch=find,size,find_int,find_shared,m_size,m_export:1,m_export_keys_ok,m_find,imp_size,vec_find,dense_find --print | FileCheck %s
// CHECK: find: dtype=i64 shape=[2,2] min=-1 max=3 mean=1.25
// CHECK: size: dtype=i64 shape=[] min=3 max=3 mean=3
// CHECK: find_int: dtype=f32 shape=[3] min=0.5 max=9 mean=3.66667
// CHECK: find_shared: dtype=i64 shape=[2,2] min=-1 max=3 mean=1.25
// CHECK: m_size: dtype=i64 shape=[] min=2 max=2 mean=2
// CHECK: m_export:1: dtype=f32 shape=[2] min=3 max=20 mean=11.5
// CHECK: m_export_keys_ok: dtype=i1 shape=[2] min=1 max=1 mean=1
// CHECK: m_find: dtype=f32 shape=[3] min=-1 max=20 mean=7.33333
// CHECK: imp_size: dtype=i64 shape=[] min=1 max=1 mean=1
// CHECK: vec_find: dtype=f32 shape=[2,2] min=0 max=4 mean=1.75
// CHECK: dense_find: dtype=i64 shape=[2] min=0 max=20 mean=10
// COM: Initializing again with the same entries (the second run of
// COM: --benchmark, the table kept from the first) is a no-op.
// RUN: tfg-run %s --fetch=find --benchmark=1 --print | FileCheck %s --check-prefix=AGAIN
// AGAIN: find: dtype=i64 shape=[2,2] min=-1 max=3 mean=1.25
// COM: Errors name the node.
// RUN: not tfg-run %s --fetch=uninit_find 2>&1 | FileCheck %s --check-prefix=UNINIT
// UNINIT: tfg-run: error: node 'uninit_find' (LookupTableFindV2): the table is not initialized
// RUN: not tfg-run %s --fetch=dup_find 2>&1 | FileCheck %s --check-prefix=DUP
// DUP: tfg-run: error: node 'dup_init' (InitializeTableV2): key 'a' is given different values
// RUN: not tfg-run %s --fetch=bad_dtype 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: tfg-run: error: node 'bad_dtype' (LookupTableFindV2): the keys are of type i32, the table's of type !tf_type.string
// RUN: not tfg-run %s --fetch=reinit_find 2>&1 | FileCheck %s --check-prefix=REINIT
// REINIT: tfg-run: error: node 'reinit' (InitializeTableV2): the table was already initialized with other entries
// RUN: not tfg-run %s --fetch=immutable_size 2>&1 | FileCheck %s --check-prefix=IMMUTABLE
// IMMUTABLE: tfg-run: error: node 'immutable_insert' (LookupTableInsertV2): the table is immutable (a HashTable)
// RUN: not tfg-run %s --fetch=dense_bad_size 2>&1 | FileCheck %s --check-prefix=DENSE
// DENSE: tfg-run: error: node 'dense_bad_insert' (LookupTableInsertV2): the empty_key -1 cannot be used as a key
// RUN: not tfg-run %s --fetch=bad_key_type 2>&1 | FileCheck %s --check-prefix=KEYTYPE
// KEYTYPE: tfg-run: error: node 'bad_key_type_table' (HashTableV2): keys of type f32 are not supported (int32, int64, string)
// RUN: not tfg-run %s --fetch=bad_values_size 2>&1 | FileCheck %s --check-prefix=SHAPE
// SHAPE: tfg-run: error: node 'bad_values' (LookupTableInsertV2): the values' shape does not match the keys' shape followed by the value shape
// RUN: not tfg-run %s --fetch=conflict_size 2>&1 | FileCheck %s --check-prefix=CONFLICT
// CONFLICT: tfg-run: error: node 'conflict_table' (HashTableV2): the table 'fruit' exists with another kind, dtypes or value shape
tfg.graph #tf_type.version<producer = 1, min_consumer = 0> {
  %Keys, %c0 = Const name("keys") {dtype = !tf_type.string, value = dense<["apple", "banana", "cherry"]> : tensor<3x!tf_type.string>} : () -> (tensor<3x!tf_type.string>)
  %Vals, %c1 = Const name("vals") {dtype = i64, value = dense<[1, 2, 3]> : tensor<3xi64>} : () -> (tensor<3xi64>)
  %Query, %c2 = Const name("query") {dtype = !tf_type.string, value = dense<[["banana", "zzz"], ["apple", "cherry"]]> : tensor<2x2x!tf_type.string>} : () -> (tensor<2x2x!tf_type.string>)
  %Dflt, %c3 = Const name("dflt") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<i64>)
  %H, %c4 = HashTableV2 name("table") {container = "", shared_name = "fruit", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %c5 = InitializeTableV2(%H, %Keys, %Vals) name("init") {Tkey = !tf_type.string, Tval = i64} : tensor<!tf_type.resource>, tensor<3x!tf_type.string>, tensor<3xi64>
  %F, %c6 = LookupTableFindV2(%H, %Query, %Dflt) [%c5] name("find") {Tin = !tf_type.string, Tout = i64} : (tensor<!tf_type.resource>, tensor<2x2x!tf_type.string>, tensor<i64>) -> (tensor<2x2xi64>)
  %S, %c7 = LookupTableSizeV2(%H) [%c5] name("size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %H2, %c8 = HashTableV2 name("table_again") {container = "", shared_name = "fruit", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %F2, %c9 = LookupTableFindV2(%H2, %Query, %Dflt) [%c5] name("find_shared") {Tin = !tf_type.string, Tout = i64} : (tensor<!tf_type.resource>, tensor<2x2x!tf_type.string>, tensor<i64>) -> (tensor<2x2xi64>)

  %IK, %c10 = Const name("int_keys") {dtype = i32, value = dense<[10, 20]> : tensor<2xi32>} : () -> (tensor<2xi32>)
  %IV, %c11 = Const name("int_vals") {dtype = f32, value = dense<[0.5, 1.5]> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %IQ, %c12 = Const name("int_query") {dtype = i32, value = dense<[20, 30, 10]> : tensor<3xi32>} : () -> (tensor<3xi32>)
  %ID, %c13 = Const name("int_dflt") {dtype = f32, value = dense<9.0> : tensor<f32>} : () -> (tensor<f32>)
  %HI, %c14 = HashTableV2 name("int_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i32, value_dtype = f32} : () -> (tensor<!tf_type.resource>)
  %c15 = InitializeTableV2(%HI, %IK, %IV) name("int_init") {Tkey = i32, Tval = f32} : tensor<!tf_type.resource>, tensor<2xi32>, tensor<2xf32>
  %FI, %c16 = LookupTableFindV2(%HI, %IQ, %ID) [%c15] name("find_int") {Tin = i32, Tout = f32} : (tensor<!tf_type.resource>, tensor<3xi32>, tensor<f32>) -> (tensor<3xf32>)

  %MK, %c20 = Const name("m_keys") {dtype = !tf_type.string, value = dense<["a", "b", "c"]> : tensor<3x!tf_type.string>} : () -> (tensor<3x!tf_type.string>)
  %MV, %c21 = Const name("m_vals") {dtype = f32, value = dense<[1.0, 2.0, 3.0]> : tensor<3xf32>} : () -> (tensor<3xf32>)
  %MK2, %c22 = Const name("m_keys2") {dtype = !tf_type.string, value = dense<["b"]> : tensor<1x!tf_type.string>} : () -> (tensor<1x!tf_type.string>)
  %MV2, %c23 = Const name("m_vals2") {dtype = f32, value = dense<[20.0]> : tensor<1xf32>} : () -> (tensor<1xf32>)
  %MR, %c24 = Const name("m_removed") {dtype = !tf_type.string, value = dense<["a", "nope"]> : tensor<2x!tf_type.string>} : () -> (tensor<2x!tf_type.string>)
  %MQ, %c25 = Const name("m_query") {dtype = !tf_type.string, value = dense<["a", "b", "c"]> : tensor<3x!tf_type.string>} : () -> (tensor<3x!tf_type.string>)
  %MD, %c26 = Const name("m_dflt") {dtype = f32, value = dense<-1.0> : tensor<f32>} : () -> (tensor<f32>)
  %MX, %c27 = Const name("m_expected_keys") {dtype = !tf_type.string, value = dense<["b", "c"]> : tensor<2x!tf_type.string>} : () -> (tensor<2x!tf_type.string>)
  %M, %c28 = MutableHashTableV2 name("m_table") {container = "", shared_name = "", use_node_name_sharing = true, key_dtype = !tf_type.string, value_dtype = f32} : () -> (tensor<!tf_type.resource>)
  %c29 = LookupTableInsertV2(%M, %MK, %MV) name("m_insert") {Tin = !tf_type.string, Tout = f32} : tensor<!tf_type.resource>, tensor<3x!tf_type.string>, tensor<3xf32>
  %c30 = LookupTableInsertV2(%M, %MK2, %MV2) [%c29] name("m_overwrite") {Tin = !tf_type.string, Tout = f32} : tensor<!tf_type.resource>, tensor<1x!tf_type.string>, tensor<1xf32>
  %c31 = LookupTableRemoveV2(%M, %MR) [%c30] name("m_remove") {Tin = !tf_type.string} : tensor<!tf_type.resource>, tensor<2x!tf_type.string>
  %MS, %c32 = LookupTableSizeV2(%M) [%c31] name("m_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %ME:2, %c33 = LookupTableExportV2(%M) [%c31] name("m_export") {Tkeys = !tf_type.string, Tvalues = f32} : (tensor<!tf_type.resource>) -> (tensor<?x!tf_type.string>, tensor<?xf32>)
  %MEq, %c34 = Equal(%ME#0, %MX) name("m_export_keys_ok") {T = !tf_type.string, incompatible_shape_error = true} : (tensor<?x!tf_type.string>, tensor<2x!tf_type.string>) -> (tensor<2xi1>)
  %MF, %c35 = LookupTableFindV2(%M, %MQ, %MD) [%c31] name("m_find") {Tin = !tf_type.string, Tout = f32} : (tensor<!tf_type.resource>, tensor<3x!tf_type.string>, tensor<f32>) -> (tensor<3xf32>)

  %P, %c36 = MutableHashTableV2 name("imp_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = f32} : () -> (tensor<!tf_type.resource>)
  %c37 = LookupTableInsertV2(%P, %MK, %MV) name("imp_insert") {Tin = !tf_type.string, Tout = f32} : tensor<!tf_type.resource>, tensor<3x!tf_type.string>, tensor<3xf32>
  %c38 = LookupTableImportV2(%P, %MK2, %MV2) [%c37] name("imp_import") {Tin = !tf_type.string, Tout = f32} : tensor<!tf_type.resource>, tensor<1x!tf_type.string>, tensor<1xf32>
  %PS, %c39 = LookupTableSizeV2(%P) [%c38] name("imp_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %VK, %c40 = Const name("vec_keys") {dtype = i64, value = dense<[5, 7]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %VV, %c41 = Const name("vec_vals") {dtype = f32, value = dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>} : () -> (tensor<2x2xf32>)
  %VQ, %c42 = Const name("vec_query") {dtype = i64, value = dense<[7, 8]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %VD, %c43 = Const name("vec_dflt") {dtype = f32, value = dense<0.0> : tensor<2xf32>} : () -> (tensor<2xf32>)
  %V, %c44 = MutableHashTableOfTensorsV2 name("vec_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i64, value_dtype = f32, value_shape = #tf_type.shape<2>} : () -> (tensor<!tf_type.resource>)
  %c45 = LookupTableInsertV2(%V, %VK, %VV) name("vec_insert") {Tin = i64, Tout = f32} : tensor<!tf_type.resource>, tensor<2xi64>, tensor<2x2xf32>
  %VF, %c46 = LookupTableFindV2(%V, %VQ, %VD) [%c45] name("vec_find") {Tin = i64, Tout = f32} : (tensor<!tf_type.resource>, tensor<2xi64>, tensor<2xf32>) -> (tensor<2x2xf32>)

  %DE, %c50 = Const name("dense_empty") {dtype = i64, value = dense<-1> : tensor<i64>} : () -> (tensor<i64>)
  %DX, %c51 = Const name("dense_deleted") {dtype = i64, value = dense<-2> : tensor<i64>} : () -> (tensor<i64>)
  %DK, %c52 = Const name("dense_keys") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %DV, %c53 = Const name("dense_vals") {dtype = i64, value = dense<[10, 20]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %DQ, %c54 = Const name("dense_query") {dtype = i64, value = dense<[2, 3]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %DD, %c55 = Const name("dense_dflt") {dtype = i64, value = dense<0> : tensor<i64>} : () -> (tensor<i64>)
  %D, %c56 = MutableDenseHashTableV2(%DE, %DX) name("dense_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = i64, value_dtype = i64, value_shape = #tf_type.shape<>, initial_num_buckets = 131072 : i64, max_load_factor = 8.000000e-01 : f32} : (tensor<i64>, tensor<i64>) -> (tensor<!tf_type.resource>)
  %c57 = LookupTableInsertV2(%D, %DK, %DV) name("dense_insert") {Tin = i64, Tout = i64} : tensor<!tf_type.resource>, tensor<2xi64>, tensor<2xi64>
  %DF, %c58 = LookupTableFindV2(%D, %DQ, %DD) [%c57] name("dense_find") {Tin = i64, Tout = i64} : (tensor<!tf_type.resource>, tensor<2xi64>, tensor<i64>) -> (tensor<2xi64>)
  %c59 = LookupTableInsertV2(%D, %DE, %DD) name("dense_bad_insert") {Tin = i64, Tout = i64} : tensor<!tf_type.resource>, tensor<i64>, tensor<i64>
  %DBS, %c60 = LookupTableSizeV2(%D) [%c59] name("dense_bad_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)

  %U, %c70 = HashTableV2 name("uninit_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = !tf_type.string, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %UF, %c71 = LookupTableFindV2(%U, %Query, %Dflt) name("uninit_find") {Tin = !tf_type.string, Tout = i64} : (tensor<!tf_type.resource>, tensor<2x2x!tf_type.string>, tensor<i64>) -> (tensor<2x2xi64>)
  %DupK, %c72 = Const name("dup_keys") {dtype = !tf_type.string, value = dense<["a", "a"]> : tensor<2x!tf_type.string>} : () -> (tensor<2x!tf_type.string>)
  %DupV, %c73 = Const name("dup_vals") {dtype = i64, value = dense<[1, 2]> : tensor<2xi64>} : () -> (tensor<2xi64>)
  %c74 = InitializeTableV2(%U, %DupK, %DupV) name("dup_init") {Tkey = !tf_type.string, Tval = i64} : tensor<!tf_type.resource>, tensor<2x!tf_type.string>, tensor<2xi64>
  %DupF, %c75 = LookupTableFindV2(%U, %Query, %Dflt) [%c74] name("dup_find") {Tin = !tf_type.string, Tout = i64} : (tensor<!tf_type.resource>, tensor<2x2x!tf_type.string>, tensor<i64>) -> (tensor<2x2xi64>)
  %BD, %c76 = LookupTableFindV2(%H, %IQ, %Dflt) [%c5] name("bad_dtype") {Tin = i32, Tout = i64} : (tensor<!tf_type.resource>, tensor<3xi32>, tensor<i64>) -> (tensor<3xi64>)
  %RV, %c77 = Const name("reinit_vals") {dtype = i64, value = dense<[7]> : tensor<1xi64>} : () -> (tensor<1xi64>)
  %c78 = InitializeTableV2(%H, %MK2, %RV) [%c5] name("reinit") {Tkey = !tf_type.string, Tval = i64} : tensor<!tf_type.resource>, tensor<1x!tf_type.string>, tensor<1xi64>
  %RF, %c79 = LookupTableFindV2(%H, %Query, %Dflt) [%c78] name("reinit_find") {Tin = !tf_type.string, Tout = i64} : (tensor<!tf_type.resource>, tensor<2x2x!tf_type.string>, tensor<i64>) -> (tensor<2x2xi64>)
  %c80 = LookupTableInsertV2(%H, %Keys, %Vals) [%c5] name("immutable_insert") {Tin = !tf_type.string, Tout = i64} : tensor<!tf_type.resource>, tensor<3x!tf_type.string>, tensor<3xi64>
  %IS, %c81 = LookupTableSizeV2(%H) [%c80] name("immutable_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %BT, %c82 = HashTableV2 name("bad_key_type_table") {container = "", shared_name = "", use_node_name_sharing = false, key_dtype = f32, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %BTS, %c83 = LookupTableSizeV2(%BT) name("bad_key_type") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %c84 = LookupTableInsertV2(%V, %VK, %MV2) name("bad_values") {Tin = i64, Tout = f32} : tensor<!tf_type.resource>, tensor<2xi64>, tensor<1xf32>
  %CT, %c86 = HashTableV2 name("conflict_table") {container = "", shared_name = "fruit", use_node_name_sharing = false, key_dtype = i64, value_dtype = i64} : () -> (tensor<!tf_type.resource>)
  %CTS, %c87 = LookupTableSizeV2(%CT) [%c7] name("conflict_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
  %BVS, %c85 = LookupTableSizeV2(%V) [%c84] name("bad_values_size") : (tensor<!tf_type.resource>) -> (tensor<i64>)
}
