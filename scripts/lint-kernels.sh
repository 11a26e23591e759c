#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Sets up the machine, builds cuda-lint and runs it on the bundled reference kernels.
# Exits 0 when cuda-lint ran (findings are expected: kernels/ holds each anti-pattern beside its fix).
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
build=${BUILD_DIR:-build}
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build "$build" -j "$(nproc)" --target cuda-lint
status=0
"$build/analyzer/cuda-lint" kernels/ "$@" || status=$?
# 1 means "findings reported", which is the point of the demo; 2 is a real failure.
[[ $status -le 1 ]]
