// A project header named like a system one: a compiler finds it for "time.h" only.
#pragma once
#define PROJECT_time_H 1
