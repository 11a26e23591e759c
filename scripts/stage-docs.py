#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Stages the documentation that `cmake --install` puts in share/doc/cuda-lint (cmake/Install.cmake).

    stage-docs.py --src SRC --build-info BUILD/generated/BuildInfo.cmake --maintainer WHO
                  --out DIR --rules-out RULES_DIR

DIR gets the repository's layout of what is installed: README.md, docs/*.md, docs/rules/*.md, the
licence (LICENSE, THIRD-PARTY-NOTICES.md, Debian's machine-readable `copyright`) and a Debian
`changelog.gz` of this build's version. A relative link that points at a file installed beside it
is kept; one that points at a file of the repository that is not installed (a script, a test, a
source directory) becomes a link to that file on GitHub at this build's commit or release tag, the
ref that SARIF's helpUri uses. RULES_DIR (share/cuda-lint/docs/rules, what --explain and SARIF's
help read) gets the rule pages the same way, with only the links between rule pages kept
relative. A relative link to nothing in the repository is an error: the installed tree has no
dead relative link (test/release/check_links.py, ctest release.doc-links).
"""
import argparse
import gzip
import io
import os
import re
import sys

REPO_URL = 'https://github.com/cuda-lint/cuda-lint'
# Inline links and images: [text](target "title"), and reference definitions: [id]: target.
INLINE = re.compile(r'(\]\()(<[^>]*>|[^)\s]+)')
REFDEF = re.compile(r'^( {0,3}\[[^\]]+\]:[ \t]*)(<[^>]*>|\S+)', re.M)
CODE_SPAN = re.compile(r'(`+[^`]*`+)')
FENCE = re.compile(r'^ {0,3}(```|~~~)')


def build_info(path):
    values = {}
    with open(path, encoding='utf-8') as f:
        for m in re.finditer(r'set\((\w+) "([^"]*)"\)', f.read()):
            values[m.group(1)] = m.group(2)
    return values


def is_relative(target):
    return not (target.startswith('#') or target.startswith('/') or
                re.match(r'[A-Za-z][A-Za-z0-9+.-]*:', target))


def rewrite(text, source_rel, installed, src, ref, errors):
    """Rewrites the relative links of one page, SOURCE_REL being its path in the repository."""
    def fix(target):
        bare = target[1:-1] if target.startswith('<') else target
        if not is_relative(bare):
            return target
        path, _, fragment = bare.partition('#')
        resolved = os.path.normpath(os.path.join(os.path.dirname(source_rel), path))
        if resolved in installed or any(i.startswith(resolved + '/') for i in installed):
            return target
        if resolved.startswith('..') or not os.path.exists(os.path.join(src, resolved)):
            errors.append(f'{source_rel}: link to {bare}, which is not in the repository')
            return target
        kind = 'tree' if os.path.isdir(os.path.join(src, resolved)) else 'blob'
        return f'{REPO_URL}/{kind}/{ref}/{resolved}' + (f'#{fragment}' if fragment else '')

    out, in_fence = [], False
    for line in text.splitlines(keepends=True):
        if FENCE.match(line):
            in_fence = not in_fence
        if in_fence or FENCE.match(line):
            out.append(line)
            continue
        # Code spans (`table[i](args)`) hold no links.
        parts = CODE_SPAN.split(line)
        for i in range(0, len(parts), 2):
            parts[i] = INLINE.sub(lambda m: m.group(1) + fix(m.group(2)), parts[i])
            parts[i] = REFDEF.sub(lambda m: m.group(1) + fix(m.group(2)), parts[i])
        out.append(''.join(parts))
    return ''.join(out)


def changelog(info, date):
    version = info['CUDA_LINT_BUILD_DEB_VERSION']
    commit = info.get('CUDA_LINT_BUILD_COMMIT') or 'v' + info['CUDA_LINT_BUILD_VERSION']
    text = (f'cuda-lint ({version}) unstable; urgency=medium\n\n'
            f'  * cuda-lint {info["CUDA_LINT_BUILD_VERSION"]},\n'
            f'    built from {commit}.\n'
            f'    Changes: {REPO_URL}/commits\n\n'
            f' -- {info["CUDA_LINT_MAINTAINER"]}  {date}\n')
    raw = io.BytesIO()
    # mtime 0 and no file name: the same bytes at every build of one version.
    with gzip.GzipFile(filename='', mode='wb', fileobj=raw, compresslevel=9, mtime=0) as gz:
        gz.write(text.encode())
    return raw.getvalue()


def write_if_changed(path, data):
    if isinstance(data, str):
        data = data.encode()
    if os.path.exists(path):
        with open(path, 'rb') as f:
            if f.read() == data:
                return
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'wb') as f:
        f.write(data)


def remove_others(top, keep):
    for root, _, files in os.walk(top):
        for name in files:
            if os.path.relpath(os.path.join(root, name), top) not in keep:
                os.remove(os.path.join(root, name))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--src', required=True)
    parser.add_argument('--build-info', required=True)
    parser.add_argument('--maintainer', required=True)
    parser.add_argument('--out', required=True)
    parser.add_argument('--rules-out', required=True)
    args = parser.parse_args()
    src = os.path.abspath(args.src)
    info = build_info(args.build_info)
    info['CUDA_LINT_MAINTAINER'] = args.maintainer
    ref = info.get('CUDA_LINT_BUILD_DOCS_REF') or 'v' + info['CUDA_LINT_BUILD_VERSION']
    info['CUDA_LINT_BUILD_DOCS_REF'] = ref

    pages = ['README.md']
    for sub in ('docs', 'docs/rules'):
        pages += sorted(f'{sub}/{n}' for n in os.listdir(os.path.join(src, sub)) if n.endswith('.md'))
    copied = ['LICENSE', 'THIRD-PARTY-NOTICES.md']
    installed = set(pages) | set(copied)

    errors = []
    for page in pages:
        with open(os.path.join(src, page), encoding='utf-8') as f:
            text = f.read()
        write_if_changed(os.path.join(args.out, page), rewrite(text, page, installed, src, ref, errors))
    for name in copied:
        with open(os.path.join(src, name), 'rb') as f:
            write_if_changed(os.path.join(args.out, name), f.read())
    with open(os.path.join(src, 'packaging/debian/copyright'), 'rb') as f:
        write_if_changed(os.path.join(args.out, 'copyright'), f.read())
    write_if_changed(os.path.join(args.out, 'changelog.gz'), changelog(info, info['CUDA_LINT_BUILD_DATE']))
    rule_pages = [p for p in pages if p.startswith('docs/rules/')]
    for page in rule_pages:
        with open(os.path.join(src, page), encoding='utf-8') as f:
            text = f.read()
        write_if_changed(os.path.join(args.rules_out, os.path.basename(page)),
                         rewrite(text, page, set(rule_pages), src, ref, errors))
    # Pages removed from the repository leave the staged trees too.
    remove_others(args.out, installed | {'copyright', 'changelog.gz'})
    remove_others(args.rules_out, {os.path.basename(p) for p in rule_pages})
    if errors:
        print('stage-docs: dead relative links in the documentation:\n  ' + '\n  '.join(errors),
              file=sys.stderr)
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
