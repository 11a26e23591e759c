// The project's own math_functions.h, on -Isrc: the toolkit's must still win for the CUDA headers.
#pragma once
#define PROJECT_math_functions_H 1
