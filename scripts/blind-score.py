#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Precision and recall of every rule on a blind labelled set of rule rows.

    scripts/blind-score.py --cuda-lint build/analyzer/cuda-lint --corpora DIR \
        --corpora-file docs/precision/blind-2026-11-25-prod/corpora.json [--mode nodb|db]
    scripts/blind-score.py ... --report NAME=cuda-lint.json   # score a saved JSON report

Two label formats are read (the header line says which):
- rule rows (docs/precision/blind-2026-11-25-prod/PROTOCOL.md):
  file line kernel kind rule construct context verdict why
- memory-access rows (docs/precision/blind-2026-11-25-mem/PROTOCOL.md):
  file line kernel space access expression block_shape elem_bytes pattern sectors_or_ways verdict why
  (space global -> uncoalesced-global-access, shared -> shared-memory-bank-conflict).
verdict 'report' and 'latent' are positives, 'silent' negatives; 'note' (the third memory set's
protocol: the measured cost makes the access a --pedantic note) is a negative for the warnings
and, with --pedantic, counted apart as found when a note is there. Rows of one location and rule
are one item (positive if any of them is, else a note if any of them is). Adjudications, when a corpus
names a file of them ("adjudications": file, line, rule, 'report: why' / 'silent: why'), override
a frozen label without touching the labellers' file.

A finding (warning or error; notes are counted apart) matches the label of its rule in its file
at its line or, for a construct written over several lines, the nearest label of that rule
within 3 lines that no other finding matched. Barriers are matched per function, as
scripts/divergence-precision.py does: one error per divergent guard is the contract. Findings
outside a corpus's labelled paths (and, for a file its "ranges" list, outside those line ranges)
are not scored. A finding with no label is UNLABELLED: it is
printed and the script exits 1, since every finding must be judged.

--mode db analyses through the corpus's compile database ("database": a directory under the
checkout holding compile_commands.json, with "db_args"); nodb (default) runs `cuda-lint PATHS`
with the corpus's "args" (the flags its Makefile or CMake files would pass; {root} is its checkout,
{corpora} the --corpora directory) on its "run_paths"
(the translation units holding the labelled code; its "paths" by default). Each run also lists the files that did not parse (clang-diagnostic-error findings).
"""
import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict

from source_functions import enclosing_function

BARRIER = "barrier-in-divergent-branch"
ERROR_RULES = {BARRIER, "invalid-launch-config", "launch-exceeds-bounds"}
SPACE_RULE = {"global": "uncoalesced-global-access", "shared": "shared-memory-bank-conflict"}
WINDOW = 3


def load_labels(path):
    """[{file, line, rule, positive, text}] from a label file of either format."""
    rows, header = [], None
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            if raw.startswith("#") or not raw.strip():
                continue
            c = raw.rstrip("\n").split("\t")
            if c[0] == "file":
                header = c
                continue
            if header is None:
                sys.exit(f"{path}:{n}: a row before the header line")
            row = dict(zip(header, c))
            if "rule" in row:
                rule = row["rule"].strip()
            elif row.get("space", "").strip() in SPACE_RULE:
                rule = SPACE_RULE[row["space"].strip()]
            else:
                sys.exit(f"{path}:{n}: neither a rule nor a space column")
            verdict = row.get("verdict", "").strip()
            if verdict not in ("report", "latent", "silent", "note"):
                sys.exit(f"{path}:{n}: verdict '{verdict}' is not report, latent, note or silent")
            try:
                line = int(row["line"])
            except ValueError:
                sys.exit(f"{path}:{n}: line '{row['line']}' is not a number")
            rows.append({"file": os.path.normpath(row["file"].strip()), "line": line, "rule": rule,
                         "positive": verdict in ("report", "latent"), "note": verdict == "note",
                         "verdict": verdict,
                         "text": row.get("construct") or row.get("expression") or ""})
    # One finding per source location: rows of one location and rule (a macro expanded for float
    # and for double, a template labelled per instantiation) are one item, positive if any is.
    merged = {}
    for r in rows:
        key = (r["file"], r["line"], r["rule"])
        if key in merged:
            m = merged[key]
            m["positive"] |= r["positive"]
            m["note"] = (m["note"] or r["note"]) and not m["positive"]
            if r["positive"] or (r["note"] and m["note"]):
                m["verdict"] = r["verdict"]
        else:
            merged[key] = r
    return list(merged.values())


def adjudicate(rows, path):
    with open(path) as f:
        for raw in f:
            if raw.startswith("#") or raw.startswith("file\t") or not raw.strip():
                continue
            file, line, rule, verdict = raw.rstrip("\n").split("\t")[:4]
            hit = [r for r in rows if r["file"] == os.path.normpath(file) and r["line"] == int(line)
                   and r["rule"] == rule]
            if not hit:
                sys.exit(f"{path}: no label at {file}:{line} [{rule}]")
            for r in hit:
                r["positive"] = verdict.split(":")[0].strip() in ("report", "latent")
                r["note"] = verdict.split(":")[0].strip() == "note"
                r["adjudicated"] = True


def run(cuda_lint, corpus, root, corpora_dir, mode, jobs, pedantic=False):
    cmd = [cuda_lint, "--format=json", "--exit-zero", "--no-cache", "--color=never", "-j", str(jobs)]
    if pedantic:
        cmd.append("--pedantic")  # the notes too: a missed positive found as a note is said so
    # "args": the build's flags for a run without a database (a Makefile's -D and -I);
    # "db_args": what a database run needs beyond the database.
    extra = corpus.get("db_args" if mode == "db" else "args", [])
    cmd += [a.replace("{root}", root).replace("{corpora}", corpora_dir) for a in extra]
    if mode == "db":
        if not corpus.get("database"):
            return None
        cmd += ["-p", os.path.join(root, corpus["database"])]
        cmd += [os.path.join(root, p) for p in corpus.get("db_paths", [])]
    else:
        cmd += [os.path.join(root, p) for p in corpus.get("run_paths", corpus["paths"])]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if not out.stdout.strip():
        sys.exit(f"{corpus['name']}: cuda-lint printed nothing (exit {out.returncode}): "
                 f"{out.stderr.strip()[-400:]}")
    return json.loads(out.stdout)


def in_scope(rel, paths, line=None, ranges=None):
    """Whether REL (at LINE) is in the labelled scope: under PATHS and, for a file that RANGES
    lists ({file: [[first, last], ...]}), within one of its line ranges."""
    if ranges and line is not None and rel in ranges:
        if not any(a <= line <= b for a, b in ranges[rel]):
            return False
    for p in paths:
        p = os.path.normpath(p)
        if p == "." or rel == p or rel.startswith(p + os.sep):
            return True
    return False


def score_corpus(report, rows, root, paths, ranges=None):
    """Matches findings with labels; returns per-rule counters and the lists to print."""
    real = os.path.realpath(root)
    findings, notes, broken = [], [], set()
    for f in report["findings"]:
        rel = os.path.relpath(os.path.realpath(f["file"]), real)
        if f["rule"] == "clang-diagnostic-error":
            broken.add(rel)
            continue
        if rel.startswith("..") or not in_scope(rel, paths, f["line"], ranges):
            continue
        entry = (rel, f["line"], f["rule"])
        (findings if f["severity"] in ("warning", "error") else notes).append(entry)
    by_rule_file = defaultdict(list)
    for r in rows:
        by_rule_file[(r["rule"], r["file"])].append(r)

    def func_key(file, line):
        return enclosing_function(os.path.join(root, file), line)

    matched = {}  # id(row) -> finding
    result = []   # (finding, row or None)
    # Exact lines first, then the nearest free label within the window.
    pending = []
    for fnd in sorted(set(findings)):
        rel, line, rule = fnd
        cands = by_rule_file.get((rule, rel), [])
        exact = [r for r in cands if r["line"] == line]
        if rule == BARRIER and not exact:
            fk = func_key(rel, line)
            exact = [r for r in cands if func_key(rel, r["line"]) == fk and id(r) not in matched]
        if exact:
            row = next((r for r in exact if id(r) not in matched), exact[0])
            matched[id(row)] = fnd
            result.append((fnd, row))
        else:
            pending.append(fnd)
    for fnd in pending:
        rel, line, rule = fnd
        cands = [r for r in by_rule_file.get((rule, rel), [])
                 if abs(r["line"] - line) <= WINDOW and id(r) not in matched]
        row = min(cands, key=lambda r: abs(r["line"] - line)) if cands else None
        if row is not None:
            matched[id(row)] = fnd
        result.append((fnd, row))
    counters = defaultdict(lambda: {"tp": 0, "fp": 0, "un": 0, "found": 0, "pos": 0, "notes": 0,
                                    "npos": 0, "nfound": 0})
    wrong, unlabelled, missed = [], [], []
    for fnd, row in result:
        c = counters[fnd[2]]
        if row is None:
            c["un"] += 1
            unlabelled.append(fnd)
        elif row["positive"]:
            c["tp"] += 1
        else:
            c["fp"] += 1
            wrong.append((fnd, row))
    # Barriers: one positive per function (the guard), as the findings are.
    seen_barrier_funcs = set()
    # Notes join rows as findings do (exact lines first, then the nearest within the window),
    # each note one row: the positives no warning found and the rows labelled 'note'.
    want = [r for r in rows if id(r) not in matched and (r.get("note") or r["positive"])
            and r["rule"] != BARRIER]
    noted_rows, used = set(), set()
    for exact in (True, False):
        for r in want:
            if id(r) in noted_rows:
                continue
            near = [n for n in set(notes) if n not in used and n[0] == r["file"] and n[2] == r["rule"]
                    and (n[1] == r["line"] if exact else abs(n[1] - r["line"]) <= WINDOW)]
            if near:
                used.add(min(near, key=lambda n: abs(n[1] - r["line"])))
                noted_rows.add(id(r))

    for r in rows:
        if r.get("note"):
            # A note row: right when no warning is there (a warning on it is wrong, above);
            # with --pedantic, found when a note is.
            c = counters[r["rule"]]
            c["npos"] += 1
            c["nfound"] += id(r) in noted_rows
            if id(r) not in noted_rows and id(r) not in matched:
                missed.append((r, None))
            continue
        if not r["positive"]:
            continue
        if r["rule"] == BARRIER:
            key = (r["file"], func_key(r["file"], r["line"]))
            if key in seen_barrier_funcs:
                continue
            seen_barrier_funcs.add(key)
            hit = any(fnd[2] == BARRIER and (fnd[0], func_key(fnd[0], fnd[1])) == key
                      for fnd, _ in result)
        else:
            hit = id(r) in matched
        c = counters[r["rule"]]
        c["pos"] += 1
        if hit:
            c["found"] += 1
        else:
            as_note = id(r) in noted_rows
            c["notes"] += as_note
            missed.append((r, as_note))
    return counters, wrong, unlabelled, missed, sorted(broken)


def fmt_ratio(a, b):
    return f"{a}/{b} = {a / b:.1%}" if b else "-"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuda-lint", help="the binary to run (not needed with --report)")
    ap.add_argument("--corpora", default=".", help="directory holding the corpus checkouts")
    ap.add_argument("--corpora-file", required=True, action="append",
                    help="a corpora file (repeatable); labels are read beside it")
    ap.add_argument("--mode", choices=("nodb", "db"), default="nodb")
    ap.add_argument("--report", action="append", default=[], metavar="NAME=JSON",
                    help="score a saved cuda-lint JSON report for corpus NAME instead of running")
    ap.add_argument("--rules", help="score only these rules (comma-separated): the rules a set labels")
    ap.add_argument("--save", metavar="DIR", help="write each corpus's JSON report to DIR/NAME.json")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--verbose", action="store_true", help="list wrong and missed rows")
    ap.add_argument("--pedantic", action="store_true",
                    help="run cuda-lint with --pedantic: the positives it reports only as notes are "
                         "counted apart (\"N more as notes\"), never as found")
    args = ap.parse_args()
    saved = dict(r.split("=", 1) for r in args.report)
    total = defaultdict(lambda: {"tp": 0, "fp": 0, "un": 0, "found": 0, "pos": 0, "notes": 0,
                                 "npos": 0, "nfound": 0})
    failing = False
    print(f"mode: {args.mode}")
    for cf in args.corpora_file:
        with open(cf) as f:
            corpora = json.load(f)
        labels_dir = os.path.dirname(os.path.abspath(cf))
        for c in corpora:
            root = os.path.join(args.corpora, c["dir"])
            rows = load_labels(os.path.join(labels_dir, c["labels"]))
            if c.get("adjudications"):
                adjudicate(rows, os.path.join(labels_dir, c["adjudications"]))
            if c["name"] in saved:
                with open(saved[c["name"]]) as f:
                    report = json.load(f)
            else:
                if not os.path.isdir(root):
                    print(f"{c['name']}: no checkout at {root} ({c['repo']} @ {c['commit'][:12]})",
                          file=sys.stderr)
                    failing = True
                    continue
                if not args.cuda_lint:
                    sys.exit("--cuda-lint is needed to run a corpus without --report")
                report = run(args.cuda_lint, c, root, args.corpora, args.mode, args.jobs, args.pedantic)
                if report is None:
                    print(f"{c['name']}: no compile database; not scored in db mode")
                    continue
                if args.mode == "db" and not report["summary"]["translation_units"]:
                    # FindCUDA's cuda_add_library compiles .cu files outside the database.
                    print(f"{c['name']}: its compile database has no CUDA entries; not scored in db mode")
                    continue
                if args.save:
                    os.makedirs(args.save, exist_ok=True)
                    with open(os.path.join(args.save, c["name"] + ".json"), "w") as f:
                        json.dump(report, f)
            if args.rules:
                keep = set(args.rules.split(","))
                report = dict(report, findings=[f for f in report["findings"]
                                                if f["rule"] in keep or
                                                f["rule"] == "clang-diagnostic-error"])
                rows = [r for r in rows if r["rule"] in keep]
            counters, wrong, unlabelled, missed, broken = score_corpus(report, rows, root, c["paths"],
                                                                      c.get("ranges"))
            s = report["summary"]
            print(f"{c['name']}: {len(rows)} rows; translation units {s['translation_units']}, "
                  f"with compile errors {len(broken)}")
            for b in broken:
                print(f"  DOES NOT PARSE {b}")
            for rule in sorted(counters):
                k = counters[rule]
                for key in k:
                    total[rule][key] += k[key]
            for fnd, row in wrong:
                print(f"  WRONG  {fnd[0]}:{fnd[1]} [{fnd[2]}] label {row['verdict']} at line {row['line']}")
            for row, as_note in missed if args.verbose else []:
                if as_note is None:  # a note row no note found (counted only with --pedantic)
                    if args.pedantic:
                        print(f"  MISSED NOTE {row['file']}:{row['line']} [{row['rule']}]"
                              f"  {row['text'][:60]}")
                    continue
                print(f"  MISSED {row['file']}:{row['line']} [{row['rule']}]" +
                      (" (reported as a note)" if as_note else "") + f"  {row['text'][:60]}")
            for fnd in unlabelled:
                print(f"  UNLABELLED {fnd[0]}:{fnd[1]} [{fnd[2]}]")
            failing |= bool(unlabelled)
    # Precision is right / (right + wrong); unlabelled findings are listed above and must be judged.
    print(f"{'rule':<38}{'findings':>9}{'right':>7}{'wrong':>7}{'unlabelled':>11}{'precision':>11}   recall")
    for rule in sorted(total):
        k = total[rule]
        n = k["tp"] + k["fp"]
        prec = f"{k['tp'] / n:.1%}" if n else "-"
        extra = f" ({k['notes']} more as notes)" if k["notes"] else ""
        if k["npos"] and args.pedantic:
            extra += f"; note rows found as notes {fmt_ratio(k['nfound'], k['npos'])}"
        bar = " (error)" if rule in ERROR_RULES else ""
        print(f"{rule + bar:<38}{n + k['un']:>9}{k['tp']:>7}{k['fp']:>7}{k['un']:>11}{prec:>11}   "
              f"{fmt_ratio(k['found'], k['pos'])}{extra}")
    return 1 if failing else 0


if __name__ == "__main__":
    sys.exit(main())
