// A project header named like a system one: a compiler finds it for "config.h" only.
#pragma once
#define PROJECT_config_H 1
