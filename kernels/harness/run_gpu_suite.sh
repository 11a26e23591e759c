#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs the whole runtime harness on a machine with a GPU and collects everything into OUTDIR:
# builds kernels/ (programs + CUPTI injection library) with CMake, runs cuda-lint-bench (times and
# ncu counters), then `cuda-lint confirm` (--ncu) on every program with the expected findings of
# kernels/harness/tests/Inputs/findings/<program>.json and with decoys.json (false positives on
# the fixed twins), keeping the raw launch records. This is how docs/impact.md was measured.
#   kernels/harness/run_gpu_suite.sh OUTDIR
set -u
out=${1:?usage: run_gpu_suite.sh OUTDIR}
here=$(cd "$(dirname "$0")" && pwd)
kernels=$(dirname "$here")
build=${BUILD_DIR:-$kernels/../build-kernels}
programs="divergence block_shape matrix_add default_stream launch_bounds reduction register_spill small_grid
          tail_effect pageable_copy"
mkdir -p "$out/confirm" "$out/records" "$out/decoys"
export PYTHONUNBUFFERED=1

{ date -u; nvidia-smi; nvcc --version; ncu --version; cmake --version; } >"$out/env.txt" 2>&1

echo "== build"
if ! { cmake -S "$kernels" -B "$build" -DCMAKE_BUILD_TYPE=Release &&
       cmake --build "$build" -j"$(nproc)"; } >"$out/build.log" 2>&1; then
  echo "build failed:"; tail -40 "$out/build.log"
fi
lib=$build/harness/confirm/libcuda-lint-confirm.so
{ cuobjdump -res-usage "$build/launch_bounds"; cuobjdump -sass "$build/divergence";
  cuobjdump -sass "$build/reduction"; } >"$out/sass.txt" 2>&1

echo "== bench"
python3 "$here/cuda_lint_bench.py" --build-dir "$build" --json "$out/bench.json" 2>&1 |
  tee "$out/bench.txt"

echo "== ncu samples (kept for the parser tests)"
metrics=$(python3 -c "import sys; sys.path.insert(0, '$here'); import ncu_metrics; \
print(','.join(ncu_metrics.METRICS.values()))")
for p in divergence reduction; do
  ncu --metrics "$metrics" --clock-control none --export "$out/$p" --force-overwrite \
    "$build/$p" --warmup 0 --repeats 1 >"$out/ncu_$p.log" 2>&1
  ncu --import "$out/$p.ncu-rep" --csv --page details --print-kernel-base mangled \
    --print-units base >"$out/ncu_${p}_details.csv" 2>&1
done

echo "== confirm"
for p in $programs; do
  CUDA_LINT_CONFIRM_RECORDS="$out/records/$p.jsonl" python3 "$here/cuda_lint_confirm.py" \
    --findings "$here/tests/Inputs/findings/$p.json" --ncu --injection-lib "$lib" --format json \
    -- "$build/$p" --warmup 1 --repeats 3 >"$out/confirm/$p.json" 2>"$out/confirm/$p.stderr"
  echo "$p: exit $?"
  python3 -c "import json, sys; sys.path.insert(0, '$here'); import cuda_lint_confirm as c; \
sys.stdout.write(c.format_text(json.load(open('$out/confirm/$p.json'))))" |
    tee "$out/confirm/$p.txt"
  case $p in divergence | reduction) counters=--ncu ;; *) counters= ;; esac
  python3 "$here/cuda_lint_confirm.py" --findings "$here/tests/Inputs/findings/decoys.json" \
    $counters --injection-lib "$lib" -- "$build/$p" --warmup 1 --repeats 3 \
    >"$out/decoys/$p.txt" 2>"$out/decoys/$p.stderr"
  grep -v "not exercised" "$out/decoys/$p.txt"
done

echo "== the commands of test/lit/kernels/*-gpu.test (their output is FileChecked afterwards)"
mkdir -p "$out/lit" && t=$(mktemp -d)
python3 "$here/build_programs.py" --out "$t" --only launch_bounds,default_stream,block_shape
c++ -std=c++17 -O2 -shared -fPIC -fvisibility=hidden -I/usr/local/cuda/include \
  "$here/confirm/injection.cpp" "$here/confirm/copy_calls.cpp" "$here/confirm/counter_profiler.cpp" \
  "$here/confirm/launch_decode.cpp" \
  "$here/confirm/record_writer.cpp" \
  -L/usr/local/cuda/lib64 -lcupti -ldl -Wl,-rpath,/usr/local/cuda/lib64 \
  -o "$t/libcuda-lint-confirm.so"
for spec in launch_bounds:launch_bounds:2 default_stream:default_stream:1 decoys:block_shape:1; do
  IFS=: read -r f p r <<<"$spec"
  python3 "$here/cuda_lint_confirm.py" --injection-lib "$t/libcuda-lint-confirm.so" \
    --findings "$here/tests/Inputs/findings/$f.json" -- "$t/$p" --warmup 0 --repeats "$r" \
    >"$out/lit/confirm-$f.out" 2>/dev/null
done
python3 "$here/cuda_lint_bench.py" --build-dir "$t/bench" --no-ncu --repeats 5 \
  --programs divergence,launch_bounds --json "$t/bench.json" >"$out/lit/bench.out" 2>&1
cat "$out"/lit/*.out
