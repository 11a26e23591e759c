// Does not parse alone: Node and MAX_THREADS come from main.cu.
__global__ void visit(Node *n) {
  int tid = blockIdx.x * MAX_THREADS + threadIdx.x;
  n[tid].count = 0;
}
