#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Drives `cuda-lint lsp` over JSON-RPC (standard library only) and prints what it answers.

usage: lsp_client.py CUDA_LINT FILE.cu

The scenario: initialize; open FILE.cu and read its diagnostics; apply a code action's edit and
see its diagnostic go; edit the buffer without saving and see the diagnostics follow the buffer,
not the disk; a malformed message and an unknown method get JSON-RPC errors and the server keeps
answering; shutdown and exit end it with status 0.
"""
import json
import os
import queue
import subprocess
import sys
import threading
import time

from lsp_rpc import frame, read_message


class Client:
    def __init__(self, argv):
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.messages = queue.Queue()
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        while True:
            m = read_message(self.proc.stdout)
            self.messages.put(m)
            if m is None:
                return

    def raw(self, body: bytes):
        self.proc.stdin.write(frame(body))
        self.proc.stdin.flush()

    def send(self, method, params, request=True):
        msg = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            msg["id"] = self.next_id
            self.next_id += 1
        self.raw(json.dumps(msg).encode())
        return msg.get("id")

    def wait(self, pred, timeout=120):
        end = time.time() + timeout
        while time.time() < end:
            try:
                m = self.messages.get(timeout=end - time.time())
            except queue.Empty:
                break
            if m is None:
                sys.exit("server closed its output")
            if pred(m):
                return m
        sys.exit("timed out")

    def request(self, method, params):
        i = self.send(method, params)
        return self.wait(lambda m: m.get("id") == i and "method" not in m)


def show_diags(m, text):
    diags = m["params"]["diagnostics"]
    print(f"diagnostics v{m['params'].get('version')}: {len(diags)}")
    for d in sorted(diags, key=lambda d: (d["range"]["start"]["line"], d["code"])):
        r = d["range"]
        print(f"  {d['code']} sev={d['severity']} {r['start']['line']}:{r['start']['character']}-"
              f"{r['end']['line']}:{r['end']['character']} {d['message']}")
        print(f"    href {d['codeDescription']['href']}")
        for rel in d.get("relatedInformation", []):
            print(f"    related line {rel['location']['range']['start']['line']}: {rel['message']}")


def apply_edits(text, edits):
    lines = text.split("\n")
    offsets = [0]
    for l in lines:
        offsets.append(offsets[-1] + len(l) + 1)
    def off(p):  # ASCII test files: UTF-16 units are bytes
        return offsets[p["line"]] + p["character"]
    for e in sorted(edits, key=lambda e: off(e["range"]["start"]), reverse=True):
        text = text[:off(e["range"]["start"])] + e["newText"] + text[off(e["range"]["end"]):]
    return text


def main():
    cuda_lint, path = sys.argv[1], os.path.abspath(sys.argv[2])
    uri = "file://" + path
    c = Client([cuda_lint, "lsp"])
    init = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    caps = init["result"]["capabilities"]
    print("server", init["result"]["serverInfo"]["name"], "codeActionProvider" in caps,
          caps["textDocumentSync"])
    c.send("initialized", {}, request=False)

    text = open(path).read()
    version = 1
    def is_diag(v):
        return lambda m: m.get("method") == "textDocument/publishDiagnostics" and \
            m["params"]["uri"] == uri and m["params"].get("version") == v
    c.send("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "cuda",
                                                     "version": version, "text": text}}, False)
    diags = c.wait(is_diag(version))
    show_diags(diags, text)

    # Code actions on the block-size finding: its NOLINT, applied to the buffer.
    block = next(d for d in diags["params"]["diagnostics"] if d["code"] == "block-size-not-multiple-of-32")
    actions = c.request("textDocument/codeAction",
                        {"textDocument": {"uri": uri}, "range": block["range"],
                         "context": {"diagnostics": [block]}})["result"]
    for a in actions:
        print("action:", a["title"], "preferred" if a.get("isPreferred") else "")
    nolint = next(a for a in actions if "NOLINT" in a["title"] and
                  "block-size" in a["title"])
    text = apply_edits(text, nolint["edit"]["changes"][uri])
    version += 1
    c.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                      "contentChanges": [{"text": text}]}, False)
    last = c.wait(is_diag(version))
    show_diags(last, text)

    # The launch-bounds fix-it (unsafe: a single file is not the whole program).
    bounds = next(d for d in last["params"]["diagnostics"] if d["code"] == "missing-launch-bounds")
    actions = c.request("textDocument/codeAction",
                        {"textDocument": {"uri": uri}, "range": bounds["range"],
                         "context": {"diagnostics": [bounds]}})["result"]
    for a in actions:
        print("action:", a["title"], "preferred" if a.get("isPreferred") else "")
    fix = next(a for a in actions if a["title"].startswith("Fix:"))
    text = apply_edits(text, fix["edit"]["changes"][uri])
    print("fixed line:", text.splitlines()[0])
    version += 1
    c.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                      "contentChanges": [{"text": text}]}, False)
    show_diags(c.wait(is_diag(version)), text)

    # Unsaved edits: the buffer now launches with 128 threads and adds a launch of 48; the
    # disk still says 100.
    text = text.replace("<<<8, 100, 0, st>>>", "<<<8, 128, 0, st>>>") + "void extra(float *x) { scale<<<1, 48>>>(x, 1.0f); }\n"
    version += 1
    c.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                      "contentChanges": [{"text": text}]}, False)
    show_diags(c.wait(is_diag(version)), text)
    print("disk unchanged:", "<<<8, 100, 0, st>>>" in open(path).read())

    # Several edits in a row: only the last one's diagnostics count.
    for n in (64, 96, 33):
        version += 1
        t = text.replace("<<<1, 48>>>", f"<<<1, {n}>>>")
        c.send("textDocument/didChange", {"textDocument": {"uri": uri, "version": version},
                                          "contentChanges": [{"text": t}]}, False)
    show_diags(c.wait(is_diag(version)), t)

    # Protocol errors: a body that is not JSON, an unknown method, bad params.
    c.raw(b"{this is not json")
    print("not json error:", c.wait(lambda m: "error" in m and m.get("id") is None)["error"]["code"])
    c.raw(b"[1, 2]")
    print("not a request error:", c.wait(lambda m: "error" in m and m.get("id") is None)["error"]["code"])
    unknown = c.request("cuda-lint/noSuchMethod", {})
    print("unknown method error:", unknown["error"]["code"])
    bad = c.request("textDocument/codeAction", {"textDocument": 42})
    print("bad params error:", bad["error"]["code"])
    again = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": block["range"],
                                                  "context": {"diagnostics": []}})
    print("still answering:", isinstance(again.get("result"), list))

    c.send("textDocument/didClose", {"textDocument": {"uri": uri}}, False)
    closed = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    print("closed:", len(closed["params"]["diagnostics"]), "diagnostics")
    print("shutdown:", c.request("shutdown", None).get("result", "error"))
    c.send("exit", None, False)
    print("exit status:", c.proc.wait(timeout=60))


if __name__ == "__main__":
    main()
