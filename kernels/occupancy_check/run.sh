#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Builds occupancy_check.cu for the GPU in this machine with `nvcc --resource-usage`, runs it, and
# writes into OUTDIR (default: $OUT, else ./occupancy-check-out):
#   ptxas.log      the resource report of this compile (the model's input)
#   occupancy.txt  what cudaOccupancyMaxActiveBlocksPerMultiprocessor answered, and launch results
#   cuobjdump.txt  cuobjdump --dump-resource-usage of the binary
#   system.txt     GPU, driver, toolkit and date
# Copy OUTDIR to kernels/occupancy_check/results/<gpu>-<date>/; GpuResultsTest compares it with
# the model. Needs only the CUDA toolkit and a GPU (no LLVM).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
out=${1:-${OUT:-$PWD/occupancy-check-out}}
cuda=${CUDA_PATH:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
[[ -x $nvcc ]] || nvcc=$(command -v nvcc)
cuobjdump=$(dirname "$nvcc")/cuobjdump
[[ -x $cuobjdump ]] || cuobjdump=$(command -v cuobjdump || true)
mkdir -p "$out"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader | head -n1 | tr -d ' ')
arch=sm_${cc/./}
{
  echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "arch: $arch"
  nvidia-smi --query-gpu=name,driver_version,compute_cap,memory.total --format=csv
  "$nvcc" --version | tail -n2
} >"$out/system.txt"

"$nvcc" -O3 -std=c++17 --resource-usage -arch="$arch" -o "$work/occupancy_check" \
  "$here/occupancy_check.cu" >"$out/ptxas.log" 2>&1
if [[ -n $cuobjdump ]]; then
  "$cuobjdump" --dump-resource-usage "$work/occupancy_check" >"$out/cuobjdump.txt" 2>&1 || true
fi
start=$(date +%s)
status=0
timeout 300 "$work/occupancy_check" >"$out/occupancy.txt" || status=$?
echo "check: $(( $(date +%s) - start )) s, $(grep -c '^occupancy ' "$out/occupancy.txt") tables, \
$(grep -c '^launch ' "$out/occupancy.txt") launches, exit status $status" | tee -a "$out/system.txt"
exit "$status"
