# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A remote result cache against a real HTTP server on localhost (GET/PUT of whole objects, what
nginx with WebDAV, bazel-remote and ccache's storage servers speak), started here in a thread:
runner A fills it, runner B with an empty local cache reads it, a corrupted entry is rejected and
rewritten, read-only uploads nothing, and a server that stopped leaves the analysis local with one
warning. Each step prints its summary lines, and whether the report equals the first run's.

usage: remote_cache_check.py CUDA_LINT WORKDIR PATH...
"""
import http.server
import os
import shutil
import subprocess
import sys
import threading


class Store(http.server.BaseHTTPRequestHandler):
    root = None
    puts = 0

    def log_message(self, *args):
        pass

    def path_of(self):
        name = self.path.rsplit("/", 1)[-1]
        return os.path.join(self.root, name) if name.isalnum() else None

    def do_GET(self):
        path = self.path_of()
        if not path or not os.path.exists(path):
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = open(path, "rb").read()
        self.send_response(200)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_PUT(self):
        path = self.path_of()
        data = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        if path:
            with open(path + ".tmp", "wb") as f:
                f.write(data)
            os.replace(path + ".tmp", path)
            Store.puts += 1
        self.send_response(201 if path else 400)
        self.send_header("Content-Length", "0")
        self.end_headers()


def main():
    lint, work, sources = sys.argv[1], sys.argv[2], sys.argv[3:]
    shutil.rmtree(work, ignore_errors=True)
    store = os.path.join(work, "server")
    os.makedirs(store)
    paths = []
    for s in sources:  # a copy, which the read-only step edits
        paths.append(os.path.join(work, "src", os.path.basename(s.rstrip("/"))))
        shutil.copytree(s, paths[-1])
    Store.root = store
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Store)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/cuda-lint/" % server.server_address[1]
    env = dict(os.environ)
    env.pop("CUDA_LINT_NO_CACHE", None)
    first = None

    def run(step, local, *extra):
        nonlocal first
        argv = [lint, "--verbose", "-j1", "--format=json", "--cache-dir", os.path.join(work, local),
                "--remote-cache", url] + list(extra) + paths
        p = subprocess.run(argv, capture_output=True, env=env)
        if first is None:
            first = p.stdout
        lines = [l for l in p.stderr.decode().splitlines()
                 if "remote cache" in l or "files analysed" in l]
        print("%s: exit %d, report %s" % (step, p.returncode, "same" if p.stdout == first else "DIFFERENT"))
        for l in lines:
            print("  " + l.replace(url, "URL"))
        print("  server entries %d, uploads so far %d" % (len(os.listdir(store)), Store.puts))

    run("A cold", "a")
    run("B empty local cache", "b")
    victims = sorted(os.listdir(store))[:1]
    for v in victims:
        data = bytearray(open(os.path.join(store, v), "rb").read())
        data[len(data) // 2] ^= 0xFF
        open(os.path.join(store, v), "wb").write(bytes(data))
    run("C one entry corrupted", "c")
    first = None  # an edited file: another report
    edited = sorted(os.path.join(dp, f) for p in paths for dp, _, fs in os.walk(p) for f in fs
                    if f.endswith(".cu"))[0]
    with open(edited, "a") as f:
        f.write("\n// edited\n")
    run("D one file edited, read-only, empty local cache", "d", "--remote-cache-read-only")
    server.shutdown()
    server.server_close()
    run("E server stopped", "e")
    return 0


if __name__ == "__main__":
    sys.exit(main())
