//===- StableHLOCommOps.td - collectives and I/O ----------*- tablegen -*-===//
//
// Collective operations, point-to-point and streaming communication, and
// process ids. tfg parses, verifies and prints them; its interpreter runs one
// process, so it does not execute them.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_DIALECT_STABLEHLO_STABLEHLOCOMMOPS_TD
#define TFG_DIALECT_STABLEHLO_STABLEHLOCOMMOPS_TD

include "tfg/Dialect/StableHLO/StableHLOBase.td"

def StableHLO_AllGatherOp : StableHLO_Op<"all_gather", []> {
  let summary = "concatenation of the operands of a process group";
  let description = [{
    Spec: `all_gather`. Example:
    ```mlir
    %result:2 = "stablehlo.all_gather"(%operand0, %operand1) {
      all_gather_dim = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<2x2xi64>, tensor<2x2xi64>) -> (tensor<2x4xi64>, tensor<2x4xi64>)
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       I64Attr:$all_gather_dim,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_AllReduceOp : StableHLO_Op<"all_reduce", []> {
  let summary = "reduction over a process group";
  let description = [{
    Spec: `all_reduce`. Example:
    ```mlir
    %result:2 = "stablehlo.all_reduce"(%operand0, %operand1) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<4xi64>, tensor<4xi64>) -> (tensor<4xi64>, tensor<4xi64>)
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_AllToAllOp : StableHLO_Op<"all_to_all", []> {
  let summary = "exchange of split operands within a process group";
  let description = [{
    Spec: `all_to_all`. Example:
    ```mlir
    %result:2 = "stablehlo.all_to_all"(%operand1, %operand2) {
      split_dimension = 1 : i64, concat_dimension = 0 : i64,
      split_count = 2 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>
    } : (tensor<2x4xi64>, tensor<2x4xi64>) -> (tensor<4x2xi64>, tensor<4x2xi64>)
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       I64Attr:$split_dimension, I64Attr:$concat_dimension,
                       I64Attr:$split_count, I64ElementsAttr:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_CollectiveBroadcastOp : StableHLO_Op<"collective_broadcast", []> {
  let summary = "broadcast from the first process of each group";
  let description = [{
    Spec: `collective_broadcast`. Example:
    ```mlir
    %result = "stablehlo.collective_broadcast"(%operand) {
      replica_groups = dense<[[2, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<1x2xi64>) -> tensor<1x2xi64>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       OptionalAttr<BoolAttr>:$has_dynamic_root);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_CollectivePermuteOp : StableHLO_Op<"collective_permute", []> {
  let summary = "send from sources to targets";
  let description = [{
    Spec: `collective_permute`. Example:
    ```mlir
    %result = "stablehlo.collective_permute"(%operand) {
      source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<2x2xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand,
                       I64ElementsAttr:$source_target_pairs,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_CollectiveReduceOp : StableHLO_Op<"collective_reduce", []> {
  let summary = "reduction to the first process of each group";
  let description = [{
    Spec: `collective_reduce`. Example:
    ```mlir
    %result = "stablehlo.collective_reduce"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {
      has_dynamic_root = false,
      replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<1x2xi64>) -> tensor<1x2xi64>
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$operands,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       OptionalAttr<BoolAttr>:$has_dynamic_root);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs Variadic<StableHLO_Tensor>:$results);
  let hasVerifier = 1;
}

def StableHLO_ReduceScatterOp : StableHLO_Op<"reduce_scatter", []> {
  let summary = "reduction over a process group, split among its processes";
  let description = [{
    Spec: `reduce_scatter`. Example:
    ```mlir
    %result = "stablehlo.reduce_scatter"(%operand) ({
      ^bb0(%arg0: tensor<i64>, %arg1: tensor<i64>):
        %0 = stablehlo.add %arg0, %arg1 : tensor<i64>
        stablehlo.return %0 : tensor<i64>
    }) {
      scatter_dimension = 1 : i64,
      replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>,
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 0>
    } : (tensor<2x4xi64>) -> tensor<2x2xi64>
    ```
  }];
  let arguments = (ins StableHLO_Tensor:$operand, I64Attr:$scatter_dimension,
                       I64ElementsAttr:$replica_groups,
                       OptionalAttr<StableHLO_ChannelHandle>:$channel_handle,
                       UnitAttr:$use_global_device_ids);
  let regions = (region SizedRegion<1>:$computation);
  let results = (outs StableHLO_Tensor:$result);
  let hasVerifier = 1;
}

def StableHLO_SendOp : StableHLO_Op<"send", []> {
  let summary = "send to a channel";
  let description = [{
    Spec: `send`. Example:
    ```mlir
    %result = "stablehlo.send"(%operand, %token) {
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>,
      is_host_transfer = false,
      source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
    } : (tensor<2x2xi64>, !stablehlo.token) -> !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       StableHLO_Token:$token,
                       StableHLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs StableHLO_Token:$result);
  let hasVerifier = 1;
}

def StableHLO_RecvOp : StableHLO_Op<"recv", []> {
  let summary = "receive from a channel";
  let description = [{
    Spec: `recv`. The last result is a token. Example:
    ```mlir
    %results:2 = "stablehlo.recv"(%token) {
      channel_handle = #stablehlo.channel_handle<handle = 0, type = 1>,
      is_host_transfer = false,
      source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>
    } : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    ```
  }];
  let arguments = (ins StableHLO_Token:$token,
                       StableHLO_ChannelHandle:$channel_handle,
                       DefaultValuedOptionalAttr<BoolAttr, "false">:$is_host_transfer,
                       OptionalAttr<I64ElementsAttr>:$source_target_pairs);
  let results = (outs Variadic<StableHLO_TensorOrToken>:$results);
  let hasVerifier = 1;
}

def StableHLO_InfeedOp : StableHLO_Op<"infeed", []> {
  let summary = "read from the infeed";
  let description = [{
    Spec: `infeed`. The last result is a token. Example:
    ```mlir
    %results0:2 = "stablehlo.infeed"(%token) {infeed_config = ""} : (!stablehlo.token) -> (tensor<2x2xi64>, !stablehlo.token)
    ```
  }];
  let arguments = (ins StableHLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$infeed_config,
                       OptionalAttr<ArrayAttr>:$layout);
  let results = (outs Variadic<StableHLO_TensorOrToken>:$results);
  let hasVerifier = 1;
}

def StableHLO_OutfeedOp : StableHLO_Op<"outfeed", []> {
  let summary = "write to the outfeed";
  let description = [{
    Spec: `outfeed`. Example:
    ```mlir
    %result = "stablehlo.outfeed"(%input0, %token) {outfeed_config = ""} : (tensor<2x2x2xi64>, !stablehlo.token) -> !stablehlo.token
    ```
  }];
  let arguments = (ins Variadic<StableHLO_Tensor>:$inputs,
                       StableHLO_Token:$token,
                       DefaultValuedStrAttr<StrAttr, "">:$outfeed_config);
  let results = (outs StableHLO_Token:$result);
}

def StableHLO_ReplicaIdOp : StableHLO_Op<"replica_id", [Pure,
    StableHLO_InferType]> {
  let summary = "id of the current replica";
  let description = [{
    Spec: `replica_id`. Example:
    ```mlir
    %result = stablehlo.replica_id : tensor<ui32>
    ```
  }];
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type(results)";
}

def StableHLO_PartitionIdOp : StableHLO_Op<"partition_id", [Pure,
    StableHLO_InferType]> {
  let summary = "id of the current partition";
  let description = [{
    Spec: `partition_id`. Example:
    ```mlir
    %result = stablehlo.partition_id : tensor<ui32>
    ```
  }];
  let results = (outs 0DTensorOf<[UI32]>:$result);
  let assemblyFormat = "attr-dict `:` type(results)";
}

#endif // TFG_DIALECT_STABLEHLO_STABLEHLOCOMMOPS_TD
