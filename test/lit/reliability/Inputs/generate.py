#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""Writes the hostile inputs of the reliability tests to stdout (too big to commit).

usage: generate.py KIND N
  ptxas-deep-name N   a ptxas report whose kernel name nests N levels (_Z1f + P*N + i)
  yaml-flow N         a .cuda-lint.yaml nesting N flow sequences ([[[...)
  yaml-block N        a .cuda-lint.yaml nesting N block sequences (- - - ... x)
  yaml-big N          a .cuda-lint.yaml of N MiB of comments
  ptxas-latin1 0      a ptxas report whose kernel name holds the byte 0xff (not UTF-8)
  nolint-latin1 0     a CUDA file whose NOLINT names a rule with the byte 0xff
"""
import sys

kind, n = sys.argv[1], int(sys.argv[2])
out = sys.stdout
if kind == "ptxas-deep-name":
    name = "_Z1f" + "P" * n + "i"
    out.write("ptxas info    : 0 bytes gmem\n")
    out.write(f"ptxas info    : Compiling entry function '{name}' for 'sm_90'\n")
    out.write(f"ptxas info    : Function properties for {name}\n")
    out.write("    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads\n")
    out.write("ptxas info    : Used 8 registers, used 0 barriers, 352 bytes cmem[0]\n")
elif kind == "yaml-flow":
    out.write("exclude: " + "[" * n + "\n")
elif kind == "yaml-block":
    out.write("exclude:\n  " + "- " * n + "x\n")
elif kind == "yaml-big":
    line = "# " + "x" * 1021 + "\n"
    out.write(line * (n * 1024))
elif kind == "ptxas-latin1":
    name = b"_Z2k\xffv"
    out.flush()
    out.buffer.write(b"ptxas info    : Compiling entry function '" + name + b"' for 'sm_90'\n")
    out.buffer.write(b"ptxas info    : Used 8 registers, used 0 barriers, 352 bytes cmem[0]\n")
elif kind == "nolint-latin1":
    out.flush()
    out.buffer.write(b"__global__ void __launch_bounds__(32) k(float *x) { x[0] = 1; }\n"
                     b"void h(float *p, cudaStream_t s) { k<<<1, 32, 0, s>>>(p); } "
                     b"// NOLINT(default-stream-l\xe9aunch)\n")
else:
    sys.exit(f"generate.py: unknown kind {kind}")
