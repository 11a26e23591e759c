# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""pageable-async-copy verdicts (issue 37) from the copies a `cuda-lint confirm` run recorded.

The injection library writes a "copy_call" record for each asynchronous copy call (cudaMemcpyAsync,
cudaMemcpy2DAsync, cudaMemcpy3DAsync, cudaMemcpyTo/FromSymbolAsync, cuMemcpyHtoDAsync,
cuMemcpyDtoHAsync, ...: when it was entered and returned, and its host call stack) and CUPTI's
"memcpy" activity records for the transfers it made (same pid and correlation id: the host side's
memory kind, pageable or pinned, bytes, stream, start and end). A finding names no kernel; it is
joined to the copy calls made at its source line (the call stack resolved with addr2line, so the
program needs host debug information, -g). Its verdict:

- confirmed: a copy made there read or wrote pageable host memory (CUPTI's memory kind) and its
  call returned only when the copy was at least half done: the host waited for it;
- observed, no cost: pageable, but every call returned before its copy was half done (the driver
  staged the data and returned: small copies);
- not confirmed: every copy made there had pinned (or managed, or no) host memory;
- not exercised: no asynchronous copy was made from that line (or that file).

The reason gives what was measured: bytes, the copies' time, the time the calls held the host, and
how much of the copies ran while a kernel of another stream of the process ran.
"""

import os
from dataclasses import dataclass, field
from typing import List, Optional

import confirm_verdict as cv

# CUpti_ActivityMemcpyKind: which side of the copy is host memory.
_HOST_SIDE = {1: "src_kind", 3: "src_kind", 2: "dst_kind", 4: "dst_kind"}
_DIRECTION = {1: "host to device", 2: "device to host", 3: "host to array", 4: "array to host",
              8: "device to device", 9: "host to host", 10: "peer to peer"}
PAGEABLE = "pageable"
BLOCKED_FRACTION = 0.5


@dataclass
class CopyCall:
    pid: int
    correlation_id: Optional[int]
    api: Optional[str]
    result: int
    api_enter: Optional[int]
    api_exit: Optional[int]
    stack: Optional[list]
    transfers: List[dict] = field(default_factory=list)  # its memcpy records
    sites: Optional[set] = None
    name: Optional[str] = None  # no kernel (launch_sites.annotate reads it)

    @property
    def host_kinds(self):
        """The host side's memory kinds of its transfers (None for device-only copies)."""
        return sorted({t.get(_HOST_SIDE[t.get("copy_kind")]) for t in self.transfers
                       if t.get("copy_kind") in _HOST_SIDE})

    @property
    def pageable(self):
        return PAGEABLE in self.host_kinds

    @property
    def span(self):
        ends = [(t["start"], t["end"]) for t in self.transfers if t.get("end")]
        return (min(s for s, _ in ends), max(e for _, e in ends)) if ends else (None, None)

    @property
    def held_ns(self):
        if self.api_enter is None or self.api_exit is None:
            return None
        return max(0, self.api_exit - self.api_enter)

    def done_at_return(self):
        """The share of the copy done when the call returned (0 to 1), None when unknown."""
        start, end = self.span
        if start is None or self.api_exit is None:
            return None
        if end <= start:
            return 1.0 if self.api_exit >= end else 0.0
        return min(1.0, max(0.0, (self.api_exit - start) / float(end - start)))


def copy_calls(recording):
    """The recording's copy calls with their transfers and resolved sites (cached on it)."""
    cached = getattr(recording, "_copy_calls", None)
    if cached is not None:
        return cached
    transfers = {}
    for rec in recording.memcpys:
        transfers.setdefault((rec.get("pid", 0), rec.get("correlation_id")), []).append(rec)
    sites = {(rec.get("pid", 0), rec.get("correlation_id")): rec.get("sites") or []
             for rec in recording.site_records}
    calls = []
    for rec in recording.copy_calls:
        key = (rec.get("pid", 0), rec.get("correlation_id"))
        placed = {(f, int(n)) for f, n in sites.get(key, [])}
        calls.append(CopyCall(pid=key[0], correlation_id=key[1], api=rec.get("api"),
                              result=int(rec.get("result", 0)), api_enter=rec.get("api_enter"),
                              api_exit=rec.get("api_exit"), stack=rec.get("stack"),
                              transfers=transfers.get(key, []), sites=placed or None))
    recording._copy_calls = calls
    return calls


def covered_ns(start, end, intervals):
    """Nanoseconds of [start, end) that any of `intervals` ((begin, end) pairs) covers, the
    intervals merged."""
    total, reach = 0, start
    for begin, stop in sorted((max(b, start), min(e, end)) for b, e in intervals):
        begin = max(begin, reach)
        if stop > begin:
            total += stop - begin
            reach = stop
    return total


def overlap_ns(call, recording):
    """Nanoseconds of the call's transfers during which a kernel of another stream of its
    process ran (the kernels' intervals merged)."""
    return sum(covered_ns(t["start"], t["end"],
                          [(l.start, l.end) for l in recording.launches if l.timed and
                           l.pid == call.pid and l.stream_id != t.get("stream_id")])
               for t in call.transfers if t.get("end"))


def _unplaced(site, calls, recording):
    lines = sorted({n for c in calls for f, n in c.sites or () if f == site[0]})
    if lines:
        return cv._result(cv.NOT_EXERCISED, "%d asynchronous copies were made from %s line %s, "
                          "none from line %d" % (len(calls), site[0],
                                                 ", ".join(map(str, lines)), site[1]))
    if any(c.sites for c in calls):
        files = sorted({f for c in calls for f, _ in c.sites or ()})
        return cv._result(cv.NOT_EXERCISED, "no asynchronous copy was made from %s (the run's "
                          "%d copies were placed at %s)" % (site[0], len(calls),
                                                            ", ".join(files[:5])))
    return cv._result(cv.NOT_CONFIRMED, "%d asynchronous copies ran, and none could be placed "
                      "at a source line: build the program with host debug information (-g)"
                      % len(calls))


def judge(finding, recording):
    """The verdict dict of a pageable-async-copy finding (with "launches": the copy calls made at
    its line, and "launch_site")."""
    site = None
    if finding.get("file") and finding.get("line"):
        site = (os.path.basename(finding["file"]), int(finding["line"]))
    calls = copy_calls(recording)
    if site is None:
        out = cv._result(cv.NOT_CONFIRMED, "the finding gives no source line to place copies at")
        out["launches"] = 0
        return out
    at = [c for c in calls if c.sites and site in c.sites]
    if not at:
        if not calls:
            # Asynchronous transfers without copy calls: a library from before copy records.
            out = cv._result(cv.NOT_EXERCISED, "the run made no asynchronous copy") \
                if not any(m.get("async") for m in recording.memcpys) else cv._result(
                    cv.NOT_CONFIRMED, "the records have asynchronous copies but no copy calls "
                    "(an injection library from before copy records), so none can be placed at "
                    "its line")
        else:
            out = _unplaced(site, calls, recording)
        out["launches"] = 0
        return out
    out = _verdict(at, recording)
    out["launches"] = len(at)
    out["launch_site"] = "matched"
    return out


def _verdict(at, recording):
    copied = [c for c in at if c.transfers]
    if not copied:
        failed = sorted({c.result for c in at if c.result})
        return cv._result(cv.NOT_CONFIRMED, "%d copy calls were made at this line and none "
                          "copied anything%s" % (len(at), " (return codes %s)" % ", ".join(
                              map(str, failed)) if failed else ""))
    pageable = [c for c in copied if c.pageable]
    if not pageable:
        kinds = sorted({k for c in copied for k in c.host_kinds if k})
        directions = sorted({_DIRECTION.get(t.get("copy_kind"), "other") for c in copied
                             for t in c.transfers})
        if not kinds:
            return cv._result(cv.NOT_CONFIRMED, "its %d copies touched no host memory (%s)"
                              % (len(copied), ", ".join(directions)))
        return cv._result(cv.NOT_CONFIRMED, "all %d copies made at this line had %s host memory "
                          "(CUPTI's memory kind): the buffer was page-locked when it was copied"
                          % (len(copied), " and ".join(kinds)), {"copies": len(copied),
                                                                 "host_kinds": kinds})
    blocked = [c for c in pageable if (c.done_at_return() or 0) >= BLOCKED_FRACTION]
    copy_ns = sum(t["end"] - t["start"] for c in pageable for t in c.transfers if t.get("end"))
    held_ns = sum(c.held_ns or 0 for c in pageable)
    both_ns = sum(overlap_ns(c, recording) for c in pageable)
    size = sum(t.get("bytes", 0) for c in pageable for t in c.transfers)
    directions = sorted({_DIRECTION.get(t.get("copy_kind"), "other") for c in pageable
                         for t in c.transfers})
    cost = {"copies": len(copied), "pageable_copies": len(pageable),
            "blocking_copies": len(blocked), "bytes": size, "copy_time_ms": cv._ms(copy_ns),
            "host_held_ms": cv._ms(held_ns), "overlapped_other_streams_ms": cv._ms(both_ns),
            "directions": directions}
    head = "%d of %d copies made at this line had pageable host memory (CUPTI's memory kind; %s, " \
           "%.1f MiB in %.3f ms of copying)" % (len(pageable), len(copied), ", ".join(directions),
                                                size / 2.0 ** 20, cv._ms(copy_ns))
    tail = "the calls held the host %.3f ms in all, and %.3f ms of the copies ran beside kernels " \
           "of other streams" % (cv._ms(held_ns), cv._ms(both_ns))
    if blocked:
        return cv._result(cv.CONFIRMED, "%s; %d of them returned only when the copy was at least "
                          "half done (not asynchronous); %s" % (head, len(blocked), tail), cost)
    return cv._result(cv.OBSERVED, "%s; every call returned before its copy was half done (the "
                      "driver staged the data and returned), so this run shows no wait; %s"
                      % (head, tail), cost)
