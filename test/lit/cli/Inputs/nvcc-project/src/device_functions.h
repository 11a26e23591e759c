// The project's own device_functions.h, on -Isrc: the toolkit's must still win for the CUDA headers.
#pragma once
#define PROJECT_device_functions_H 1
