# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""What the precision scorers (blind-score.py, divergence-precision.py) need of a CUDA source
without parsing it: the function a line belongs to, for matching barriers per function."""
import re

FUNC = re.compile(r"__global__|__device__")


def enclosing_function(path, line, cache={}):
    """The line of the nearest __global__/__device__ at or above LINE (a stand-in for the
    function); 0 when there is none or the file cannot be read."""
    if path not in cache:
        try:
            with open(path, errors="replace") as f:
                cache[path] = [i + 1 for i, l in enumerate(f) if FUNC.search(l)]
        except OSError:
            cache[path] = []
    starts = [s for s in cache[path] if s <= line]
    return starts[-1] if starts else 0
