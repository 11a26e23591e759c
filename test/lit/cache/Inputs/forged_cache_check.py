# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Forged result cache entries, from a cache server (the remote cache) and from whoever can write
the local cache directory: an entry made for one set of options served under the key of another
(3 findings suppressed to 1; 0 findings turned into 3), entries of another key or without the
user's key served to a run that holds CUDA_LINT_REMOTE_CACHE_KEY. Each step prints its exit code,
its number of findings, whether its report equals an honest run's, and the remote cache summary.

usage: forged_cache_check.py CUDA_LINT WORKDIR SOURCE
"""
import http.server
import os
import shutil
import subprocess
import sys
import threading


# The same server as the honest remote cache test's.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from remote_cache_check import Store  # noqa: E402


BAD = ["--extra-arg=-DBAD"]
FEWER = BAD + ["--rules=warp-divergent-branch"]


def main():
    lint, work, source = sys.argv[1:4]
    shutil.rmtree(work, ignore_errors=True)
    store = os.path.join(work, "server")
    os.makedirs(store)
    src = os.path.join(work, "src")
    os.makedirs(src)
    shutil.copy(source, src)
    Store.root = store
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Store)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d/cuda-lint/" % server.server_address[1]
    honest = {}

    def run(step, local, options, key=None, remote=True):
        """Runs cuda-lint; the names the server gained."""
        env = dict(os.environ)
        env.pop("CUDA_LINT_NO_CACHE", None)
        env.pop("CUDA_LINT_REMOTE_CACHE_KEY", None)
        if key:
            env["CUDA_LINT_REMOTE_CACHE_KEY"] = key
        before = set(os.listdir(store))
        argv = [lint, "--verbose", "-j1", "--format=json", "--cache-dir",
                os.path.join(work, local)] + (["--remote-cache", url] if remote else [])
        p = subprocess.run(argv + options + [src], capture_output=True, env=env)
        name = " ".join(options) or "clean"
        honest.setdefault(name, p.stdout)
        print("%s: exit %d, %d findings, report %s" % (
            step, p.returncode, p.stdout.count(b'"rule"'),
            "honest" if p.stdout == honest[name] else "FORGED"))
        for l in p.stderr.decode().splitlines():
            if "remote cache" in l or "warning" in l:
                print("  " + l.replace(url, "URL").replace(work, "WORK"))
        return sorted(set(os.listdir(store)) - before)

    def entry(name):
        return open(os.path.join(store, name), "rb").read()

    def serve(name, data):
        open(os.path.join(store, name), "wb").write(data)

    # Honest runs fill the server: one entry each.
    [full] = run("A honest, 3 findings", "a", BAD)
    [fewer] = run("B honest, fewer rules", "b", FEWER)
    [clean] = run("C honest, clean", "c", [])
    # The server answers for the full run with the entry of fewer rules, for the clean run with
    # the full run's entry.
    full_bytes = entry(full)
    serve(full, entry(fewer))
    serve(clean, full_bytes)
    run("D suppressed by the server", "d", BAD)
    run("E injected by the server", "e", [])
    # What D and E kept locally: the server gone, their local caches answer.
    run("F local cache of D", "d", BAD, remote=False)
    run("G local cache of E", "e", [], remote=False)

    # Whoever can write the local cache directory moves an entry under another key.
    local = os.path.join(work, "l")
    run("H local, clean", "l", [], remote=False)
    [clean_entry] = [os.path.join(dp, f) for dp, _, fs in os.walk(local) for f in fs]
    run("I local, 3 findings", "l", BAD, remote=False)
    [bad_entry] = [os.path.join(dp, f) for dp, _, fs in os.walk(local) for f in fs
                   if os.path.join(dp, f) != clean_entry]
    shutil.copy(bad_entry, clean_entry)
    run("J local entry moved", "l", [], remote=False)

    # With the user's key: entries carry an HMAC; the server's own entries and those made
    # without the key are refused.
    key = "correct horse battery staple 42"
    [keyed] = run("K key, honest", "k", [], key=key)
    run("L key, from the server", "l2", [], key=key)
    serve(keyed, full_bytes)
    run("M key, unkeyed entry served", "m", [], key=key)
    [other] = run("N other key, 3 findings", "n", BAD, key="another key of enough bytes")
    serve(keyed, entry(other))
    run("O key, entry of another key", "o", [], key=key)
    run("P key, local cache of O", "o", [], key=key, remote=False)
    # Whoever can write the local directory, without the key, replaces a keyed entry.
    [keyed_local] = [os.path.join(dp, f) for dp, _, fs in os.walk(os.path.join(work, "k"))
                     for f in fs]
    shutil.copy(bad_entry, keyed_local)
    run("Q key, local entry replaced", "k", [], key=key, remote=False)
    run("R key, local entry rewritten", "k", [], key=key, remote=False)
    server.shutdown()
    server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
