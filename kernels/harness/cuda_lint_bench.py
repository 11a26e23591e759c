#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""cuda-lint-bench: measure what each anti-pattern of kernels/ costs on this machine's GPU.

  cuda-lint-bench [--build-dir DIR] [--nvcc PATH] [--arch sm_XX] [--programs a,b]
                  [--warmup N] [--repeats N] [--runs N] [--no-ncu] [--json FILE]

Finds the reference programs in the build directory (building the missing ones with nvcc), runs
each (the programs time every case with CUDA events: warm-up launches, then the median of the
repeats, and check their results on the host) --runs times (default 5: a single run's ratio
varied by up to 15%), reports each anti/fixed ratio as the median and min-max over the runs,
reads Nsight Compute counters for every kernel when ncu is present, and prints a table of
anti-pattern vs fixed twin (time ratio, warp execution efficiency, divergent branches, achieved
occupancy), plus JSON with --json. Without a GPU it says
so and exits 0.
"""

import argparse
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import build_programs  # noqa: E402
import ncu_metrics  # noqa: E402


def gpu_present():
    """(True, names) if nvidia-smi lists a GPU, else (False, why)."""
    smi = shutil.which("nvidia-smi")
    if not smi:
        return False, "nvidia-smi not found"
    proc = subprocess.run([smi, "-L"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    gpus = [l for l in proc.stdout.splitlines() if l.startswith("GPU ")]
    if proc.returncode != 0 or not gpus:
        last = (proc.stdout.strip().splitlines() or ["no output"])[-1]
        return False, "nvidia-smi lists no GPU: %s" % last
    return True, gpus


def device_info():
    info = {"date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")}
    proc = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,memory.total",
                           "--format=csv,noheader"], stdout=subprocess.PIPE, text=True)
    first = (proc.stdout.strip().splitlines() or [""])[0].split(", ")
    info.update(zip(("name", "driver", "memory"), first))
    nvcc = build_programs.find_nvcc()
    if nvcc:
        out = subprocess.run([nvcc, "--version"], stdout=subprocess.PIPE, text=True).stdout
        release = [l for l in out.splitlines() if "release" in l]
        info["nvcc"] = release[0].strip() if release else None
    return info


def parse_program_output(text):
    """The JSON case lines a program prints (other lines are ignored)."""
    cases = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("{"):
            try:
                cases.append(json.loads(line))
            except ValueError:
                pass
    return cases


def run_program(path, warmup, repeats):
    proc = subprocess.run([path, "--warmup", str(warmup), "--repeats", str(repeats)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    return proc.returncode, parse_program_output(proc.stdout), proc.stderr


def locate_programs(manifest, build_dir, nvcc, arch, only):
    """{name: path}, building into build_dir whatever is not there yet."""
    paths, missing = {}, set()
    for program in manifest["programs"]:
        if only and program["name"] not in only:
            continue
        path = os.path.join(build_dir, program["name"])
        if os.access(path, os.X_OK):
            paths[program["name"]] = path
        else:
            missing.add(program["name"])
    if missing:
        print("building %s into %s" % (", ".join(sorted(missing)), build_dir), file=sys.stderr)
        built = build_programs.build(manifest, build_dir, nvcc=nvcc, arch=arch, only=missing,
                                     log=lambda s: print(s, file=sys.stderr))
        for name, (ok, path, _) in built.items():
            if ok:
                paths[name] = path
    return paths


def pair_rows(manifest, results, counters):
    """One row per anti-pattern kernel (role "anti", a default warning) and per idiom that the
    rule reports only as a --pedantic note (role "note"): its time, its twin's time, the ratio
    and counters."""
    rows = []
    for program in manifest["programs"]:
        res = results.get(program["name"])
        if not res:
            continue
        by_case = {c["case"]: c for c in res["cases"]}
        kernels = {k["case"]: k for k in program["kernels"]}
        for k in program["kernels"]:
            if k["role"] not in ("anti", "note"):
                continue
            anti, fixed = by_case.get(k["case"]), by_case.get(k.get("twin"))
            twin_kernel = kernels.get(k.get("twin"), {}).get("kernel")
            row = {"program": program["name"], "anti": k["case"], "fixed": k.get("twin"),
                   "role": k["role"], "rules": k["rules"], "anti_ms": None, "fixed_ms": None, "ratio": None,
                   "anti_status": anti["status"] if anti else "missing",
                   "fixed_status": fixed["status"] if fixed else "missing",
                   "counters": {"anti": counters.get(k["kernel"]),
                                "fixed": counters.get(twin_kernel)}}
            if anti and anti["status"] == "ok":
                row["anti_ms"] = anti["median_ms"]
            if anti and anti.get("error"):
                row["anti_error"] = anti["error"]
            if fixed and fixed["status"] == "ok":
                row["fixed_ms"] = fixed["median_ms"]
            if row["anti_ms"] and row["fixed_ms"]:
                row["ratio"] = row["anti_ms"] / row["fixed_ms"]
            rows.append(row)
    return rows


def _median(values):
    values = sorted(values)
    n = len(values)
    if not n:
        return None
    return values[n // 2] if n % 2 else (values[n // 2 - 1] + values[n // 2]) / 2.0


def aggregate_runs(runs):
    """pair_rows of several runs of the same programs -> one row per pair: the median of the
    anti, fixed and ratio over the runs, the ratio's min and max, and how many runs had one."""
    if not runs:
        return []
    out = []
    for i, first in enumerate(runs[0]):
        rows = [r[i] for r in runs if i < len(r)]
        row = dict(first)
        for key in ("anti_ms", "fixed_ms", "ratio"):
            row[key] = _median([r[key] for r in rows if r[key] is not None])
        ratios = [r["ratio"] for r in rows if r["ratio"] is not None]
        row["ratio_min"] = min(ratios) if ratios else None
        row["ratio_max"] = max(ratios) if ratios else None
        row["ratios"] = ratios
        row["runs"] = len(ratios)
        out.append(row)
    return out


def _fmt(value, spec):
    return format(value, spec) if value is not None else "-"


def format_table(rows):
    header = ("program", "anti-pattern", "fixed twin", "anti ms", "fixed ms", "anti/fixed",
              "min-max (runs)",
              "warp eff % (a/f)", "div. branches (a/f)", "occupancy % (a/f)",
              "pred-on eff % (a/f)", "reported as")
    lines = [header]
    for r in rows:
        ca, cf = r["counters"]["anti"] or {}, r["counters"]["fixed"] or {}
        anti_ms = _fmt(r["anti_ms"], ".4f") if r["anti_ms"] is not None else \
            r.get("anti_error", r["anti_status"])
        ratio = _fmt(r["ratio"], ".2f") + ("x" if r["ratio"] else "")
        spread = "%s-%s (%d)" % (_fmt(r.get("ratio_min"), ".2f"), _fmt(r.get("ratio_max"), ".2f"),
                                 r.get("runs", 1)) if r.get("ratio_min") is not None else "-"
        lines.append((r["program"], r["anti"], r["fixed"] or "-", anti_ms,
                      _fmt(r["fixed_ms"], ".4f"), ratio, spread,
                      "%s / %s" % (_fmt(ca.get("warp_efficiency_pct"), ".1f"),
                                   _fmt(cf.get("warp_efficiency_pct"), ".1f")),
                      "%s / %s" % (_fmt(ca.get("divergent_branch_targets"), ".0f"),
                                   _fmt(cf.get("divergent_branch_targets"), ".0f")),
                      "%s / %s" % (_fmt(ca.get("achieved_occupancy_pct"), ".1f"),
                                   _fmt(cf.get("achieved_occupancy_pct"), ".1f")),
                      "%s / %s" % (_fmt(ca.get("nonpred_efficiency_pct"), ".1f"),
                                   _fmt(cf.get("nonpred_efficiency_pct"), ".1f")),
                      "note" if r.get("role") == "note" else "warning"))
    widths = [max(len(str(l[i])) for l in lines) for i in range(len(header))]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(l, widths)).rstrip()
                     for l in lines) + "\n"


def format_cases(manifest, results, counters):
    """Every measured case (fixed twins beyond the pairs included, e.g. all matrix shapes)."""
    lines = [("program", "case", "role", "block", "median ms", "status", "warp eff %",
              "occupancy %")]
    for program in manifest["programs"]:
        res = results.get(program["name"])
        if not res:
            continue
        kernels = {k["case"]: k["kernel"] for k in program["kernels"]}
        for c in res["cases"]:
            cnt = counters.get(kernels.get(c["case"])) or {}
            lines.append((program["name"], c["case"], c["role"], "x".join(map(str, c["block"])),
                          _fmt(c["median_ms"], ".4f") if c["status"] == "ok" else "-",
                          c["status"], _fmt(cnt.get("warp_efficiency_pct"), ".1f"),
                          _fmt(cnt.get("achieved_occupancy_pct"), ".1f")))
    widths = [max(len(str(l[i])) for l in lines) for i in range(len(lines[0]))]
    return "\n".join("  ".join(str(c).ljust(w) for c, w in zip(l, widths)).rstrip()
                     for l in lines) + "\n"


def main(argv, default_build_dir=None):
    parser = argparse.ArgumentParser(prog="cuda-lint-bench", description=__doc__.split("\n")[0])
    parser.add_argument("--build-dir", default=default_build_dir or "cuda-lint-bench-build",
                        help="where the programs are (or are built)")
    parser.add_argument("--nvcc")
    parser.add_argument("--arch")
    parser.add_argument("--manifest", default=build_programs.DEFAULT_MANIFEST)
    parser.add_argument("--programs", help="comma-separated program names (default: all)")
    parser.add_argument("--warmup", type=int, default=3)
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5,
                        help="runs of each program; ratios are given as median and min-max")
    parser.add_argument("--no-ncu", action="store_true", help="skip Nsight Compute counters")
    parser.add_argument("--json", help="write the measurements as JSON to this file")
    args = parser.parse_args(argv)

    present, detail = gpu_present()
    if not present:
        print("cuda-lint-bench: no GPU on this machine (%s); nothing measured" % detail)
        return 0

    manifest = build_programs.load_manifest(args.manifest)
    only = set(args.programs.split(",")) if args.programs else None
    paths = locate_programs(manifest, args.build_dir, args.nvcc, args.arch, only)
    ncu = None if args.no_ncu else ncu_metrics.find_ncu()

    results, counters, failures = {}, {}, []
    runs = [{} for _ in range(max(1, args.runs))]
    for name, path in paths.items():
        for i, run in enumerate(runs):
            code, cases, err = run_program(path, args.warmup, args.repeats)
            run[name] = {"exit_code": code, "cases": cases}
            if code != 0:
                if name not in failures:
                    failures.append(name)
                print("cuda-lint-bench: %s failed its self-check (exit %d, run %d)\n%s"
                      % (name, code, i + 1, err), file=sys.stderr)
        results[name] = dict(runs[0][name], runs=[r[name]["cases"] for r in runs])
        if ncu:
            workdir = tempfile.mkdtemp(prefix="cuda-lint-bench-")
            prof = ncu_metrics.profile([path, "--warmup", "0", "--repeats", "1"], workdir, ncu=ncu)
            shutil.rmtree(workdir, ignore_errors=True)
            results[name]["ncu"] = {"ok": prof.ok, "error": prof.error}
            counters.update(prof.kernels)

    rows = aggregate_runs([pair_rows(manifest, run, counters) for run in runs])
    info = device_info()
    print("cuda-lint-bench on %s (driver %s), %s; median of %d repeats after %d warm-ups, "
          "median and min-max over %d runs; counters: %s"
          % (info.get("name"), info.get("driver"), info.get("date"), args.repeats, args.warmup,
             len(runs), "ncu" if ncu else "none"))
    sys.stdout.write(format_table(rows))
    sys.stdout.write("\nall cases:\n" + format_cases(manifest, results, counters))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"version": 1, "device": info, "settings": {"warmup": args.warmup,
                       "repeats": args.repeats, "runs": len(runs), "ncu": bool(ncu)},
                       "pairs": rows,
                       "programs": results, "counters": counters}, f, indent=2)
            f.write("\n")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
