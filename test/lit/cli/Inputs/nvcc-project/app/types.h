// A project header named like a system one: a compiler finds it for "types.h" only.
#pragma once
#define PROJECT_types_H 1
