# -*- Python -*-
# lit configuration of the tfg IR/tool tests (the unit tests are in Unit/).

import os
import shutil

import lit.formats
from lit.llvm import llvm_config

config.name = "TFG"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".pbtxt", ".test"]
config.excludes = ["Inputs", "Unit", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tfg_obj_root, "test")

config.substitutions.append(("%tfg_src_root", config.tfg_src_root))
# Tools linked against libLLVM.so/libMLIR.so (the default), not statically.
if not config.tfg_link_static:
    config.available_features.add("llvm-dylib")
config.substitutions.append(("%tfg_tools_dir", config.tfg_tools_dir))

# Graphviz's dot renders the DOT pictures (Visualize/dot-render.test). make
# deps installs it: under CI its absence fails that test instead of
# skipping it.
if os.path.exists("/usr/bin/dot") or os.environ.get("CI") == "true":
    config.available_features.add("graphviz")

llvm_config.use_default_substitutions()
# Only the LLVM 22 tools: the unversioned ones on PATH may be LLVM 14.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.tfg_tools_dir, append_path=True)
llvm_config.add_tool_substitutions(
    ["tfg-opt", "tfg-translate", "tfg-run", "tfg-compile"],
    [config.tfg_tools_dir])
# Ahead-of-time objects: %cc compiles C, %tfg_aot_link is what an object
# of tfg-compile links with (test/CMakeLists.txt, TFG_AOT_LINK_LIBS).
config.substitutions.append(("%cc", config.c_compiler))
config.substitutions.append(("%tfg_aot_link", config.tfg_aot_link_libs))
config.substitutions.append(
    ("%tfg_examples", os.path.join(config.tfg_src_root, "examples")))
# tfg-run --backend=llvm's compile cache (default $XDG_CACHE_HOME/tfg): in
# the build tree, not the user's home.
config.environment["XDG_CACHE_HOME"] = os.path.join(
    config.tfg_obj_root, "test", "xdg-cache")
# The ops tfg-run runs, as features `kernel-<Op>`: a test of a model expects
# to fail (XFAIL) while a kernel it needs is missing, and passes once it is
# there.
tfg_run = os.path.join(config.tfg_tools_dir, "tfg-run")
if os.path.exists(tfg_run):
    import subprocess
    try:
        listed = subprocess.run([tfg_run, "--list-kernels"],
                                capture_output=True, text=True, timeout=120)
        for op in listed.stdout.split():
            config.available_features.add("kernel-" + op)
    except (OSError, subprocess.SubprocessError):
        pass
# Debian's stock mlir-opt, which loads libTFGPlugin.so (test/Plugin).
llvm_config.add_tool_substitutions(["mlir-opt"], [config.llvm_tools_dir])
config.substitutions.append(("%tfg_plugin", config.tfg_plugin))

# TensorFlow.js 4.22 in node, installed by `make deps` into the build tree:
# the "tfjs" feature. Under CI=true it is required: its tests run and fail
# when it is missing, rather than being skipped.
tfjs_modules = os.path.join(config.tfg_obj_root, "tfjs", "node_modules")
has_tfjs = shutil.which("node") and os.path.isfile(
    os.path.join(tfjs_modules, "@tensorflow", "tfjs", "package.json"))
if has_tfjs or os.environ.get("CI") == "true":
    config.available_features.add("tfjs")
config.environment["NODE_PATH"] = tfjs_modules

# GPU codegen (docs/Codegen.md, "GPU"): `ptxas` assembles the PTX of
# test/Codegen/GPU when the machine has it; `cuda-driver` when libcuda.so.1
# loads (a GPU machine), which turns the "no CUDA driver" test off.
if shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas"):
    config.available_features.add("ptxas")
    config.substitutions.append(
        ("%ptxas", shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"))
try:
    import ctypes
    ctypes.CDLL("libcuda.so.1")
    config.available_features.add("cuda-driver")
except OSError:
    pass
# MLIR's runner utilities (mlir-runner -shared-libs) next to the LLVM tools.
config.substitutions.append(
    ("%mlir_runtime_dir",
     os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")))
