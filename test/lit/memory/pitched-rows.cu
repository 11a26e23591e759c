// uncoalesced-global-access in blocks narrower than a warp over rows a run-time pitch apart
// (`x + y * width` in 16x16 blocks, InfiniTAM's image kernels): a warp holds two rows whose
// distance is not known, but each row's lanes are, and each row needs sectors of its own.
// A store of one field of 16-byte structs touches 8 sectors per row, 16 per request, where 4
// would do. Silent: unit-stride rows, every field of the struct written, 1-byte elements
// (2 sectors), an index scaled by the run-time pitch. A store in an `if` arm that returns
// does not pair with the stores after the `if`: a thread runs one or the other. Silent too: a
// store on the path only the warps at the image's border take (the other side of a tail guard
// that splits one warp), whose cost is those warps' alone.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --rules=uncoalesced-global-access %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:

struct Vec4 {
  float x, y, z, w;
};

__device__ inline void normalAt(const float *depth, Vec4 *normals, int x, int y, int width) {
  int idx = x + y * width;
  float z = depth[idx];
  if (z < 0.0f) {
    normals[idx].w = -1.0f; // only .w on this path
    // CHECK: pitched-rows.cu:[[@LINE-1]]:5: warning: lanes of a warp write 'normals[idx].w' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK-NEXT: {{^}}    normals[idx].w = -1.0f; // only .w on this path
    // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
    // CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
    // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 16 lanes is counted in sectors of its own
    // CHECK: note: the lanes use one 4-byte field of 16-byte structs: keep that field in an array of its own (a struct of arrays), or have each thread use every field it fetches
    return;
  }
  normals[idx].x = z;
  normals[idx].y = z;
  normals[idx].z = z;
  normals[idx].w = 1.0f;
}

__global__ void normalsKernel(const float *depth, Vec4 *normals, float *out,
                              const unsigned char *mask, int width, int height) {
  int x = threadIdx.x + blockIdx.x * blockDim.x, y = threadIdx.y + blockIdx.y * blockDim.y;
  int idx = x + y * width;
  if (x < 2 || x > width - 2 || y < 2 || y > height - 2) {
    normals[idx].w = -1.0f; // the image's border: only the warps at its edges come here
    return;
  }
  normalAt(depth, normals, x, y, width);
  out[idx] = depth[y * width + x - 1] + mask[idx];
  out[2 * idx] = depth[idx + 1];
  // CHECK: pitched-rows.cu:[[@LINE-1]]:3: warning: lanes of a warp write 'out[2 * idx]' 8 bytes apart: 8 sectors per request instead of 4 [uncoalesced-global-access]
  // CHECK-NEXT: {{^}}  out[2 * idx] = depth[idx + 1];
  // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 256 bytes to use 128
  // CHECK: note: with blocks of 16x16 threads, one warp spans 2 values of threadIdx.y
  // CHECK-NEXT: note: the rows lie a run-time pitch apart, not known here: each row of 16 lanes is counted in sectors of its own
  // CHECK: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
  out[idx * width] = 0.0f;
}

void computeNormals(const float *depth, Vec4 *normals, float *out, const unsigned char *mask,
                    int width, int height, cudaStream_t s) {
  dim3 block(16, 16), grid((width + 15) / 16, (height + 15) / 16);
  normalsKernel<<<grid, block, 0, s>>>(depth, normals, out, mask, width, height);
}
