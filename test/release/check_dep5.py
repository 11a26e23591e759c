#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Checks a Debian copyright file against the machine-readable format 1.0 (DEP-5).

    check_dep5.py FILE

https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/: paragraphs of fields separated
by blank lines; the header paragraph's Format is the format's URL; each Files paragraph has Files,
Copyright and License; a License field whose first line is only a short name needs, unless it
holds its text below, a stand-alone License paragraph with that name and a text; every stand-alone
License paragraph is used; continuation lines start with a space, empty ones are " .".
Prints each problem and exits 1 when there is one.
"""
import re
import sys

FORMAT = 'https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/'
FIELD = re.compile(r'^([A-Za-z][A-Za-z0-9-]*):(.*)$')


def paragraphs(text, problems):
    paras, current, last = [], {}, None
    for number, line in enumerate(text.split('\n'), 1):
        if line.strip() == '':
            if line:
                problems.append(f'line {number}: a blank line holds whitespace')
            if current:
                paras.append(current)
            current, last = {}, None
        elif line[0] in ' \t':
            if last is None:
                problems.append(f'line {number}: a continuation line without a field')
            elif line.strip() != '.' and line.strip() == '':
                problems.append(f'line {number}: an empty continuation line is not " ."')
            else:
                current[last][1].append(line[1:])
        else:
            m = FIELD.match(line)
            if not m:
                problems.append(f'line {number}: not a field: {line!r}')
                continue
            last = m.group(1).lower()
            if last in current:
                problems.append(f'line {number}: field {m.group(1)} twice in one paragraph')
            current[last] = (m.group(2).strip(), [])
    if current:
        paras.append(current)
    return paras


def short_names(expression):
    """The licence names in a License expression ('A and B or C with X exception')."""
    expression = re.sub(r'\s+with\s+\S+\s+exception', '', expression)
    return [n.strip() for n in re.split(r'\s+(?:and|or)\s+|,', expression) if n.strip()]


def main():
    problems = []
    with open(sys.argv[1], encoding='utf-8') as f:
        text = f.read()
    paras = paragraphs(text, problems)
    if not paras or paras[0].get('format', ('',))[0] != FORMAT:
        problems.append(f'the first paragraph has no "Format: {FORMAT}"')
    header, rest = paras[0], paras[1:]
    files = [p for p in rest if 'files' in p]
    licences = [p for p in rest if 'files' not in p]
    if not files:
        problems.append('no Files paragraph')
    if not any(p['files'][0].split()[0] == '*' for p in files):
        problems.append('no "Files: *" paragraph')
    defined = {}
    for p in licences:
        if 'license' not in p:
            problems.append(f'a paragraph with neither Files nor License: {sorted(p)}')
            continue
        name, body = p['license']
        if not body:
            problems.append(f'stand-alone License paragraph {name!r} has no text')
        defined[name] = False
    for p in files:
        for field in ('copyright', 'license'):
            if field not in p or not (p[field][0] or p[field][1]):
                problems.append(f'Files: {p["files"][0]}: no {field.title()}')
        if 'license' not in p:
            continue
        expression, body = p['license']
        if body:  # the text is right here
            continue
        for name in short_names(expression):
            key = next((d for d in defined if short_names(d) == [name] or d == name), None)
            if key is None:
                problems.append(f'Files: {p["files"][0]}: licence {name!r} has no text '
                                f'and no stand-alone License paragraph')
            else:
                defined[key] = True
    for name, used in defined.items():
        if not used:
            problems.append(f'stand-alone License paragraph {name!r} is used by no Files paragraph')
    for problem in problems:
        print(f'check_dep5: {sys.argv[1]}: {problem}', file=sys.stderr)
    if not problems:
        print(f'ok: {sys.argv[1]} is machine-readable (format 1.0): {len(files)} Files '
              f'paragraphs, {len(licences)} License paragraphs')
    return 1 if problems else 0


if __name__ == '__main__':
    sys.exit(main())
