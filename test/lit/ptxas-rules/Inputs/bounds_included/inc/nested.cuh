// Included by main.cu as "inc/nested.cuh", and it includes shift.cuh from its own directory: the
// copy of shift.cuh beside the copy of main.cu is not what the compile reads, which the check
// detects (no probe kernel in the report) instead of comparing the unchanged original.
#pragma once
#include "shift.cuh"
