# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Runs every command of the README's usage block, as the README shows it, in a small project.

The block is read from README.md (so a command changed there is a command tested here): each
line's `cuda-lint` is this build's binary, comments are dropped, and the command runs in a
directory with src/ (a kernel with findings), build/compile_commands.json, ptxas.log and an ./app.
Each command's exit code must be the one this table expects for that project; a command in the
README that the table does not know fails the test, so the two stay together.

    readme_usage.py CUDA_LINT SRC_ROOT NVCC WORKDIR
"""
import json
import os
import re
import shlex
import shutil
import subprocess
import sys

KERNEL = r"""
__global__ void k(float *x) { x[threadIdx.x + blockIdx.x * blockDim.x] *= 2.0f; }
int main() {
  float *x;
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
  cudaMalloc(&x, 4 * 80 * sizeof(float));
  k<<<4, dim3(40, 2), 0, s>>>(x);
  k<<<4, 64>>>(x);
  cudaDeviceSynchronize();
  return 0;
}
"""

# Exit code of each README command in this project, and files it must leave behind.
EXPECTED = {
    "cuda-lint src/": (1, []),
    "cuda-lint -p build src/": (1, []),
    "cuda-lint -p build": (1, []),
    "cuda-lint --format=concise src/": (1, []),
    "cuda-lint --statistics src/": (1, []),
    "cuda-lint --diff src/": (0, []),  # the bound is unsafe for files named on the command line
    "cuda-lint --fix src/": (1, []),
    "cuda-lint --export-fixes fixes.yaml src/": (1, ["fixes.yaml"]),
    "cuda-lint --write-baseline baseline.json src/": (0, ["baseline.json"]),
    "cuda-lint --baseline baseline.json src/": (0, []),
    "cuda-lint --fail-on=error src/": (0, []),
    "cuda-lint --format=json -o report.json src/": (1, ["report.json"]),
    "cuda-lint --list-rules": (0, []),
    "cuda-lint --resource-usage src/": (1, []),
    "cuda-lint --ptxas-log ptxas.log src/": (1, []),
    "cuda-lint occupancy --ptxas-log ptxas.log --block-size all": (0, []),
    # Needs a GPU; without one it must still run and say so (exit 0 or 1, never a crash).
    "cuda-lint confirm --findings f.json -- ./app": (None, []),
}


def usage_commands(readme):
    text = open(readme, encoding="utf-8").read()
    block = re.search(r"## Usage\s*\n+```sh\n(.*?)```", text, re.S)
    if not block:
        sys.exit("README.md has no ```sh block under ## Usage")
    commands = []
    for line in block.group(1).splitlines():
        command = line.split("#", 1)[0].strip()
        if command:
            commands.append(command)
    return commands


def main():
    cuda_lint, root, nvcc, work = sys.argv[1:5]
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(os.path.join(work, "src"))
    os.makedirs(os.path.join(work, "build"))
    src = os.path.join(work, "src", "launch.cu")
    with open(src, "w") as f:
        f.write(KERNEL)
    with open(os.path.join(work, "build", "compile_commands.json"), "w") as f:
        json.dump([{"directory": work, "file": src,
                    "command": f"{nvcc} -arch=sm_90 -c {src} -o launch.o"}], f)
    with open(os.path.join(work, "ptxas.log"), "w") as log:
        subprocess.run([nvcc, "-arch=sm_90", "--resource-usage", "-o", os.path.join(work, "app"),
                        src], stderr=log, check=True, cwd=work)
    subprocess.run([cuda_lint, "--format=json", "-o", "f.json", "src/"], cwd=work)
    pristine = open(src).read()
    failures = 0
    commands = usage_commands(os.path.join(root, "README.md"))
    for command in commands:
        if command not in EXPECTED:
            print(f"FAIL: the README shows a command this test does not know: {command}")
            failures += 1
            continue
        code, files = EXPECTED[command]
        args = shlex.split(command)
        args[0] = cuda_lint
        with open(src, "w") as f:  # every command sees the same project
            f.write(pristine)
        run = subprocess.run(args, cwd=work, capture_output=True, text=True, timeout=600)
        ok = run.returncode == code if code is not None else run.returncode in (0, 1)
        missing = [p for p in files if not os.path.exists(os.path.join(work, p))]
        status = "ok" if ok and not missing else "FAIL"
        failures += status != "ok"
        print(f"{status}: exit {run.returncode}: {command}" + (f" (missing {missing})" if missing else ""))
        if status != "ok":
            print(run.stdout[-1500:], run.stderr[-1500:])
    for known in EXPECTED:
        if known not in commands:
            print(f"note: no longer in the README: {known}")
    print(f"{len(commands)} README commands, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
