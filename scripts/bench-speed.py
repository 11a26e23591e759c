#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How fast cuda-lint is next to a bare Clang parse and clang-tidy on the same files (SPEC §8),
and how much its result cache and shared preamble save (issue 14).

    scripts/bench-speed.py --cuda-lint build/analyzer/cuda-lint [-j N] [--repeats R] [PATH...] [-p BUILD]

For every translation unit cuda-lint would analyse, it takes the exact Clang command cuda-lint
builds (`cuda-lint --verbose`), then times, on the same N cores:
  1. cuda-lint cold (an empty result cache), with and without the shared preamble;
  2. `clang++ -fsyntax-only` with that command, N at a time (the floor: parsing CUDA headers);
  3. clang-tidy with the same command and a common CI check set, N at a time;
  4. cuda-lint warm: nothing changed since the last run;
  5. one source file edited (a comment appended, then restored), against the cold time of that
     one TU alone;
  6. the non-system header that the most TUs include edited the same way.
With --device-baseline, `clang++ -fsyntax-only` is also timed the way Clang compiles a `.cu` by
default, the host side and one device side (`--cuda-gpu-arch` the architecture cuda-lint's
device-side parse uses, else sm_75): cuda-lint parses the device side of the TUs whose kernels sit
under `#if __CUDA_ARCH__`, which the host-side command never sees.
With --goals-only, only what issue 14's goals are about is measured (1-5, without the run with no
preamble and the -j 1 run): on a large database (ggml's 141 entries) each cold run takes minutes.
With --baseline BIN, the cold run of another cuda-lint binary (the build before a change) is
timed in the same repeats, taking turns with this one, and the growth of the cold time printed
(issue 35: a change to the analysis may cost at most 10%), with the CPU time of the two as well
(less sensitive than wall time to what else the machine runs); --cold-only then skips everything
but the two cold runs. --instructions (with --baseline) instead counts the instructions each of
the two executes on the paths, once, under valgrind's callgrind with -j 1 and no cache: slow
(about 50x), but not moved by the machine's other tenants, which move wall and CPU time alike.
Each is run R times (default 3) and the median wall time is kept; the peak RSS of the cold run is
printed per worker (one worker: a run with -j 1). The output is the ratios, measured in this one
run on this machine; absolute seconds are printed for reference only. Edited files are restored
byte for byte, also when the script is interrupted.
"""
import argparse
import collections
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

TIDY_CHECKS = "-*,bugprone-*,performance-*,readability-braces-around-statements"


DEVICE = re.compile(r"^cuda-lint: parsed (.*) again for the device \((sm_\w+)")


def tu_commands(lint, paths):
    """(file, clang argv) for each TU, from cuda-lint --verbose (LINT names an empty cache: a
    cached TU prints no command; this run also fills that cache for the warm measurement), and
    {file: arch} for the TUs it parsed again for the device."""
    out = subprocess.run(lint + ["--verbose"] + paths,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    cmds, archs, lines = [], {}, out.stderr.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("cuda-lint: analysing ") and i + 1 < len(lines):
            argv = shlex.split(lines[i + 1].strip())
            cmds.append((line[len("cuda-lint: analysing "):], argv))
        elif m := DEVICE.match(line):
            archs[m.group(1)] = m.group(2)
    return cmds, archs


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


def run_lint(argv, cpu=None):
    """Wall time and peak RSS (MiB) of one cuda-lint run; its CPU time (user and system, its
    workers included) is appended to the list CPU when one is given."""
    t = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    if cpu is not None:
        cpu.append(usage.ru_utime + usage.ru_stime)
    return time.perf_counter() - t, usage.ru_maxrss / 1024


def median_lint(argv_for_repeat, repeats):
    """Median wall time over R runs; argv_for_repeat(i) builds the i-th command."""
    times, rss = [], []
    for i in range(repeats):
        t, r = run_lint(argv_for_repeat(i))
        times.append(t)
        rss.append(r)
    return statistics.median(times), max(rss)


def instructions(binary, argv, work):
    """The instructions BINARY executes with ARGV (callgrind's count). Valgrind 3.19 cannot read
    the DWARF 5 in Clang's static libraries, so a copy without debug information runs, beside
    BINARY (its resources are found from its own path), and is removed afterwards."""
    binary = os.path.abspath(binary)
    copy = os.path.join(os.path.dirname(binary), f".{os.path.basename(binary)}-bench-{os.getpid()}")
    subprocess.run(["objcopy", "--strip-debug", binary, copy], check=True)
    try:
        out = subprocess.run(["valgrind", "--tool=callgrind",
                              f"--callgrind-out-file={work}/{os.path.basename(copy)}.cg", copy]
                             + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    finally:
        os.remove(copy)
    m = re.search(r"Collected : (\d+)", out.stderr)
    if not m:
        sys.exit(f"callgrind gave no count for {binary}:\n{out.stderr[-2000:]}")
    return int(m.group(1))


def edited(path, tag):
    """Context manager: PATH with a comment appended, restored afterwards."""
    class Edit:
        def __enter__(self):
            self.original = open(path, "rb").read()
            with open(path, "ab") as f:
                f.write(f"\n// cuda-lint bench-speed {tag} {time.time_ns()}\n".encode())

        def __exit__(self, *exc):
            with open(path, "wb") as f:
                f.write(self.original)
    return Edit()


def most_included_header(cmds, clang):
    """The non-system header that most TUs read (clang -MM on each TU's command)."""
    counts = collections.Counter()
    # cuda-lint's own -include'd headers (the compat header and what it includes) are not the
    # project's.
    own = {os.path.dirname(os.path.realpath(argv[i + 1]))
           for _, argv in cmds for i, a in enumerate(argv[:-1]) if a == "-include"}
    for file, argv in cmds:
        deps = subprocess.run([clang] + [a for a in argv[1:] if a != "-fsyntax-only"] + ["-MM"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True).stdout
        read = {os.path.realpath(d) for d in deps.replace("\\\n", " ").split()[1:]}
        for dep in read:
            if dep != os.path.realpath(file) and not dep.endswith((".cu", ".cpp")) and \
                    os.path.dirname(dep) not in own:
                counts[dep] += 1
    return counts.most_common(1)[0] if counts else (None, 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuda-lint", required=True)
    ap.add_argument("--clang", default=shutil.which("clang++-22") or "clang++")
    ap.add_argument("--clang-tidy", default=shutil.which("clang-tidy-22") or shutil.which("clang-tidy"))
    ap.add_argument("-j", type=int, default=os.cpu_count() or 1)
    ap.add_argument("-p", help="build directory with compile_commands.json")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--device-baseline", action="store_true",
                    help="also time clang++ -fsyntax-only on the host and one device side")
    ap.add_argument("--goals-only", action="store_true",
                    help="skip the runs without preamble, with -j 1 and with a header edited")
    ap.add_argument("--baseline", help="another cuda-lint binary whose cold run is timed alike")
    ap.add_argument("--cold-only", action="store_true",
                    help="with --baseline: only the two cold runs")
    ap.add_argument("--instructions", action="store_true",
                    help="with --baseline: count the two binaries' instructions instead (callgrind)")
    ap.add_argument("paths", nargs="*", help="files or directories (default with -p: every entry of its database)")
    args = ap.parse_args()
    if not args.paths and not args.p:
        ap.error("give PATH... or -p BUILD")
    if args.cold_only and not args.baseline:
        ap.error("--cold-only needs --baseline")
    if args.instructions and not args.baseline:
        ap.error("--instructions needs --baseline")
    extra = ["-p", args.p] if args.p else []
    work = tempfile.mkdtemp(prefix="cuda-lint-bench-")
    if args.instructions:
        argv = ["--exit-zero", "-j", "1", "--no-cache"] + extra + args.paths
        with ThreadPoolExecutor(2) as pool:
            new, base = pool.map(lambda b: instructions(b, argv, work),
                                 [args.cuda_lint, args.baseline])
        shutil.rmtree(work, ignore_errors=True)
        print("instructions executed, -j 1, no cache (callgrind)")
        print(f"  cuda-lint   {new:18,d}")
        print(f"  baseline    {base:18,d}")
        print(f"instructions / baseline instructions  = {new / base:.3f}")
        return 0
    lint = [args.cuda_lint, "--exit-zero", "-j", str(args.j)] + extra
    warm_dir = f"--cache-dir={work}/warm"
    cmds, archs = tu_commands(lint + [warm_dir], args.paths)
    if not cmds:
        sys.exit("no translation unit to analyse")
    # cuda-lint's command starts with 'clang++': run the real binary with the same arguments.
    parse = [[args.clang] + argv[1:] for _, argv in cmds]
    # The same, compiled for the host and one device as Clang does by default: the arch of
    # cuda-lint's device-side parse of that TU, else the one it used most, else nvcc 13's default.
    common = collections.Counter(archs.values()).most_common(1)
    default_arch = common[0][0] if common else "sm_75"
    both = [[args.clang] + [a if a != "--cuda-host-only" else
                            "--cuda-gpu-arch=" + archs.get(file, default_arch) for a in argv[1:]]
            for file, argv in cmds]
    # clang-tidy FILE -- ARGS (without the driver name, the file and -fsyntax-only).
    tidy = []
    for file, argv in cmds:
        rest = [a for a in argv[1:] if a != file and a != "-fsyntax-only"]
        tidy.append([args.clang_tidy, "--quiet", "--checks=" + TIDY_CHECKS, file, "--"] + rest)

    # The four cold measurements take turns, repeat by repeat, so that a change in the machine's
    # load during the run weighs on all of them alike.
    cold, nopre, parse_t, both_t, tidy_t, rss = [], [], [], [], [], []
    base, base_rss = [], []
    cpu = {"new": [], "base": []}
    base_lint = [args.baseline, "--exit-zero", "-j", str(args.j)] + extra if args.baseline else None
    for i in range(args.repeats):
        # Before and after take turns, and which goes first alternates.
        runs = [("new", lint), ("base", base_lint)] if base_lint else [("new", lint)]
        if i % 2:
            runs.reverse()
        for which, cmd in runs:
            t, r = run_lint(cmd + [f"--cache-dir={work}/{which}{i}"] + args.paths, cpu[which])
            (cold if which == "new" else base).append(t)
            (rss if which == "new" else base_rss).append(r)
        if args.cold_only:
            continue
        if not args.goals_only:
            nopre.append(run_lint(lint + ["--no-cache", "--no-preamble"] + args.paths)[0])
        parse_t.append(timed(lambda: run_all(parse, args.j, "parse"), 1))
        if args.device_baseline:
            both_t.append(timed(lambda: run_all(both, args.j, "both"), 1))
        if args.clang_tidy:
            tidy_t.append(timed(lambda: run_all(tidy, args.j, "tidy"), 1))
    t_cold, rss_cold = statistics.median(cold), max(rss)
    if args.cold_only:
        shutil.rmtree(work, ignore_errors=True)
        t_base = statistics.median(base)
        print(f"{len(cmds)} translation units, {args.j} jobs, median of {args.repeats} runs")
        print(f"  cuda-lint cold (empty cache)   {t_cold:8.2f} s   peak RSS {rss_cold:.0f} MiB"
              f"   (runs: {', '.join(f'{t:.2f}' for t in cold)})")
        print(f"  baseline cold (empty cache)    {t_base:8.2f} s   peak RSS {max(base_rss):.0f} MiB"
              f"   (runs: {', '.join(f'{t:.2f}' for t in base)})")
        print(f"cold / baseline cold                  = {t_cold / t_base:.3f}")
        # CPU time is what the analysis costs, whatever else the machine runs meanwhile (wall
        # times of one binary on a shared 2-core machine have spread by 1.5x within one run).
        c_new, c_base = statistics.median(cpu["new"]), statistics.median(cpu["base"])
        print(f"  cuda-lint cold CPU time        {c_new:8.2f} s   (runs: "
              f"{', '.join(f'{t:.2f}' for t in cpu['new'])})")
        print(f"  baseline cold CPU time         {c_base:8.2f} s   (runs: "
              f"{', '.join(f'{t:.2f}' for t in cpu['base'])})")
        print(f"cold CPU / baseline cold CPU          = {c_new / c_base:.3f}")
        return 0
    t_nopre = statistics.median(nopre) if nopre else None
    t_parse = statistics.median(parse_t)
    t_both = statistics.median(both_t) if both_t else None
    t_tidy = statistics.median(tidy_t) if tidy_t else None
    rss_one = None
    if not args.goals_only:
        _, rss_one = run_lint([args.cuda_lint, "--exit-zero", "-j", "1", "--no-cache"] + extra + args.paths)

    t_warm, _ = median_lint(lambda i: lint + [warm_dir] + args.paths, args.repeats)

    source = cmds[len(cmds) // 2][0]
    t_one_cold, _ = median_lint(lambda i: lint + ["--no-cache", source] + extra, args.repeats)
    touched = []
    for i in range(args.repeats):
        with edited(source, i):
            touched.append(run_lint(lint + [warm_dir] + args.paths)[0])
    t_touch = statistics.median(touched)

    header, readers = most_included_header(cmds, args.clang) if not args.goals_only else (None, 0)
    t_header = None
    if header:
        times = []
        for i in range(args.repeats):
            with edited(header, i):
                times.append(run_lint(lint + [warm_dir] + args.paths)[0])
        t_header = statistics.median(times)
    shutil.rmtree(work, ignore_errors=True)

    print(f"{len(cmds)} translation units, {args.j} jobs, median of {args.repeats} runs")
    one_worker = f"; {rss_one:.0f} MiB with -j 1" if rss_one is not None else ""
    print(f"  cuda-lint cold (empty cache)   {t_cold:8.2f} s   peak RSS {rss_cold:.0f} MiB "
          f"({rss_cold / args.j:.0f} MiB per worker{one_worker})")
    if t_nopre is not None:
        print(f"  cuda-lint cold, no preamble    {t_nopre:8.2f} s")
    print(f"  clang++ -fsyntax-only          {t_parse:8.2f} s   ({FAILED['parse']} TUs with errors)")
    if t_both is not None:
        print(f"  clang++, host and device       {t_both:8.2f} s   ({FAILED['both']} TUs with errors;"
              f" {len(archs)} TUs parsed for the device by cuda-lint, default {default_arch})")
    if t_tidy is not None:
        print(f"  clang-tidy                     {t_tidy:8.2f} s   ({FAILED['tidy']} TUs with errors;"
              f" checks {TIDY_CHECKS})")
    print(f"  cuda-lint warm, nothing changed{t_warm:8.2f} s")
    print(f"  one source edited              {t_touch:8.2f} s   ({os.path.relpath(source)}; "
          f"that TU alone, cold: {t_one_cold:.2f} s)")
    if t_header is not None:
        print(f"  one header edited              {t_header:8.2f} s   ({os.path.relpath(header)}, "
              f"read by {readers} of {len(cmds)} TUs)")
    if base:
        print(f"  baseline cold (empty cache)    {statistics.median(base):8.2f} s")
    print(f"cold / clang++ -fsyntax-only          = {t_cold / t_parse:.2f}")
    if base:
        print(f"cold / baseline cold                  = {t_cold / statistics.median(base):.3f}")
    if t_both is not None:
        print(f"cold / clang++, host and device       = {t_cold / t_both:.2f}")
    if t_tidy is not None:
        print(f"cold / clang-tidy                     = {t_cold / t_tidy:.2f}")
    if t_nopre is not None:
        print(f"cold / cold without preamble          = {t_cold / t_nopre:.2f}")
    print(f"warm / cold                           = {t_warm / t_cold:.3f}")
    print(f"one source edited / that TU cold      = {t_touch / t_one_cold:.2f}")
    if t_header is not None:
        print(f"one header edited / cold              = {t_header / t_cold:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
