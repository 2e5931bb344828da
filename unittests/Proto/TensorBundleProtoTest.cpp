//===- TensorBundleProtoTest.cpp - The bundle reader against protobuf -----===//
//
// The tensor bundle reader decodes BundleHeaderProto and BundleEntryProto
// off the wire by hand (lib/TensorBundle); here protobuf
// writes them from tfg/proto/tensor_bundle.proto, and the reader must read
// back what protobuf wrote (or refuse what the checks refuse).
//
//===----------------------------------------------------------------------===//

#include "tfg/TensorBundle/TensorBundle.h"
#include "tfg/proto/tensor_bundle.pb.h"

#include "gtest/gtest.h"

using namespace mlir::tfg::bundle;

namespace {

TEST(TensorBundleProtoTest, HeaderAsProtobufWritesIt) {
  tensorflow::BundleHeaderProto header;
  header.set_num_shards(7);
  header.mutable_version()->set_producer(1);
  // Packed, as proto3 writes repeated ints.
  header.mutable_version()->add_bad_consumers(0);
  header.mutable_version()->add_bad_consumers(3);
  std::string bytes = header.SerializeAsString();
  auto decoded = decodeBundleHeader(bytes, 0, "i", BundleLimits());
  ASSERT_TRUE(static_cast<bool>(decoded)) << toString(decoded.takeError());
  EXPECT_EQ(decoded->numShards, 7);
  EXPECT_EQ(decoded->producer, 1);

  header.mutable_version()->add_bad_consumers(1);
  auto bad =
      decodeBundleHeader(header.SerializeAsString(), 0, "i", BundleLimits());
  ASSERT_FALSE(static_cast<bool>(bad));
  EXPECT_EQ(toString(bad.takeError()),
            "i:0: bundle lists reader version 1 among its bad consumers");

  header.mutable_version()->clear_bad_consumers();
  header.set_endianness(tensorflow::BundleHeaderProto::BIG);
  auto big =
      decodeBundleHeader(header.SerializeAsString(), 0, "i", BundleLimits());
  ASSERT_FALSE(static_cast<bool>(big));
  llvm::consumeError(big.takeError());
}

TEST(TensorBundleProtoTest, EntriesAsProtobufWritesThem) {
  BundleHeader header;
  header.numShards = 3;
  struct Case {
    tensorflow::DataType dtype;
    std::vector<int64_t> dims;
    int shard;
    int64_t offset, size;
    uint32_t crc;
  } cases[] = {
      {tensorflow::DT_FLOAT, {2, 3}, 2, 1ll << 33, 24, 0xffffffffu},
      {tensorflow::DT_INT64, {}, 0, 0, 8, 0},
      {tensorflow::DT_BOOL, {0, 7}, 1, 5, 0, 0xa282ead8u},
      {tensorflow::DT_STRING, {3}, 1, 9, 40, 12345},
      {tensorflow::DT_COMPLEX128, {1, 1, 1, 2}, 0, 300, 32, 1},
      {tensorflow::DT_HALF, {5}, 2, 0, 10, 77},
  };
  for (const Case &c : cases) {
    tensorflow::BundleEntryProto entry;
    entry.set_dtype(c.dtype);
    for (int64_t d : c.dims)
      entry.mutable_shape()->add_dim()->set_size(d);
    entry.set_shard_id(c.shard);
    entry.set_offset(c.offset);
    entry.set_size(c.size);
    entry.set_crc32c(c.crc);
    auto decoded = decodeBundleEntry("k", entry.SerializeAsString(), 0, "i",
                                     header, BundleLimits());
    ASSERT_TRUE(static_cast<bool>(decoded)) << toString(decoded.takeError());
    EXPECT_EQ(decoded->dtype, int(c.dtype));
    EXPECT_EQ(
        std::vector<int64_t>(decoded->shape.begin(), decoded->shape.end()),
        c.dims);
    EXPECT_EQ(decoded->shardId, c.shard);
    EXPECT_EQ(decoded->offset, uint64_t(c.offset));
    EXPECT_EQ(decoded->size, uint64_t(c.size));
    EXPECT_EQ(decoded->maskedCrc32c, c.crc);
    EXPECT_EQ(decoded->numSlices, 0u);
  }
}

TEST(TensorBundleProtoTest, RefusedEntriesAsProtobufWritesThem) {
  BundleHeader header;
  header.numShards = 2;
  auto refuse = [&](const tensorflow::BundleEntryProto &entry) {
    auto decoded = decodeBundleEntry("k", entry.SerializeAsString(), 0, "i",
                                     header, BundleLimits());
    if (decoded)
      return std::string("accepted");
    return toString(decoded.takeError());
  };
  tensorflow::BundleEntryProto entry;
  entry.set_dtype(tensorflow::DT_FLOAT);
  entry.mutable_shape()->add_dim()->set_size(2);
  entry.set_size(8);
  EXPECT_EQ(refuse(entry), "accepted");
  entry.set_shard_id(-3); // a 10-byte varint
  EXPECT_EQ(refuse(entry), "i:0: entry 'k' names shard -3 of a bundle of 2 "
                           "shards");
  entry.set_shard_id(0);
  entry.mutable_shape()->set_unknown_rank(true);
  EXPECT_EQ(refuse(entry), "i:8: tensor shape is of unknown rank");
  entry.mutable_shape()->set_unknown_rank(false);
  entry.set_dtype(tensorflow::DT_VARIANT);
  EXPECT_EQ(refuse(entry), "i:0: entry 'k' has dtype 21, which tfg does not "
                           "read from a bundle");
  entry.set_dtype(tensorflow::DT_FLOAT);
  entry.set_size(0);
  entry.add_slices()->add_extent()->set_start(0);
  auto decoded = decodeBundleEntry("k", entry.SerializeAsString(), 0, "i",
                                   header, BundleLimits());
  ASSERT_TRUE(static_cast<bool>(decoded));
  EXPECT_EQ(decoded->numSlices, 1u);
}

} // namespace
