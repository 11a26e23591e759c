#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Precision and recall of warp-divergent-branch / barrier-in-divergent-branch on hand-labelled
real code (docs/rules/warp-divergent-branch.md, "Precision on real code").

    scripts/divergence-precision.py --cuda-lint build/analyzer/cuda-lint --corpora DIR
    scripts/divergence-precision.py --cuda-lint build/analyzer/cuda-lint --corpora DIR \
        --corpora-file docs/precision/blind-2026-11-22/corpora.json

DIR holds a checkout of each corpus of the corpora file (docs/precision/corpora.json unless
--corpora-file names another; fetch them yourself at the listed commits; none is part of this
repository). The script runs cuda-lint on each, joins its findings with the labels-<corpus>.tsv
beside the corpora file and prints one row per corpus, a total, and a row per rule (for
warp-divergent-branch, recall over the branches labelled lane-split or shrinking-threshold).

Labels: one row per branch a person judged (file, line, kernel, construct, condition, block
shape, category, verdict, why[, adjudication]). verdict 'report' and 'latent' (a barrier that
the corpus's own launches never break) are positives, 'silent' negatives. A tenth column, when
present, overrides the labeller's verdict after adjudication ('silent: why' / 'report: why').
For a blind set whose label files are frozen (their hashes recorded), the adjudications live in a
file of their own that the corpus names in the corpora file ("adjudications": file, line, then
'silent: why' / 'report: why'), so that the labellers' files keep their hashes.
A finding with no label row is printed as UNLABELLED and makes the script exit 1: every finding
must be judged. Barriers are counted per function: one error per divergent guard is the
contract, however many barriers follow it. A barrier reached through a call is reported at the
call; its note "the barrier it executes is here" joins it with the label of that barrier.
"""
import argparse
import json
import os
import subprocess
import sys
from collections import defaultdict

from source_functions import enclosing_function

HERE = os.path.dirname(os.path.abspath(__file__))
DOCS = os.path.join(HERE, "..", "docs", "precision")
RULES = ("warp-divergent-branch", "barrier-in-divergent-branch")


def load_labels(path):
    """{(file, line, rule): (positive, category)}"""
    labels = {}
    with open(path) as f:
        for raw in f:
            if raw.startswith("#") or raw.startswith("file\t") or not raw.strip():
                continue
            c = raw.rstrip("\n").split("\t")
            verdict = c[7]
            if len(c) > 9 and c[9].strip():
                verdict = c[9].split(":")[0].strip()
            rule = RULES[1] if c[6] == "barrier" else RULES[0]
            labels[(c[0], int(c[1]), rule)] = (verdict in ("report", "latent"), c[6])
    return labels


def adjudicate(labels, path):
    """Applies the rows of an adjudications file (file, line, 'verdict: why') to LABELS."""
    with open(path) as f:
        for raw in f:
            if raw.startswith("#") or raw.startswith("file\t") or not raw.strip():
                continue
            file, line, verdict = raw.rstrip("\n").split("\t")[:3]
            keys = [k for k in labels if k[0] == file and k[1] == int(line)]
            if not keys:
                sys.exit(f"{path}: no label at {file}:{line}")
            for k in keys:
                labels[k] = (verdict.split(":")[0].strip() in ("report", "latent"), labels[k][1])


def run(cuda_lint, corpus, root, jobs):
    cmd = [cuda_lint, "--format=json", "--exit-zero", "--color=never", "-j", str(jobs),
           "--rules=" + ",".join(RULES)]
    cmd += [a.replace("{root}", root) for a in corpus.get("args", [])]
    cmd += [os.path.join(root, p) for p in corpus["paths"]]
    # Exit 2 when some files do not parse (Rodinia's texture references): still a report.
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    if out.returncode not in (0, 2) or not out.stdout.strip():
        return None, f"cuda-lint failed (exit {out.returncode})"
    report = json.loads(out.stdout)
    real = os.path.realpath(root)
    found = {}
    for f in report["findings"]:
        if f["rule"] in RULES and f["severity"] in ("warning", "error"):
            key = (os.path.relpath(os.path.realpath(f["file"]), real), f["line"], f["rule"])
            # A barrier reached through a call is reported at the call; the label
            # names the barrier, which a note locates.
            found[key] = [(os.path.relpath(os.path.realpath(n["file"]), real), n["line"], f["rule"])
                          for n in f.get("notes", [])
                          if n.get("file") and n.get("line") and f["rule"] == RULES[1] and
                          n["message"].startswith("the barrier it executes is here")]
    s = report["summary"]
    return found, f"{s['translation_units'] - s['failed_translation_units']}/{s['translation_units']}"


def score(found, labels, root, rules=RULES, categories=None):
    """(true positives, false positives, positives found, positives) with barriers per function,
    for the findings and labels of RULES; recall only over the labels of CATEGORIES when given."""
    def key(k):
        if k[2] != RULES[1]:
            return k
        return (k[0], enclosing_function(os.path.join(root, k[0]), k[1]), k[2])
    tp = fp = 0
    unlabelled, wrong = [], []
    for k in sorted(found):
        if k[2] not in rules:
            continue
        label = next((labels[a] for a in [k] + found[k] if a in labels), None)
        if label is None:
            unlabelled.append(k)
        elif label[0]:
            tp += 1
        else:
            fp += 1
            wrong.append(k)
    positives = {key(k): k for k, (pos, cat) in labels.items()
                 if pos and k[2] in rules and (categories is None or cat in categories)}
    hit = {key(a) for k in found for a in [k] + found[k]}
    missed = sorted(v for k, v in positives.items() if k not in hit)
    return tp, fp, len(positives.keys() & hit), len(positives), unlabelled, wrong, missed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cuda-lint", required=True)
    ap.add_argument("--corpora", required=True, help="directory holding the corpus checkouts")
    ap.add_argument("--corpora-file", default=os.path.join(DOCS, "corpora.json"),
                    help="the corpora to score (default docs/precision/corpora.json); their "
                         "labels are read from the file's directory")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--verbose", action="store_true", help="list wrong and missed findings")
    args = ap.parse_args()
    with open(args.corpora_file) as f:
        corpora = json.load(f)
    labels_dir = os.path.dirname(os.path.abspath(args.corpora_file))
    rows, totals, missing = [], [0, 0, 0, 0], False
    # Per rule, over the corpora with recall: warp-divergent-branch's recall counts the branches
    # labelled lane-split or shrinking-threshold (the categories it reports).
    per_rule = {r: [0, 0, 0, 0] for r in RULES}
    rule_categories = {RULES[0]: ("lane-split", "shrinking-threshold"), RULES[1]: None}
    for c in corpora:
        root = os.path.join(args.corpora, c["dir"])
        if not os.path.isdir(root):
            print(f"{c['name']}: no checkout at {root} ({c['repo']} @ {c['commit'][:12]})", file=sys.stderr)
            missing = True
            continue
        labels = load_labels(os.path.join(labels_dir, c["labels"]))
        if c.get("adjudications"):
            adjudicate(labels, os.path.join(labels_dir, c["adjudications"]))
        found, parsed = run(args.cuda_lint, c, root, args.jobs)
        if found is None:  # e.g. ggml without its configured build directory
            print(f"{c['name']}: {parsed}; not scored", file=sys.stderr)
            missing = True
            continue
        tp, fp, found_pos, pos, unlabelled, wrong, missed = score(found, labels, root)
        for r in RULES:
            rtp, rfp, rfound, rpos = score(found, labels, root, (r,), rule_categories[r])[:4]
            acc = per_rule[r]
            acc[0] += rtp
            acc[1] += rfp
            if c.get("recall", True):
                acc[2] += rfound
                acc[3] += rpos
        if args.verbose:
            for k in wrong:
                print(f"WRONG  {c['name']}: {k[0]}:{k[1]} [{k[2]}]", file=sys.stderr)
            for k in missed if c.get("recall", True) else []:
                print(f"MISSED {c['name']}: {k[0]}:{k[1]} [{k[2]}]", file=sys.stderr)
        for k in unlabelled:
            print(f"UNLABELLED {c['name']}: {k[0]}:{k[1]} [{k[2]}]", file=sys.stderr)
        missing |= bool(unlabelled)
        recall = c.get("recall", True)
        rows.append((c["name"], parsed, tp + fp, tp, fp, f"{tp / (tp + fp):.1%}" if tp + fp else "-",
                     f"{found_pos}/{pos} = {found_pos / pos:.1%}" if recall and pos else "not labelled"))
        totals[0] += tp
        totals[1] += fp
        if recall:
            totals[2] += found_pos
            totals[3] += pos
    print(f"{'corpus':<14}{'files parsed':>13}{'findings':>9}{'right':>7}{'wrong':>7}{'precision':>11}   recall")
    for r in rows:
        print(f"{r[0]:<14}{r[1]:>13}{r[2]:>9}{r[3]:>7}{r[4]:>7}{r[5]:>11}   {r[6]}")
    tp, fp, fp_found, pos = totals
    if tp + fp:
        print(f"{'total':<14}{'':>13}{tp + fp:>9}{tp:>7}{fp:>7}{tp / (tp + fp):>11.1%}   " +
              (f"{fp_found}/{pos} = {fp_found / pos:.1%}" if pos else ""))
    for r in RULES:
        tp, fp, found_pos, pos = per_rule[r]
        what = " (lane-split, shrinking-threshold)" if rule_categories[r] else ""
        print(f"  {r}: {tp + fp} findings, {tp} right, {fp} wrong, precision " +
              (f"{tp / (tp + fp):.1%}" if tp + fp else "-") + "; recall" + what + " " +
              (f"{found_pos}/{pos} = {found_pos / pos:.1%}" if pos else "-"))
    sys.stdout.flush()
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
