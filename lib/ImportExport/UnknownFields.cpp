//===- UnknownFields.cpp - Fields tfg's protos do not know ----------------===//

#include "tfg/ImportExport/UnknownFields.h"
#include "tfg/proto/tensor.pb.h"

#include "google/protobuf/descriptor.h"
#include "google/protobuf/unknown_field_set.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <string>

using namespace mlir;
using namespace mlir::tfg;
using google::protobuf::FieldDescriptor;
using google::protobuf::Message;
using google::protobuf::Reflection;
using google::protobuf::UnknownFieldSet;

bool mlir::tfg::hasOwnUnknownFields(const Message &message) {
  return !message.GetReflection()->GetUnknownFields(message).empty();
}

std::string mlir::tfg::encodeUnknownFields(const Message &message) {
  const UnknownFieldSet &fields =
      message.GetReflection()->GetUnknownFields(message);
  std::string bytes;
  if (!fields.empty())
    fields.SerializeToString(&bytes);
  return bytes;
}

LogicalResult mlir::tfg::restoreUnknownFields(Attribute bytes, Message &message,
                                              Location loc,
                                              StringRef attrName) {
  auto encoded = llvm::dyn_cast<StringAttr>(bytes);
  UnknownFieldSet fields;
  if (!encoded || !fields.ParseFromArray(encoded.getValue().data(),
                                         encoded.getValue().size()))
    return emitError(loc) << attrName
                          << " must be a string of encoded protobuf fields";
  message.GetReflection()->MutableUnknownFields(&message)->MergeFrom(fields);
  return success();
}

void mlir::tfg::warnUnknownFieldsLeftOut(Operation *module, StringRef format,
                                         StringRef hint) {
  (void)module->walk([&](Operation *op) {
    for (StringRef name : {kUnknownFieldsAttr, kLibraryUnknownFieldsAttr}) {
      if (!op->hasAttr(name))
        continue;
      op->emitWarning() << format
                        << " leaves out the fields tfg does not know (" << name
                        << "); " << hint;
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
}

/// Whether a message or one below it has unknown fields, for the messages
/// that attribute values rarely hold (resource handles, variants, function
/// attributes): by reflection.
static bool anyUnknownFields(const Message &message) {
  return hasOwnUnknownFields(message) ||
         !findNestedUnknownFields(message).empty();
}

static bool hasUnknownFields(const tensorflow::TensorShapeProto &shape) {
  if (hasOwnUnknownFields(shape))
    return true;
  for (const auto &dim : shape.dim())
    if (hasOwnUnknownFields(dim))
      return true;
  return false;
}

static bool hasUnknownFields(const tensorflow::TensorProto &tensor) {
  if (hasOwnUnknownFields(tensor) || hasUnknownFields(tensor.tensor_shape()))
    return true;
  if (tensor.resource_handle_val_size() || tensor.variant_val_size())
    return !findNestedUnknownFields(tensor, {"tensor_shape"}).empty();
  return false;
}

bool mlir::tfg::hasUnknownFields(const tensorflow::AttrValue &value) {
  // Typed for the values every graph is full of (shapes, tensors, lists of
  // them): this runs for each attribute of each node.
  if (hasOwnUnknownFields(value))
    return true;
  switch (value.value_case()) {
  case tensorflow::AttrValue::kShape:
    return ::hasUnknownFields(value.shape());
  case tensorflow::AttrValue::kTensor:
    return ::hasUnknownFields(value.tensor());
  case tensorflow::AttrValue::kFunc:
    return anyUnknownFields(value.func());
  case tensorflow::AttrValue::kList: {
    const tensorflow::AttrValue::ListValue &list = value.list();
    if (hasOwnUnknownFields(list))
      return true;
    for (const auto &shape : list.shape())
      if (::hasUnknownFields(shape))
        return true;
    for (const auto &tensor : list.tensor())
      if (::hasUnknownFields(tensor))
        return true;
    for (const auto &func : list.func())
      if (anyUnknownFields(func))
        return true;
    return false;
  }
  default:
    return false;
  }
}

/// A map entry's key as text: 'name' for strings, the number otherwise.
static std::string mapKey(const Message &entry, const FieldDescriptor *key) {
  const Reflection *reflection = entry.GetReflection();
  switch (key->cpp_type()) {
  case FieldDescriptor::CPPTYPE_STRING:
    return "'" + reflection->GetString(entry, key) + "'";
  case FieldDescriptor::CPPTYPE_INT32:
    return std::to_string(reflection->GetInt32(entry, key));
  case FieldDescriptor::CPPTYPE_INT64:
    return std::to_string(reflection->GetInt64(entry, key));
  case FieldDescriptor::CPPTYPE_UINT32:
    return std::to_string(reflection->GetUInt32(entry, key));
  case FieldDescriptor::CPPTYPE_UINT64:
    return std::to_string(reflection->GetUInt64(entry, key));
  case FieldDescriptor::CPPTYPE_BOOL:
    return reflection->GetBool(entry, key) ? "true" : "false";
  default:
    return "?";
  }
}

std::string mlir::tfg::findNestedUnknownFields(const Message &message,
                                               ArrayRef<StringRef> skip) {
  // Depth-first with an explicit stack (protobuf bounds how deep messages
  // nest when it parses, but a caller's message need not be parsed).
  struct Entry {
    const Message *message;
    std::string path;
  };
  SmallVector<Entry> stack = {{&message, ""}};
  bool top = true;
  while (!stack.empty()) {
    Entry entry = stack.pop_back_val();
    const Reflection *reflection = entry.message->GetReflection();
    if (!top && hasOwnUnknownFields(*entry.message))
      return entry.path;
    std::vector<const FieldDescriptor *> fields;
    reflection->ListFields(*entry.message, &fields);
    // Pushed in reverse so that the first field is visited first.
    for (const FieldDescriptor *field : llvm::reverse(fields)) {
      if (field->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE)
        continue;
      if (top && llvm::is_contained(skip, StringRef(field->name())))
        continue;
      std::string name =
          entry.path.empty() ? field->name() : entry.path + "." + field->name();
      if (!field->is_repeated()) {
        stack.push_back({&reflection->GetMessage(*entry.message, field), name});
        continue;
      }
      for (int i = reflection->FieldSize(*entry.message, field) - 1; i >= 0;
           --i) {
        const Message &element =
            reflection->GetRepeatedMessage(*entry.message, field, i);
        if (!field->is_map()) {
          stack.push_back({&element, (name + "[" + Twine(i) + "]").str()});
          continue;
        }
        // A map entry: its value, named by its key (as attr['T']).
        const FieldDescriptor *key = field->message_type()->map_key();
        const FieldDescriptor *value = field->message_type()->map_value();
        if (value->cpp_type() != FieldDescriptor::CPPTYPE_MESSAGE)
          continue;
        const Reflection *entryReflection = element.GetReflection();
        stack.push_back({&entryReflection->GetMessage(element, value),
                         name + "[" + mapKey(element, key) + "]"});
      }
    }
    top = false;
  }
  return "";
}
