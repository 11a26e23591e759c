#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Measures the size of --export-facts files per translation unit (docs/scale.md).

    facts-size.py --cuda-lint BIN [-p BUILD] [--max-files N] FILE_OR_DIR...

Each CUDA file (.cu; a directory is searched) is analysed alone with `--export-facts`, as one
shard's TU, and the size of its facts file is printed, then the smallest, median, mean and largest
per TU. With -p, files come from the compilation database when none is given. The result cache is
off (CUDA_LINT_NO_CACHE=1), so every TU is analysed.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def cuda_files(paths, database, limit):
    files = []
    if not paths and database:
        with open(os.path.join(database, 'compile_commands.json')) as f:
            files = [os.path.join(e['directory'], e['file']) for e in json.load(f)
                     if e['file'].endswith('.cu')]
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                files += [os.path.join(root, n) for n in sorted(names) if n.endswith('.cu')]
        else:
            files.append(p)
    seen, unique = set(), []
    for f in files:
        if f not in seen:
            seen.add(f)
            unique.append(f)
    return unique[:limit] if limit else unique


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--cuda-lint', required=True)
    parser.add_argument('-p', dest='build')
    parser.add_argument('--max-files', type=int, default=0)
    parser.add_argument('paths', nargs='*')
    args = parser.parse_args()
    files = cuda_files(args.paths, args.build, args.max_files)
    if not files:
        print('facts-size: no .cu files', file=sys.stderr)
        return 2
    env = dict(os.environ, CUDA_LINT_NO_CACHE='1')
    sizes = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, path in enumerate(files):
            out = os.path.join(tmp, f'{i}.facts')
            cmd = [args.cuda_lint, '--quiet', '--export-facts', out]
            if args.build:
                cmd += ['-p', args.build]
            proc = subprocess.run(cmd + [path], env=env, capture_output=True, text=True)
            if not os.path.exists(out):
                print(f'facts-size: {path}: no facts file (exit {proc.returncode}): '
                      f'{proc.stderr.strip()[:200]}', file=sys.stderr)
                continue
            size = os.path.getsize(out)
            sizes.append(size)
            print(f'{size / 1024:8.1f} KiB  {path}')
    if not sizes:
        return 1
    print(f'{len(sizes)} TUs: facts per TU min {min(sizes) / 1024:.1f} KiB, median '
          f'{statistics.median(sizes) / 1024:.1f} KiB, mean {statistics.mean(sizes) / 1024:.1f} KiB, '
          f'max {max(sizes) / 1024:.1f} KiB')
    return 0


if __name__ == '__main__':
    sys.exit(main())
