#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks that every source and script file of cuda-lint names its licence in an SPDX line.

    check-spdx.py [--root DIR] [--fix]

Every file that git tracks (or, outside a checkout, every file under the root) whose kind is
source or script -- C++ and CUDA sources and headers, Python, shell, Lua, TypeScript and
JavaScript, CMake files, the templates that configure into scripts (*.in), and the YAML that runs
code (action.yml, .pre-commit-hooks.yaml) -- carries, in its first five lines,

    SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception

in its language's comment syntax. Exempt are the inputs that tests and the analyzer read with
their line numbers (test/lit's C++/CUDA files and .test scripts, the reference kernels/*.cu and
kernels/studies/, the fuzz seeds), documentation and data. --fix adds the line where it is missing
(after a shebang, or after the first line of an LLVM-style `//===- name -===//` banner).
Exit status 0 when none is missing, 1 otherwise (each missing file is listed), as CTest runs it
(spdx-headers).
"""
import argparse
import os
import re
import subprocess
import sys

LICENSE_ID = 'Apache-2.0 WITH LLVM-exception'
TAG = 'SPDX-License-Identifier: ' + LICENSE_ID

HASH = '#'
SLASHES = '//'
DASHES = '--'
COMMENT_BY_SUFFIX = {
    '.cpp': SLASHES, '.cc': SLASHES, '.h': SLASHES, '.hpp': SLASHES, '.cu': SLASHES,
    '.cuh': SLASHES, '.ts': SLASHES, '.js': SLASHES, '.mjs': SLASHES, '.cjs': SLASHES,
    '.py': HASH, '.sh': HASH, '.bash': HASH, '.cmake': HASH, '.in': HASH,
    '.lua': DASHES,
}
COMMENT_BY_NAME = {
    'CMakeLists.txt': HASH, 'action.yml': HASH, '.pre-commit-hooks.yaml': HASH,
}
# Read by tests or by the analyzer with their line numbers, or data: no header.
EXEMPT = [
    re.compile(r'^test/lit/.*\.(cu|cuh|cpp|cc|h|hpp|test)$'),
    re.compile(r'^test/lit/.*/Inputs/.*\.(cu|cuh|cpp|cc|h|hpp|json|yaml|yml|txt)$'),
    re.compile(r'^kernels/[^/]*\.(cu|cuh|h)$'),
    re.compile(r'^kernels/studies/'),
    re.compile(r'^kernels/occupancy_check/results/'),
    re.compile(r'^test/unit/fuzz/seeds/'),
    re.compile(r'^docs/'),
    re.compile(r'(^|/)node_modules/'),
    re.compile(r'^editors/vscode/out/'),
]


def comment_of(path):
    name = os.path.basename(path)
    if name in COMMENT_BY_NAME:
        return COMMENT_BY_NAME[name]
    return COMMENT_BY_SUFFIX.get(os.path.splitext(name)[1])


def tracked_files(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z'], check=True,
                             capture_output=True).stdout.decode()
        return [p for p in out.split('\0') if p]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for base, dirs, names in os.walk(root):
            dirs[:] = [d for d in dirs if d not in ('.git', 'build') and not d.startswith('build-')]
            files += [os.path.relpath(os.path.join(base, n), root) for n in names]
        return files


def needs_header(path):
    return comment_of(path) is not None and not any(e.search(path) for e in EXEMPT)


def has_header(text):
    return any(TAG in line for line in text.splitlines()[:5])


def add_header(text, comment):
    lines = text.splitlines(keepends=True)
    at = 0
    if lines and (lines[0].startswith('#!') or re.match(r'^//===.*===//\s*$', lines[0])):
        at = 1
    lines.insert(at, f'{comment} {TAG}\n')
    return ''.join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--root', default=os.path.join(os.path.dirname(os.path.abspath(__file__)), '..'))
    parser.add_argument('--fix', action='store_true', help='add the line where it is missing')
    args = parser.parse_args()
    root = os.path.abspath(args.root)

    checked, missing = 0, []
    for path in sorted(tracked_files(root)):
        if not needs_header(path) or not os.path.isfile(os.path.join(root, path)):
            continue
        checked += 1
        full = os.path.join(root, path)
        with open(full, encoding='utf-8', errors='surrogateescape') as f:
            text = f.read()
        if has_header(text):
            continue
        if args.fix:
            with open(full, 'w', encoding='utf-8', errors='surrogateescape') as f:
                f.write(add_header(text, comment_of(path)))
            print(f'check-spdx: added the SPDX line to {path}')
        else:
            missing.append(path)
    if missing:
        print(f'check-spdx: {len(missing)} of {checked} source and script files have no '
              f'"{TAG}" line in their first five lines:', file=sys.stderr)
        for path in missing:
            print(f'  {path}', file=sys.stderr)
        print('check-spdx: add it with scripts/check-spdx.py --fix', file=sys.stderr)
        return 1
    print(f'check-spdx: all {checked} source and script files carry "{TAG}"')
    return 0


if __name__ == '__main__':
    sys.exit(main())
