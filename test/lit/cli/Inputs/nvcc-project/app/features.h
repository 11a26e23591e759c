// A project header named like a system one: a compiler finds it for "features.h" only.
#pragma once
#define PROJECT_features_H 1
