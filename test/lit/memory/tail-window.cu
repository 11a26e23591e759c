// The scalar tail of a vectorised loop (pointnet2's cumsum): `k < n` holds in the loop and `k + 3
// < n` fails in the else arm, so k lies in [n - 3, n): with k stepping by 4 from lane to lane, one
// lane of a warp at most takes that arm, and its accesses are no request of a warp (one lane
// reads one sector; no two lanes meet in a bank). Before, the global load was reported as 16
// sectors for 4 and the shared store as a 4-way conflict. The conditions may be one `&&` of
// comparisons on the thread index itself.
// Reported still: a tail wider than the step (`k + 64 < n`, up to 16 lanes), and a window whose
// value the loop's body changes before the branch.
// RUN: %expect-exit 1 --stdout %t.out -- %cuda-lint --color=never --pedantic --rules=uncoalesced-global-access,shared-memory-bank-conflict %s
// RUN: FileCheck %s --input-file=%t.out --implicit-check-not=warning: --implicit-check-not=note:
__global__ void __launch_bounds__(512) cumsumTail(int n, const float *inp, float *out) {
  __shared__ float buffer4[2048 * 4];
  for (int k = threadIdx.x * 4; k < n; k += blockDim.x * 4) {
    if (k + 3 < n) {
      float4 v = reinterpret_cast<const float4 *>(inp)[k / 4];
      reinterpret_cast<float4 *>(buffer4)[k / 4] = v;
    } else {
      float v = 0;
      for (int k2 = k; k2 < n; k2++) {
        v += inp[k2];
        buffer4[k2] = v;
      }
    }
  }
  __syncthreads();
  out[threadIdx.x] = buffer4[threadIdx.x];
}

__global__ void __launch_bounds__(512) wideTail(int n, const float *inp, float *out) {
  for (int k = threadIdx.x * 4; k < n; k += blockDim.x * 4) {
    if (!(k + 64 < n))
      out[k] = inp[k];
    // CHECK: tail-window.cu:[[@LINE-1]]:7: warning: lanes of a warp write 'out[k]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
    // CHECK-NEXT: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
    // CHECK: tail-window.cu:[[@LINE-4]]:16: warning: lanes of a warp read 'inp[k]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
    // CHECK-NEXT: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
  }
}

__global__ void __launch_bounds__(512) movedTail(int n, const float *inp, float *out) {
  for (int k = threadIdx.x * 4; k < n; k += blockDim.x * 4) {
    k += 0 * n;
    if (!(k + 3 < n))
      out[k] = inp[k];
    // CHECK: tail-window.cu:[[@LINE-1]]:7: warning: lanes of a warp write 'out[k]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
    // CHECK-NEXT: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
    // CHECK: tail-window.cu:[[@LINE-4]]:16: warning: lanes of a warp read 'inp[k]' 16 bytes apart: 16 sectors per request instead of 4 [uncoalesced-global-access]
    // CHECK: note: each 32-byte sector is a separate transfer: one request of the warp moves 512 bytes to use 128
    // CHECK-NEXT: note: make consecutive lanes use consecutive elements; where one thread needs neighbouring elements, load them together as a vector type (float2, float4)
  }
}

// The same tail written on the thread index itself, one float4 a thread: silent.
__global__ void __launch_bounds__(512) indexTail(int n, const float *inp, float *out) {
  if (threadIdx.x * 4 < n && !(threadIdx.x * 4 + 3 < n))
    out[threadIdx.x * 4] = inp[threadIdx.x * 4];
}

void run(int n, const float *in, float *out) {
  indexTail<<<32, 512>>>(n, in, out);
  cumsumTail<<<32, 512>>>(n, in, out);
  wideTail<<<32, 512>>>(n, in, out);
  movedTail<<<32, 512>>>(n, in, out);
}
