// The project's own cuda.h, on -Isrc: the toolkit's must still win for the CUDA headers.
#pragma once
#define PROJECT_cuda_H 1
