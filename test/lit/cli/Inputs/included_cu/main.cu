// Rodinia's layout: main.cu defines the types, then includes the kernel file.
struct Node { int first, count; };
#define MAX_THREADS 256
#include "kernel.cu"
void run(Node *n) { visit<<<1, MAX_THREADS>>>(n); }
