#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""cuda-lint confirm: run a program on the GPU and give each static finding a measured verdict.

  cuda_lint_confirm.py --findings FILE [--ncu] [--ncu-launches N] [--injection-lib PATH]
                       [--format text|json] -- CMD ARGS

FILE is `cuda-lint --format=json` output. CMD runs once with the CUPTI injection library
(CUDA_INJECTION64_PATH), which records every kernel launch; its output goes to stderr, so stdout
holds only the report. With --ncu, the same run also collects the hardware counters of the kernels
of findings whose verdict needs them (warp divergence, occupancy): the injection library profiles
at most N launches (--ncu-launches, default 1) of each of those kernels and launch configuration
with the CUPTI range profiler (cupti_counters.py). Where that profiler is unavailable (a library or
toolkit without it, a driver or system that does not allow it), or CUDA_LINT_CONFIRM_PROFILER=ncu,
CMD runs a second time under Nsight Compute for the same launches instead. Findings of the
memory-access rules need counters tied to source lines: with --ncu, CMD runs once more under ncu's
SourceCounters section for their kernels (built with -lineinfo; confirm_memory.py). Each finding is then
`confirmed` (with the measured cost), `observed, no cost`, `not exercised` or `not confirmed`
(see confirm_verdict.py).
CUDA_LINT_CONFIRM_RECORDS=PATH keeps the raw records at PATH. Exit status: 0 when a report was
made, 2 when the findings, the library or the command could not be used.
"""

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import confirm_copies  # noqa: E402
import confirm_memory  # noqa: E402
import confirm_records  # noqa: E402
import confirm_verdict  # noqa: E402
import cupti_counters  # noqa: E402
import launch_sites  # noqa: E402
import ncu_metrics  # noqa: E402
from confirm_verdict import base_name  # noqa: E402

LIB_NAME = "libcuda-lint-confirm.so"


class UsageError(Exception):
    pass


def parse_args(argv):
    parser = argparse.ArgumentParser(
        prog="cuda-lint confirm",
        usage="%(prog)s --findings FILE [--ncu] [--ncu-launches N] [--injection-lib PATH] "
              "[--format text|json] -- CMD ARGS",
        description="Runs CMD ARGS on the GPU under a CUPTI injection library that records "
                    "every kernel launch, and gives each finding of a `cuda-lint --format=json` "
                    "report a measured verdict (docs/harness.md).")
    options = argv[:argv.index("--")] if "--" in argv else argv
    if "-h" in options or "--help" in options:
        parser.parse_args(["--help"])  # prints the help and exits 0
    if "--" not in argv:
        raise UsageError("missing `-- CMD ARGS` (the program to run)")
    split = argv.index("--")
    cmd = argv[split + 1:]
    if not cmd:
        raise UsageError("no command after `--`")
    parser.add_argument("--findings", required=True, help="cuda-lint --format=json output")
    parser.add_argument("--ncu", action="store_true",
                        help="also collect hardware counters of the flagged kernels (in the same "
                             "run with CUPTI's range profiler; with Nsight Compute in a second "
                             "run where that is unavailable)")
    parser.add_argument("--ncu-launches", type=int,
                        default=ncu_metrics.DEFAULT_LAUNCHES_PER_KERNEL, metavar="N",
                        help="profile at most N launches of each kernel and launch configuration "
                             "(0: all; default %(default)s)")
    parser.add_argument("--injection-lib", help="path of %s" % LIB_NAME)
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv[:split])
    if args.ncu_launches < 0:
        raise UsageError("--ncu-launches must be 0 or more")
    args.cmd = cmd
    return args


def load_findings(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise UsageError("cannot read findings %s: %s" % (path, e))
    if not isinstance(doc, dict) or not isinstance(doc.get("findings"), list):
        raise UsageError("%s is not cuda-lint --format=json output (no \"findings\" list)" % path)
    return doc["findings"]


def find_injection_lib(explicit):
    if explicit:
        if not os.path.exists(explicit):
            raise UsageError("injection library %s does not exist" % explicit)
        return os.path.abspath(explicit)
    env = os.environ.get("CUDA_LINT_INJECTION_LIB")
    if env and os.path.exists(env):
        return env
    root = os.path.dirname(os.path.dirname(HERE))
    # Installed: PREFIX/share/cuda-lint/harness beside PREFIX/lib/cuda-lint.
    candidates = [os.path.join(HERE, LIB_NAME),
                  os.path.join(HERE, "..", "..", "..", "lib", "cuda-lint", LIB_NAME)]
    candidates += sorted(glob.glob(os.path.join(root, "build*", "kernels", "harness", "confirm",
                                                LIB_NAME)))
    candidates += sorted(glob.glob(os.path.join(root, "build*", "harness", "confirm", LIB_NAME)))
    for c in candidates:
        if os.path.exists(c):
            return os.path.abspath(c)
    raise UsageError("cannot find %s: build the kernels/harness/confirm target or pass "
                     "--injection-lib" % LIB_NAME)


def run_recorded(cmd, lib, records, extra_env=None):
    env = dict(os.environ, CUDA_INJECTION64_PATH=lib, CUDA_LINT_CONFIRM_OUT=records)
    env.update(extra_env or {})
    open(records, "w").close()
    sys.stdout.flush()
    try:
        return subprocess.run(cmd, env=env, stdout=sys.stderr.fileno(),
                              stderr=sys.stderr.fileno()).returncode
    except OSError as e:
        raise UsageError("cannot run %s: %s" % (cmd[0], e))


def counter_kernels(findings, recording, rules=confirm_verdict.COUNTER_RULES):
    """Recorded names of the launched kernels whose findings (of these rules) need counters."""
    names = set()
    for f in findings:
        if f.get("rule") in rules:
            names.update(confirm_verdict.Join(f, recording.launches).launched_names())
    return names


def build_report(args, exit_code, recording, profile, results):
    summary = {v: 0 for v in confirm_verdict.VERDICTS}
    out = []
    for finding, verdict in results:
        summary[verdict["verdict"]] += 1
        entry = {k: finding.get(k) for k in ("rule", "severity", "file", "line", "column",
                                             "kernel", "launch") if k in finding}
        entry.update(verdict)
        out.append(entry)
    executed = recording.executed()
    report = {
        "version": 1,
        "command": args.cmd,
        "exit_code": exit_code,
        "records": {"launches": len(recording.launches), "executed": len(executed),
                    "failed": sum(1 for l in recording.launches if l.failed),
                    "complete": recording.complete, "dropped": recording.dropped,
                    "errors": recording.errors},
        "devices": [{k: d.get(k) for k in ("id", "name", "compute_capability",
                                           "multiprocessors")} for d in recording.devices],
        "ncu": None,
        "results": out,
        "unflagged_kernels": [{"name": n, "demangled": d} for n, d in
                              confirm_verdict.kernels_without_findings(
                                  [f for f, _ in results], recording)],
        "summary": {"confirmed": summary[confirm_verdict.CONFIRMED],
                    "observed_no_cost": summary[confirm_verdict.OBSERVED],
                    "not_confirmed": summary[confirm_verdict.NOT_CONFIRMED],
                    "not_exercised": summary[confirm_verdict.NOT_EXERCISED],
                    "findings": len(out)},
    }
    if args.ncu:
        report["ncu"] = {"ok": bool(profile and profile.ok),
                         "error": profile.error if profile else "no flagged kernel needed counters",
                         "source": profile.source if profile else None,
                         "fallback_reason": profile.fallback_reason if profile else "",
                         "kernels": sorted(profile.kernels) if profile else [],
                         "launches_per_kernel": args.ncu_launches,
                         "profiled_launches": sum(profile.launches.values()) if profile else 0,
                         "failures": dict(profile.failures) if profile else {},
                         "unsupported_metrics": list(profile.unsupported) if profile else []}
    return report


def notes(report):
    lines = []
    rec = report["records"]
    if not rec["launches"] and not report["devices"]:
        gpu = shutil.which("nvidia-smi") and subprocess.run(
            ["nvidia-smi", "-L"], stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL).returncode == 0
        lines.append("the program recorded no CUDA activity%s" % ("" if gpu else
                     " (no GPU found: nvidia-smi is missing or lists no device)"))
    if rec["launches"] and not rec["complete"]:
        lines.append("the records are incomplete: the program did not exit normally, so "
                     "kernels still buffered were lost")
    if rec["dropped"]:
        lines.append("CUPTI dropped %d activity records" % rec["dropped"])
    for e in rec["errors"]:
        lines.append("CUPTI: %s: %s" % (e.get("where"), e.get("message")))
    counters = report["ncu"]
    if counters and counters.get("fallback_reason"):
        lines.append("counters from a second run under ncu: %s" % counters["fallback_reason"])
    if counters and not counters["ok"]:
        lines.append("ncu: %s" % counters["error"])
    elif counters and counters.get("error"):
        lines.append("counters: %s" % counters["error"])
    if counters and counters.get("unsupported_metrics"):
        lines.append("counters: the GPU has no %s" % ", ".join(counters["unsupported_metrics"]))
    source = report.get("ncu_source")
    if source and not source["ok"]:
        lines.append("ncu source counters: %s" % source["error"])
    return lines


def format_text(report):
    out = []
    devices = ", ".join(d["name"] or "?" for d in report["devices"]) or "no device"
    rec = report["records"]
    out.append("cuda-lint confirm: `%s` exited %d on %s: %d kernel launches recorded (%d ran, "
               "%d failed)" % (" ".join(report["command"]), report["exit_code"], devices,
                               rec["launches"], rec["executed"], rec["failed"]))
    for note in notes(report):
        out.append("note: " + note)
    for r in report["results"]:
        k = r.get("kernel") or {}
        kernel = k.get("demangled") or k.get("name")
        if k.get("instantiations") and len(k["instantiations"]) > 1:
            kernel = "%s (%d instantiations)" % (base_name(kernel) or kernel,
                                                 len(k["instantiations"]))
        where = "%s:%s:%s" % (r.get("file", "?"), r.get("line", "?"), r.get("column", "?"))
        site = " (launch site not checked: no debug information, build with -g)" \
            if r.get("launch_site") == "unknown" and r["verdict"] != "not exercised" else ""
        out.append("%s: %s [%s]: %s: %s%s" % (where, kernel or "<no kernel>", r.get("rule"),
                                              r["verdict"], r["reason"], site))
    if report["unflagged_kernels"]:
        out.append("kernels that ran without findings: " +
                   ", ".join(k["demangled"] for k in report["unflagged_kernels"]))
    s = report["summary"]
    out.append("%d findings: %d confirmed, %d observed with no cost, %d not confirmed, %d not "
               "exercised" % (s["findings"], s["confirmed"], s.get("observed_no_cost", 0),
                              s["not_confirmed"], s["not_exercised"]))
    return "\n".join(out) + "\n"


def main(argv):
    try:
        args = parse_args(argv)
        findings = load_findings(args.findings)
        lib = find_injection_lib(args.injection_lib)
        workdir = tempfile.mkdtemp(prefix="cuda-lint-confirm-")
        try:
            records = os.environ.get("CUDA_LINT_CONFIRM_RECORDS") or os.path.join(
                workdir, "records.jsonl")
            # --ncu: the counters are collected in this same run (cupti_counters.py).
            request = cupti_counters.request(findings, args.ncu_launches) if args.ncu else None
            in_process = request is not None and not cupti_counters.forced_ncu()
            started = time.monotonic()
            exit_code = run_recorded(args.cmd, lib, records,
                                     request.environment(workdir) if in_process else None)
            finished = time.monotonic()
            timing = {"recorded_run_s": round(finished - started, 3)}
            recording = confirm_records.load(records)
            lib = recording.library_times
            if lib:
                # The injection library's own host time in that run (its "end" records).
                timing["library"] = {"launch_records": lib.get("launch_records", 0)}
                timing["library"].update({k[:-3] + "_s": round(v / 1e9, 3)
                                          for k, v in sorted(lib.items()) if k.endswith("_ns")})
            resolved = launch_sites.annotate(recording.launches)
            # The asynchronous copy calls too (pageable-async-copy findings are joined by line).
            resolved += launch_sites.annotate(confirm_copies.copy_calls(recording))
            if resolved:
                with open(records, "a", encoding="utf-8") as f:
                    f.write("".join(line + "\n" for line in launch_sites.sites_records(resolved)))
            profile = None
            if request is not None:
                fallback = "CUDA_LINT_CONFIRM_PROFILER=ncu" if not in_process else \
                    cupti_counters.fallback_reason(recording, request)
                if not fallback:
                    profile = cupti_counters.profile(recording, request)
                else:
                    # A second run under ncu, for the launched kernels that need counters.
                    names = counter_kernels(findings, recording)
                    started = time.monotonic()
                    if names:
                        profile = ncu_metrics.profile(args.cmd, workdir, kernel_names=names,
                                                      launches_per_kernel=args.ncu_launches)
                        profile.fallback_reason = fallback
                    timing["ncu_run_s"] = round(time.monotonic() - started, 3)
            # --ncu and memory-access findings: their kernels' source-level counters, from a
            # run under ncu's SourceCounters section (confirm_memory.py).
            source = None
            memory = [f for f in findings if f.get("rule") in confirm_memory.RULES]
            if args.ncu and memory:
                names = counter_kernels(memory, recording, confirm_memory.RULES)
                started = time.monotonic()
                if names:
                    source = confirm_memory.profile(args.cmd, workdir, names,
                                                    launches_per_kernel=args.ncu_launches)
                timing["ncu_source_run_s"] = round(time.monotonic() - started, 3)
            results = confirm_verdict.judge_all(findings, recording, profile, source)
            report = build_report(args, exit_code, recording, profile, results)
            if source is not None:
                report["ncu_source"] = {"ok": source.ok, "error": source.error or None,
                                        "profiled_launches": sum(source.launches.values())}
            # Reading the records, launch sites, verdicts (the ncu run, if any, left out).
            timing["post_s"] = round(time.monotonic() - finished - timing.get("ncu_run_s", 0)
                                     - timing.get("ncu_source_run_s", 0), 3)
            report["timing"] = timing
        finally:
            shutil.rmtree(workdir, ignore_errors=True)
    except UsageError as e:
        print("cuda-lint confirm: error: %s" % e, file=sys.stderr)
        return 2
    if args.format == "json":
        report["notes"] = notes(report)
        json.dump(report, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(format_text(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
