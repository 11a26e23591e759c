#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks action.yml and .pre-commit-hooks.yaml of a source tree; prints what it verified.

usage: check_action.py SRC_ROOT
Fails on a missing input, a run step without a shell, a script that does not exist or is not
executable, an input used in a run script directly (${{ inputs.x }} in `run:` is a script
injection), or a hook without the cuda type.
"""
import os
import re
import sys

import yaml

root = sys.argv[1]
problems = []
action = yaml.safe_load(open(os.path.join(root, "action.yml")))
runs = action["runs"]
if runs.get("using") != "composite":
    problems.append("runs.using is %r, not composite" % runs.get("using"))
inputs = action.get("inputs", {})
for name in ("paths", "build-dir", "format", "extra-args"):
    if name not in inputs or "description" not in inputs[name]:
        problems.append("input %s is missing or undocumented" % name)
print("inputs: " + " ".join(sorted(inputs)))
print("outputs: " + " ".join(sorted(action.get("outputs", {}))))
uses = []
for step in runs["steps"]:
    if "run" in step:
        if step.get("shell") != "bash":
            problems.append("step %r has no bash shell" % step.get("name"))
        if "${{" in step["run"]:
            problems.append("step %r expands an expression inside its script" % step.get("name"))
        for script, sub in re.findall(r'\$GITHUB_ACTION_PATH/([\w./-]+)"? *([\w-]*)', step["run"]):
            path = os.path.join(root, script)
            if not os.access(path, os.X_OK):
                problems.append("step %r runs %s, which is not an executable file" % (step.get("name"), script))
            else:
                print(("runs: %s %s" % (script, sub)).rstrip() + (" if: " + step["if"].strip("${} ") if "if" in step else ""))
    elif "uses" in step:
        uses.append(step["uses"])
print("uses: " + " ".join(uses))

hooks = yaml.safe_load(open(os.path.join(root, ".pre-commit-hooks.yaml")))
for hook in hooks:
    print("hook: %s types_or=%s language=%s entry=%s" % (hook["id"], hook.get("types_or"),
                                                      hook["language"], hook["entry"]))
    if hook["language"] == "script" and not os.access(os.path.join(root, hook["entry"]), os.X_OK):
        problems.append("hook %s: %s is not executable" % (hook["id"], hook["entry"]))
for p in problems:
    print("problem: " + p)
sys.exit(1 if problems else 0)
