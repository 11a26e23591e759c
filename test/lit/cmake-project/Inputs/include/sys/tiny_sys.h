#pragma once
#define TINY_SYS 1
