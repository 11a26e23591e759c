#pragma once
#include "oops.h"
