#!/bin/bash
# Builds kernels/studies/launch_bounds_check.cu, runs it 5 times and prints, per kernel, the
# median and range of the 5 runs' medians without and with the bound cuda-lint proposes, and
# their ratio. The bounded copy of test/lit/ptxas-rules/Inputs/bounds.cu is made here the way
# cuda-lint --resource-usage makes it: each proposed bound inserted before the kernel's name.
# Usage: launch_bounds_check.sh OUTDIR (needs nvcc and a GPU of compute capability 9.0).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
out=${1:?usage: launch_bounds_check.sh OUTDIR}
mkdir -p "$out/src"
inputs="$root/test/lit/ptxas-rules/Inputs"
cp "$inputs/bounds.cu" "$inputs/bounds_tile.cuh" "$out/src/"
sed -e 's/^__global__ void stencil(/__global__ void __launch_bounds__(256) stencil(/' \
    -e 's/^__global__ void mix40(/__global__ void __launch_bounds__(256) mix40(/' \
    -e 's/^__global__ void mix64(/__global__ void __launch_bounds__(1024) mix64(/' \
    "$inputs/bounds.cu" > "$out/src/bounds_bounded.cu"
test "$(grep -c '__global__ void __launch_bounds__' "$out/src/bounds_bounded.cu")" = 3
nvcc=${NVCC:-nvcc}
"$nvcc" -O3 -arch=sm_90 -std=c++17 -I "$root/kernels" -I "$out/src" --resource-usage \
  -o "$out/launch_bounds_check" "$here/launch_bounds_check.cu" 2> "$out/ptxas.log"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/device.txt"
for i in 1 2 3 4 5; do
  "$out/launch_bounds_check" --warmup 3 --repeats 20 > "$out/run$i.jsonl"
done
python3 - "$out" <<'PY'
import json, statistics, sys
out = sys.argv[1]
runs = [[json.loads(l) for l in open("%s/run%d.jsonl" % (out, i))] for i in range(1, 6)]
print("device:", open(out + "/device.txt").read().strip())
for rec in runs[0]:
    if "kernel" in rec:
        print("%-18s %3d registers, %d bytes local" % (rec["kernel"], rec["registers"], rec["local_bytes"]))
def medians(case):
    return [r["median_ms"] for run in runs for r in run if r.get("case") == case]
for k in ("stencil", "mix40", "mix64"):
    a, b = medians(k + " plain"), medians(k + " bounded")
    assert all(r.get("status") == "ok" for run in runs for r in run if "status" in r)
    print("%-8s without %.4f ms [%.4f, %.4f]  with %.4f ms [%.4f, %.4f]  without/with %.3fx" % (
        k, statistics.median(a), min(a), max(a), statistics.median(b), min(b), max(b),
        statistics.median(a) / statistics.median(b)))
PY
