#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""How cuda-lint scales with the number of translation units (issue 20), measured in one run.

Generates a synthetic project of N TUs from the project's own kernels (kernels/*.cu, each copy in
its own directory, all sharing one include directory with common/bench.cuh, as real projects share
their headers) and a compile_commands.json for it, then prints for every N:

  1. one process over all N TUs (-j J, empty local cache) that uploads every result to a remote
     cache (a GET/PUT HTTP server started here on localhost): total time, time per TU, peak RSS
     and RSS per TU; time per TU must stay flat as N grows (linear totals);
  2. another run with an empty local cache that reads everything from that server, and whether
     its report equals the cold one's;
  3. for the --shard-sizes: one process at -j 1 against the same TUs as 4 shards run as separate
     processes at once (--shard=K/4 --export-facts, each -j 1) and `cuda-lint merge`: wall time,
     speed-up, and whether the merged JSON equals the single run's.

usage: bench-scale.py --cuda-lint PATH [--sizes 100,1000,5000] [--shard-sizes N,...] [-j J]
                      [--work DIR]
"""
import argparse
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def make_project(work, n):
    """N TUs copied round-robin from kernels/*.cu, one directory each, a shared include dir."""
    proj = os.path.join(work, "proj-%d" % n)
    shutil.rmtree(proj, ignore_errors=True)
    inc = os.path.join(proj, "include")
    shutil.copytree(os.path.join(ROOT, "kernels", "common"), os.path.join(inc, "common"))
    kernels = sorted(f for f in os.listdir(os.path.join(ROOT, "kernels")) if f.endswith(".cu"))
    db = []
    for i in range(n):
        src = kernels[i % len(kernels)]
        d = os.path.join(proj, "src", "m%04d" % (i // 50), "u%05d" % i)
        os.makedirs(d)
        shutil.copy(os.path.join(ROOT, "kernels", src), os.path.join(d, src))
        db.append({"directory": d, "file": os.path.join(d, src),
                   "arguments": ["nvcc", "-std=c++17", "-O2", "-arch=sm_90", "-I" + inc, "-c",
                                 os.path.join(d, src), "-o", src + ".o"]})
    os.makedirs(os.path.join(proj, "build"))
    with open(os.path.join(proj, "build", "compile_commands.json"), "w") as f:
        json.dump(db, f)
    return proj


REMOTE_LINES = []


def run(argv, env=None):
    """Wall time, peak RSS (MiB) and stdout of one command; its remote-cache lines (--verbose)
    are kept in REMOTE_LINES."""
    t = time.perf_counter()
    p = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    streams = {}
    readers = [threading.Thread(target=lambda k, f: streams.__setitem__(k, f.read()), args=(k, f))
               for k, f in (("out", p.stdout), ("err", p.stderr))]
    for r in readers:
        r.start()
    _, _, usage = os.wait4(p.pid, 0)
    for r in readers:
        r.join()
    REMOTE_LINES.extend(l for l in streams["err"].decode().splitlines() if "remote cache" in l)
    return time.perf_counter() - t, usage.ru_maxrss / 1024, streams["out"]


class Server(http.server.ThreadingHTTPServer):
    request_queue_size = 256  # every worker of a run may connect at once


class Store(http.server.BaseHTTPRequestHandler):
    root = None

    def log_message(self, *args):
        pass

    def _path(self):
        return os.path.join(self.root, self.path.rsplit("/", 1)[-1])

    def do_GET(self):
        p = self._path()
        data = open(p, "rb").read() if os.path.isfile(p) else None
        self.send_response(200 if data is not None else 404)
        self.send_header("Content-Length", str(len(data or b"")))
        self.end_headers()
        self.wfile.write(data or b"")

    def do_PUT(self):
        data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with open(self._path(), "wb") as f:
            f.write(data)
        self.send_response(201)
        self.send_header("Content-Length", "0")
        self.end_headers()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cuda-lint", required=True)
    ap.add_argument("--sizes", default="100,1000,5000")
    ap.add_argument("-j", type=int, default=os.cpu_count())
    ap.add_argument("--shard-sizes", default=None,
                    help="the sizes also run as 4 shards (default: the first of --sizes)")
    ap.add_argument("--work", default="/tmp/cuda-lint-bench-scale")
    args = ap.parse_args()
    lint = os.path.abspath(args.cuda_lint)
    os.makedirs(args.work, exist_ok=True)
    env = dict(os.environ, CUDA_LINT_NO_CACHE="1")
    print("%d CPUs, -j %d, cuda-lint %s" % (os.cpu_count(), args.j,
          subprocess.run([lint, "--version"], capture_output=True, text=True).stdout.split("\n")[0]))
    shard_sizes = set(map(int, (args.shard_sizes or args.sizes.split(",")[0]).split(",")))
    print("%6s %9s %9s %10s %9s | %9s %9s | %9s %9s %8s %6s" % (
        "TUs", "cold s", "s per TU", "peak MiB", "KiB/TU", "remote s", "remote/cold",
        "-j1 s", "4 shards", "speed-up", "merge"))
    for n in map(int, args.sizes.split(",")):
        proj = make_project(args.work, n)
        build = os.path.join(proj, "build")
        # 1. cold (empty local cache), uploading every entry to the server; 2. another runner
        # with an empty local cache reads them all.
        store = os.path.join(args.work, "remote")
        shutil.rmtree(store, ignore_errors=True)
        os.makedirs(store)
        Store.root = store
        server = Server(("127.0.0.1", 0), Store)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = "http://127.0.0.1:%d/" % server.server_address[1]
        cache_env = dict(os.environ)
        cache_env.pop("CUDA_LINT_NO_CACHE", None)
        local = [os.path.join(args.work, "local-%s" % x) for x in "ab"]
        for d in local:
            shutil.rmtree(d, ignore_errors=True)
        del REMOTE_LINES[:]
        t_cold, rss, single = run([lint, "-p", build, "-j%d" % args.j, "--format=json", "--verbose",
                                   "--cache-dir", local[0], "--remote-cache", url], cache_env)
        t_remote, _, warm = run([lint, "-p", build, "-j%d" % args.j, "--format=json", "--verbose",
                                 "--cache-dir", local[1], "--remote-cache", url], cache_env)
        server.shutdown()
        server.server_close()
        same = "remote run same" if warm == single else "remote run DIFFERENT"
        line = "%6d %9.1f %9.3f %10.0f %9.1f | %9.2f %10.3f |" % (
            n, t_cold, t_cold / n, rss, rss * 1024 / n, t_remote, t_remote / t_cold)
        # 3. one process at -j1 against 4 shards as separate processes (-j1 each), then merge.
        if n in shard_sizes:
            t_one, _, _ = run([lint, "-p", build, "-j1", "--format=json"], env)
            facts = [os.path.join(args.work, "shard-%d.facts" % k) for k in range(1, 5)]
            t = time.perf_counter()
            shards = [subprocess.Popen([lint, "-p", build, "-j1", "--quiet", "--shard=%d/4" % k,
                                        "--export-facts", facts[k - 1]], env=env)
                      for k in range(1, 5)]
            codes = [p.wait() for p in shards]
            t_merge, _, merged = run([lint, "merge", "--format=json"] + facts, env)
            t_shards = time.perf_counter() - t
            same += ", merge same" if merged == single and not any(codes) else ", merge DIFFERENT"
            line += " %9.1f %9.1f %7.2fx %6.1f" % (t_one, t_shards, t_one / t_shards, t_merge)
        else:
            line += " %9s %9s %8s %6s" % ("-", "-", "-", "-")
        print(line + "   " + same)
        for l in REMOTE_LINES:
            print("        " + l.replace(url, "URL"))
        sys.stdout.flush()
        shutil.rmtree(proj, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
