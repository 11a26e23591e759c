#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Issue 33 item 11: cuda-lint's temporary directories do not outlive it.

    signals.py CUDA_LINT KERNEL WORK

Ends a CLI run with SIGINT, SIGTERM and SIGHUP, and `cuda-lint lsp` with SIGTERM and SIGHUP,
each once its precompiled-preamble directory exists, and prints what is left in $TMPDIR. Then
leaves a directory of a process that no longer runs and one of a process that does, and prints
which of them the next run removes.
"""
import os
import shutil
import signal
import subprocess
import sys
import time

# The LSP base protocol, shared with the lsp tests.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "lsp", "Inputs"))
from lsp_rpc import frame  # noqa: E402

LINT, KERNEL, WORK = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
TMP = os.path.join(WORK, "tmp")
SRC = os.path.join(WORK, "src")


def setup():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(TMP)
    os.makedirs(SRC)
    # Several TUs of one command shape: the run precompiles their prologue once, in $TMPDIR.
    for i in range(8):
        shutil.copy(KERNEL, os.path.join(SRC, f"k{i}.cu"))


def env():
    return dict(os.environ, TMPDIR=TMP, CUDA_LINT_NO_CACHE="1")


def left():
    return sorted(n for n in os.listdir(TMP) if n.startswith("cuda-lint-"))


def wait_for_dir(proc, timeout=120):
    """Waits until PROC's preamble directory exists (True), or PROC ends first (False)."""
    prefix = f"cuda-lint-preamble-{proc.pid}-"
    deadline = time.time() + timeout
    while time.time() < deadline:
        if any(n.startswith(prefix) for n in os.listdir(TMP)):
            return True
        if proc.poll() is not None:
            return False
        time.sleep(0.01)
    return False


def default_signals():
    """In the child: SIGINT as on a terminal (a test runner may start us with it ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli(sig):
    p = subprocess.Popen([LINT, "-j", "1", SRC], env=env(), stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL, preexec_fn=default_signals)
    seen = wait_for_dir(p)
    p.send_signal(sig)
    p.wait(timeout=60)
    print(f"cli {signal.Signals(sig).name}: dir seen {seen}, exit {p.returncode}, left {left()}")


def lsp(sig):
    p = subprocess.Popen([LINT, "lsp"], env=env(), stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    path = os.path.join(SRC, "k0.cu")
    with open(path) as f:
        text = f.read()
    p.stdin.write(frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                         "params": {"processId": None, "rootUri": None, "capabilities": {}}}))
    p.stdin.write(frame({"jsonrpc": "2.0", "method": "initialized", "params": {}}))
    p.stdin.write(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": "file://" + path, "languageId": "cuda", "version": 1,
                         "text": text}}}))
    p.stdin.flush()
    seen = wait_for_dir(p)
    p.send_signal(sig)
    p.wait(timeout=60)
    print(f"lsp {signal.Signals(sig).name}: dir seen {seen}, exit {p.returncode}, left {left()}")


def stale():
    dead = subprocess.Popen(["true"])
    dead.wait()
    gone = os.path.join(TMP, f"cuda-lint-preamble-{dead.pid}-dead00")
    alive = os.path.join(TMP, f"cuda-lint-preamble-{os.getpid()}-alive0")
    for d in (gone, alive):
        os.makedirs(d)
        with open(os.path.join(d, "prologue.pch"), "wb") as f:
            f.write(b"\0" * 1024)
    subprocess.run([LINT, "-j", "1", SRC], env=env(), stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, timeout=300)
    print(f"stale: dead process's {'left' if os.path.exists(gone) else 'removed'}, "
          f"running process's {'left' if os.path.exists(alive) else 'removed'}")


def main():
    setup()
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        cli(sig)
    for sig in (signal.SIGTERM, signal.SIGHUP):
        lsp(sig)
    stale()


if __name__ == "__main__":
    main()
