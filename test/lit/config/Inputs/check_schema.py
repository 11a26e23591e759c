#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks docs/cuda-lint.schema.json against cuda-lint's configuration parser.

    check_schema.py SCHEMA CUDA_LINT WORKDIR YAML_FILE_OR_MARKDOWN...

1. Every key the parser accepts (what it lists as "valid keys" for an unknown key, at the top and
   under rules:) is a property of the schema, and the schema has no key the parser refuses.
2. Each configuration given validates against the schema and is accepted by cuda-lint
   (--dump-config); from a Markdown file, each ```yaml block is one configuration.
3. Configurations the parser refuses for their shape are refused by the schema too.
Prints one line per check and exits 1 when one fails.
"""
import json
import os
import re
import subprocess
import sys

import jsonschema
import yaml


def valid_keys(cuda_lint, workdir, text):
    """The keys the parser lists in its "unknown key" error for the configuration TEXT."""
    with open(os.path.join(workdir, ".cuda-lint.yaml"), "w") as f:
        f.write(text)
    run = subprocess.run([cuda_lint, "--dump-config", workdir], capture_output=True, text=True)
    m = re.search(r"\(valid keys: ([^)]*)\)", run.stderr)
    if run.returncode != 2 or not m:
        sys.exit("unexpected answer to an unknown key: rc %d, %r" % (run.returncode, run.stderr))
    return sorted(k.strip() for k in m.group(1).split(","))


def accepted(cuda_lint, workdir, text):
    with open(os.path.join(workdir, ".cuda-lint.yaml"), "w") as f:
        f.write(text)
    run = subprocess.run([cuda_lint, "--dump-config", workdir], capture_output=True, text=True)
    return run.returncode == 0, run.stderr.strip()


def configurations(path):
    text = open(path).read()
    if path.endswith(".md"):
        return [(path + " block %d" % (i + 1), block)
                for i, block in enumerate(re.findall(r"```yaml\n(.*?)```", text, re.S))]
    return [(path, text)]


def main():
    schema_path, cuda_lint, workdir = sys.argv[1:4]
    schema = json.load(open(schema_path))
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    failed = False

    top = valid_keys(cuda_lint, workdir, "no-such-key: 1\n")
    under_rules = valid_keys(cuda_lint, workdir, "rules:\n  no-such-key: [x]\n")
    for where, parser, props in (("top level", top, schema["properties"]),
                                 ("rules", under_rules, schema["properties"]["rules"]["properties"])):
        missing = sorted(set(parser) - set(props))
        extra = sorted(set(props) - set(parser))
        print("keys at %s: parser %s; missing from the schema %s; unknown to the parser %s"
              % (where, parser, missing, extra))
        failed |= bool(missing or extra)

    for name, text in [c for p in sys.argv[4:] for c in configurations(p)]:
        errors = [e.message for e in validator.iter_errors(yaml.safe_load(text))]
        ok, why = accepted(cuda_lint, workdir, text)
        print("%s: schema %s, cuda-lint %s" % (os.path.basename(name) if not name.endswith(".md")
                                                else name.split("/")[-1],
                                                "valid" if not errors else "invalid: %s" % errors,
                                                "accepts" if ok else "refuses: %s" % why))
        failed |= bool(errors) or not ok

    # Shapes the parser refuses are refused by the schema as well.
    for text in ("rules: [a]\n", "severity:\n  default-stream-launch: fatal\n",
                 "occupancy-threshold: 2\n", "archs: [90]\n", "inherit: maybe\n",
                 "include: src\n", "colour: red\n"):
        errors = list(validator.iter_errors(yaml.safe_load(text)))
        ok, _ = accepted(cuda_lint, workdir, text)
        print("%r: schema %s, cuda-lint %s" % (text, "refuses" if errors else "ACCEPTS",
                                               "ACCEPTS" if ok else "refuses"))
        failed |= not errors or ok
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
