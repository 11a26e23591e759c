# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Reads the JSON-lines file written by the cuda-lint confirm injection library and joins its
records into one Launch per kernel launch.

Record types (one JSON object per line, each with "type" and "pid"):
  process  the program started recording (argv, CUPTI version)
  launch   a launch API call seen by the callback API: kernel name, grid, block, dynamic shared
           memory, stream kind (legacy / per-thread / explicit), stream id, return code
  kernel   an executed kernel from the activity API: grid, block, registers, static and dynamic
           shared memory, stream id, start and end (ns)
  memcpy   an executed copy from the activity API: copy kind, source and destination memory
           kinds (pageable, pinned, device, ...), async flag, bytes, stream id, start and end (ns)
  copy_call an asynchronous copy call seen by the callback API: api, return code, when it was
           entered and returned (api_enter, api_exit; the activity clock) and its host call stack;
           it shares (pid, correlation_id) with its memcpy records (confirm_copies.py)
  device   the GPU's limits; context: a context and its legacy (NULL) stream id
  dropped  activity records CUPTI had to drop; error: a CUPTI call that failed; end: flushed at exit
           (with the library's own host time: launch_records, launch_record_ns, stack_ns,
           profiler_ns, activity_ns)
  sites    written by cuda_lint_confirm.py after the run: a launch's call stack resolved to source
           lines (launch_sites.py), so that kept records need no binary to be judged again
  profiler_request  `--ncu`: the kernels, metrics and launches per configuration asked of the
           in-process profiler (CUPTI range profiler), and whether this library has it
  profiler the range profiler of a context: "ok" (chip, passes, metrics, metrics the GPU lacks)
           or "unavailable" with the reason
  counters a profiled launch's metric values ("metrics": {name: value or null}) or "error", keyed
           like its launch: (pid, correlation_id) and the kernel's name
A launch and the kernel it ran share (pid, correlation_id); a failed launch's kernel record has
start = end = 0; a kernel launched by a path the callbacks do not see (graphs, device-side
launches) has no launch record and gets its stream kind from its context's legacy stream id.

A launch the in-process profiler replayed (its counters record says "replayed": true; records of
libraries before that field: a counters record with metrics, or an error on a launch whose kernel
record has start = end = 0) ran, although CUPTI gives its kernel record start = end = 0 too: it is
executed, has no place on the timeline (`timed` is false), and its kernel time is the profiler's
gpu__time_duration.sum of it where that was collected (`duration_source` "profiler").
"""

import json
from dataclasses import dataclass, field
from typing import List, Optional, Tuple

import cuda_errors

# What the "end" record says of the library's own host time.
_LIBRARY_TIMES = ("launch_records", "launch_record_ns", "stack_ns", "profiler_ns", "activity_ns")

# The kernel duration the in-process profiler measures of a replayed launch (ns).
_DURATION_METRIC = "gpu__time_duration.sum"


@dataclass
class Launch:
    pid: int
    correlation_id: Optional[int]
    name: Optional[str]
    demangled: Optional[str]
    grid: Optional[Tuple[int, int, int]]
    block: Optional[Tuple[int, int, int]]
    dynamic_smem: Optional[int] = None
    api: Optional[str] = None
    domain: str = "runtime"
    stream_kind: Optional[str] = None  # "legacy", "per-thread", "explicit", None if unknown
    stream_id: Optional[int] = None
    result: int = 0
    executed: bool = False
    start: Optional[int] = None
    end: Optional[int] = None
    registers: Optional[int] = None
    static_smem: Optional[int] = None
    local_mem_per_thread: Optional[int] = None
    queued: Optional[int] = None  # when the launch API returned (ns, the activity clock)
    context_id: Optional[int] = None
    stack: Optional[list] = None   # [[module, offset], ...] of the launch's host call stack
    sites: Optional[set] = None    # {(file basename, line)} once launch_sites resolved the stack
    counters: Optional[dict] = None  # {metric name: value or None} of a launch profiled in process
    counter_error: Optional[str] = None  # why a launch chosen for profiling has no counters
    # The in-process profiler ran around this launch: CUPTI serialised and replayed it inside the
    # launch call, so it has no activity timestamps and its timing is not the program's.
    replayed: bool = False
    kernel_seen: bool = False  # an activity (kernel) record joined this launch

    @property
    def chosen(self):
        """The in-process profiler chose this launch (a counters record, with values or an
        error; an error before the profiler started leaves the launch as it was)."""
        return self.counters is not None or self.counter_error is not None

    @property
    def profiled(self):
        """The in-process profiler replayed this launch (see `replayed`)."""
        return self.replayed

    @property
    def timed(self):
        """The kernel has activity timestamps: a place on the program's timeline."""
        return self.executed and self.start is not None and self.end is not None and \
            self.end > 0

    @property
    def profiler_duration_ns(self):
        """The kernel time the in-process profiler measured for a replayed launch, or None."""
        if not self.replayed or not self.counters:
            return None
        value = self.counters.get(_DURATION_METRIC)
        return int(value) if value is not None else None

    @property
    def duration_source(self):
        """"activity" (CUPTI's start and end), "profiler" (a replayed launch's measured time) or
        None (no kernel time known: not run, or replayed without a time metric)."""
        if self.timed:
            return "activity"
        if self.executed and self.profiler_duration_ns is not None:
            return "profiler"
        return None

    @property
    def failed(self):
        return self.result != 0

    @property
    def error(self):
        """(name, message) of the launch's return code, None when it succeeded."""
        return cuda_errors.describe(self.result, self.domain) if self.failed else None

    @property
    def duration_ns(self):
        """Kernel time: from the activity record, else the profiler's for a replayed launch, else
        0 (see duration_source)."""
        if self.timed:
            return max(0, self.end - self.start)
        if self.executed:
            return self.profiler_duration_ns or 0
        return 0

    @property
    def threads_per_block(self):
        if not self.block:
            return None
        return self.block[0] * self.block[1] * self.block[2]


@dataclass
class Recording:
    launches: List[Launch]
    devices: List[dict]
    processes: List[dict]
    errors: List[dict]
    dropped: int
    complete: bool          # every process that started recording also flushed at exit
    bad_lines: int
    profiler_requests: List[dict] = field(default_factory=list)  # one per process asked
    profilers: List[dict] = field(default_factory=list)          # one per profiled context
    counters: List[dict] = field(default_factory=list)           # the counters records
    # The injection library's own host time, summed over processes (its "end" records):
    # launch_records, launch_record_ns (stack_ns of it), profiler_ns, activity_ns.
    library_times: dict = field(default_factory=dict)
    # Copies (confirm_copies.py): the "memcpy" activity records, the "copy_call" records of the
    # asynchronous copy calls, and the "sites" records (launches' and copy calls').
    memcpys: List[dict] = field(default_factory=list)
    copy_calls: List[dict] = field(default_factory=list)
    site_records: List[dict] = field(default_factory=list)

    def executed(self):
        return [l for l in self.launches if l.executed]

    def device(self):
        """The first device record (limits of the GPU the program ran on), {} if none."""
        return self.devices[0] if self.devices else {}

    def gpu_time_ns(self, pid=None):
        """Kernel time of every executed launch (of one process when pid is given)."""
        return sum(l.duration_ns for l in self.launches
                   if l.executed and (pid is None or l.pid == pid))

    def registers_per_block(self):
        """The device's register file for one block (65536 on every recent GPU) if recorded."""
        for d in self.devices:
            if d.get("max_registers_per_block"):
                return d["max_registers_per_block"]
        return None


def _dims(value):
    if value is None:
        return None
    return tuple(int(v) for v in value)


def parse_lines(lines):
    """Builds a Recording from an iterable of JSON lines."""
    api, kernels, devices, processes, errors, sites = [], [], [], [], [], []
    requests, profilers, counters = [], [], []
    memcpys, copy_calls = [], []
    null_streams = {}
    ended, dropped, bad = set(), 0, 0
    library = {}
    for raw in lines:
        raw = raw.strip()
        if not raw:
            continue
        try:
            rec = json.loads(raw)
        except ValueError:
            bad += 1  # a line cut short by a crash
            continue
        kind, pid = rec.get("type"), rec.get("pid", 0)
        if kind == "launch":
            api.append(rec)
        elif kind == "kernel":
            kernels.append(rec)
        elif kind == "device":
            devices.append(rec)
        elif kind == "context":
            null_streams[(pid, rec.get("context_id"))] = rec.get("null_stream_id")
        elif kind == "process":
            processes.append(rec)
        elif kind == "error":
            errors.append(rec)
        elif kind == "dropped":
            dropped += int(rec.get("count", 0))
        elif kind == "end":
            ended.add(pid)
            for key in _LIBRARY_TIMES:
                if isinstance(rec.get(key), int):
                    library[key] = library.get(key, 0) + rec[key]
        elif kind == "sites":
            sites.append(rec)
        elif kind == "profiler_request":
            requests.append(rec)
        elif kind == "profiler":
            profilers.append(rec)
        elif kind == "counters":
            counters.append(rec)
        elif kind == "memcpy":
            memcpys.append(rec)
        elif kind == "copy_call":
            copy_calls.append(rec)

    launches = {}
    order = []
    for rec in api:
        key = (rec.get("pid", 0), rec.get("correlation_id"))
        launch = Launch(pid=key[0], correlation_id=key[1], name=rec.get("kernel"),
                        demangled=rec.get("demangled"), grid=_dims(rec.get("grid")),
                        block=_dims(rec.get("block")), dynamic_smem=rec.get("dynamic_smem"),
                        api=rec.get("api"), domain=rec.get("domain", "runtime"),
                        stream_kind=rec.get("stream"), stream_id=rec.get("stream_id"),
                        result=int(rec.get("result", 0)), queued=rec.get("api_time"),
                        context_id=rec.get("context_id"), stack=rec.get("stack"))
        launches[key] = launch
        order.append(launch)
    for rec in kernels:
        key = (rec.get("pid", 0), rec.get("correlation_id"))
        launch = launches.get(key)
        if launch is None:
            null_stream = null_streams.get((key[0], rec.get("context_id")))
            launch = Launch(pid=key[0], correlation_id=key[1], name=rec.get("name"),
                            demangled=rec.get("demangled"), grid=_dims(rec.get("grid")),
                            block=_dims(rec.get("block")),
                            stream_kind="legacy" if null_stream is not None
                            and rec.get("stream_id") == null_stream else None)
            launches[key] = launch
            order.append(launch)
        # CUPTI also writes a record (start = end = 0) for a launch that failed: keep its
        # registers, but it did not run. (So does it for a launch the in-process profiler
        # replayed, which did run: see the counters records below.)
        launch.executed = launch.result == 0 and bool(rec.get("end"))
        launch.kernel_seen = True
        if rec.get("replayed") and launch.result == 0:
            launch.replayed = True
        launch.name = launch.name or rec.get("name")
        launch.demangled = launch.demangled or rec.get("demangled")
        launch.grid = _dims(rec.get("grid")) or launch.grid
        launch.block = _dims(rec.get("block")) or launch.block
        launch.stream_id = rec.get("stream_id", launch.stream_id)
        launch.context_id = rec.get("context_id", launch.context_id)
        launch.start, launch.end = rec.get("start"), rec.get("end")
        launch.registers = rec.get("registers")
        launch.static_smem = rec.get("static_smem")
        launch.local_mem_per_thread = rec.get("local_mem_per_thread")
        if rec.get("dynamic_smem") is not None:
            launch.dynamic_smem = rec.get("dynamic_smem")
    for rec in sites:
        launch = launches.get((rec.get("pid", 0), rec.get("correlation_id")))
        if launch is not None:
            launch.sites = {(f, int(n)) for f, n in rec.get("sites") or []} or None
    for rec in counters:
        launch = launches.get((rec.get("pid", 0), rec.get("correlation_id")))
        # Keyed like the launch, name included: a record that does not name the launch's
        # kernel belongs to no launch.
        if launch is None or (launch.name and rec.get("kernel") != launch.name):
            continue
        if rec.get("error"):
            launch.counter_error = str(rec["error"])
        else:
            launch.counters = dict(rec.get("metrics") or {})
        if "replayed" in rec:
            replayed = bool(rec["replayed"])
        else:
            # Older records: values come only from a replayed kernel; an error was written
            # either before the profiler started (the kernel then ran as usual, with its
            # timestamps) or after the replay (start = end = 0).
            replayed = launch.counters is not None or (launch.kernel_seen and not launch.end)
        launch.replayed = launch.replayed or (replayed and launch.result == 0)
    for launch in order:
        if launch.replayed:
            # It ran (inside its launch call, once per replay pass); CUPTI gives no timestamps.
            launch.executed = True
            if not launch.end:
                launch.start = launch.end = None
    complete = bool(processes) and all(p.get("pid", 0) in ended for p in processes)
    return Recording(launches=order, devices=devices, processes=processes, errors=errors,
                     dropped=dropped, complete=complete, bad_lines=bad,
                     profiler_requests=requests, profilers=profilers, counters=counters,
                     library_times=library, memcpys=memcpys, copy_calls=copy_calls,
                     site_records=sites)


def load(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return parse_lines(f)


def overlapping(launches):
    """ids of the executed launches that ran at the same time as another kernel of their process.

    Sorted by start, a launch overlaps an earlier one iff it starts before the latest end so far,
    and a later one iff it ends after the next launch starts.
    """
    by_pid = {}
    for launch in launches:
        if launch.timed:
            by_pid.setdefault(launch.pid, []).append(launch)
    result = set()
    for group in by_pid.values():
        group.sort(key=lambda l: (l.start, l.end))
        latest_end = None
        for i, launch in enumerate(group):
            if latest_end is not None and launch.start < latest_end:
                result.add(id(launch))
            if i + 1 < len(group) and launch.end > group[i + 1].start:
                result.add(id(launch))
            latest_end = launch.end if latest_end is None else max(latest_end, launch.end)
    return result
