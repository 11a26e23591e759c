#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""A hostile repository run through every mode of cuda-lint (issue 33, items 1-3).

    hostile_repo.py CUDA_LINT SRC_ROOT WORK CUDA_PATH

Builds WORK/repo: a compile database and a .cuda-lint.yaml whose -D values hold $(...) and
backquotes that would `touch` a canary, whose extra-args would write dependency files, crash
reports and traces outside the tree (a stand-in ~/.bashrc among them) or load a plugin, a file
named like an option (`--export-facts=src/kernel.cu`), and a source named `$(touch ...).cu`.
Then runs each mode (lint with and without the database, --resource-usage, --fix, lsp, the
build launcher, shards and merge, the pre-commit hook, the GitHub Action's lint step) and prints
one line per mode: the files created, changed or removed anywhere under WORK outside that
mode's declared outputs, and the canaries that ran. Every line should read `clean`.
"""
import hashlib
import json
import os
import shutil
import subprocess
import sys
import time

# The LSP base protocol, shared with the lsp tests.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..",
                                "lsp", "Inputs"))
from lsp_rpc import frame, read_message  # noqa: E402

LINT, SRC, WORK = sys.argv[1], sys.argv[2], os.path.abspath(sys.argv[3])
NVCC = os.path.join(sys.argv[4], "bin", "nvcc")
REPO, HOME, OUT = (os.path.join(WORK, d) for d in ("repo", "home", "out"))
CANARY = os.path.join(WORK, "canary")

KERNEL = """#include <cuda_runtime.h>
__global__ void scale(float *x, float s) { x[threadIdx.x] *= s; }
void run(float *x) { scale<<<1, 100>>>(x, X + 2.0f); }
"""


def payloads(tag):
    """-D values that run `touch CANARY-tag-*` if a shell sees them."""
    return [f"-DP1=$(touch {CANARY}-{tag}-dollar)1", f"-DP2=`touch {CANARY}-{tag}-backquote`"]


def writes(tag):
    """Flags that make a compiler write outside the tree, or load code."""
    h = HOME
    return ["-MD", "-MF", f"{h}/.bashrc", "-MT", f"touch {CANARY}-{tag}-bashrc",
            f"-Wp,-MD,{h}/wp-{tag}.d", "-Xclang", "-dependency-file", "-Xclang", f"{h}/xc-{tag}.d",
            f"-fcrash-diagnostics-dir={h}/crash-{tag}", f"-ftime-trace={h}/trace-{tag}.json",
            "--serialize-diagnostics", f"{h}/diag-{tag}", "-fplugin=/nonexistent/plugin.so",
            "-Xclang", "-load", "-Xclang", "/nonexistent/plugin.so", "-save-temps=obj",
            f"--config={h}/clang.cfg", "-o", f"{h}/object-{tag}.o"]


def build_repo():
    for d in (REPO, HOME, OUT):
        shutil.rmtree(d, ignore_errors=True)
    for name in os.listdir(WORK) if os.path.isdir(WORK) else []:
        if name.startswith("canary"):
            os.remove(os.path.join(WORK, name))
    for d in (REPO + "/src", REPO + "/build", REPO + "/--export-facts=src", REPO + "/--launcher=x",
              REPO + "/tools", HOME, OUT):
        os.makedirs(d)
    with open(HOME + "/.bashrc", "w") as f:
        f.write("# the user's shell start-up file\n")
    with open(HOME + "/clang.cfg", "w") as f:
        f.write(f"-MD -MF {HOME}/from-clang-cfg.d\n")
    for p in ("src/kernel.cu", "--export-facts=src/kernel.cu", "--launcher=x/evil.cu"):
        with open(os.path.join(REPO, p), "w") as f:
            f.write(KERNEL)
    # A source named to run a command in any shell that sees its name unquoted.
    with open(os.path.join(REPO, "src", "$(touch canary-filename).cu"), "w") as f:
        f.write(KERNEL.replace("scale", "scale2"))
    # What the launcher would run as "the compiler" if it took a file name for its option.
    with open(REPO + "/tools/run.cu", "w") as f:
        f.write(f"#!/bin/sh\ntouch {CANARY}-executed\n")
    os.chmod(REPO + "/tools/run.cu", 0o755)
    with open(REPO + "/.cuda-lint.yaml", "w") as f:
        f.write("extra-args: " + json.dumps(["-DX=1"] + payloads("config") + writes("config")) + "\n")
    nvcc = NVCC
    db = [{"directory": REPO + "/build", "file": REPO + "/src/kernel.cu",
           "arguments": [nvcc] + payloads("db") + writes("db") +
                        ["-Xcompiler=-MD,-MF," + HOME + "/xcompiler.d", "-c", REPO + "/src/kernel.cu"]}]
    with open(REPO + "/build/compile_commands.json", "w") as f:
        json.dump(db, f, indent=1)
    subprocess.run(["git", "init", "-q", REPO], check=True)


def snapshot():
    """Every file under WORK but the outputs: path -> content hash (links: their target)."""
    seen = {}
    for root, dirs, files in os.walk(WORK):
        if os.path.abspath(root).startswith(OUT) or "/.git" in root:
            dirs[:] = []
            continue
        for name in files + [d for d in dirs if os.path.islink(os.path.join(root, d))]:
            p = os.path.join(root, name)
            if os.path.islink(p):
                seen[p] = "link:" + os.readlink(p)
            else:
                with open(p, "rb") as f:
                    seen[p] = hashlib.sha256(f.read()).hexdigest()
    return seen


def env():
    e = dict(os.environ)
    e.update(HOME=HOME, XDG_CACHE_HOME=OUT + "/xdg", TMPDIR=OUT, CUDA_LINT_NO_CACHE="1")
    e.pop("CI", None)
    return e


def run(argv, **kw):
    return subprocess.run(argv, cwd=kw.pop("cwd", REPO), env=env(), stdin=kw.pop("stdin", subprocess.DEVNULL),
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600, **kw)


def hook(*files):
    """scripts/pre-commit-hook.sh as pre-commit runs it, on \p files staged in the repo."""
    return subprocess.run(["bash", SRC + "/scripts/pre-commit-hook.sh", *files], cwd=REPO,
                          env=dict(env(), CUDA_LINT=LINT), stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)


def lsp(path):
    """Opens PATH in `cuda-lint lsp`, waits for its diagnostics, shuts the server down."""
    p = subprocess.Popen([LINT, "lsp"], cwd=REPO, env=env(), stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(obj):
        p.stdin.write(frame(obj))
        p.stdin.flush()

    def receive():
        return read_message(p.stdout)

    send({"jsonrpc": "2.0", "id": 1, "method": "initialize",
          "params": {"processId": None, "rootUri": "file://" + REPO, "capabilities": {}}})
    while (m := receive()) is not None and m.get("id") != 1:
        pass
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    with open(path) as f:
        text = f.read()
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file://" + path, "languageId": "cuda", "version": 1, "text": text}}})
    deadline = time.time() + 120
    while time.time() < deadline:
        m = receive()
        if m is None or m.get("method") == "textDocument/publishDiagnostics":
            break
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    while (m := receive()) is not None and m.get("id") != 2:
        pass
    send({"jsonrpc": "2.0", "method": "exit"})
    p.stdin.close()
    p.wait(timeout=60)


def main():
    shutil.rmtree(WORK, ignore_errors=True)
    os.makedirs(WORK)
    src = REPO + "/src/kernel.cu"
    modes = [
        ("lint", lambda: run([LINT, REPO])),
        ("lint -p", lambda: run([LINT, "-p", REPO + "/build"])),
        ("resource-usage", lambda: run([LINT, "--resource-usage", REPO + "/src"])),
        ("resource-usage -p", lambda: run([LINT, "--resource-usage", "-p", REPO + "/build"])),
        ("fix", lambda: run([LINT, "--fix", "--unsafe-fixes", src])),
        ("lsp", lambda: lsp(src)),
        ("launcher", lambda: run([LINT, "--launcher=" + OUT + "/facts", "true", "-c", src,
                                  "-o", OUT + "/k.o"])),
        ("shards", lambda: [run([LINT, f"--shard={k}/2", "--export-facts", f"{OUT}/{k}.facts", REPO])
                            for k in (1, 2)]),
        ("merge", lambda: run([LINT, "merge", WORK + "/facts/1.facts", WORK + "/facts/2.facts"])),
        # pre-commit runs `entry args... files...` with the staged files' names, as given here.
        ("pre-commit", lambda: hook("--export-facts=src/kernel.cu", "src/kernel.cu")),
        ("pre-commit launcher", lambda: hook("--launcher=x/evil.cu", "tools/run.cu")),
        ("action", lambda: subprocess.run(
            ["bash", SRC + "/scripts/action-run.sh", "lint"], cwd=REPO,
            env=dict(env(), CUDA_LINT=LINT, INPUT_FORMAT="github", INPUT_PATHS=".",
                     GITHUB_OUTPUT=OUT + "/gh-output", GITHUB_ENV=OUT + "/gh-env", RUNNER_TEMP=OUT),
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)),
    ]
    for name, fn in modes:
        if name == "merge":  # the shards' facts files, kept out of the way of build_repo()
            build_repo()
            dict(modes)["shards"]()
            os.makedirs(WORK + "/facts", exist_ok=True)
            for k in (1, 2):
                os.replace(f"{OUT}/{k}.facts", f"{WORK}/facts/{k}.facts")
        if name.startswith("resource-usage") and not os.access(NVCC, os.X_OK):
            print(f"{name}: skipped (no nvcc)")
            continue
        build_repo()  # afresh: a file an earlier mode wrote must not hide a later write
        before = snapshot()
        fn()
        after = snapshot()
        changed = sorted(set(before) ^ set(after) | {p for p in before if p in after and before[p] != after[p]})
        if name == "fix":  # --fix may change the sources it was asked to fix, and nothing else
            changed = [p for p in changed if p != src]
        shown = [os.path.relpath(p, WORK) for p in changed]
        print(f"{name}: " + ("clean" if not shown else "CHANGED " + " ".join(shown)))
        sys.stdout.flush()


if __name__ == "__main__":
    main()
