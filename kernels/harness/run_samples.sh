#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Runs `cuda-lint confirm` on CUDA programs nobody here wrote (NVIDIA's cuda-samples) on a GPU
# machine, with findings made beforehand by `cuda-lint --format=json` on a machine with LLVM.
#   kernels/harness/run_samples.sh SAMPLES_DIR COMMON_DIR FINDINGS_DIR OUTDIR [NAME...]
# SAMPLES_DIR/<sample>/ holds one sample's sources (.cu, .cpp); COMMON_DIR the samples' Common/
# headers; FINDINGS_DIR/<sample>.json its findings. For each run listed in RUNS below (a sample
# and its arguments) it builds the sample with plain nvcc, times three plain runs, then runs
# confirm without and with --ncu, keeping the launch records of both (records/NAME.jsonl,
# records/NAME_ncu.jsonl: the latter with the in-process counters records) and the ncu CSV where
# ncu ran (the fallback, or CUDA_LINT_CONFIRM_PROFILER=ncu). OUTDIR gets bin/, records/, ncu/,
# confirm/ (JSON reports), timing.tsv and env.txt.
# Not the project's code: the samples are fetched separately and never committed.
set -u
samples=${1:?usage: run_samples.sh SAMPLES_DIR COMMON_DIR FINDINGS_DIR OUTDIR [NAME...]}
common=${2:?}; findings=${3:?}; out=${4:?}; shift 4
mkdir -p "$out"
samples=$(cd "$samples" && pwd); common=$(cd "$common" && pwd)
findings=$(cd "$findings" && pwd); out=$(cd "$out" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
# CONFIRM: the confirm command (default: this harness; e.g. an installed cuda-lint-confirm).
confirm=${CONFIRM:-python3 $here/cuda_lint_confirm.py}
libarg=${CUDA_LINT_INJECTION_LIB:+--injection-lib $CUDA_LINT_INJECTION_LIB}
arch=${ARCH:-sm_90}
mkdir -p "$out/bin" "$out/records" "$out/ncu" "$out/confirm" "$out/logs"
export PYTHONUNBUFFERED=1

# run name | sample | arguments
RUNS="vectorAdd|vectorAdd|
clock|clock|
reduction|reduction|
reduction_k0|reduction|--kernel=0
reduction_k3|reduction|--kernel=3
threadFenceReduction|threadFenceReduction|
simpleStreams|simpleStreams|
matrixMul|matrixMul|
transpose|transpose|
scan|scan|
histogram|histogram|
asyncAPI|asyncAPI|
simpleTemplates|simpleTemplates|
scalarProd|scalarProd|"

# Other programs (Rodinia): RUNS_FILE replaces RUNS (same "run|program|arguments" lines);
# SOURCES_FILE has "program|sources" lines, the files to compile inside the program's directory
# (default: its *.cu and *.cpp); NVCC_EXTRA adds nvcc flags to every build.
[ -n "${RUNS_FILE:-}" ] && RUNS=$(cat "$RUNS_FILE")
sources_of() {
  local listed=""
  [ -n "${SOURCES_FILE:-}" ] && listed=$(grep "^$1|" "$SOURCES_FILE" | cut -d'|' -f2)
  echo "${listed:-$(ls *.cu *.cpp 2>/dev/null)}"
}

{ date -u; nvidia-smi; nvcc --version; ncu --version; } >"$out/env.txt" 2>&1

echo "== build samples"
for s in $(echo "$RUNS" | cut -d'|' -f2 | sort -u); do
  [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$s" && continue
  # -g: host debug information, so that confirm places each launch at its source line; no
  # sibling calls, so that a launch at the end of a function keeps that function's frame.
  ( cd "$samples/$s" && nvcc -O2 -g -Xcompiler -fno-optimize-sibling-calls -arch="$arch" \
      ${NVCC_EXTRA:-} -I"$common" -o "$out/bin/$s" $(sources_of "$s") \
      >"$out/logs/build_$s.log" 2>&1 ) &
done
wait
for b in "$out"/bin/*; do echo "built $(basename "$b")"; done

median3() { sort -n | sed -n 2p; }
minus() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a - b }'; }
# The --ncu run's time, split: recorded_s (the program under the injection library, in-process
# counters included), post_s (reading the records, launch sites, verdicts), and of recorded_s the
# library's own host time: lib_records_s (launch records, lib_stack_s of it for call stacks) and
# lib_profiler_s (the range profiler's callbacks, not its replay passes).
printf '%s\t' run plain_s confirm_s confirm_ncu_s ncu_pass_s profiled_launches counters \
  launches recorded_s post_s lib_records_s lib_stack_s >"$out/timing.tsv"
printf 'lib_profiler_s\n' >>"$out/timing.tsv"
echo "$RUNS" | while IFS='|' read -r name s args; do
  [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx "$s" && continue
  bin=$out/bin/$s
  [ -x "$bin" ] || { echo "$name: not built"; continue; }
  cd "$out/bin" || exit 1
  plain=$(for i in 1 2 3; do
            s0=$(date +%s.%N); "$bin" $args </dev/null >/dev/null 2>&1; s1=$(date +%s.%N)
            minus "$s1" "$s0"; echo; done | median3)
  t0=$(date +%s.%N)
  CUDA_LINT_CONFIRM_RECORDS="$out/records/$name.jsonl" $confirm \
    --findings "$findings/$s.json" $libarg --format json -- "$bin" $args \
    </dev/null >"$out/confirm/$name.json" 2>"$out/logs/confirm_$name.log"
  t1=$(date +%s.%N)
  CUDA_LINT_CONFIRM_RECORDS="$out/records/${name}_ncu.jsonl" \
  CUDA_LINT_CONFIRM_NCU_CSV="$out/ncu/$name.csv" \
  CUDA_LINT_CONFIRM_NCU_SOURCE_CSV="$out/ncu/${name}_source.csv" $confirm \
    --findings "$findings/$s.json" $libarg --format json --ncu -- "$bin" $args \
    </dev/null >"$out/confirm/${name}_ncu.json" 2>"$out/logs/confirm_${name}_ncu.log"
  t2=$(date +%s.%N)
  # ncu_pass_s: the second run under ncu ("-" when the counters came from the recorded run).
  split=$(python3 -c "import json,sys; r=json.load(open(sys.argv[1])); \
n = r.get('ncu') or {}; t = r.get('timing', {}); l = t.get('library', {}); \
print('\t'.join(str(v) for v in (t.get('ncu_run_s', '-'), n.get('profiled_launches', 0), \
n.get('source') or '-', r['records']['launches'], t.get('recorded_run_s', '-'), \
t.get('post_s', '-'), l.get('launch_record_s', '-'), l.get('stack_s', '-'), \
l.get('profiler_s', '-'))))" "$out/confirm/${name}_ncu.json" 2>/dev/null ||
    printf -- '-\t0\t-\t-\t-\t-\t-\t-\t-')
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$plain" "$(minus "$t1" "$t0")" \
    "$(minus "$t2" "$t1")" "$split" >>"$out/timing.tsv"
  if [ "${COMPARE_NCU:-0}" = 1 ]; then
    # The same --ncu run with its counters from a second run under ncu, to compare verdicts.
    CUDA_LINT_CONFIRM_PROFILER=ncu $confirm \
      --findings "$findings/$s.json" $libarg --format json --ncu -- "$bin" $args \
      </dev/null >"$out/confirm/${name}_ncuexe.json" 2>"$out/logs/confirm_${name}_ncuexe.log"
  fi
  python3 -c "import json, sys; sys.path.insert(0, '$here'); import cuda_lint_confirm as c; \
sys.stdout.write(c.format_text(json.load(open('$out/confirm/${name}_ncu.json'))))" \
    >"$out/confirm/${name}_ncu.txt" 2>&1
  echo "== $name"; tail -1 "$out/confirm/${name}_ncu.txt"
done
cat "$out/timing.tsv"
# COMPARE_NCU=1: every finding's verdict, in-process counters against ncu's, and for the counter
# rules the counters part of the reason (before the first ';': the rest is kernel time, which
# varies from run to run).
[ "${COMPARE_NCU:-0}" = 1 ] && python3 - "$out/confirm" <<'PY'
import glob, json, os, sys
total = verdicts = counters = 0
for path in sorted(glob.glob(os.path.join(sys.argv[1], "*_ncu.json"))):
    other = path[:-len("_ncu.json")] + "_ncuexe.json"
    if not os.path.exists(other):
        continue
    mine, theirs = (json.load(open(p))["results"] for p in (path, other))
    for a, b in zip(mine, theirs):
        total += 1
        what = None
        if a["verdict"] != b["verdict"]:
            verdicts += 1
            what = "verdict"
        elif a.get("rule") in ("warp-divergent-branch", "low-occupancy") and \
                a["reason"].split(";")[0] != b["reason"].split(";")[0]:
            counters += 1
            what = "counters"
        if what:
            print("%s %s:%s [%s] %s differs\n  in process: %s: %s\n  ncu:        %s: %s" % (
                os.path.basename(path)[:-9], a.get("file"), a.get("line"), a.get("rule"), what,
                a["verdict"], a["reason"], b["verdict"], b["reason"]))
print("compared %d findings: %d verdicts differ, %d counter readings differ"
      % (total, verdicts, counters))
PY
