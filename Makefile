# OpenBench (and anyone) builds the engine with `make EXE=<path>`: the release binary of the
# workspace, copied to <path>. CC, CXX, EVALFILE and -j from OpenBench are not needed here.

EXE ?= tiamat
CARGO ?= cargo
TARGET_DIR ?= target

ifeq ($(OS),Windows_NT)
    SUFFIX := .exe
endif

.PHONY: all
all:
	$(CARGO) build --release -p tiamat --target-dir "$(TARGET_DIR)"
	cp "$(TARGET_DIR)/release/tiamat$(SUFFIX)" "$(EXE)$(SUFFIX)"
