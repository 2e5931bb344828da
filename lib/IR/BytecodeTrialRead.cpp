//===- BytecodeTrialRead.cpp - MLIR's bytecode reader, isolated -----------===//
//
// What the structural check cannot see (the payload of a dialect's custom
// attribute and type encodings, such as an attribute that refers to
// itself, on which MLIR 22's reader loops forever) is met by reading the
// bytecode once in a child process bounded in time and address space
// (tfg/IR/BytecodeCheck.h). POSIX only; elsewhere the check alone runs.
//
//===----------------------------------------------------------------------===//

#include "tfg/IR/BytecodeCheck.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>

#if defined(__unix__) || defined(__APPLE__)
#include <csignal>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>
#define TFG_HAVE_FORK 1
#endif

using namespace mlir;
using namespace mlir::tfg;

BytecodeTrialLimits mlir::tfg::BytecodeTrialLimits::forSize(uint64_t bytes) {
  BytecodeTrialLimits limits;
  uint64_t mib = bytes >> 20;
  limits.milliseconds =
      1000 * (10 + static_cast<unsigned>(std::min<uint64_t>(mib, 3600)));
  limits.memoryBytes = std::max<uint64_t>(uint64_t(4) << 30, bytes * 64);
  return limits;
}

#ifdef TFG_HAVE_FORK
/// The address space this process has mapped, or 0 when unknown.
static uint64_t currentAddressSpace() {
  FILE *statm = std::fopen("/proc/self/statm", "r");
  if (!statm)
    return 0;
  unsigned long long pages = 0;
  int read = std::fscanf(statm, "%llu", &pages);
  std::fclose(statm);
  long pageSize = sysconf(_SC_PAGESIZE);
  return read == 1 && pageSize > 0 ? pages * uint64_t(pageSize) : 0;
}

/// The child: default signal dispositions (the parent's handlers would
/// remove the parent's temporary files and print a stack trace), no
/// output, the limits, the read; it exits without tearing anything down.
[[noreturn]] static void readInChild(llvm::MemoryBufferRef buffer,
                                     MLIRContext *context,
                                     const BytecodeTrialLimits &limits,
                                     uint64_t addressSpace) {
  for (int sig = 1; sig < NSIG; ++sig)
    if (sig != SIGKILL && sig != SIGSTOP)
      std::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  int devNull = open("/dev/null", O_WRONLY);
  if (devNull >= 0) {
    dup2(devNull, STDOUT_FILENO);
    dup2(devNull, STDERR_FILENO);
  }
  if (limits.memoryBytes && addressSpace) {
    rlimit memory;
    memory.rlim_cur = memory.rlim_max = addressSpace + limits.memoryBytes;
    setrlimit(RLIMIT_AS, &memory);
  }
  if (limits.milliseconds) {
    itimerval timer = {};
    timer.it_value.tv_sec = limits.milliseconds / 1000;
    timer.it_value.tv_usec = (limits.milliseconds % 1000) * 1000;
    setitimer(ITIMER_REAL, &timer, nullptr);
  }
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  Block block;
  (void)readBytecodeFile(buffer, &block, ParserConfig(context, false));
  _exit(0);
}
#endif

BytecodeTrialOutcome mlir::tfg::runBytecodeTrialRead(
    llvm::MemoryBufferRef buffer, MLIRContext *context,
    const BytecodeTrialLimits &limits, int *status) {
#ifdef TFG_HAVE_FORK
  uint64_t addressSpace = currentAddressSpace();
  std::fflush(nullptr);
  pid_t child = fork();
  if (child < 0)
    return BytecodeTrialOutcome::Finished;
  if (child == 0)
    readInChild(buffer, context, limits, addressSpace);
  int waitStatus = 0;
  while (waitpid(child, &waitStatus, 0) < 0)
    if (errno != EINTR)
      return BytecodeTrialOutcome::Finished;
  if (status)
    *status = waitStatus;
  if (WIFEXITED(waitStatus) && WEXITSTATUS(waitStatus) == 0)
    return BytecodeTrialOutcome::Finished;
  if (WIFSIGNALED(waitStatus) && WTERMSIG(waitStatus) == SIGALRM)
    return BytecodeTrialOutcome::TimedOut;
  return BytecodeTrialOutcome::Failed;
#else
  (void)buffer;
  (void)context;
  (void)limits;
  (void)status;
  return BytecodeTrialOutcome::Finished;
#endif
}

LogicalResult
mlir::tfg::readBytecodeInChild(llvm::MemoryBufferRef buffer,
                               MLIRContext *context,
                               const BytecodeTrialLimits &limits) {
  if (!isBytecode(buffer))
    return success();
  int status = 0;
  BytecodeTrialOutcome outcome =
      runBytecodeTrialRead(buffer, context, limits, &status);
  if (outcome == BytecodeTrialOutcome::Finished)
    return success();
  Location loc = FileLineColLoc::get(context, buffer.getBufferIdentifier(),
                                     /*line=*/0, /*column=*/0);
  if (outcome == BytecodeTrialOutcome::TimedOut) {
    InFlightDiagnostic diag = emitError(loc);
    diag << "MLIR's bytecode reader did not finish reading this input within ";
    if (limits.milliseconds % 1000)
      diag << limits.milliseconds << " ms";
    else
      diag << limits.milliseconds / 1000 << " s";
    diag << " (a trial read in a child process): refused";
    return diag;
  }
  InFlightDiagnostic diag = emitError(loc);
  diag << "MLIR's bytecode reader failed on this input in a trial read in a "
          "child process (";
#ifdef TFG_HAVE_FORK
  if (WIFSIGNALED(status))
    diag << "signal " << WTERMSIG(status) << ", "
         << strsignal(WTERMSIG(status));
  else
    diag << "exit status " << WEXITSTATUS(status);
#endif
  diag << "; its memory bounded to " << (limits.memoryBytes >> 20)
       << " MiB more than the tool's): refused";
  return diag;
}

LogicalResult mlir::tfg::verifyBytecodeInput(llvm::MemoryBufferRef buffer,
                                             MLIRContext *context) {
  if (!isBytecode(buffer))
    return success();
  if (failed(verifyBytecodeStructure(buffer, context)))
    return failure();
  return readBytecodeInChild(
      buffer, context, BytecodeTrialLimits::forSize(buffer.getBufferSize()));
}
