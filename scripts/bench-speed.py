#!/usr/bin/env python3
"""How fast cuda-lint is next to a bare Clang parse and clang-tidy on the same files (SPEC §8).

    scripts/bench-speed.py --cuda-lint build/analyzer/cuda-lint [-j N] [--repeats R] PATH... [-p BUILD]

For every translation unit cuda-lint would analyse, it takes the exact Clang command cuda-lint
builds (`cuda-lint --verbose`), then times, on the same N cores:
  1. cuda-lint with all its rules, N jobs;
  2. `clang++ -fsyntax-only` with that command, N at a time (the floor: parsing CUDA headers);
  3. clang-tidy with the same command and a common CI check set, N at a time.
Each is run R times (default 3) and the median wall time is kept. The output is the ratios,
measured in this one run on this machine; absolute seconds are printed for reference only.
"""
import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

TIDY_CHECKS = "-*,bugprone-*,performance-*,readability-braces-around-statements"


def tu_commands(cuda_lint, paths, extra):
    """(file, clang argv) for each TU, from cuda-lint --verbose."""
    out = subprocess.run([cuda_lint, "--verbose", "--exit-zero", "--rules=missing-launch-bounds"] + extra + paths,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    cmds, lines = [], out.stderr.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("cuda-lint: analysing ") and i + 1 < len(lines):
            argv = shlex.split(lines[i + 1].strip())
            cmds.append((line[len("cuda-lint: analysing "):], argv))
    return cmds


def timed(fn, repeats):
    times = []
    for _ in range(repeats):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return statistics.median(times)


FAILED = {}


def run_all(argvs, jobs, name):
    """Runs every command, N at a time; counts those that exit with an error (clang-tidy exits
    non-zero on a parse error, not on warnings)."""
    def one(argv):
        return subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
    with ThreadPoolExecutor(jobs) as pool:
        FAILED[name] = sum(1 for rc in pool.map(one, argvs) if rc != 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuda-lint", required=True)
    ap.add_argument("--clang", default=shutil.which("clang++-22") or "clang++")
    ap.add_argument("--clang-tidy", default=shutil.which("clang-tidy-22") or shutil.which("clang-tidy"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-p", help="build directory with compile_commands.json")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("paths", nargs="+")
    args = ap.parse_args()
    extra = ["-p", args.p] if args.p else []
    cmds = tu_commands(args.cuda_lint, args.paths, extra)
    if not cmds:
        sys.exit("no translation unit to analyse")
    # cuda-lint's command starts with 'clang++': run the real binary with the same arguments.
    parse = [[args.clang] + argv[1:] for _, argv in cmds]
    # clang-tidy FILE -- ARGS (without the driver name, the file and -fsyntax-only).
    tidy = []
    for file, argv in cmds:
        rest = [a for a in argv[1:] if a != file and a != "-fsyntax-only"]
        tidy.append([args.clang_tidy, "--quiet", "--checks=" + TIDY_CHECKS, file, "--"] + rest)

    lint = [args.cuda_lint, "--exit-zero", "-j", str(args.j)] + extra + args.paths
    t_lint = timed(lambda: subprocess.run(lint, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL),
                   args.repeats)
    t_parse = timed(lambda: run_all(parse, args.j, "parse"), args.repeats)
    t_tidy = timed(lambda: run_all(tidy, args.j, "tidy"), args.repeats) if args.clang_tidy else None

    print(f"{len(cmds)} translation units, {args.j} jobs, median of {args.repeats} runs")
    print(f"  cuda-lint (all rules)          {t_lint:8.2f} s")
    print(f"  clang++ -fsyntax-only          {t_parse:8.2f} s   ({FAILED['parse']} TUs with errors)")
    if t_tidy is not None:
        print(f"  clang-tidy                     {t_tidy:8.2f} s   ({FAILED['tidy']} TUs with errors;"
              f" checks {TIDY_CHECKS})")
    print(f"cuda-lint / clang++ -fsyntax-only = {t_lint / t_parse:.2f}")
    if t_tidy is not None:
        print(f"cuda-lint / clang-tidy            = {t_lint / t_tidy:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
