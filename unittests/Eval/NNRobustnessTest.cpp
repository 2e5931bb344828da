//===- NNRobustnessTest.cpp - Malformed inputs to the nn kernels ----------===//
//
// Random shapes, dtypes, splats of huge shapes and random attributes
// (strides and dilations of 0, negative or huge values, bad padding and
// data_format strings, wrong list lengths, unknown fused ops, wrong
// num_args) thrown at every nn kernel: each either computes or fails with
// a message, never crashes (run under the sanitizers to check memory).
//
//===----------------------------------------------------------------------===//

#include "NNTestSupport.h"

using namespace mlir;
using namespace mlir::tfg;

namespace {
class NNRobustnessTest : public NNKernelTest {
protected:
  int64_t pick(std::initializer_list<int64_t> values) {
    std::uniform_int_distribution<size_t> d(0, values.size() - 1);
    return values.begin()[d(rng)];
  }
  std::vector<int64_t> randomShape(int64_t rank) {
    std::vector<int64_t> shape;
    for (int64_t i = 0; i < rank; ++i)
      shape.push_back(pick({0, 1, 1, 2, 3, 3, 4, 5}));
    return shape;
  }
  HostTensor randomOperand() {
    int64_t kind = pick({0, 0, 0, 0, 0, 1, 2, 3});
    int64_t rank = pick({0, 1, 2, 3, 4, 4, 4, 5});
    if (kind == 1) {
      // A splat of a huge shape.
      std::vector<int64_t> shape = randomShape(rank);
      if (!shape.empty())
        shape[0] = int64_t(1) << 40;
      return splatF32(shape, 1.5);
    }
    if (kind == 2)
      return iota(randomShape(rank));
    return random(randomShape(rank),
                  kind == 3 ? b.getF16Type() : b.getF32Type());
  }
  NamedAttribute randomList(StringRef name) {
    std::vector<int64_t> v;
    int64_t n = pick({4, 4, 4, 5, 8, 2});
    for (int64_t i = 0; i < n; ++i)
      v.push_back(pick({1, 1, 1, 2, 0, -1, 3, INT64_MAX, int64_t(1) << 50}));
    return ints(name, v);
  }
};

TEST_F(NNRobustnessTest, RandomInputsNeverCrash) {
  const char *ops[] = {"Conv2D",
                       "_FusedConv2D",
                       "DepthwiseConv2dNative",
                       "FusedDepthwiseConv2dNative",
                       "Conv2DBackpropInput",
                       "Conv3D",
                       "MatMul",
                       "_FusedMatMul",
                       "BatchMatMulV2",
                       "BatchMatMul",
                       "MaxPool",
                       "AvgPool",
                       "MaxPoolV2",
                       "MaxPool3D",
                       "AvgPool3D",
                       "FusedBatchNorm",
                       "Softmax",
                       "LogSoftmax",
                       "BiasAddV1",
                       "FusedBatchNormV3",
                       "_FusedBatchNormEx",
                       "Prelu",
                       "LRN",
                       "L2Loss"};
  const char *paddings[] = {"SAME", "VALID", "EXPLICIT", "FULL"};
  const char *formats[] = {"NHWC", "NCHW", "NDHWC", "NCDHW", "HWNC"};
  const char *fused[] = {"BiasAdd",        "Relu",  "Add",      "Prelu",
                         "FusedBatchNorm", "Swish", "LeakyRelu"};
  int computed = 0;
  llvm::StringMap<int> computedByOp;
  for (int iter = 0; iter < 3000; ++iter) {
    const char *op = ops[iter % std::size(ops)];
    std::vector<HostTensor> operands;
    SmallVector<NamedAttribute> list;
    StringRef name(op);
    bool windowed = name.contains("Conv2D") || name.contains("Depthwise") ||
                    name.contains("Pool");
    bool is3D = name.ends_with("Pool3D");
    if (is3D && pick({0, 1, 1})) {
      // A valid 3-D pool, then possibly a mutated list.
      int64_t k = pick({1, 2, 3}), s = pick({1, 2});
      operands.push_back(random({pick({1, 2}), pick({1, 3, 4}), pick({2, 5}),
                                 pick({1, 4}), pick({1, 3})}));
      bool first = pick({0, 1});
      list = {str("padding", pick({0, 1}) ? "SAME" : "VALID"),
              str("data_format", first ? "NCDHW" : "NDHWC"),
              ints("ksize", first ? std::vector<int64_t>{1, 1, k, k, k}
                                  : std::vector<int64_t>{1, k, k, k, 1}),
              ints("strides", first ? std::vector<int64_t>{1, 1, s, s, s}
                                    : std::vector<int64_t>{1, s, s, s, 1})};
      if (pick({0, 1, 1, 1}) == 0)
        list.insert(list.begin(),
                    pick({0, 1}) ? randomList("ksize") : randomList("strides"));
    } else if (name.contains("BatchNorm") && pick({0, 1, 1})) {
      // A valid batch norm in training or inference, NHWC or NCHW.
      int64_t c = pick({1, 3, 8});
      bool first = pick({0, 1}), training = pick({0, 1});
      double factor = pick({0, 1}) ? 1.0 : 0.25;
      std::vector<int64_t> x = {pick({0, 1, 2}), pick({1, 3}), pick({1, 4}), c};
      if (first)
        std::swap(x[1], x[3]);
      operands = {random(x), random({c}), random({c})};
      int64_t stats = training && factor == 1 ? pick({0, c}) : c;
      operands.push_back(random({stats}));
      operands.push_back(random({stats}));
      if (pick({0, 0, 0, 1}))
        operands[pick({0, 1, 2, 3, 4})] = randomOperand();
      list = {boolean("is_training", training),
              real("exponential_avg_factor", factor),
              str("data_format", first ? "NCHW" : "NHWC")};
    } else if (windowed && pick({0, 1, 1})) {
      // A valid windowed op, then possibly one mutation.
      int64_t c = pick({1, 3, 17}), k = pick({1, 2, 3}), o = pick({1, 2, 20});
      std::vector<int64_t> x = {pick({1, 2}), pick({1, 4, 7}), pick({2, 5}), c};
      bool depthwise = name.contains("Depthwise");
      operands.push_back(random(x));
      // Some convolutions group the channels (a filter of one input
      // channel, c * o outputs).
      bool grouped = !depthwise && c > 1 && pick({0, 0, 1}) == 1;
      int64_t outC = depthwise || grouped ? c * o : o;
      if (name == "Conv2DBackpropInput") {
        operands[0] = vec(x);
        operands.push_back(random({k, k, c, o}));
        operands.push_back(random({x[0], x[1], x[2], o}));
      } else if (name.contains("Pool")) {
        list.push_back(ints("ksize", {1, k, k, 1}));
        if (name == "MaxPoolV2") {
          operands.push_back(vec({1, k, k, 1}));
          operands.push_back(vec({1, 1, 1, 1}));
        }
      } else {
        operands.push_back(random({k, k, grouped ? 1 : c, grouped ? outC : o}));
      }
      if (name.starts_with("_Fused") || name.starts_with("Fused")) {
        operands.push_back(random({outC}));
        list.push_back(strs("fused_ops", {"BiasAdd", "Relu"}));
        list.push_back(integer("num_args", 1));
      }
      int64_t s = pick({1, 2});
      list.push_back(ints("strides", {1, s, s, 1}));
      list.push_back(str("padding", pick({0, 1}) ? "SAME" : "VALID"));
      if (pick({0, 1})) {
        NamedAttribute mutations[] = {
            randomList("strides"),
            randomList("ksize"),
            randomList("dilations"),
            str("padding", "EXPLICIT"),
            str("data_format", formats[pick({1, 2, 3, 4})]),
            integer("num_args", pick({0, 2, -1}))};
        list.insert(list.begin(), mutations[pick({0, 1, 2, 3, 4, 5})]);
        if (pick({0, 1}))
          operands[pick({0, 1}) % operands.size()] = randomOperand();
      }
    } else {
      int64_t count = pick({1, 2, 2, 3, 3, 4, 5});
      for (int64_t i = 0; i < count; ++i) {
        if (i > 0 && pick({0, 1}) == 1 && !operands.empty()) {
          // Shapes that fit often: operands of the first one's rank.
          operands.push_back(random(randomShape(operands[0].getRank())));
          continue;
        }
        operands.push_back(randomOperand());
      }
      if (name == "Conv2DBackpropInput" || name == "MaxPoolV2")
        operands[0] =
            vec({pick({1, 2}), pick({3, 4}), pick({3, 5}), pick({1, 2})});
      std::vector<StringRef> fusedOps;
      for (int64_t i = 0, n = pick({0, 1, 2, 3}); i < n; ++i)
        fusedOps.push_back(fused[pick({0, 1, 2, 3, 4, 5, 6})]);
      list = {str("padding", paddings[pick({0, 0, 1, 1, 2, 3})]),
              randomList("strides"),
              randomList("ksize"),
              randomList("dilations"),
              randomList("explicit_paddings"),
              strs("fused_ops", fusedOps),
              integer("num_args", pick({0, 1, 2, 4, -1})),
              boolean("transpose_a", pick({0, 1})),
              boolean("adj_y", pick({0, 1})),
              boolean("is_training", pick({0, 1, 1})),
              integer("depth_radius", pick({0, 2, -3, INT64_MAX}))};
      if (pick({0, 1}))
        list.push_back(str("data_format", formats[pick({0, 1, 2, 3, 4})]));
    }
    auto results = evaluateOnHost(&context, op, operands, attrs(list), 4096);
    if (results) {
      ++computed;
      ++computedByOp[op];
    } else {
      llvm::consumeError(results.takeError());
    }
  }
  RecordProperty("computed", computed);
  for (const auto &entry : computedByOp)
    RecordProperty(entry.getKey().str(), entry.getValue());
  // Some computed, most were refused with a message.
  EXPECT_GT(computed, 0);
}
} // namespace
