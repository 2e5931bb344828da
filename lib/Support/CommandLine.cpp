//===- CommandLine.cpp - Command-line helpers of the tfg tools ------------===//
//
// An option belongs to the LLVM library when the object that defines it lies
// in one of the library's loaded segments; options created at run time
// (MLIR's registrations, pass options) live on the heap and are never
// touched. The segments are read once with dl_iterate_phdr: a dladdr per
// option cost 60 ms of every tool's start (docs/BuildTime.md).
//
//===----------------------------------------------------------------------===//

#include "tfg/Support/CommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <link.h>

namespace {
/// The address ranges [begin, end) of one loaded object's segments.
struct ObjectSegments {
  uintptr_t probe = 0;
  llvm::SmallVector<std::pair<uintptr_t, uintptr_t>, 8> ranges;

  bool contains(uintptr_t address) const {
    return llvm::any_of(ranges, [&](const auto &range) {
      return address >= range.first && address < range.second;
    });
  }
};
} // namespace

/// dl_iterate_phdr callback: records the PT_LOAD segments of the object
/// that holds `probe`, and stops there.
static int collectSegments(dl_phdr_info *info, size_t, void *data) {
  auto *object = static_cast<ObjectSegments *>(data);
  llvm::SmallVector<std::pair<uintptr_t, uintptr_t>, 8> ranges;
  bool holdsProbe = false;
  for (unsigned i = 0; i < info->dlpi_phnum; ++i) {
    const auto &header = info->dlpi_phdr[i];
    if (header.p_type != PT_LOAD)
      continue;
    uintptr_t begin = info->dlpi_addr + header.p_vaddr;
    uintptr_t end = begin + header.p_memsz;
    ranges.emplace_back(begin, end);
    holdsProbe |= object->probe >= begin && object->probe < end;
  }
  if (!holdsProbe)
    return 0;
  object->ranges = std::move(ranges);
  return 1;
}

/// The segments of the object (executable or shared library) that holds
/// `address`; empty when none does.
static ObjectSegments segmentsOf(const void *address) {
  ObjectSegments object;
  object.probe = reinterpret_cast<uintptr_t>(address);
  dl_iterate_phdr(collectSegments, &object);
  return object;
}

/// Hides the options defined in the LLVM library, but for the generic ones.
static void hideLLVMLibraryOptions() {
  ObjectSegments llvmLibrary =
      segmentsOf(reinterpret_cast<const void *>(&llvm::cl::getGeneralCategory));
  // Statically linked: the options are the tool's own.
  if (llvmLibrary.ranges.empty() ||
      llvmLibrary.contains(
          reinterpret_cast<uintptr_t>(&hideLLVMLibraryOptions)))
    return;
  // LLVM's own options for every tool: --help, --version, --color.
  auto isToolOption = [](llvm::cl::OptionCategory *category) {
    return category->getName() == "Generic Options" ||
           category->getName() == "Color Options";
  };
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *option = entry.second;
    if (option->getOptionHiddenFlag() == llvm::cl::NotHidden &&
        llvm::none_of(option->Categories, isToolOption) &&
        llvmLibrary.contains(reinterpret_cast<uintptr_t>(option)))
      option->setHiddenFlag(llvm::cl::Hidden);
  }
}

void mlir::tfg::initToolCommandLine() {
  hideLLVMLibraryOptions();
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << "tfg version " TFG_VERSION "\n";
    // LLVM's own lines (its version and build).
    llvm::cl::PrintVersionMessage();
  });
}
