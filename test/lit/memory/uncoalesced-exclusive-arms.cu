// Accesses of one thread on one base count as one request when together they use the bytes
// between its lanes (all fields of a float4); not when they lie in different arms of an `if` or
// `?:`, since a lane runs one arm only (DualSPHysics's KerComputeStepVerlet, blind memory set of
// 2026-11-26: `velrhonew[p] = velrho2[p]` in one arm, `velrho2[p].w` alone in the other), also
// where the other access lies in a function called in an arm that returns (nvdiffrast's
// triangle setup writes the whole 16-byte header through `&triHeader[taskIdx]` in a fast path
// that returns, and its `misc` field alone after it).
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

__global__ void otherArm(const float4 *v, float4 *out, int n, int npb) {
  unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) {
    if (p < npb)
      out[p] = v[p];
    else
      out[p] = make_float4(0, 0, 0, v[p].w);
    // CHECK: uncoalesced-exclusive-arms.cu:[[@LINE-1]]:37: warning: lanes of a warp read 'v[p].w' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK-NEXT: {{^}}      out[p] = make_float4(0, 0, 0, v[p].w);
    // CHECK-NEXT: {{^}}                                    ^~~~~~{{$}}
    // CHECK-NEXT: uncoalesced-exclusive-arms.cu:[[@LINE-4]]:37: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
    // CHECK-NEXT: uncoalesced-exclusive-arms.cu:[[@LINE-5]]:37: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
  }
}

// The sibling initialises a variable in the other arm.
__global__ void declaredInOtherArm(const float4 *v, float *out, unsigned n, unsigned npb) {
  unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) {
    if (p < npb) {
      out[p] = v[p].w;
      // CHECK: uncoalesced-exclusive-arms.cu:[[@LINE-1]]:16: warning: lanes of a warp read 'v[p].w' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
      // CHECK: note: each 32-byte sector
      // CHECK-NEXT: note: the lanes use one 4-byte field
    } else {
      float4 r = v[p];
      out[p] = r.x + r.w;
    }
  }
}

__global__ void selectArms(const float4 *v, float *out, int n, int npb) {
  unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n)
    out[p] = p < npb ? v[p].x : v[p].y;
  // CHECK: uncoalesced-exclusive-arms.cu:[[@LINE-1]]:24: warning: lanes of a warp read 'v[p].x' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector
  // CHECK-NEXT: note: the lanes use one 4-byte field
  // CHECK: uncoalesced-exclusive-arms.cu:[[@LINE-4]]:33: warning: lanes of a warp read 'v[p].y' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector
  // CHECK-NEXT: note: the lanes use one 4-byte field
}

// Silent: the whole element and its .w on one path, and all four fields read one by one.
__global__ void samePath(const float4 *v, float4 *out, float *w, int n) {
  unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) {
    float4 all = v[p];
    w[p] = v[p].w;
    out[p] = all;
  }
}
__global__ void everyField(const float4 *v, float *out, int n) {
  unsigned p = blockIdx.x * blockDim.x + threadIdx.x;
  if (p < n) {
    float s = v[p].x;
    s += v[p].y;
    s += v[p].z;
    s += v[p].w;
    out[p] = s;
  }
}

struct Header {
  short v0x, v0y, v1x, v1y, v2x, v2y;
  unsigned misc;
};

__device__ void writeHeader(Header *h, int a) { *(uint4 *)h = make_uint4(a, a, a, a); }

__global__ void calledInLeavingArm(Header *hs, const int *flags, int n) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (flags[t] > 0) {
    writeHeader(&hs[t], t);
    return;
  }
  hs[t].misc = n;
  // CHECK: uncoalesced-exclusive-arms.cu:[[@LINE-1]]:3: warning: lanes of a warp write 'hs[t].misc' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
  // CHECK-NEXT: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
}

void run(const float4 *v, float4 *o4, float *o, int n, Header *h, const int *f) {
  otherArm<<<n / 256, 256>>>(v, o4, n, 7);
  selectArms<<<n / 256, 256>>>(v, o, n, 7);
  declaredInOtherArm<<<n / 256, 256>>>(v, o, n, n / 2);
  samePath<<<n / 256, 256>>>(v, o4, o, n);
  everyField<<<n / 256, 256>>>(v, o, n);
  calledInLeavingArm<<<n / 256, 256>>>(h, f, n);
}
