// uncoalesced-global-access through bit-fields and references to struct elements. A bit-field
// is read and written as the unit of its declared type that holds it (`unsigned b : 1` at bit
// 127 of a 16-byte node: the 4-byte word at byte 12). `Node &lower = nodes[index]` names the
// element and reads nothing; its fields are accessed where they are named (warp's BVH refit).
// Silent: every field of the element read through the reference (the thread uses the whole
// node), bit-fields of a 4-byte struct read by consecutive lanes.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Node {
  float x, y, z;
  unsigned int i : 31;
  unsigned int b : 1;
};
struct Flags {
  unsigned int kind : 8;
  unsigned int count : 24;
};

__global__ void refit(int n, Node *nodes, const int *parents, int *out) {
  int index = blockDim.x * blockIdx.x + threadIdx.x;
  if (index < n) {
    bool leaf = nodes[index].b;
// CHECK: bitfields-and-references.cu:[[@LINE-1]]:17: warning: lanes of a warp read 'nodes[index].b' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
    if (leaf) {
      Node &lower = nodes[index];
      out[index] = lower.i + parents[index];
// CHECK: bitfields-and-references.cu:[[@LINE-1]]:20: warning: lanes of a warp read 'lower.i' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
      lower.i = 0;
// CHECK: bitfields-and-references.cu:[[@LINE-1]]:7: warning: lanes of a warp write 'lower.i' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
// CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
// CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
    }
  }
}

__global__ void wholeNode(int n, const Node *nodes, float *out) {
  int index = blockDim.x * blockIdx.x + threadIdx.x;
  if (index < n) {
    const Node &node = nodes[index];
    out[index] = node.x + node.y + node.z + node.i;
  }
}

__global__ void counts(int n, const Flags *flags, int *out) {
  int index = blockDim.x * blockIdx.x + threadIdx.x;
  if (index < n)
    out[index] = flags[index].kind == 1 ? flags[index].count : 0;
}

void launch(int n, Node *nodes, const int *parents, int *out, float *f, const Flags *flags) {
  refit<<<(n + 255) / 256, 256>>>(n, nodes, parents, out);
  wholeNode<<<(n + 255) / 256, 256>>>(n, nodes, f);
  counts<<<(n + 255) / 256, 256>>>(n, flags, out);
}
