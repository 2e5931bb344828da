//===- CommandLine.cpp - Command-line helpers of the tfg tools ------------===//
//
// An option belongs to the LLVM library when the object that defines it lies
// in the library's mapping (dladdr); options created at run time (MLIR's
// registrations, pass options) live on the heap and are never touched.
//
//===----------------------------------------------------------------------===//

#include "tfg/Support/CommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <dlfcn.h>

/// The base address of the object (executable or shared library) that holds
/// `address`, or null.
static const void *objectOf(const void *address) {
  Dl_info info;
  if (!dladdr(address, &info))
    return nullptr;
  return info.dli_fbase;
}

/// Hides the options defined in the LLVM library, but for the generic ones.
static void hideLLVMLibraryOptions() {
  const void *llvmLibrary =
      objectOf(reinterpret_cast<const void *>(&llvm::cl::getGeneralCategory));
  const void *self =
      objectOf(reinterpret_cast<const void *>(&hideLLVMLibraryOptions));
  if (!llvmLibrary || llvmLibrary == self)
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
        objectOf(option) == llvmLibrary)
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
