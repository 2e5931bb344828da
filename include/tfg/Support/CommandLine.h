//===- CommandLine.h - Command-line helpers of the tfg tools ----*- C++ -*-===//
//
// Linked against the libLLVM.so dylib, a tool sees every command-line option
// that LLVM's code generators register (AMDGPU, ARM, BPF, ...: hundreds), and
// its --help drowns its own options and MLIR's among them; its --version
// names only LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef TFG_SUPPORT_COMMANDLINE_H
#define TFG_SUPPORT_COMMANDLINE_H

namespace mlir {
namespace tfg {

/// Prepares the command line of a tfg tool; call it first in main, before
/// the command line is parsed:
/// - hides from --help the options defined in the LLVM library itself
///   (when it is a shared library apart from the tool) other than the
///   generic ones (--help, --version, --color): they still work, and
///   --help-hidden lists them; options of MLIR, of tfg and of the tool
///   stay (nothing is hidden when LLVM is linked statically into the tool);
/// - makes --version print tfg's version before LLVM's.
void initToolCommandLine();

} // namespace tfg
} // namespace mlir

#endif // TFG_SUPPORT_COMMANDLINE_H
