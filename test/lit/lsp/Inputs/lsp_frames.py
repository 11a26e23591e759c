#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Sends `cuda-lint lsp` frames that break the base protocol and prints what it answers.

usage: lsp_frames.py CUDA_LINT SCENARIO...

Each scenario starts a server, writes its bad bytes and then a good `initialize` request (id 1),
and prints every error the server answers (code and message), whether `initialize` and then
`shutdown` (id 2) were answered, the server's exit status after `exit`, and its stderr. A server
that does not answer within 10 s is reported as such and killed.
"""
import json
import queue
import subprocess
import sys
import threading

from lsp_rpc import read_message

TIMEOUT = 10


def frame(body: bytes, length=None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def request(i, method, params=None):
    return json.dumps({"jsonrpc": "2.0", "id": i, "method": method, "params": params}).encode()


INIT = request(1, "initialize", {"processId": None, "rootUri": None, "capabilities": {}})

# The bytes each scenario sends before the good initialize request.
SCENARIOS = {
    # A frame without Content-Length (the body follows the blank line).
    "missing": b"Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" + INIT,
    # A Content-Length 10 bytes short of the body: the rest of the body precedes the next header.
    "short": frame(INIT, len(INIT) - 10),
    "negative": b"Content-Length: -5\r\n\r\n" + INIT,
    "not-a-number": b"Content-Length: 12 bytes\r\n\r\n" + INIT,
    "huge": b"Content-Length: 99999999999999999999\r\n\r\n" + INIT,
    # 1 GiB: under LLVM's own bound, so today's server allocated it and waited for the bytes.
    "gigabyte": b"Content-Length: 1073741824\r\n\r\n" + INIT,
    # Longer than the body by the good frame that follows: the body swallows it.
    "long": frame(INIT[:20], 20 + len(frame(INIT))),
    # Bytes that are no frame at all.
    "garbage": b"hello world\r\n\r\n",
    # A message nesting 50,000 arrays (llvm::json::parse recurses per level).
    "deep": frame(b"[" * 50000),
    "deep-params": frame(b'{"jsonrpc": "2.0", "id": 7, "method": "initialize", "params": ' +
                         b"{\"a\": " * 50000),
    # An object without "jsonrpc": "2.0" (LLVM's dispatch ends the session on it).
    "no-jsonrpc": frame(b'{"id": 8, "method": "shutdown"}'),
}
SCENARIOS["all"] = b"".join(SCENARIOS[k] for k in SCENARIOS if k != "long")


class Server:
    def __init__(self, cuda_lint):
        self.proc = subprocess.Popen([cuda_lint, "lsp"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.stderr = []
        self.stderr_reader = threading.Thread(
            target=lambda: self.stderr.extend(self.proc.stderr), daemon=True)
        self.stderr_reader.start()

    def _read(self):
        while True:
            m = read_message(self.proc.stdout)
            self.messages.put(m)
            if m is None:
                return

    def send(self, data):
        try:
            self.proc.stdin.write(data)
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def answer(self, i):
        """The answer to request i (printing the errors without an id met before it), or None."""
        while True:
            try:
                m = self.messages.get(timeout=TIMEOUT)
            except queue.Empty:
                return None
            if m is None:
                return None
            if "error" in m and m.get("id") is None:
                print(f"  error {m['error']['code']}: {m['error']['message']}")
            elif m.get("id") == i:
                return m


def run(cuda_lint, name):
    print(f"{name}:")
    s = Server(cuda_lint)
    if not s.send(SCENARIOS[name] + frame(INIT)):
        print("  server gone")
    init = s.answer(1)
    print("  initialize:", "answered" if init and "result" in init else "no answer")
    s.send(frame(request(2, "shutdown")))
    shut = s.answer(2)
    print("  shutdown:", "answered" if shut and "result" in shut else "no answer")
    s.send(frame(json.dumps({"jsonrpc": "2.0", "method": "exit"}).encode()))
    try:
        print("  exit status:", s.proc.wait(timeout=TIMEOUT))
    except subprocess.TimeoutExpired:
        s.proc.kill()
        s.proc.wait()
        print("  exit status: none (killed)")
    s.stderr_reader.join(timeout=TIMEOUT)
    for line in s.stderr:
        print("  stderr:", line.decode(errors="replace").rstrip())


def main():
    cuda_lint = sys.argv[1]
    for name in sys.argv[2:]:
        run(cuda_lint, name)


if __name__ == "__main__":
    main()
