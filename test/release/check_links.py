#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Follows every relative link of the Markdown files under a directory (an installed prefix).

    check_links.py DIR

A link is an inline link or image, [text](target), or a reference definition, [id]: target,
outside code blocks and code spans. Relative targets must name a file or directory that exists
under DIR, and a #fragment must name a heading of the Markdown file it points at (GitHub's
anchors: lower case, punctuation dropped, spaces as '-'). Absolute URLs are not fetched. Exit
status 1 with each dead link listed, else 0 with the count of links followed.
"""
import os
import re
import sys

INLINE = re.compile(r'\]\((<[^>]*>|[^)\s]+)')
REFDEF = re.compile(r'^ {0,3}\[[^\]]+\]:[ \t]*(<[^>]*>|\S+)', re.M)
CODE_SPAN = re.compile(r'`+[^`]*`+')
FENCE = re.compile(r'^ {0,3}(```|~~~)')
HEADING = re.compile(r'^#{1,6}\s+(.*?)\s*#*\s*$')


def links(text):
    in_fence = False
    for number, line in enumerate(text.splitlines(), 1):
        if FENCE.match(line):
            in_fence = not in_fence
            continue
        if in_fence:
            continue
        line = CODE_SPAN.sub('', line)
        for m in list(INLINE.finditer(line)) + list(REFDEF.finditer(line)):
            target = m.group(1)
            yield number, target[1:-1] if target.startswith('<') else target


def anchors(path, cache={}):
    if path not in cache:
        found, in_fence, seen = set(), False, {}
        with open(path, encoding='utf-8') as f:
            for line in f:
                if FENCE.match(line):
                    in_fence = not in_fence
                m = None if in_fence else HEADING.match(line)
                if m:
                    slug = re.sub(r'[^\w\- ]', '', m.group(1).strip().lower()).replace(' ', '-')
                    n = seen.get(slug, 0)
                    seen[slug] = n + 1
                    found.add(slug if n == 0 else f'{slug}-{n}')
                    found.update(re.findall(r'<a (?:name|id)="([^"]+)"', line))
        cache[path] = found
    return cache[path]


def main():
    root = os.path.abspath(sys.argv[1])
    dead, followed, pages = [], 0, 0
    for base, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith('.md'):
                continue
            page = os.path.join(base, name)
            pages += 1
            with open(page, encoding='utf-8') as f:
                text = f.read()
            for number, target in links(text):
                if target.startswith('/') or re.match(r'[A-Za-z][A-Za-z0-9+.-]*:', target):
                    continue
                followed += 1
                path, _, fragment = target.partition('#')
                resolved = os.path.normpath(os.path.join(base, path)) if path else page
                where = f'{os.path.relpath(page, root)}:{number}: {target}'
                if not resolved.startswith(root + os.sep) and resolved != root:
                    dead.append(f'{where} (outside the installed tree)')
                elif not os.path.exists(resolved):
                    dead.append(f'{where} ({os.path.relpath(resolved, root)} is not installed)')
                elif fragment and resolved.endswith('.md') and fragment not in anchors(resolved):
                    dead.append(f'{where} (no heading #{fragment} in {os.path.relpath(resolved, root)})')
    for d in dead:
        print(f'dead link: {d}', file=sys.stderr)
    print(f'{"FAIL" if dead else "ok"}: {followed} relative links in {pages} Markdown files under '
          f'{root}, {len(dead)} dead')
    return 1 if dead or pages == 0 else 0


if __name__ == '__main__':
    sys.exit(main())
