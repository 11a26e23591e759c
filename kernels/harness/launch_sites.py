# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Source lines of the launches a run recorded: the injection library writes each launch's host
call stack as [module, offset] pairs; addr2line turns them into file:line when the program was
built with host debug information (nvcc -g, which leaves device code as it is).

A finding about a launch (default-stream-launch, block-size-not-multiple-of-32, the launch-*
rules) names its launch's file and line; a recorded launch is at that site when one of its
frames, inlined frames included, is that line of a file of that name.
"""

import json
import os
import shutil
import subprocess


def _addr2line():
    return shutil.which("addr2line")


def resolve_frames(frames, tool=None):
    """{(module, offset): [(function, file, line), ...]} for every frame addr2line can place
    (inlined frames included); a frame of a module without debug information maps to []. Runs
    addr2line once per module."""
    tool = tool or _addr2line()
    by_module = {}
    for module, offset in frames:
        by_module.setdefault(module, set()).add(int(offset))
    out = {}
    for module, offsets in by_module.items():
        offsets = sorted(offsets)
        for o in offsets:
            out[(module, o)] = []
        if not tool or not os.path.exists(module):
            continue
        # A return address is the instruction after the call: look up the call itself.
        args = [tool, "-a", "-i", "-f", "-e", module] + ["0x%x" % max(0, o - 1) for o in offsets]
        try:
            text = subprocess.run(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                  text=True, timeout=120).stdout
        except (OSError, subprocess.TimeoutExpired):
            continue
        out.update(parse_addr2line(text, module, offsets))
    return out


def parse_addr2line(text, module, offsets):
    """Groups `addr2line -a -i -f` output (an address line, then a function name and its
    file:line per frame, inlined frames included) into {(module, offset): [(function, file,
    line)]}, in the order of `offsets`."""
    groups, current, function = [], None, None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("0x") and function is None:
            current = []
            groups.append(current)
        elif current is not None and line and function is None:
            function = line
        elif current is not None and function is not None:
            place = line.split(" (discriminator", 1)[0]
            path, _, number = place.rpartition(":")
            if path and path != "??" and number.isdigit() and int(number) > 0:
                current.append((function, path, int(number)))
            function = None
    return {(module, o): g for o, g in zip(offsets, groups)}


def stub_frame(function, kernel):
    """A frame of the host code nvcc generates for a launch: the kernel's host-side wrapper
    (named as the kernel) or its `__device_stub__`, both placed by nvcc's line directives at the
    kernel's definition, which is no launch site."""
    if "__device_stub__" in function:
        return True
    norm = lambda n: ("_Z" + n[3:]) if n and n.startswith("_ZL") else n  # noqa: E731
    return bool(kernel) and norm(function) == norm(kernel)


def annotate(launches, tool=None):
    """Sets `sites` ({(file basename, line)}) on each launch whose stack could be resolved (and
    that has none yet); returns the launches that got sites."""
    launches = [l for l in launches if l.sites is None and l.stack]
    frames = {(m, int(o)) for l in launches for m, o in (l.stack or [])}
    if not frames:
        return []
    places = resolve_frames(frames, tool)
    resolved = []
    for l in launches:
        sites = set()
        for m, o in l.stack or []:
            sites.update((os.path.basename(f), n) for fn, f, n in places.get((m, int(o)), [])
                         if not stub_frame(fn, l.name))
        l.sites = sites or None
        if sites:
            resolved.append(l)
    return resolved


def sites_records(launches):
    """JSON lines of type "sites" that keep the resolved sites with the records."""
    return [json.dumps({"type": "sites", "pid": l.pid, "correlation_id": l.correlation_id,
                        "sites": sorted([f, n] for f, n in l.sites)})
            for l in launches if l.sites]
