#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Damages or counts the entries of a cuda-lint result cache.

usage: entries.py count|corrupt|truncate|garbage CACHE_DIR
"""
import pathlib
import sys

action, cache = sys.argv[1], pathlib.Path(sys.argv[2])
entries = sorted(cache.rglob("*.entry"))
if action == "count":
    print(f"{len(entries)} entries")
for e in entries:
    data = e.read_bytes()
    if action == "corrupt":  # one flipped byte in the middle of the payload
        mid = len(data) // 2
        e.write_bytes(data[:mid] + bytes([data[mid] ^ 0x55]) + data[mid + 1:])
    elif action == "truncate":  # a run killed while writing, without the rename
        e.write_bytes(data[: len(data) // 2])
    elif action == "garbage":  # not an entry at all
        e.write_bytes(b"\0" * 64)
