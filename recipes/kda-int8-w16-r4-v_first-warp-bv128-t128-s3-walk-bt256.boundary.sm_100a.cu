
__device__ __forceinline__ unsigned lq_movm(unsigned x) {   // an 8x8 b16 matrix, transposed across the warp
  unsigned y;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;\n" : "=r"(y) : "r"(x));
  return y;
}
#if defined(_MSC_VER) && !defined(__clang__) && _MSC_VER < 1940
#define _tl_orig_alignas alignas
#define alignas(N) _tl_orig_alignas((N) <= 64 ? (N) : 64)
#include <cuda.h>
#undef alignas
#define alignas _tl_orig_alignas
#endif
#include <tl_templates/cuda/instruction/mma.h>
#include <tl_templates/cuda/copy.h>
#include <tl_templates/cuda/reduce.h>
#include <tl_templates/cuda/scan.h>
#include <tl_templates/cuda/ldsm.h>
#include <tl_templates/cuda/threadblock_swizzle.h>
#include <tl_templates/cuda/debug.h>
#ifdef ENABLE_BF16
#include <tl_templates/cuda/cuda_bf16_fallbacks.cuh>
#endif

extern "C" __global__ void boundary_kernel(float* __restrict__ Bs, half_t* __restrict__ Kc, half_t* __restrict__ Uc, signed char* __restrict__ Zw, float* __restrict__ c, const int* __restrict__ cnt, const int* __restrict__ idx, const int* __restrict__ lst, const float* __restrict__ rg, const half_t* __restrict__ rk, const half_t* __restrict__ ru, const int* __restrict__ wnext, int* __restrict__ wpos, int C, int N, int NS, int par);
extern "C" __global__ void __launch_bounds__(256, 2) boundary_kernel(float* __restrict__ Bs, half_t* __restrict__ Kc, half_t* __restrict__ Uc, signed char* __restrict__ Zw, float* __restrict__ c, const int* __restrict__ cnt, const int* __restrict__ idx, const int* __restrict__ lst, const float* __restrict__ rg, const half_t* __restrict__ rk, const half_t* __restrict__ ru, const int* __restrict__ wnext, int* __restrict__ wpos, int C, int N, int NS, int par) {
  extern __shared__ __align__(1024) uchar buf_dyn_shmem[];
  void* Zp = ((void*)((char*)buf_dyn_shmem + 0));
  void* rgp = ((void*)((char*)buf_dyn_shmem + 18432));
  void* rkp = ((void*)((char*)buf_dyn_shmem + 26624));
  void* rup = ((void*)((char*)buf_dyn_shmem + 30720));
  void* Kcp = ((void*)((char*)buf_dyn_shmem + 34816));
  void* Ucp = ((void*)((char*)buf_dyn_shmem + 35840));
  void* Bpf = ((void*)((char*)buf_dyn_shmem + 36864));
  void* cpf = ((void*)((char*)buf_dyn_shmem + 37376));
  void* Sh = ((void*)((char*)buf_dyn_shmem + 37888));
  int nb[1];
  int sn[1];
  int sl[1];
  uint zp[16];
  float gl[17];
  float kr[4];
  float fv[2];
  half_t h16[2];
  half_t l16[2];
  uint af[6];
  uint bfr[6];
  float acc[64];
  float wd[4];
  uint ta[4];
  float kt[2];
  uint tb[2];
  float sm[1];
  float pv[8];
  float bm[2];
  float cw[2];
  float sv[2];
  uint wa[8];
  float pd[4];
  float ml[16];
  float red[4];
  float nr[2];
  if (((int)blockIdx.x) == 0) {
    int rmod = ((N - 1) % (C * 256));
    int rdiv = ((N - 1) / (C * 256));
    for (int t0 = 0; t0 < (((((0 <= C) && (0 <= rmod)) || ((C < 0) && (rmod <= 0))) ? rdiv : (rdiv - 1)) + 1); ++t0) {
      if (((((t0 * C) * 256) + (((int)blockIdx.y) * 256)) + ((int)threadIdx.x)) < N) {
        if (0 <= idx[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)256) + (((int64_t)((int)blockIdx.y)) * (int64_t)256)) + ((int64_t)((int)threadIdx.x)))]) {
          if (idx[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)256) + (((int64_t)((int)blockIdx.y)) * (int64_t)256)) + ((int64_t)((int)threadIdx.x)))] < NS) {
            int condval;
            if ((wnext[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)256) + (((int64_t)((int)blockIdx.y)) * (int64_t)256)) + ((int64_t)((int)threadIdx.x)))] == 16)) {
              condval = 0;
            } else {
              condval = wnext[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)256) + (((int64_t)((int)blockIdx.y)) * (int64_t)256)) + ((int64_t)((int)threadIdx.x)))];
            }
            wpos[idx[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)256) + (((int64_t)((int)blockIdx.y)) * (int64_t)256)) + ((int64_t)((int)threadIdx.x)))]] = condval;
          }
        }
      }
    }
  }
  int condval_1;
  if (((par < 2) && (0 <= par))) {
    condval_1 = cnt[((int64_t)par)];
  } else {
    condval_1 = 0;
  }
  nb[0] = condval_1;
  if (((int)blockIdx.y) < nb[0]) {
    int condval_3;
    if (((par < 2) && (0 <= par))) {
      condval_3 = cnt[((int64_t)par)];
    } else {
      condval_3 = 0;
    }
    int condval_2;
    if ((((int)blockIdx.y) < condval_3)) {
      int condval_4;
      if ((1 <= N)) {
        condval_4 = lst[min(((int64_t)((int)blockIdx.y)), (((int64_t)N) - (int64_t)1))];
      } else {
        condval_4 = 0;
      }
      condval_2 = condval_4;
    } else {
      condval_2 = -1;
    }
    sn[0] = condval_2;
  }
  if (((int)blockIdx.y) < nb[0]) {
    int s = sn[0];
    #pragma unroll
    for (int cc = 0; cc < 4; ++cc) {
      tl::cp_async_gs_conditional<16>((&(((signed char*)Zp)[(((cc * 4608) + ((((int)threadIdx.x) >> 3) * 144)) + ((((int)threadIdx.x) & 7) * 16))])), (&(Zw[((((((int64_t)s) * (int64_t)524288) + (((int64_t)((int)blockIdx.x)) * (int64_t)16384)) + (((int64_t)cc) * (int64_t)4096)) + (((int64_t)((int)threadIdx.x)) * (int64_t)16))])), ((s < NS) && (0 <= s)));
    }
    if (((int)threadIdx.x) < 32) {
      tl::cp_async_gs_conditional<16>((&(((float*)cpf)[(((int)threadIdx.x) * 4)])), (&(c[(((((int64_t)s) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4))])), ((s < NS) && (0 <= s)));
    } else {
      if (((int)threadIdx.x) < 64) {
        tl::cp_async_gs_conditional<16>((&(((float*)Bpf)[((((int)threadIdx.x) * 4) - 128)])), (&(Bs[((((((int64_t)s) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4)) - (int64_t)128)])), ((s < NS) && (0 <= s)));
      }
    }
    if (((int)threadIdx.x) < 64) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)Kcp)[(((int)threadIdx.x) * 8)])), (&(Kc[(((((int64_t)s) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s < NS) && (0 <= s)));
      tl::cp_async_gs_conditional<16>((&(((half_t*)Ucp)[(((int)threadIdx.x) * 8)])), (&(Uc[(((((int64_t)s) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s < NS) && (0 <= s)));
    }
    tl::cp_async_gs_conditional<16>((&(((half_t*)rkp)[(((int)threadIdx.x) * 8)])), (&(rk[(((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s < NS) && (0 <= s)));
    tl::cp_async_gs_conditional<16>((&(((half_t*)rup)[(((int)threadIdx.x) * 8)])), (&(ru[(((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s < NS) && (0 <= s)));
    #pragma unroll
    for (int cc_1 = 0; cc_1 < 2; ++cc_1) {
      tl::cp_async_gs_conditional<16>((&(((float*)rgp)[((cc_1 * 1024) + (((int)threadIdx.x) * 4))])), (&(rg[((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)cc_1) * (int64_t)1024)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4))])), ((s < NS) && (0 <= s)));
    }
    tl::cp_async_commit();
  }
  tl::cp_async_wait<0>();
  __syncthreads();
  int rmod_1 = ((max((nb[0] - ((int)blockIdx.y)), 0) - 1) % C);
  int rdiv_1 = ((max((nb[0] - ((int)blockIdx.y)), 0) - 1) / C);
  for (int it = 0; it < (((((0 <= C) && (0 <= rmod_1)) || ((C < 0) && (rmod_1 <= 0))) ? rdiv_1 : (rdiv_1 - 1)) + 1); ++it) {
    int condval_6;
    if (((par < 2) && (0 <= par))) {
      condval_6 = cnt[((int64_t)par)];
    } else {
      condval_6 = 0;
    }
    int condval_5;
    if ((((it * C) + ((int)blockIdx.y)) < condval_6)) {
      int condval_7;
      if ((1 <= N)) {
        condval_7 = lst[min(((((int64_t)it) * ((int64_t)C)) + ((int64_t)((int)blockIdx.y))), (((int64_t)N) - (int64_t)1))];
      } else {
        condval_7 = 0;
      }
      condval_5 = condval_7;
    } else {
      condval_5 = -1;
    }
    sl[0] = condval_5;
    if (0 <= sl[0]) {
      zp[0] = ((((uint)((short*)Zp)[((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3))]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 576)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[1] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 4)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 580)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[2] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 8)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 584)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[3] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 12)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 588)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[4] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 16)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 592)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[5] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 20)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 596)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[6] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 24)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 600)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[7] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 28)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 604)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[8] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 32)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 608)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[9] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 36)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 612)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[10] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 40)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 616)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[11] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 44)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 620)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[12] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 48)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 624)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[13] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 52)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 628)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[14] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 56)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 632)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      zp[15] = ((((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 60)]) & (uint)65535) | (((uint)((short*)Zp)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 636)]) << (uint)16));
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        ((float*)Sh)[(((int)threadIdx.x) + 13312)] = ((float*)cpf)[((int)threadIdx.x)];
        gl[0] = 0x0p+0f/*0.000000e+00*/;
        #pragma unroll
        for (int j = 0; j < 16; ++j) {
          gl[(j + 1)] = (gl[j] + ((float*)rgp)[((j * 128) + ((int)threadIdx.x))]);
        }
        #pragma unroll
        for (int a = 0; a < 4; ++a) {
          kr[a] = ((float)((half_t*)Kcp)[((a * 128) + ((int)threadIdx.x))]);
          ((float*)Sh)[(((((int)threadIdx.x) * 4) + a) + 4608)] = kr[a];
        }
        fv[0] = (expf(gl[16]) * kr[0]);
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf(gl[16]) * kr[1]);
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1536)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3072)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf(gl[16]) * kr[2]);
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf(gl[16]) * kr[3]);
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1537)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3073)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[1])) * ((float)((half_t*)rkp)[((int)threadIdx.x)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf((gl[16] - gl[2])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 128)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1538)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3074)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[3])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 256)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf((gl[16] - gl[4])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 384)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1539)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3075)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[5])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 512)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf((gl[16] - gl[6])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 640)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1540)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3076)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[7])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 768)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf((gl[16] - gl[8])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 896)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1541)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3077)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[9])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1024)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf((gl[16] - gl[10])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1152)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1542)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3078)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[11])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1280)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf((gl[16] - gl[12])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1408)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1543)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3079)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[13])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1536)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf((gl[16] - gl[14])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1664)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1544)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3080)] = __pack_half2(l16[0], l16[1]);
        fv[0] = (expf((gl[16] - gl[15])) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1792)]));
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = (expf(0x0p+0f/*0.000000e+00*/) * ((float)((half_t*)rkp)[(((int)threadIdx.x) + 1920)]));
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1545)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3081)] = __pack_half2(l16[0], l16[1]);
        fv[0] = 0x0p+0f/*0.000000e+00*/;
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = 0x0p+0f/*0.000000e+00*/;
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1546)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3082)] = __pack_half2(l16[0], l16[1]);
        fv[0] = 0x0p+0f/*0.000000e+00*/;
        h16[0] = ((half_t)fv[0]);
        l16[0] = ((half_t)(fv[0] - ((float)h16[0])));
        fv[1] = 0x0p+0f/*0.000000e+00*/;
        h16[1] = ((half_t)fv[1]);
        l16[1] = ((half_t)(fv[1] - ((float)h16[1])));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 1547)] = __pack_half2(h16[0], h16[1]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) + 3083)] = __pack_half2(l16[0], l16[1]);
        ((float*)Sh)[(((int)threadIdx.x) + 13696)] = expf(gl[16]);
      } else {
        ((float*)Sh)[(((int)threadIdx.x) + 13440)] = ((float*)Bpf)[(((int)threadIdx.x) - 128)];
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1536)] = __pack_half2(((half_t*)Ucp)[(((int)threadIdx.x) - 128)], ((half_t*)Ucp)[((int)threadIdx.x)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1535)] = __pack_half2(((half_t*)Ucp)[(((int)threadIdx.x) + 128)], ((half_t*)Ucp)[(((int)threadIdx.x) + 256)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1534)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) - 128)], ((half_t*)rup)[((int)threadIdx.x)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1533)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) + 128)], ((half_t*)rup)[(((int)threadIdx.x) + 256)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1532)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) + 384)], ((half_t*)rup)[(((int)threadIdx.x) + 512)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1531)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) + 640)], ((half_t*)rup)[(((int)threadIdx.x) + 768)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1530)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) + 896)], ((half_t*)rup)[(((int)threadIdx.x) + 1024)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1529)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) + 1152)], ((half_t*)rup)[(((int)threadIdx.x) + 1280)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1528)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) + 1408)], ((half_t*)rup)[(((int)threadIdx.x) + 1536)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1527)] = __pack_half2(((half_t*)rup)[(((int)threadIdx.x) + 1664)], ((half_t*)rup)[(((int)threadIdx.x) + 1792)]);
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1526)] = __pack_half2(half_t(0x0p+0f/*0.000000e+00*/), half_t(0x0p+0f/*0.000000e+00*/));
        ((uint*)Sh)[((((int)threadIdx.x) * 12) - 1525)] = __pack_half2(half_t(0x0p+0f/*0.000000e+00*/), half_t(0x0p+0f/*0.000000e+00*/));
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      if ((((it + 1) * C) + ((int)blockIdx.y)) < nb[0]) {
        int condval_9;
        if (((par < 2) && (0 <= par))) {
          condval_9 = cnt[((int64_t)par)];
        } else {
          condval_9 = 0;
        }
        int condval_8;
        if (((((it + 1) * C) + ((int)blockIdx.y)) < condval_9)) {
          int condval_10;
          if ((1 <= N)) {
            condval_10 = lst[min((((((int64_t)it) + (int64_t)1) * ((int64_t)C)) + ((int64_t)((int)blockIdx.y))), (((int64_t)N) - (int64_t)1))];
          } else {
            condval_10 = 0;
          }
          condval_8 = condval_10;
        } else {
          condval_8 = -1;
        }
        sn[0] = condval_8;
      }
    }
    if (0 <= sl[0]) {
      if ((((it + 1) * C) + ((int)blockIdx.y)) < nb[0]) {
        int s_1 = sn[0];
        #pragma unroll
        for (int cc_2 = 0; cc_2 < 4; ++cc_2) {
          tl::cp_async_gs_conditional<16>((&(((signed char*)Zp)[(((cc_2 * 4608) + ((((int)threadIdx.x) >> 3) * 144)) + ((((int)threadIdx.x) & 7) * 16))])), (&(Zw[((((((int64_t)s_1) * (int64_t)524288) + (((int64_t)((int)blockIdx.x)) * (int64_t)16384)) + (((int64_t)cc_2) * (int64_t)4096)) + (((int64_t)((int)threadIdx.x)) * (int64_t)16))])), ((s_1 < NS) && (0 <= s_1)));
        }
        if (((int)threadIdx.x) < 32) {
          tl::cp_async_gs_conditional<16>((&(((float*)cpf)[(((int)threadIdx.x) * 4)])), (&(c[(((((int64_t)s_1) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4))])), ((s_1 < NS) && (0 <= s_1)));
        } else {
          if (((int)threadIdx.x) < 64) {
            tl::cp_async_gs_conditional<16>((&(((float*)Bpf)[((((int)threadIdx.x) * 4) - 128)])), (&(Bs[((((((int64_t)s_1) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4)) - (int64_t)128)])), ((s_1 < NS) && (0 <= s_1)));
          }
        }
        if (((int)threadIdx.x) < 64) {
          tl::cp_async_gs_conditional<16>((&(((half_t*)Kcp)[(((int)threadIdx.x) * 8)])), (&(Kc[(((((int64_t)s_1) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s_1 < NS) && (0 <= s_1)));
          tl::cp_async_gs_conditional<16>((&(((half_t*)Ucp)[(((int)threadIdx.x) * 8)])), (&(Uc[(((((int64_t)s_1) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s_1 < NS) && (0 <= s_1)));
        }
        tl::cp_async_gs_conditional<16>((&(((half_t*)rkp)[(((int)threadIdx.x) * 8)])), (&(rk[(((((int64_t)s_1) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s_1 < NS) && (0 <= s_1)));
        tl::cp_async_gs_conditional<16>((&(((half_t*)rup)[(((int)threadIdx.x) * 8)])), (&(ru[(((((int64_t)s_1) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s_1 < NS) && (0 <= s_1)));
        #pragma unroll
        for (int cc_3 = 0; cc_3 < 2; ++cc_3) {
          tl::cp_async_gs_conditional<16>((&(((float*)rgp)[((cc_3 * 1024) + (((int)threadIdx.x) * 4))])), (&(rg[((((((int64_t)s_1) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)cc_3) * (int64_t)1024)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4))])), ((s_1 < NS) && (0 <= s_1)));
        }
        tl::cp_async_commit();
      }
    }
    __syncthreads();
    if (0 <= sl[0]) {
      #pragma unroll
      for (int kk = 0; kk < 3; ++kk) {
        af[(kk * 2)] = ((uint*)Sh)[(((((((int)threadIdx.x) >> 5) * 192) + (((((int)threadIdx.x) & 31) >> 2) * 12)) + (kk * 4)) + (((int)threadIdx.x) & 3))];
        af[((kk * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) >> 5) * 192) + (((((int)threadIdx.x) & 31) >> 2) * 12)) + (kk * 4)) + (((int)threadIdx.x) & 3)) + 96)];
      }
    }
    if (0 <= sl[0]) {
      #pragma unroll
      for (int kk_1 = 0; kk_1 < 3; ++kk_1) {
        bfr[(kk_1 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_1 * 4)) + (((int)threadIdx.x) & 3)) + 1536)];
        bfr[((kk_1 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_1 * 4)) + (((int)threadIdx.x) & 3)) + 3072)];
      }
    }
    if (0 <= sl[0]) {
      float ep = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13696)];
      uint v_ = zp[0] << (uint)24;
      acc[0] = (ep * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13312)] * (((float)((*(int *)(&(v_))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_1 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13697)];
      uint v__1 = zp[0] << (uint)16;
      acc[1] = (ep_1 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13313)] * (((float)((*(int *)(&(v__1))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_2 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13696)];
      uint v__2 = zp[0] << (uint)8;
      acc[2] = (ep_2 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13312)] * (((float)((*(int *)(&(v__2))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_3 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13697)];
      uint v__3 = zp[0] << (uint)0;
      acc[3] = (ep_3 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13313)] * (((float)((*(int *)(&(v__3))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_2 = 0; kk_2 < 3; ++kk_2) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 0), reinterpret_cast<const unsigned*>(af + (kk_2 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_2 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 0), reinterpret_cast<const unsigned*>(af + (kk_2 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_2 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_3 = 0; kk_3 < 3; ++kk_3) {
        bfr[(kk_3 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_3 * 4)) + (((int)threadIdx.x) & 3)) + 1632)];
        bfr[((kk_3 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_3 * 4)) + (((int)threadIdx.x) & 3)) + 3168)];
      }
      float ep_4 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13704)];
      uint v__4 = zp[1] << (uint)24;
      acc[4] = (ep_4 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13320)] * (((float)((*(int *)(&(v__4))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_5 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13705)];
      uint v__5 = zp[1] << (uint)16;
      acc[5] = (ep_5 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13321)] * (((float)((*(int *)(&(v__5))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_6 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13704)];
      uint v__6 = zp[1] << (uint)8;
      acc[6] = (ep_6 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13320)] * (((float)((*(int *)(&(v__6))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_7 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13705)];
      uint v__7 = zp[1] << (uint)0;
      acc[7] = (ep_7 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13321)] * (((float)((*(int *)(&(v__7))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_4 = 0; kk_4 < 3; ++kk_4) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 4), reinterpret_cast<const unsigned*>(af + (kk_4 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_4 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 4), reinterpret_cast<const unsigned*>(af + (kk_4 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_4 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_5 = 0; kk_5 < 3; ++kk_5) {
        bfr[(kk_5 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_5 * 4)) + (((int)threadIdx.x) & 3)) + 1728)];
        bfr[((kk_5 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_5 * 4)) + (((int)threadIdx.x) & 3)) + 3264)];
      }
      float ep_8 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13712)];
      uint v__8 = zp[2] << (uint)24;
      acc[8] = (ep_8 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13328)] * (((float)((*(int *)(&(v__8))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_9 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13713)];
      uint v__9 = zp[2] << (uint)16;
      acc[9] = (ep_9 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13329)] * (((float)((*(int *)(&(v__9))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_10 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13712)];
      uint v__10 = zp[2] << (uint)8;
      acc[10] = (ep_10 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13328)] * (((float)((*(int *)(&(v__10))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_11 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13713)];
      uint v__11 = zp[2] << (uint)0;
      acc[11] = (ep_11 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13329)] * (((float)((*(int *)(&(v__11))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_6 = 0; kk_6 < 3; ++kk_6) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 8), reinterpret_cast<const unsigned*>(af + (kk_6 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_6 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 8), reinterpret_cast<const unsigned*>(af + (kk_6 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_6 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_7 = 0; kk_7 < 3; ++kk_7) {
        bfr[(kk_7 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_7 * 4)) + (((int)threadIdx.x) & 3)) + 1824)];
        bfr[((kk_7 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_7 * 4)) + (((int)threadIdx.x) & 3)) + 3360)];
      }
      float ep_12 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13720)];
      uint v__12 = zp[3] << (uint)24;
      acc[12] = (ep_12 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13336)] * (((float)((*(int *)(&(v__12))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_13 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13721)];
      uint v__13 = zp[3] << (uint)16;
      acc[13] = (ep_13 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13337)] * (((float)((*(int *)(&(v__13))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_14 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13720)];
      uint v__14 = zp[3] << (uint)8;
      acc[14] = (ep_14 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13336)] * (((float)((*(int *)(&(v__14))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_15 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13721)];
      uint v__15 = zp[3] << (uint)0;
      acc[15] = (ep_15 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13337)] * (((float)((*(int *)(&(v__15))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_8 = 0; kk_8 < 3; ++kk_8) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 12), reinterpret_cast<const unsigned*>(af + (kk_8 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_8 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 12), reinterpret_cast<const unsigned*>(af + (kk_8 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_8 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_9 = 0; kk_9 < 3; ++kk_9) {
        bfr[(kk_9 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_9 * 4)) + (((int)threadIdx.x) & 3)) + 1920)];
        bfr[((kk_9 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_9 * 4)) + (((int)threadIdx.x) & 3)) + 3456)];
      }
      float ep_16 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13728)];
      uint v__16 = zp[4] << (uint)24;
      acc[16] = (ep_16 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13344)] * (((float)((*(int *)(&(v__16))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_17 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13729)];
      uint v__17 = zp[4] << (uint)16;
      acc[17] = (ep_17 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13345)] * (((float)((*(int *)(&(v__17))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_18 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13728)];
      uint v__18 = zp[4] << (uint)8;
      acc[18] = (ep_18 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13344)] * (((float)((*(int *)(&(v__18))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_19 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13729)];
      uint v__19 = zp[4] << (uint)0;
      acc[19] = (ep_19 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13345)] * (((float)((*(int *)(&(v__19))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_10 = 0; kk_10 < 3; ++kk_10) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 16), reinterpret_cast<const unsigned*>(af + (kk_10 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_10 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 16), reinterpret_cast<const unsigned*>(af + (kk_10 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_10 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_11 = 0; kk_11 < 3; ++kk_11) {
        bfr[(kk_11 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_11 * 4)) + (((int)threadIdx.x) & 3)) + 2016)];
        bfr[((kk_11 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_11 * 4)) + (((int)threadIdx.x) & 3)) + 3552)];
      }
      float ep_20 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13736)];
      uint v__20 = zp[5] << (uint)24;
      acc[20] = (ep_20 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13352)] * (((float)((*(int *)(&(v__20))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_21 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13737)];
      uint v__21 = zp[5] << (uint)16;
      acc[21] = (ep_21 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13353)] * (((float)((*(int *)(&(v__21))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_22 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13736)];
      uint v__22 = zp[5] << (uint)8;
      acc[22] = (ep_22 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13352)] * (((float)((*(int *)(&(v__22))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_23 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13737)];
      uint v__23 = zp[5] << (uint)0;
      acc[23] = (ep_23 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13353)] * (((float)((*(int *)(&(v__23))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_12 = 0; kk_12 < 3; ++kk_12) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 20), reinterpret_cast<const unsigned*>(af + (kk_12 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_12 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 20), reinterpret_cast<const unsigned*>(af + (kk_12 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_12 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_13 = 0; kk_13 < 3; ++kk_13) {
        bfr[(kk_13 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_13 * 4)) + (((int)threadIdx.x) & 3)) + 2112)];
        bfr[((kk_13 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_13 * 4)) + (((int)threadIdx.x) & 3)) + 3648)];
      }
      float ep_24 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13744)];
      uint v__24 = zp[6] << (uint)24;
      acc[24] = (ep_24 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13360)] * (((float)((*(int *)(&(v__24))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_25 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13745)];
      uint v__25 = zp[6] << (uint)16;
      acc[25] = (ep_25 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13361)] * (((float)((*(int *)(&(v__25))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_26 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13744)];
      uint v__26 = zp[6] << (uint)8;
      acc[26] = (ep_26 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13360)] * (((float)((*(int *)(&(v__26))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_27 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13745)];
      uint v__27 = zp[6] << (uint)0;
      acc[27] = (ep_27 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13361)] * (((float)((*(int *)(&(v__27))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_14 = 0; kk_14 < 3; ++kk_14) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 24), reinterpret_cast<const unsigned*>(af + (kk_14 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_14 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 24), reinterpret_cast<const unsigned*>(af + (kk_14 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_14 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_15 = 0; kk_15 < 3; ++kk_15) {
        bfr[(kk_15 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_15 * 4)) + (((int)threadIdx.x) & 3)) + 2208)];
        bfr[((kk_15 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_15 * 4)) + (((int)threadIdx.x) & 3)) + 3744)];
      }
      float ep_28 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13752)];
      uint v__28 = zp[7] << (uint)24;
      acc[28] = (ep_28 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13368)] * (((float)((*(int *)(&(v__28))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_29 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13753)];
      uint v__29 = zp[7] << (uint)16;
      acc[29] = (ep_29 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13369)] * (((float)((*(int *)(&(v__29))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_30 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13752)];
      uint v__30 = zp[7] << (uint)8;
      acc[30] = (ep_30 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13368)] * (((float)((*(int *)(&(v__30))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_31 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13753)];
      uint v__31 = zp[7] << (uint)0;
      acc[31] = (ep_31 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13369)] * (((float)((*(int *)(&(v__31))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_16 = 0; kk_16 < 3; ++kk_16) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 28), reinterpret_cast<const unsigned*>(af + (kk_16 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_16 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 28), reinterpret_cast<const unsigned*>(af + (kk_16 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_16 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_17 = 0; kk_17 < 3; ++kk_17) {
        bfr[(kk_17 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_17 * 4)) + (((int)threadIdx.x) & 3)) + 2304)];
        bfr[((kk_17 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_17 * 4)) + (((int)threadIdx.x) & 3)) + 3840)];
      }
      float ep_32 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13760)];
      uint v__32 = zp[8] << (uint)24;
      acc[32] = (ep_32 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13376)] * (((float)((*(int *)(&(v__32))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_33 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13761)];
      uint v__33 = zp[8] << (uint)16;
      acc[33] = (ep_33 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13377)] * (((float)((*(int *)(&(v__33))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_34 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13760)];
      uint v__34 = zp[8] << (uint)8;
      acc[34] = (ep_34 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13376)] * (((float)((*(int *)(&(v__34))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_35 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13761)];
      uint v__35 = zp[8] << (uint)0;
      acc[35] = (ep_35 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13377)] * (((float)((*(int *)(&(v__35))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_18 = 0; kk_18 < 3; ++kk_18) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 32), reinterpret_cast<const unsigned*>(af + (kk_18 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_18 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 32), reinterpret_cast<const unsigned*>(af + (kk_18 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_18 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_19 = 0; kk_19 < 3; ++kk_19) {
        bfr[(kk_19 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_19 * 4)) + (((int)threadIdx.x) & 3)) + 2400)];
        bfr[((kk_19 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_19 * 4)) + (((int)threadIdx.x) & 3)) + 3936)];
      }
      float ep_36 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13768)];
      uint v__36 = zp[9] << (uint)24;
      acc[36] = (ep_36 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13384)] * (((float)((*(int *)(&(v__36))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_37 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13769)];
      uint v__37 = zp[9] << (uint)16;
      acc[37] = (ep_37 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13385)] * (((float)((*(int *)(&(v__37))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_38 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13768)];
      uint v__38 = zp[9] << (uint)8;
      acc[38] = (ep_38 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13384)] * (((float)((*(int *)(&(v__38))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_39 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13769)];
      uint v__39 = zp[9] << (uint)0;
      acc[39] = (ep_39 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13385)] * (((float)((*(int *)(&(v__39))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_20 = 0; kk_20 < 3; ++kk_20) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 36), reinterpret_cast<const unsigned*>(af + (kk_20 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_20 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 36), reinterpret_cast<const unsigned*>(af + (kk_20 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_20 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_21 = 0; kk_21 < 3; ++kk_21) {
        bfr[(kk_21 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_21 * 4)) + (((int)threadIdx.x) & 3)) + 2496)];
        bfr[((kk_21 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_21 * 4)) + (((int)threadIdx.x) & 3)) + 4032)];
      }
      float ep_40 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13776)];
      uint v__40 = zp[10] << (uint)24;
      acc[40] = (ep_40 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13392)] * (((float)((*(int *)(&(v__40))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_41 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13777)];
      uint v__41 = zp[10] << (uint)16;
      acc[41] = (ep_41 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13393)] * (((float)((*(int *)(&(v__41))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_42 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13776)];
      uint v__42 = zp[10] << (uint)8;
      acc[42] = (ep_42 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13392)] * (((float)((*(int *)(&(v__42))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_43 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13777)];
      uint v__43 = zp[10] << (uint)0;
      acc[43] = (ep_43 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13393)] * (((float)((*(int *)(&(v__43))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_22 = 0; kk_22 < 3; ++kk_22) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 40), reinterpret_cast<const unsigned*>(af + (kk_22 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_22 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 40), reinterpret_cast<const unsigned*>(af + (kk_22 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_22 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_23 = 0; kk_23 < 3; ++kk_23) {
        bfr[(kk_23 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_23 * 4)) + (((int)threadIdx.x) & 3)) + 2592)];
        bfr[((kk_23 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_23 * 4)) + (((int)threadIdx.x) & 3)) + 4128)];
      }
      float ep_44 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13784)];
      uint v__44 = zp[11] << (uint)24;
      acc[44] = (ep_44 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13400)] * (((float)((*(int *)(&(v__44))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_45 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13785)];
      uint v__45 = zp[11] << (uint)16;
      acc[45] = (ep_45 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13401)] * (((float)((*(int *)(&(v__45))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_46 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13784)];
      uint v__46 = zp[11] << (uint)8;
      acc[46] = (ep_46 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13400)] * (((float)((*(int *)(&(v__46))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_47 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13785)];
      uint v__47 = zp[11] << (uint)0;
      acc[47] = (ep_47 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13401)] * (((float)((*(int *)(&(v__47))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_24 = 0; kk_24 < 3; ++kk_24) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 44), reinterpret_cast<const unsigned*>(af + (kk_24 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_24 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 44), reinterpret_cast<const unsigned*>(af + (kk_24 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_24 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_25 = 0; kk_25 < 3; ++kk_25) {
        bfr[(kk_25 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_25 * 4)) + (((int)threadIdx.x) & 3)) + 2688)];
        bfr[((kk_25 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_25 * 4)) + (((int)threadIdx.x) & 3)) + 4224)];
      }
      float ep_48 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13792)];
      uint v__48 = zp[12] << (uint)24;
      acc[48] = (ep_48 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13408)] * (((float)((*(int *)(&(v__48))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_49 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13793)];
      uint v__49 = zp[12] << (uint)16;
      acc[49] = (ep_49 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13409)] * (((float)((*(int *)(&(v__49))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_50 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13792)];
      uint v__50 = zp[12] << (uint)8;
      acc[50] = (ep_50 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13408)] * (((float)((*(int *)(&(v__50))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_51 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13793)];
      uint v__51 = zp[12] << (uint)0;
      acc[51] = (ep_51 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13409)] * (((float)((*(int *)(&(v__51))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_26 = 0; kk_26 < 3; ++kk_26) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 48), reinterpret_cast<const unsigned*>(af + (kk_26 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_26 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 48), reinterpret_cast<const unsigned*>(af + (kk_26 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_26 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_27 = 0; kk_27 < 3; ++kk_27) {
        bfr[(kk_27 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_27 * 4)) + (((int)threadIdx.x) & 3)) + 2784)];
        bfr[((kk_27 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_27 * 4)) + (((int)threadIdx.x) & 3)) + 4320)];
      }
      float ep_52 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13800)];
      uint v__52 = zp[13] << (uint)24;
      acc[52] = (ep_52 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13416)] * (((float)((*(int *)(&(v__52))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_53 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13801)];
      uint v__53 = zp[13] << (uint)16;
      acc[53] = (ep_53 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13417)] * (((float)((*(int *)(&(v__53))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_54 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13800)];
      uint v__54 = zp[13] << (uint)8;
      acc[54] = (ep_54 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13416)] * (((float)((*(int *)(&(v__54))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_55 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13801)];
      uint v__55 = zp[13] << (uint)0;
      acc[55] = (ep_55 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13417)] * (((float)((*(int *)(&(v__55))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_28 = 0; kk_28 < 3; ++kk_28) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 52), reinterpret_cast<const unsigned*>(af + (kk_28 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_28 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 52), reinterpret_cast<const unsigned*>(af + (kk_28 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_28 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_29 = 0; kk_29 < 3; ++kk_29) {
        bfr[(kk_29 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_29 * 4)) + (((int)threadIdx.x) & 3)) + 2880)];
        bfr[((kk_29 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_29 * 4)) + (((int)threadIdx.x) & 3)) + 4416)];
      }
      float ep_56 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13808)];
      uint v__56 = zp[14] << (uint)24;
      acc[56] = (ep_56 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13424)] * (((float)((*(int *)(&(v__56))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_57 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13809)];
      uint v__57 = zp[14] << (uint)16;
      acc[57] = (ep_57 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13425)] * (((float)((*(int *)(&(v__57))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_58 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13808)];
      uint v__58 = zp[14] << (uint)8;
      acc[58] = (ep_58 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13424)] * (((float)((*(int *)(&(v__58))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_59 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13809)];
      uint v__59 = zp[14] << (uint)0;
      acc[59] = (ep_59 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13425)] * (((float)((*(int *)(&(v__59))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_30 = 0; kk_30 < 3; ++kk_30) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 56), reinterpret_cast<const unsigned*>(af + (kk_30 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_30 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 56), reinterpret_cast<const unsigned*>(af + (kk_30 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_30 * 2) + 1)));
      }
      #pragma unroll
      for (int kk_31 = 0; kk_31 < 3; ++kk_31) {
        bfr[(kk_31 * 2)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_31 * 4)) + (((int)threadIdx.x) & 3)) + 2976)];
        bfr[((kk_31 * 2) + 1)] = ((uint*)Sh)[((((((((int)threadIdx.x) & 31) >> 2) * 12) + (kk_31 * 4)) + (((int)threadIdx.x) & 3)) + 4512)];
      }
      float ep_60 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13816)];
      uint v__60 = zp[15] << (uint)24;
      acc[60] = (ep_60 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13432)] * (((float)((*(int *)(&(v__60))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_61 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13817)];
      uint v__61 = zp[15] << (uint)16;
      acc[61] = (ep_61 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13433)] * (((float)((*(int *)(&(v__61))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13568)]));
      float ep_62 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13816)];
      uint v__62 = zp[15] << (uint)8;
      acc[62] = (ep_62 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13432)] * (((float)((*(int *)(&(v__62))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      float ep_63 = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13817)];
      uint v__63 = zp[15] << (uint)0;
      acc[63] = (ep_63 * ((((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13433)] * (((float)((*(int *)(&(v__63))) >> 24)) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * ((float*)Sh)[((((((int)threadIdx.x) >> 5) * 16) + ((((int)threadIdx.x) & 31) >> 2)) + 13576)]));
      #pragma unroll
      for (int kk_32 = 0; kk_32 < 3; ++kk_32) {
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 60), reinterpret_cast<const unsigned*>(af + (kk_32 * 2)), reinterpret_cast<const unsigned*>(bfr + (kk_32 * 2)));
        tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 60), reinterpret_cast<const unsigned*>(af + (kk_32 * 2)), reinterpret_cast<const unsigned*>(bfr + ((kk_32 * 2) + 1)));
      }
      for (int _it = 0; _it < 2; ++_it) {
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          wd[i] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__64 = acc[0];
        ta[0] = ((*(uint *)(&(v__64))) & (uint)4294959104);
        float v__65 = acc[2];
        ta[1] = ((*(uint *)(&(v__65))) & (uint)4294959104);
        float v__66 = acc[1];
        ta[2] = ((*(uint *)(&(v__66))) & (uint)4294959104);
        float v__67 = acc[3];
        ta[3] = ((*(uint *)(&(v__67))) & (uint)4294959104);
        __syncthreads();
        int64_t condval_11;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_11 = (int64_t)4608;
        } else {
          condval_11 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_12;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_12 = (int64_t)4608;
        } else {
          condval_12 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_12)];
        uint condval_13;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__68 = kt[0];
          condval_13 = ((*(uint *)(&(v__68))) & (uint)4294959104);
        } else {
          condval_13 = (uint)0;
        }
        tb[0] = condval_13;
        int64_t condval_14;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_14 = (int64_t)4608;
        } else {
          condval_14 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_15;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_15 = (int64_t)4608;
        } else {
          condval_15 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_15) + (int64_t)4)];
        uint condval_16;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__69 = kt[1];
          condval_16 = ((*(uint *)(&(v__69))) & (uint)4294959104);
        } else {
          condval_16 = (uint)0;
        }
        tb[1] = condval_16;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__70 = acc[4];
        ta[0] = ((*(uint *)(&(v__70))) & (uint)4294959104);
        float v__71 = acc[6];
        ta[1] = ((*(uint *)(&(v__71))) & (uint)4294959104);
        float v__72 = acc[5];
        ta[2] = ((*(uint *)(&(v__72))) & (uint)4294959104);
        float v__73 = acc[7];
        ta[3] = ((*(uint *)(&(v__73))) & (uint)4294959104);
        int64_t condval_17;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_17 = (int64_t)4608;
        } else {
          condval_17 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_18;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_18 = (int64_t)4608;
        } else {
          condval_18 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_18) + (int64_t)32)];
        uint condval_19;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__74 = kt[0];
          condval_19 = ((*(uint *)(&(v__74))) & (uint)4294959104);
        } else {
          condval_19 = (uint)0;
        }
        tb[0] = condval_19;
        int64_t condval_20;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_20 = (int64_t)4608;
        } else {
          condval_20 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_21;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_21 = (int64_t)4608;
        } else {
          condval_21 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_21) + (int64_t)36)];
        uint condval_22;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__75 = kt[1];
          condval_22 = ((*(uint *)(&(v__75))) & (uint)4294959104);
        } else {
          condval_22 = (uint)0;
        }
        tb[1] = condval_22;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__76 = acc[8];
        ta[0] = ((*(uint *)(&(v__76))) & (uint)4294959104);
        float v__77 = acc[10];
        ta[1] = ((*(uint *)(&(v__77))) & (uint)4294959104);
        float v__78 = acc[9];
        ta[2] = ((*(uint *)(&(v__78))) & (uint)4294959104);
        float v__79 = acc[11];
        ta[3] = ((*(uint *)(&(v__79))) & (uint)4294959104);
        int64_t condval_23;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_23 = (int64_t)4608;
        } else {
          condval_23 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_24;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_24 = (int64_t)4608;
        } else {
          condval_24 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_24) + (int64_t)64)];
        uint condval_25;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__80 = kt[0];
          condval_25 = ((*(uint *)(&(v__80))) & (uint)4294959104);
        } else {
          condval_25 = (uint)0;
        }
        tb[0] = condval_25;
        int64_t condval_26;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_26 = (int64_t)4608;
        } else {
          condval_26 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_27;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_27 = (int64_t)4608;
        } else {
          condval_27 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_27) + (int64_t)68)];
        uint condval_28;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__81 = kt[1];
          condval_28 = ((*(uint *)(&(v__81))) & (uint)4294959104);
        } else {
          condval_28 = (uint)0;
        }
        tb[1] = condval_28;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__82 = acc[12];
        ta[0] = ((*(uint *)(&(v__82))) & (uint)4294959104);
        float v__83 = acc[14];
        ta[1] = ((*(uint *)(&(v__83))) & (uint)4294959104);
        float v__84 = acc[13];
        ta[2] = ((*(uint *)(&(v__84))) & (uint)4294959104);
        float v__85 = acc[15];
        ta[3] = ((*(uint *)(&(v__85))) & (uint)4294959104);
        int64_t condval_29;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_29 = (int64_t)4608;
        } else {
          condval_29 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_30;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_30 = (int64_t)4608;
        } else {
          condval_30 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_30) + (int64_t)96)];
        uint condval_31;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__86 = kt[0];
          condval_31 = ((*(uint *)(&(v__86))) & (uint)4294959104);
        } else {
          condval_31 = (uint)0;
        }
        tb[0] = condval_31;
        int64_t condval_32;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_32 = (int64_t)4608;
        } else {
          condval_32 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_33;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_33 = (int64_t)4608;
        } else {
          condval_33 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_33) + (int64_t)100)];
        uint condval_34;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__87 = kt[1];
          condval_34 = ((*(uint *)(&(v__87))) & (uint)4294959104);
        } else {
          condval_34 = (uint)0;
        }
        tb[1] = condval_34;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__88 = acc[16];
        ta[0] = ((*(uint *)(&(v__88))) & (uint)4294959104);
        float v__89 = acc[18];
        ta[1] = ((*(uint *)(&(v__89))) & (uint)4294959104);
        float v__90 = acc[17];
        ta[2] = ((*(uint *)(&(v__90))) & (uint)4294959104);
        float v__91 = acc[19];
        ta[3] = ((*(uint *)(&(v__91))) & (uint)4294959104);
        int64_t condval_35;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_35 = (int64_t)4608;
        } else {
          condval_35 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_36;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_36 = (int64_t)4608;
        } else {
          condval_36 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_36) + (int64_t)128)];
        uint condval_37;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__92 = kt[0];
          condval_37 = ((*(uint *)(&(v__92))) & (uint)4294959104);
        } else {
          condval_37 = (uint)0;
        }
        tb[0] = condval_37;
        int64_t condval_38;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_38 = (int64_t)4608;
        } else {
          condval_38 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_39;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_39 = (int64_t)4608;
        } else {
          condval_39 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_39) + (int64_t)132)];
        uint condval_40;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__93 = kt[1];
          condval_40 = ((*(uint *)(&(v__93))) & (uint)4294959104);
        } else {
          condval_40 = (uint)0;
        }
        tb[1] = condval_40;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__94 = acc[20];
        ta[0] = ((*(uint *)(&(v__94))) & (uint)4294959104);
        float v__95 = acc[22];
        ta[1] = ((*(uint *)(&(v__95))) & (uint)4294959104);
        float v__96 = acc[21];
        ta[2] = ((*(uint *)(&(v__96))) & (uint)4294959104);
        float v__97 = acc[23];
        ta[3] = ((*(uint *)(&(v__97))) & (uint)4294959104);
        int64_t condval_41;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_41 = (int64_t)4608;
        } else {
          condval_41 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_42;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_42 = (int64_t)4608;
        } else {
          condval_42 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_42) + (int64_t)160)];
        uint condval_43;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__98 = kt[0];
          condval_43 = ((*(uint *)(&(v__98))) & (uint)4294959104);
        } else {
          condval_43 = (uint)0;
        }
        tb[0] = condval_43;
        int64_t condval_44;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_44 = (int64_t)4608;
        } else {
          condval_44 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_45;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_45 = (int64_t)4608;
        } else {
          condval_45 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_45) + (int64_t)164)];
        uint condval_46;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__99 = kt[1];
          condval_46 = ((*(uint *)(&(v__99))) & (uint)4294959104);
        } else {
          condval_46 = (uint)0;
        }
        tb[1] = condval_46;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__100 = acc[24];
        ta[0] = ((*(uint *)(&(v__100))) & (uint)4294959104);
        float v__101 = acc[26];
        ta[1] = ((*(uint *)(&(v__101))) & (uint)4294959104);
        float v__102 = acc[25];
        ta[2] = ((*(uint *)(&(v__102))) & (uint)4294959104);
        float v__103 = acc[27];
        ta[3] = ((*(uint *)(&(v__103))) & (uint)4294959104);
        int64_t condval_47;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_47 = (int64_t)4608;
        } else {
          condval_47 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_48;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_48 = (int64_t)4608;
        } else {
          condval_48 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_48) + (int64_t)192)];
        uint condval_49;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__104 = kt[0];
          condval_49 = ((*(uint *)(&(v__104))) & (uint)4294959104);
        } else {
          condval_49 = (uint)0;
        }
        tb[0] = condval_49;
        int64_t condval_50;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_50 = (int64_t)4608;
        } else {
          condval_50 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_51;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_51 = (int64_t)4608;
        } else {
          condval_51 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_51) + (int64_t)196)];
        uint condval_52;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__105 = kt[1];
          condval_52 = ((*(uint *)(&(v__105))) & (uint)4294959104);
        } else {
          condval_52 = (uint)0;
        }
        tb[1] = condval_52;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__106 = acc[28];
        ta[0] = ((*(uint *)(&(v__106))) & (uint)4294959104);
        float v__107 = acc[30];
        ta[1] = ((*(uint *)(&(v__107))) & (uint)4294959104);
        float v__108 = acc[29];
        ta[2] = ((*(uint *)(&(v__108))) & (uint)4294959104);
        float v__109 = acc[31];
        ta[3] = ((*(uint *)(&(v__109))) & (uint)4294959104);
        int64_t condval_53;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_53 = (int64_t)4608;
        } else {
          condval_53 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_54;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_54 = (int64_t)4608;
        } else {
          condval_54 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_54) + (int64_t)224)];
        uint condval_55;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__110 = kt[0];
          condval_55 = ((*(uint *)(&(v__110))) & (uint)4294959104);
        } else {
          condval_55 = (uint)0;
        }
        tb[0] = condval_55;
        int64_t condval_56;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_56 = (int64_t)4608;
        } else {
          condval_56 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_57;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_57 = (int64_t)4608;
        } else {
          condval_57 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_57) + (int64_t)228)];
        uint condval_58;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__111 = kt[1];
          condval_58 = ((*(uint *)(&(v__111))) & (uint)4294959104);
        } else {
          condval_58 = (uint)0;
        }
        tb[1] = condval_58;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__112 = acc[32];
        ta[0] = ((*(uint *)(&(v__112))) & (uint)4294959104);
        float v__113 = acc[34];
        ta[1] = ((*(uint *)(&(v__113))) & (uint)4294959104);
        float v__114 = acc[33];
        ta[2] = ((*(uint *)(&(v__114))) & (uint)4294959104);
        float v__115 = acc[35];
        ta[3] = ((*(uint *)(&(v__115))) & (uint)4294959104);
        int64_t condval_59;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_59 = (int64_t)4608;
        } else {
          condval_59 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_60;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_60 = (int64_t)4608;
        } else {
          condval_60 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_60) + (int64_t)256)];
        uint condval_61;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__116 = kt[0];
          condval_61 = ((*(uint *)(&(v__116))) & (uint)4294959104);
        } else {
          condval_61 = (uint)0;
        }
        tb[0] = condval_61;
        int64_t condval_62;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_62 = (int64_t)4608;
        } else {
          condval_62 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_63;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_63 = (int64_t)4608;
        } else {
          condval_63 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_63) + (int64_t)260)];
        uint condval_64;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__117 = kt[1];
          condval_64 = ((*(uint *)(&(v__117))) & (uint)4294959104);
        } else {
          condval_64 = (uint)0;
        }
        tb[1] = condval_64;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__118 = acc[36];
        ta[0] = ((*(uint *)(&(v__118))) & (uint)4294959104);
        float v__119 = acc[38];
        ta[1] = ((*(uint *)(&(v__119))) & (uint)4294959104);
        float v__120 = acc[37];
        ta[2] = ((*(uint *)(&(v__120))) & (uint)4294959104);
        float v__121 = acc[39];
        ta[3] = ((*(uint *)(&(v__121))) & (uint)4294959104);
        int64_t condval_65;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_65 = (int64_t)4608;
        } else {
          condval_65 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_66;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_66 = (int64_t)4608;
        } else {
          condval_66 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_66) + (int64_t)288)];
        uint condval_67;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__122 = kt[0];
          condval_67 = ((*(uint *)(&(v__122))) & (uint)4294959104);
        } else {
          condval_67 = (uint)0;
        }
        tb[0] = condval_67;
        int64_t condval_68;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_68 = (int64_t)4608;
        } else {
          condval_68 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_69;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_69 = (int64_t)4608;
        } else {
          condval_69 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_69) + (int64_t)292)];
        uint condval_70;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__123 = kt[1];
          condval_70 = ((*(uint *)(&(v__123))) & (uint)4294959104);
        } else {
          condval_70 = (uint)0;
        }
        tb[1] = condval_70;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__124 = acc[40];
        ta[0] = ((*(uint *)(&(v__124))) & (uint)4294959104);
        float v__125 = acc[42];
        ta[1] = ((*(uint *)(&(v__125))) & (uint)4294959104);
        float v__126 = acc[41];
        ta[2] = ((*(uint *)(&(v__126))) & (uint)4294959104);
        float v__127 = acc[43];
        ta[3] = ((*(uint *)(&(v__127))) & (uint)4294959104);
        int64_t condval_71;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_71 = (int64_t)4608;
        } else {
          condval_71 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_72;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_72 = (int64_t)4608;
        } else {
          condval_72 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_72) + (int64_t)320)];
        uint condval_73;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__128 = kt[0];
          condval_73 = ((*(uint *)(&(v__128))) & (uint)4294959104);
        } else {
          condval_73 = (uint)0;
        }
        tb[0] = condval_73;
        int64_t condval_74;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_74 = (int64_t)4608;
        } else {
          condval_74 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_75;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_75 = (int64_t)4608;
        } else {
          condval_75 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_75) + (int64_t)324)];
        uint condval_76;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__129 = kt[1];
          condval_76 = ((*(uint *)(&(v__129))) & (uint)4294959104);
        } else {
          condval_76 = (uint)0;
        }
        tb[1] = condval_76;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__130 = acc[44];
        ta[0] = ((*(uint *)(&(v__130))) & (uint)4294959104);
        float v__131 = acc[46];
        ta[1] = ((*(uint *)(&(v__131))) & (uint)4294959104);
        float v__132 = acc[45];
        ta[2] = ((*(uint *)(&(v__132))) & (uint)4294959104);
        float v__133 = acc[47];
        ta[3] = ((*(uint *)(&(v__133))) & (uint)4294959104);
        int64_t condval_77;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_77 = (int64_t)4608;
        } else {
          condval_77 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_78;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_78 = (int64_t)4608;
        } else {
          condval_78 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_78) + (int64_t)352)];
        uint condval_79;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__134 = kt[0];
          condval_79 = ((*(uint *)(&(v__134))) & (uint)4294959104);
        } else {
          condval_79 = (uint)0;
        }
        tb[0] = condval_79;
        int64_t condval_80;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_80 = (int64_t)4608;
        } else {
          condval_80 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_81;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_81 = (int64_t)4608;
        } else {
          condval_81 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_81) + (int64_t)356)];
        uint condval_82;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__135 = kt[1];
          condval_82 = ((*(uint *)(&(v__135))) & (uint)4294959104);
        } else {
          condval_82 = (uint)0;
        }
        tb[1] = condval_82;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__136 = acc[48];
        ta[0] = ((*(uint *)(&(v__136))) & (uint)4294959104);
        float v__137 = acc[50];
        ta[1] = ((*(uint *)(&(v__137))) & (uint)4294959104);
        float v__138 = acc[49];
        ta[2] = ((*(uint *)(&(v__138))) & (uint)4294959104);
        float v__139 = acc[51];
        ta[3] = ((*(uint *)(&(v__139))) & (uint)4294959104);
        int64_t condval_83;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_83 = (int64_t)4608;
        } else {
          condval_83 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_84;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_84 = (int64_t)4608;
        } else {
          condval_84 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_84) + (int64_t)384)];
        uint condval_85;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__140 = kt[0];
          condval_85 = ((*(uint *)(&(v__140))) & (uint)4294959104);
        } else {
          condval_85 = (uint)0;
        }
        tb[0] = condval_85;
        int64_t condval_86;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_86 = (int64_t)4608;
        } else {
          condval_86 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_87;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_87 = (int64_t)4608;
        } else {
          condval_87 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_87) + (int64_t)388)];
        uint condval_88;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__141 = kt[1];
          condval_88 = ((*(uint *)(&(v__141))) & (uint)4294959104);
        } else {
          condval_88 = (uint)0;
        }
        tb[1] = condval_88;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__142 = acc[52];
        ta[0] = ((*(uint *)(&(v__142))) & (uint)4294959104);
        float v__143 = acc[54];
        ta[1] = ((*(uint *)(&(v__143))) & (uint)4294959104);
        float v__144 = acc[53];
        ta[2] = ((*(uint *)(&(v__144))) & (uint)4294959104);
        float v__145 = acc[55];
        ta[3] = ((*(uint *)(&(v__145))) & (uint)4294959104);
        int64_t condval_89;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_89 = (int64_t)4608;
        } else {
          condval_89 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_90;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_90 = (int64_t)4608;
        } else {
          condval_90 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_90) + (int64_t)416)];
        uint condval_91;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__146 = kt[0];
          condval_91 = ((*(uint *)(&(v__146))) & (uint)4294959104);
        } else {
          condval_91 = (uint)0;
        }
        tb[0] = condval_91;
        int64_t condval_92;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_92 = (int64_t)4608;
        } else {
          condval_92 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_93;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_93 = (int64_t)4608;
        } else {
          condval_93 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_93) + (int64_t)420)];
        uint condval_94;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__147 = kt[1];
          condval_94 = ((*(uint *)(&(v__147))) & (uint)4294959104);
        } else {
          condval_94 = (uint)0;
        }
        tb[1] = condval_94;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__148 = acc[56];
        ta[0] = ((*(uint *)(&(v__148))) & (uint)4294959104);
        float v__149 = acc[58];
        ta[1] = ((*(uint *)(&(v__149))) & (uint)4294959104);
        float v__150 = acc[57];
        ta[2] = ((*(uint *)(&(v__150))) & (uint)4294959104);
        float v__151 = acc[59];
        ta[3] = ((*(uint *)(&(v__151))) & (uint)4294959104);
        int64_t condval_95;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_95 = (int64_t)4608;
        } else {
          condval_95 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_96;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_96 = (int64_t)4608;
        } else {
          condval_96 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_96) + (int64_t)448)];
        uint condval_97;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__152 = kt[0];
          condval_97 = ((*(uint *)(&(v__152))) & (uint)4294959104);
        } else {
          condval_97 = (uint)0;
        }
        tb[0] = condval_97;
        int64_t condval_98;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_98 = (int64_t)4608;
        } else {
          condval_98 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_99;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_99 = (int64_t)4608;
        } else {
          condval_99 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_99) + (int64_t)452)];
        uint condval_100;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__153 = kt[1];
          condval_100 = ((*(uint *)(&(v__153))) & (uint)4294959104);
        } else {
          condval_100 = (uint)0;
        }
        tb[1] = condval_100;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__154 = acc[60];
        ta[0] = ((*(uint *)(&(v__154))) & (uint)4294959104);
        float v__155 = acc[62];
        ta[1] = ((*(uint *)(&(v__155))) & (uint)4294959104);
        float v__156 = acc[61];
        ta[2] = ((*(uint *)(&(v__156))) & (uint)4294959104);
        float v__157 = acc[63];
        ta[3] = ((*(uint *)(&(v__157))) & (uint)4294959104);
        int64_t condval_101;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_101 = (int64_t)4608;
        } else {
          condval_101 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_102;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_102 = (int64_t)4608;
        } else {
          condval_102 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[0] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_102) + (int64_t)480)];
        uint condval_103;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__158 = kt[0];
          condval_103 = ((*(uint *)(&(v__158))) & (uint)4294959104);
        } else {
          condval_103 = (uint)0;
        }
        tb[0] = condval_103;
        int64_t condval_104;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_104 = (int64_t)4608;
        } else {
          condval_104 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        int64_t condval_105;
        if ((((int64_t)_it) == (int64_t)0)) {
          condval_105 = (int64_t)4608;
        } else {
          condval_105 = (((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)512) + (int64_t)5120);
        }
        kt[1] = ((float*)Sh)[(((((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)8) + min(((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2), (int64_t)3)) + condval_105) + (int64_t)484)];
        uint condval_106;
        if (((((int)threadIdx.x) & 31) < 16)) {
          float v__159 = kt[1];
          condval_106 = ((*(uint *)(&(v__159))) & (uint)4294959104);
        } else {
          condval_106 = (uint)0;
        }
        tb[1] = condval_106;
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v0 = wd[0];
        float v1 = wd[1];
        sv[0] = __shfl_sync((uint)4294967295, v0, (((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)), 32);
        sv[1] = __shfl_sync((uint)4294967295, v1, (((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)), 32);
        float condval_107;
        if ((((((int)threadIdx.x) & 7) >> 2) == 1)) {
          condval_107 = sv[1];
        } else {
          condval_107 = sv[0];
        }
        sv[0] = condval_107;
        float v__160 = sv[0];
        wa[0] = ((*(uint *)(&(v__160))) & (uint)4294959104);
        wa[1] = (uint)0;
        float v0_1 = wd[0];
        float v1_1 = wd[1];
        sv[0] = __shfl_sync((uint)4294967295, v0_1, ((((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)) + 4), 32);
        sv[1] = __shfl_sync((uint)4294967295, v1_1, ((((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)) + 4), 32);
        float condval_108;
        if ((((((int)threadIdx.x) & 7) >> 2) == 1)) {
          condval_108 = sv[1];
        } else {
          condval_108 = sv[0];
        }
        sv[0] = condval_108;
        float v__161 = sv[0];
        wa[2] = ((*(uint *)(&(v__161))) & (uint)4294959104);
        wa[3] = (uint)0;
        float v0_2 = wd[2];
        float v1_2 = wd[3];
        sv[0] = __shfl_sync((uint)4294967295, v0_2, (((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)), 32);
        sv[1] = __shfl_sync((uint)4294967295, v1_2, (((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)), 32);
        float condval_109;
        if ((((((int)threadIdx.x) & 7) >> 2) == 1)) {
          condval_109 = sv[1];
        } else {
          condval_109 = sv[0];
        }
        sv[0] = condval_109;
        float v__162 = sv[0];
        wa[4] = ((*(uint *)(&(v__162))) & (uint)4294959104);
        wa[5] = (uint)0;
        float v0_3 = wd[2];
        float v1_3 = wd[3];
        sv[0] = __shfl_sync((uint)4294967295, v0_3, ((((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)) + 4), 32);
        sv[1] = __shfl_sync((uint)4294967295, v1_3, ((((((int)threadIdx.x) & 3) * 8) + ((((int)threadIdx.x) & 31) >> 3)) + 4), 32);
        float condval_110;
        if ((((((int)threadIdx.x) & 7) >> 2) == 1)) {
          condval_110 = sv[1];
        } else {
          condval_110 = sv[0];
        }
        sv[0] = condval_110;
        float v__163 = sv[0];
        wa[6] = ((*(uint *)(&(v__163))) & (uint)4294959104);
        wa[7] = (uint)0;
        #pragma unroll
        for (int i_1 = 0; i_1 < 4; ++i_1) {
          pd[i_1] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__164 = acc[0];
        uint v0_4 = (*(uint *)(&(v__164)));
        float v__165 = acc[1];
        uint v1_4 = (*(uint *)(&(v__165)));
        uint hi = lq_movm(__byte_perm(v0_4, v1_4, (uint)30258));
        uint lo = lq_movm(__byte_perm(v0_4, v1_4, (uint)21520));
        uint v__166 = __byte_perm(lo, hi, (uint)21520);
        float v__167 = *(float *)(&(v__166));
        tb[0] = ((*(uint *)(&(v__167))) & (uint)4294959104);
        uint v__168 = __byte_perm(lo, hi, (uint)30258);
        float v__169 = *(float *)(&(v__168));
        tb[1] = ((*(uint *)(&(v__169))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__170 = acc[2];
        uint v0_5 = (*(uint *)(&(v__170)));
        float v__171 = acc[3];
        uint v1_5 = (*(uint *)(&(v__171)));
        uint hi_1 = lq_movm(__byte_perm(v0_5, v1_5, (uint)30258));
        uint lo_1 = lq_movm(__byte_perm(v0_5, v1_5, (uint)21520));
        uint v__172 = __byte_perm(lo_1, hi_1, (uint)21520);
        float v__173 = *(float *)(&(v__172));
        tb[0] = ((*(uint *)(&(v__173))) & (uint)4294959104);
        uint v__174 = __byte_perm(lo_1, hi_1, (uint)30258);
        float v__175 = *(float *)(&(v__174));
        tb[1] = ((*(uint *)(&(v__175))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        __syncthreads();
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9216)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9220)] = pd[1];
        }
        #pragma unroll
        for (int i_2 = 0; i_2 < 4; ++i_2) {
          pd[i_2] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__176 = acc[4];
        uint v0_6 = (*(uint *)(&(v__176)));
        float v__177 = acc[5];
        uint v1_6 = (*(uint *)(&(v__177)));
        uint hi_2 = lq_movm(__byte_perm(v0_6, v1_6, (uint)30258));
        uint lo_2 = lq_movm(__byte_perm(v0_6, v1_6, (uint)21520));
        uint v__178 = __byte_perm(lo_2, hi_2, (uint)21520);
        float v__179 = *(float *)(&(v__178));
        tb[0] = ((*(uint *)(&(v__179))) & (uint)4294959104);
        uint v__180 = __byte_perm(lo_2, hi_2, (uint)30258);
        float v__181 = *(float *)(&(v__180));
        tb[1] = ((*(uint *)(&(v__181))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__182 = acc[6];
        uint v0_7 = (*(uint *)(&(v__182)));
        float v__183 = acc[7];
        uint v1_7 = (*(uint *)(&(v__183)));
        uint hi_3 = lq_movm(__byte_perm(v0_7, v1_7, (uint)30258));
        uint lo_3 = lq_movm(__byte_perm(v0_7, v1_7, (uint)21520));
        uint v__184 = __byte_perm(lo_3, hi_3, (uint)21520);
        float v__185 = *(float *)(&(v__184));
        tb[0] = ((*(uint *)(&(v__185))) & (uint)4294959104);
        uint v__186 = __byte_perm(lo_3, hi_3, (uint)30258);
        float v__187 = *(float *)(&(v__186));
        tb[1] = ((*(uint *)(&(v__187))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9248)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9252)] = pd[1];
        }
        #pragma unroll
        for (int i_3 = 0; i_3 < 4; ++i_3) {
          pd[i_3] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__188 = acc[8];
        uint v0_8 = (*(uint *)(&(v__188)));
        float v__189 = acc[9];
        uint v1_8 = (*(uint *)(&(v__189)));
        uint hi_4 = lq_movm(__byte_perm(v0_8, v1_8, (uint)30258));
        uint lo_4 = lq_movm(__byte_perm(v0_8, v1_8, (uint)21520));
        uint v__190 = __byte_perm(lo_4, hi_4, (uint)21520);
        float v__191 = *(float *)(&(v__190));
        tb[0] = ((*(uint *)(&(v__191))) & (uint)4294959104);
        uint v__192 = __byte_perm(lo_4, hi_4, (uint)30258);
        float v__193 = *(float *)(&(v__192));
        tb[1] = ((*(uint *)(&(v__193))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__194 = acc[10];
        uint v0_9 = (*(uint *)(&(v__194)));
        float v__195 = acc[11];
        uint v1_9 = (*(uint *)(&(v__195)));
        uint hi_5 = lq_movm(__byte_perm(v0_9, v1_9, (uint)30258));
        uint lo_5 = lq_movm(__byte_perm(v0_9, v1_9, (uint)21520));
        uint v__196 = __byte_perm(lo_5, hi_5, (uint)21520);
        float v__197 = *(float *)(&(v__196));
        tb[0] = ((*(uint *)(&(v__197))) & (uint)4294959104);
        uint v__198 = __byte_perm(lo_5, hi_5, (uint)30258);
        float v__199 = *(float *)(&(v__198));
        tb[1] = ((*(uint *)(&(v__199))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9280)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9284)] = pd[1];
        }
        #pragma unroll
        for (int i_4 = 0; i_4 < 4; ++i_4) {
          pd[i_4] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__200 = acc[12];
        uint v0_10 = (*(uint *)(&(v__200)));
        float v__201 = acc[13];
        uint v1_10 = (*(uint *)(&(v__201)));
        uint hi_6 = lq_movm(__byte_perm(v0_10, v1_10, (uint)30258));
        uint lo_6 = lq_movm(__byte_perm(v0_10, v1_10, (uint)21520));
        uint v__202 = __byte_perm(lo_6, hi_6, (uint)21520);
        float v__203 = *(float *)(&(v__202));
        tb[0] = ((*(uint *)(&(v__203))) & (uint)4294959104);
        uint v__204 = __byte_perm(lo_6, hi_6, (uint)30258);
        float v__205 = *(float *)(&(v__204));
        tb[1] = ((*(uint *)(&(v__205))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__206 = acc[14];
        uint v0_11 = (*(uint *)(&(v__206)));
        float v__207 = acc[15];
        uint v1_11 = (*(uint *)(&(v__207)));
        uint hi_7 = lq_movm(__byte_perm(v0_11, v1_11, (uint)30258));
        uint lo_7 = lq_movm(__byte_perm(v0_11, v1_11, (uint)21520));
        uint v__208 = __byte_perm(lo_7, hi_7, (uint)21520);
        float v__209 = *(float *)(&(v__208));
        tb[0] = ((*(uint *)(&(v__209))) & (uint)4294959104);
        uint v__210 = __byte_perm(lo_7, hi_7, (uint)30258);
        float v__211 = *(float *)(&(v__210));
        tb[1] = ((*(uint *)(&(v__211))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9312)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9316)] = pd[1];
        }
        #pragma unroll
        for (int i_5 = 0; i_5 < 4; ++i_5) {
          pd[i_5] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__212 = acc[16];
        uint v0_12 = (*(uint *)(&(v__212)));
        float v__213 = acc[17];
        uint v1_12 = (*(uint *)(&(v__213)));
        uint hi_8 = lq_movm(__byte_perm(v0_12, v1_12, (uint)30258));
        uint lo_8 = lq_movm(__byte_perm(v0_12, v1_12, (uint)21520));
        uint v__214 = __byte_perm(lo_8, hi_8, (uint)21520);
        float v__215 = *(float *)(&(v__214));
        tb[0] = ((*(uint *)(&(v__215))) & (uint)4294959104);
        uint v__216 = __byte_perm(lo_8, hi_8, (uint)30258);
        float v__217 = *(float *)(&(v__216));
        tb[1] = ((*(uint *)(&(v__217))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__218 = acc[18];
        uint v0_13 = (*(uint *)(&(v__218)));
        float v__219 = acc[19];
        uint v1_13 = (*(uint *)(&(v__219)));
        uint hi_9 = lq_movm(__byte_perm(v0_13, v1_13, (uint)30258));
        uint lo_9 = lq_movm(__byte_perm(v0_13, v1_13, (uint)21520));
        uint v__220 = __byte_perm(lo_9, hi_9, (uint)21520);
        float v__221 = *(float *)(&(v__220));
        tb[0] = ((*(uint *)(&(v__221))) & (uint)4294959104);
        uint v__222 = __byte_perm(lo_9, hi_9, (uint)30258);
        float v__223 = *(float *)(&(v__222));
        tb[1] = ((*(uint *)(&(v__223))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9344)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9348)] = pd[1];
        }
        #pragma unroll
        for (int i_6 = 0; i_6 < 4; ++i_6) {
          pd[i_6] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__224 = acc[20];
        uint v0_14 = (*(uint *)(&(v__224)));
        float v__225 = acc[21];
        uint v1_14 = (*(uint *)(&(v__225)));
        uint hi_10 = lq_movm(__byte_perm(v0_14, v1_14, (uint)30258));
        uint lo_10 = lq_movm(__byte_perm(v0_14, v1_14, (uint)21520));
        uint v__226 = __byte_perm(lo_10, hi_10, (uint)21520);
        float v__227 = *(float *)(&(v__226));
        tb[0] = ((*(uint *)(&(v__227))) & (uint)4294959104);
        uint v__228 = __byte_perm(lo_10, hi_10, (uint)30258);
        float v__229 = *(float *)(&(v__228));
        tb[1] = ((*(uint *)(&(v__229))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__230 = acc[22];
        uint v0_15 = (*(uint *)(&(v__230)));
        float v__231 = acc[23];
        uint v1_15 = (*(uint *)(&(v__231)));
        uint hi_11 = lq_movm(__byte_perm(v0_15, v1_15, (uint)30258));
        uint lo_11 = lq_movm(__byte_perm(v0_15, v1_15, (uint)21520));
        uint v__232 = __byte_perm(lo_11, hi_11, (uint)21520);
        float v__233 = *(float *)(&(v__232));
        tb[0] = ((*(uint *)(&(v__233))) & (uint)4294959104);
        uint v__234 = __byte_perm(lo_11, hi_11, (uint)30258);
        float v__235 = *(float *)(&(v__234));
        tb[1] = ((*(uint *)(&(v__235))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9376)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9380)] = pd[1];
        }
        #pragma unroll
        for (int i_7 = 0; i_7 < 4; ++i_7) {
          pd[i_7] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__236 = acc[24];
        uint v0_16 = (*(uint *)(&(v__236)));
        float v__237 = acc[25];
        uint v1_16 = (*(uint *)(&(v__237)));
        uint hi_12 = lq_movm(__byte_perm(v0_16, v1_16, (uint)30258));
        uint lo_12 = lq_movm(__byte_perm(v0_16, v1_16, (uint)21520));
        uint v__238 = __byte_perm(lo_12, hi_12, (uint)21520);
        float v__239 = *(float *)(&(v__238));
        tb[0] = ((*(uint *)(&(v__239))) & (uint)4294959104);
        uint v__240 = __byte_perm(lo_12, hi_12, (uint)30258);
        float v__241 = *(float *)(&(v__240));
        tb[1] = ((*(uint *)(&(v__241))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__242 = acc[26];
        uint v0_17 = (*(uint *)(&(v__242)));
        float v__243 = acc[27];
        uint v1_17 = (*(uint *)(&(v__243)));
        uint hi_13 = lq_movm(__byte_perm(v0_17, v1_17, (uint)30258));
        uint lo_13 = lq_movm(__byte_perm(v0_17, v1_17, (uint)21520));
        uint v__244 = __byte_perm(lo_13, hi_13, (uint)21520);
        float v__245 = *(float *)(&(v__244));
        tb[0] = ((*(uint *)(&(v__245))) & (uint)4294959104);
        uint v__246 = __byte_perm(lo_13, hi_13, (uint)30258);
        float v__247 = *(float *)(&(v__246));
        tb[1] = ((*(uint *)(&(v__247))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9408)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9412)] = pd[1];
        }
        #pragma unroll
        for (int i_8 = 0; i_8 < 4; ++i_8) {
          pd[i_8] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__248 = acc[28];
        uint v0_18 = (*(uint *)(&(v__248)));
        float v__249 = acc[29];
        uint v1_18 = (*(uint *)(&(v__249)));
        uint hi_14 = lq_movm(__byte_perm(v0_18, v1_18, (uint)30258));
        uint lo_14 = lq_movm(__byte_perm(v0_18, v1_18, (uint)21520));
        uint v__250 = __byte_perm(lo_14, hi_14, (uint)21520);
        float v__251 = *(float *)(&(v__250));
        tb[0] = ((*(uint *)(&(v__251))) & (uint)4294959104);
        uint v__252 = __byte_perm(lo_14, hi_14, (uint)30258);
        float v__253 = *(float *)(&(v__252));
        tb[1] = ((*(uint *)(&(v__253))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__254 = acc[30];
        uint v0_19 = (*(uint *)(&(v__254)));
        float v__255 = acc[31];
        uint v1_19 = (*(uint *)(&(v__255)));
        uint hi_15 = lq_movm(__byte_perm(v0_19, v1_19, (uint)30258));
        uint lo_15 = lq_movm(__byte_perm(v0_19, v1_19, (uint)21520));
        uint v__256 = __byte_perm(lo_15, hi_15, (uint)21520);
        float v__257 = *(float *)(&(v__256));
        tb[0] = ((*(uint *)(&(v__257))) & (uint)4294959104);
        uint v__258 = __byte_perm(lo_15, hi_15, (uint)30258);
        float v__259 = *(float *)(&(v__258));
        tb[1] = ((*(uint *)(&(v__259))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9440)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9444)] = pd[1];
        }
        #pragma unroll
        for (int i_9 = 0; i_9 < 4; ++i_9) {
          pd[i_9] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__260 = acc[32];
        uint v0_20 = (*(uint *)(&(v__260)));
        float v__261 = acc[33];
        uint v1_20 = (*(uint *)(&(v__261)));
        uint hi_16 = lq_movm(__byte_perm(v0_20, v1_20, (uint)30258));
        uint lo_16 = lq_movm(__byte_perm(v0_20, v1_20, (uint)21520));
        uint v__262 = __byte_perm(lo_16, hi_16, (uint)21520);
        float v__263 = *(float *)(&(v__262));
        tb[0] = ((*(uint *)(&(v__263))) & (uint)4294959104);
        uint v__264 = __byte_perm(lo_16, hi_16, (uint)30258);
        float v__265 = *(float *)(&(v__264));
        tb[1] = ((*(uint *)(&(v__265))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__266 = acc[34];
        uint v0_21 = (*(uint *)(&(v__266)));
        float v__267 = acc[35];
        uint v1_21 = (*(uint *)(&(v__267)));
        uint hi_17 = lq_movm(__byte_perm(v0_21, v1_21, (uint)30258));
        uint lo_17 = lq_movm(__byte_perm(v0_21, v1_21, (uint)21520));
        uint v__268 = __byte_perm(lo_17, hi_17, (uint)21520);
        float v__269 = *(float *)(&(v__268));
        tb[0] = ((*(uint *)(&(v__269))) & (uint)4294959104);
        uint v__270 = __byte_perm(lo_17, hi_17, (uint)30258);
        float v__271 = *(float *)(&(v__270));
        tb[1] = ((*(uint *)(&(v__271))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9472)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9476)] = pd[1];
        }
        #pragma unroll
        for (int i_10 = 0; i_10 < 4; ++i_10) {
          pd[i_10] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__272 = acc[36];
        uint v0_22 = (*(uint *)(&(v__272)));
        float v__273 = acc[37];
        uint v1_22 = (*(uint *)(&(v__273)));
        uint hi_18 = lq_movm(__byte_perm(v0_22, v1_22, (uint)30258));
        uint lo_18 = lq_movm(__byte_perm(v0_22, v1_22, (uint)21520));
        uint v__274 = __byte_perm(lo_18, hi_18, (uint)21520);
        float v__275 = *(float *)(&(v__274));
        tb[0] = ((*(uint *)(&(v__275))) & (uint)4294959104);
        uint v__276 = __byte_perm(lo_18, hi_18, (uint)30258);
        float v__277 = *(float *)(&(v__276));
        tb[1] = ((*(uint *)(&(v__277))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__278 = acc[38];
        uint v0_23 = (*(uint *)(&(v__278)));
        float v__279 = acc[39];
        uint v1_23 = (*(uint *)(&(v__279)));
        uint hi_19 = lq_movm(__byte_perm(v0_23, v1_23, (uint)30258));
        uint lo_19 = lq_movm(__byte_perm(v0_23, v1_23, (uint)21520));
        uint v__280 = __byte_perm(lo_19, hi_19, (uint)21520);
        float v__281 = *(float *)(&(v__280));
        tb[0] = ((*(uint *)(&(v__281))) & (uint)4294959104);
        uint v__282 = __byte_perm(lo_19, hi_19, (uint)30258);
        float v__283 = *(float *)(&(v__282));
        tb[1] = ((*(uint *)(&(v__283))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9504)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9508)] = pd[1];
        }
        #pragma unroll
        for (int i_11 = 0; i_11 < 4; ++i_11) {
          pd[i_11] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__284 = acc[40];
        uint v0_24 = (*(uint *)(&(v__284)));
        float v__285 = acc[41];
        uint v1_24 = (*(uint *)(&(v__285)));
        uint hi_20 = lq_movm(__byte_perm(v0_24, v1_24, (uint)30258));
        uint lo_20 = lq_movm(__byte_perm(v0_24, v1_24, (uint)21520));
        uint v__286 = __byte_perm(lo_20, hi_20, (uint)21520);
        float v__287 = *(float *)(&(v__286));
        tb[0] = ((*(uint *)(&(v__287))) & (uint)4294959104);
        uint v__288 = __byte_perm(lo_20, hi_20, (uint)30258);
        float v__289 = *(float *)(&(v__288));
        tb[1] = ((*(uint *)(&(v__289))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__290 = acc[42];
        uint v0_25 = (*(uint *)(&(v__290)));
        float v__291 = acc[43];
        uint v1_25 = (*(uint *)(&(v__291)));
        uint hi_21 = lq_movm(__byte_perm(v0_25, v1_25, (uint)30258));
        uint lo_21 = lq_movm(__byte_perm(v0_25, v1_25, (uint)21520));
        uint v__292 = __byte_perm(lo_21, hi_21, (uint)21520);
        float v__293 = *(float *)(&(v__292));
        tb[0] = ((*(uint *)(&(v__293))) & (uint)4294959104);
        uint v__294 = __byte_perm(lo_21, hi_21, (uint)30258);
        float v__295 = *(float *)(&(v__294));
        tb[1] = ((*(uint *)(&(v__295))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9536)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9540)] = pd[1];
        }
        #pragma unroll
        for (int i_12 = 0; i_12 < 4; ++i_12) {
          pd[i_12] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__296 = acc[44];
        uint v0_26 = (*(uint *)(&(v__296)));
        float v__297 = acc[45];
        uint v1_26 = (*(uint *)(&(v__297)));
        uint hi_22 = lq_movm(__byte_perm(v0_26, v1_26, (uint)30258));
        uint lo_22 = lq_movm(__byte_perm(v0_26, v1_26, (uint)21520));
        uint v__298 = __byte_perm(lo_22, hi_22, (uint)21520);
        float v__299 = *(float *)(&(v__298));
        tb[0] = ((*(uint *)(&(v__299))) & (uint)4294959104);
        uint v__300 = __byte_perm(lo_22, hi_22, (uint)30258);
        float v__301 = *(float *)(&(v__300));
        tb[1] = ((*(uint *)(&(v__301))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__302 = acc[46];
        uint v0_27 = (*(uint *)(&(v__302)));
        float v__303 = acc[47];
        uint v1_27 = (*(uint *)(&(v__303)));
        uint hi_23 = lq_movm(__byte_perm(v0_27, v1_27, (uint)30258));
        uint lo_23 = lq_movm(__byte_perm(v0_27, v1_27, (uint)21520));
        uint v__304 = __byte_perm(lo_23, hi_23, (uint)21520);
        float v__305 = *(float *)(&(v__304));
        tb[0] = ((*(uint *)(&(v__305))) & (uint)4294959104);
        uint v__306 = __byte_perm(lo_23, hi_23, (uint)30258);
        float v__307 = *(float *)(&(v__306));
        tb[1] = ((*(uint *)(&(v__307))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9568)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9572)] = pd[1];
        }
        #pragma unroll
        for (int i_13 = 0; i_13 < 4; ++i_13) {
          pd[i_13] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__308 = acc[48];
        uint v0_28 = (*(uint *)(&(v__308)));
        float v__309 = acc[49];
        uint v1_28 = (*(uint *)(&(v__309)));
        uint hi_24 = lq_movm(__byte_perm(v0_28, v1_28, (uint)30258));
        uint lo_24 = lq_movm(__byte_perm(v0_28, v1_28, (uint)21520));
        uint v__310 = __byte_perm(lo_24, hi_24, (uint)21520);
        float v__311 = *(float *)(&(v__310));
        tb[0] = ((*(uint *)(&(v__311))) & (uint)4294959104);
        uint v__312 = __byte_perm(lo_24, hi_24, (uint)30258);
        float v__313 = *(float *)(&(v__312));
        tb[1] = ((*(uint *)(&(v__313))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__314 = acc[50];
        uint v0_29 = (*(uint *)(&(v__314)));
        float v__315 = acc[51];
        uint v1_29 = (*(uint *)(&(v__315)));
        uint hi_25 = lq_movm(__byte_perm(v0_29, v1_29, (uint)30258));
        uint lo_25 = lq_movm(__byte_perm(v0_29, v1_29, (uint)21520));
        uint v__316 = __byte_perm(lo_25, hi_25, (uint)21520);
        float v__317 = *(float *)(&(v__316));
        tb[0] = ((*(uint *)(&(v__317))) & (uint)4294959104);
        uint v__318 = __byte_perm(lo_25, hi_25, (uint)30258);
        float v__319 = *(float *)(&(v__318));
        tb[1] = ((*(uint *)(&(v__319))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9600)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9604)] = pd[1];
        }
        #pragma unroll
        for (int i_14 = 0; i_14 < 4; ++i_14) {
          pd[i_14] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__320 = acc[52];
        uint v0_30 = (*(uint *)(&(v__320)));
        float v__321 = acc[53];
        uint v1_30 = (*(uint *)(&(v__321)));
        uint hi_26 = lq_movm(__byte_perm(v0_30, v1_30, (uint)30258));
        uint lo_26 = lq_movm(__byte_perm(v0_30, v1_30, (uint)21520));
        uint v__322 = __byte_perm(lo_26, hi_26, (uint)21520);
        float v__323 = *(float *)(&(v__322));
        tb[0] = ((*(uint *)(&(v__323))) & (uint)4294959104);
        uint v__324 = __byte_perm(lo_26, hi_26, (uint)30258);
        float v__325 = *(float *)(&(v__324));
        tb[1] = ((*(uint *)(&(v__325))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__326 = acc[54];
        uint v0_31 = (*(uint *)(&(v__326)));
        float v__327 = acc[55];
        uint v1_31 = (*(uint *)(&(v__327)));
        uint hi_27 = lq_movm(__byte_perm(v0_31, v1_31, (uint)30258));
        uint lo_27 = lq_movm(__byte_perm(v0_31, v1_31, (uint)21520));
        uint v__328 = __byte_perm(lo_27, hi_27, (uint)21520);
        float v__329 = *(float *)(&(v__328));
        tb[0] = ((*(uint *)(&(v__329))) & (uint)4294959104);
        uint v__330 = __byte_perm(lo_27, hi_27, (uint)30258);
        float v__331 = *(float *)(&(v__330));
        tb[1] = ((*(uint *)(&(v__331))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9632)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9636)] = pd[1];
        }
        #pragma unroll
        for (int i_15 = 0; i_15 < 4; ++i_15) {
          pd[i_15] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__332 = acc[56];
        uint v0_32 = (*(uint *)(&(v__332)));
        float v__333 = acc[57];
        uint v1_32 = (*(uint *)(&(v__333)));
        uint hi_28 = lq_movm(__byte_perm(v0_32, v1_32, (uint)30258));
        uint lo_28 = lq_movm(__byte_perm(v0_32, v1_32, (uint)21520));
        uint v__334 = __byte_perm(lo_28, hi_28, (uint)21520);
        float v__335 = *(float *)(&(v__334));
        tb[0] = ((*(uint *)(&(v__335))) & (uint)4294959104);
        uint v__336 = __byte_perm(lo_28, hi_28, (uint)30258);
        float v__337 = *(float *)(&(v__336));
        tb[1] = ((*(uint *)(&(v__337))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__338 = acc[58];
        uint v0_33 = (*(uint *)(&(v__338)));
        float v__339 = acc[59];
        uint v1_33 = (*(uint *)(&(v__339)));
        uint hi_29 = lq_movm(__byte_perm(v0_33, v1_33, (uint)30258));
        uint lo_29 = lq_movm(__byte_perm(v0_33, v1_33, (uint)21520));
        uint v__340 = __byte_perm(lo_29, hi_29, (uint)21520);
        float v__341 = *(float *)(&(v__340));
        tb[0] = ((*(uint *)(&(v__341))) & (uint)4294959104);
        uint v__342 = __byte_perm(lo_29, hi_29, (uint)30258);
        float v__343 = *(float *)(&(v__342));
        tb[1] = ((*(uint *)(&(v__343))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9664)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9668)] = pd[1];
        }
        #pragma unroll
        for (int i_16 = 0; i_16 < 4; ++i_16) {
          pd[i_16] = 0x0p+0f/*0.000000e+00*/;
        }
        float v__344 = acc[60];
        uint v0_34 = (*(uint *)(&(v__344)));
        float v__345 = acc[61];
        uint v1_34 = (*(uint *)(&(v__345)));
        uint hi_30 = lq_movm(__byte_perm(v0_34, v1_34, (uint)30258));
        uint lo_30 = lq_movm(__byte_perm(v0_34, v1_34, (uint)21520));
        uint v__346 = __byte_perm(lo_30, hi_30, (uint)21520);
        float v__347 = *(float *)(&(v__346));
        tb[0] = ((*(uint *)(&(v__347))) & (uint)4294959104);
        uint v__348 = __byte_perm(lo_30, hi_30, (uint)30258);
        float v__349 = *(float *)(&(v__348));
        tb[1] = ((*(uint *)(&(v__349))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 0), reinterpret_cast<const unsigned*>(tb + 0));
        float v__350 = acc[62];
        uint v0_35 = (*(uint *)(&(v__350)));
        float v__351 = acc[63];
        uint v1_35 = (*(uint *)(&(v__351)));
        uint hi_31 = lq_movm(__byte_perm(v0_35, v1_35, (uint)30258));
        uint lo_31 = lq_movm(__byte_perm(v0_35, v1_35, (uint)21520));
        uint v__352 = __byte_perm(lo_31, hi_31, (uint)21520);
        float v__353 = *(float *)(&(v__352));
        tb[0] = ((*(uint *)(&(v__353))) & (uint)4294959104);
        uint v__354 = __byte_perm(lo_31, hi_31, (uint)30258);
        float v__355 = *(float *)(&(v__354));
        tb[1] = ((*(uint *)(&(v__355))) & (uint)4294959104);
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(pd + 0), reinterpret_cast<const unsigned*>(wa + 4), reinterpret_cast<const unsigned*>(tb + 0));
        if ((((int)threadIdx.x) & 31) < 16) {
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9696)] = pd[0];
          ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 9700)] = pd[1];
        }
        __syncthreads();
        #pragma unroll
        for (int e = 0; e < 2; ++e) {
          sm[0] = ((float*)Sh)[(((e * 256) + ((int)threadIdx.x)) + 9216)];
          #pragma unroll
          for (int ww = 1; ww < 8; ++ww) {
            sm[0] = (sm[0] + ((float*)Sh)[((((ww * 512) + (e * 256)) + ((int)threadIdx.x)) + 9216)]);
          }
          ((float*)Sh)[(((e * 256) + ((int)threadIdx.x)) + 4608)] = sm[0];
        }
        __syncthreads();
        #pragma unroll
        for (int e_1 = 0; e_1 < 4; ++e_1) {
          *(float4*)(ml + (e_1 * 4)) = *(float4*)(((float*)Sh) + (((e_1 * 128) + ((((int)threadIdx.x) & 31) * 4)) + 4608));
        }
        #pragma unroll
        for (int b2 = 0; b2 < 4; ++b2) {
          red[b2] = (ml[b2] * ml[b2]);
          #pragma unroll
          for (int e_2 = 1; e_2 < 4; ++e_2) {
            red[b2] = (red[b2] + (ml[((e_2 * 4) + b2)] * ml[((e_2 * 4) + b2)]));
          }
          #pragma unroll
          for (int st = 0; st < 5; ++st) {
            red[b2] = (red[b2] + __shfl_xor_sync((uint)4294967295, red[b2], (16 >> st), 32));
          }
          nr[0] = sqrtf(red[b2]);
          nr[1] = __frcp_rn(nr[0]);
          #pragma unroll
          for (int e_3 = 0; e_3 < 4; ++e_3) {
            float condval_111;
            if ((0x0p+0f/*0.000000e+00*/ < red[b2])) {
              condval_111 = __fmaf_rn(nr[1], __fmaf_rn((nr[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(ml[((e_3 * 4) + b2)], nr[1]), ml[((e_3 * 4) + b2)]), __fmul_rn(ml[((e_3 * 4) + b2)], nr[1]));
            } else {
              condval_111 = 0x0p+0f/*0.000000e+00*/;
            }
            ml[((e_3 * 4) + b2)] = condval_111;
          }
          #pragma unroll
          for (int a_1 = (b2 + 1); a_1 < 4; ++a_1) {
            red[a_1] = (ml[a_1] * ml[b2]);
            #pragma unroll
            for (int e_4 = 1; e_4 < 4; ++e_4) {
              red[a_1] = (red[a_1] + (ml[((e_4 * 4) + a_1)] * ml[((e_4 * 4) + b2)]));
            }
          }
          #pragma unroll
          for (int st_1 = 0; st_1 < 5; ++st_1) {
            #pragma unroll
            for (int a_2 = (b2 + 1); a_2 < 4; ++a_2) {
              red[a_2] = (red[a_2] + __shfl_xor_sync((uint)4294967295, red[a_2], (16 >> st_1), 32));
            }
          }
          #pragma unroll
          for (int a_3 = (b2 + 1); a_3 < 4; ++a_3) {
            #pragma unroll
            for (int e_5 = 0; e_5 < 4; ++e_5) {
              ml[((e_5 * 4) + a_3)] = (ml[((e_5 * 4) + a_3)] - (red[a_3] * ml[((e_5 * 4) + b2)]));
            }
          }
        }
        #pragma unroll
        for (int a_4 = 0; a_4 < 4; ++a_4) {
          float condval_112;
          if ((__any_sync((uint)4294967295, ((int)((((ml[a_4] != 0x0p+0f/*0.000000e+00*/) || (ml[(a_4 + 4)] != 0x0p+0f/*0.000000e+00*/)) || (ml[(a_4 + 8)] != 0x0p+0f/*0.000000e+00*/)) || (ml[(a_4 + 12)] != 0x0p+0f/*0.000000e+00*/)))) != 0)) {
            condval_112 = ml[a_4];
          } else {
            float condval_113;
            if (((((int)threadIdx.x) & 31) == a_4)) {
              condval_113 = 0x1p+0f/*1.000000e+00*/;
            } else {
              condval_113 = 0x0p+0f/*0.000000e+00*/;
            }
            condval_112 = condval_113;
          }
          ml[a_4] = condval_112;
        }
        #pragma unroll
        for (int e_6 = 0; e_6 < 4; ++e_6) {
          *(float4*)(((float*)Sh) + (((((((int)threadIdx.x) >> 5) * 512) + (e_6 * 128)) + ((((int)threadIdx.x) & 31) * 4)) + 5120)) = *(float4*)(ml + (e_6 * 4));
        }
        __syncwarp();
      }
      #pragma unroll
      for (int i_17 = 0; i_17 < 4; ++i_17) {
        wd[i_17] = 0x0p+0f/*0.000000e+00*/;
      }
      float v__356 = acc[0];
      ta[0] = ((*(uint *)(&(v__356))) & (uint)4294959104);
      float v__357 = acc[2];
      ta[1] = ((*(uint *)(&(v__357))) & (uint)4294959104);
      float v__358 = acc[1];
      ta[2] = ((*(uint *)(&(v__358))) & (uint)4294959104);
      float v__359 = acc[3];
      ta[3] = ((*(uint *)(&(v__359))) & (uint)4294959104);
      __syncthreads();
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5120)];
      uint condval_114;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__360 = kt[0];
        condval_114 = ((*(uint *)(&(v__360))) & (uint)4294959104);
      } else {
        condval_114 = (uint)0;
      }
      tb[0] = condval_114;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5124)];
      uint condval_115;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__361 = kt[1];
        condval_115 = ((*(uint *)(&(v__361))) & (uint)4294959104);
      } else {
        condval_115 = (uint)0;
      }
      tb[1] = condval_115;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__362 = acc[4];
      ta[0] = ((*(uint *)(&(v__362))) & (uint)4294959104);
      float v__363 = acc[6];
      ta[1] = ((*(uint *)(&(v__363))) & (uint)4294959104);
      float v__364 = acc[5];
      ta[2] = ((*(uint *)(&(v__364))) & (uint)4294959104);
      float v__365 = acc[7];
      ta[3] = ((*(uint *)(&(v__365))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5152)];
      uint condval_116;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__366 = kt[0];
        condval_116 = ((*(uint *)(&(v__366))) & (uint)4294959104);
      } else {
        condval_116 = (uint)0;
      }
      tb[0] = condval_116;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5156)];
      uint condval_117;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__367 = kt[1];
        condval_117 = ((*(uint *)(&(v__367))) & (uint)4294959104);
      } else {
        condval_117 = (uint)0;
      }
      tb[1] = condval_117;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__368 = acc[8];
      ta[0] = ((*(uint *)(&(v__368))) & (uint)4294959104);
      float v__369 = acc[10];
      ta[1] = ((*(uint *)(&(v__369))) & (uint)4294959104);
      float v__370 = acc[9];
      ta[2] = ((*(uint *)(&(v__370))) & (uint)4294959104);
      float v__371 = acc[11];
      ta[3] = ((*(uint *)(&(v__371))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5184)];
      uint condval_118;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__372 = kt[0];
        condval_118 = ((*(uint *)(&(v__372))) & (uint)4294959104);
      } else {
        condval_118 = (uint)0;
      }
      tb[0] = condval_118;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5188)];
      uint condval_119;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__373 = kt[1];
        condval_119 = ((*(uint *)(&(v__373))) & (uint)4294959104);
      } else {
        condval_119 = (uint)0;
      }
      tb[1] = condval_119;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__374 = acc[12];
      ta[0] = ((*(uint *)(&(v__374))) & (uint)4294959104);
      float v__375 = acc[14];
      ta[1] = ((*(uint *)(&(v__375))) & (uint)4294959104);
      float v__376 = acc[13];
      ta[2] = ((*(uint *)(&(v__376))) & (uint)4294959104);
      float v__377 = acc[15];
      ta[3] = ((*(uint *)(&(v__377))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5216)];
      uint condval_120;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__378 = kt[0];
        condval_120 = ((*(uint *)(&(v__378))) & (uint)4294959104);
      } else {
        condval_120 = (uint)0;
      }
      tb[0] = condval_120;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5220)];
      uint condval_121;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__379 = kt[1];
        condval_121 = ((*(uint *)(&(v__379))) & (uint)4294959104);
      } else {
        condval_121 = (uint)0;
      }
      tb[1] = condval_121;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__380 = acc[16];
      ta[0] = ((*(uint *)(&(v__380))) & (uint)4294959104);
      float v__381 = acc[18];
      ta[1] = ((*(uint *)(&(v__381))) & (uint)4294959104);
      float v__382 = acc[17];
      ta[2] = ((*(uint *)(&(v__382))) & (uint)4294959104);
      float v__383 = acc[19];
      ta[3] = ((*(uint *)(&(v__383))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5248)];
      uint condval_122;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__384 = kt[0];
        condval_122 = ((*(uint *)(&(v__384))) & (uint)4294959104);
      } else {
        condval_122 = (uint)0;
      }
      tb[0] = condval_122;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5252)];
      uint condval_123;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__385 = kt[1];
        condval_123 = ((*(uint *)(&(v__385))) & (uint)4294959104);
      } else {
        condval_123 = (uint)0;
      }
      tb[1] = condval_123;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__386 = acc[20];
      ta[0] = ((*(uint *)(&(v__386))) & (uint)4294959104);
      float v__387 = acc[22];
      ta[1] = ((*(uint *)(&(v__387))) & (uint)4294959104);
      float v__388 = acc[21];
      ta[2] = ((*(uint *)(&(v__388))) & (uint)4294959104);
      float v__389 = acc[23];
      ta[3] = ((*(uint *)(&(v__389))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5280)];
      uint condval_124;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__390 = kt[0];
        condval_124 = ((*(uint *)(&(v__390))) & (uint)4294959104);
      } else {
        condval_124 = (uint)0;
      }
      tb[0] = condval_124;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5284)];
      uint condval_125;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__391 = kt[1];
        condval_125 = ((*(uint *)(&(v__391))) & (uint)4294959104);
      } else {
        condval_125 = (uint)0;
      }
      tb[1] = condval_125;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__392 = acc[24];
      ta[0] = ((*(uint *)(&(v__392))) & (uint)4294959104);
      float v__393 = acc[26];
      ta[1] = ((*(uint *)(&(v__393))) & (uint)4294959104);
      float v__394 = acc[25];
      ta[2] = ((*(uint *)(&(v__394))) & (uint)4294959104);
      float v__395 = acc[27];
      ta[3] = ((*(uint *)(&(v__395))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5312)];
      uint condval_126;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__396 = kt[0];
        condval_126 = ((*(uint *)(&(v__396))) & (uint)4294959104);
      } else {
        condval_126 = (uint)0;
      }
      tb[0] = condval_126;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5316)];
      uint condval_127;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__397 = kt[1];
        condval_127 = ((*(uint *)(&(v__397))) & (uint)4294959104);
      } else {
        condval_127 = (uint)0;
      }
      tb[1] = condval_127;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__398 = acc[28];
      ta[0] = ((*(uint *)(&(v__398))) & (uint)4294959104);
      float v__399 = acc[30];
      ta[1] = ((*(uint *)(&(v__399))) & (uint)4294959104);
      float v__400 = acc[29];
      ta[2] = ((*(uint *)(&(v__400))) & (uint)4294959104);
      float v__401 = acc[31];
      ta[3] = ((*(uint *)(&(v__401))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5344)];
      uint condval_128;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__402 = kt[0];
        condval_128 = ((*(uint *)(&(v__402))) & (uint)4294959104);
      } else {
        condval_128 = (uint)0;
      }
      tb[0] = condval_128;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5348)];
      uint condval_129;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__403 = kt[1];
        condval_129 = ((*(uint *)(&(v__403))) & (uint)4294959104);
      } else {
        condval_129 = (uint)0;
      }
      tb[1] = condval_129;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__404 = acc[32];
      ta[0] = ((*(uint *)(&(v__404))) & (uint)4294959104);
      float v__405 = acc[34];
      ta[1] = ((*(uint *)(&(v__405))) & (uint)4294959104);
      float v__406 = acc[33];
      ta[2] = ((*(uint *)(&(v__406))) & (uint)4294959104);
      float v__407 = acc[35];
      ta[3] = ((*(uint *)(&(v__407))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5376)];
      uint condval_130;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__408 = kt[0];
        condval_130 = ((*(uint *)(&(v__408))) & (uint)4294959104);
      } else {
        condval_130 = (uint)0;
      }
      tb[0] = condval_130;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5380)];
      uint condval_131;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__409 = kt[1];
        condval_131 = ((*(uint *)(&(v__409))) & (uint)4294959104);
      } else {
        condval_131 = (uint)0;
      }
      tb[1] = condval_131;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__410 = acc[36];
      ta[0] = ((*(uint *)(&(v__410))) & (uint)4294959104);
      float v__411 = acc[38];
      ta[1] = ((*(uint *)(&(v__411))) & (uint)4294959104);
      float v__412 = acc[37];
      ta[2] = ((*(uint *)(&(v__412))) & (uint)4294959104);
      float v__413 = acc[39];
      ta[3] = ((*(uint *)(&(v__413))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5408)];
      uint condval_132;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__414 = kt[0];
        condval_132 = ((*(uint *)(&(v__414))) & (uint)4294959104);
      } else {
        condval_132 = (uint)0;
      }
      tb[0] = condval_132;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5412)];
      uint condval_133;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__415 = kt[1];
        condval_133 = ((*(uint *)(&(v__415))) & (uint)4294959104);
      } else {
        condval_133 = (uint)0;
      }
      tb[1] = condval_133;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__416 = acc[40];
      ta[0] = ((*(uint *)(&(v__416))) & (uint)4294959104);
      float v__417 = acc[42];
      ta[1] = ((*(uint *)(&(v__417))) & (uint)4294959104);
      float v__418 = acc[41];
      ta[2] = ((*(uint *)(&(v__418))) & (uint)4294959104);
      float v__419 = acc[43];
      ta[3] = ((*(uint *)(&(v__419))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5440)];
      uint condval_134;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__420 = kt[0];
        condval_134 = ((*(uint *)(&(v__420))) & (uint)4294959104);
      } else {
        condval_134 = (uint)0;
      }
      tb[0] = condval_134;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5444)];
      uint condval_135;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__421 = kt[1];
        condval_135 = ((*(uint *)(&(v__421))) & (uint)4294959104);
      } else {
        condval_135 = (uint)0;
      }
      tb[1] = condval_135;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__422 = acc[44];
      ta[0] = ((*(uint *)(&(v__422))) & (uint)4294959104);
      float v__423 = acc[46];
      ta[1] = ((*(uint *)(&(v__423))) & (uint)4294959104);
      float v__424 = acc[45];
      ta[2] = ((*(uint *)(&(v__424))) & (uint)4294959104);
      float v__425 = acc[47];
      ta[3] = ((*(uint *)(&(v__425))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5472)];
      uint condval_136;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__426 = kt[0];
        condval_136 = ((*(uint *)(&(v__426))) & (uint)4294959104);
      } else {
        condval_136 = (uint)0;
      }
      tb[0] = condval_136;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5476)];
      uint condval_137;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__427 = kt[1];
        condval_137 = ((*(uint *)(&(v__427))) & (uint)4294959104);
      } else {
        condval_137 = (uint)0;
      }
      tb[1] = condval_137;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__428 = acc[48];
      ta[0] = ((*(uint *)(&(v__428))) & (uint)4294959104);
      float v__429 = acc[50];
      ta[1] = ((*(uint *)(&(v__429))) & (uint)4294959104);
      float v__430 = acc[49];
      ta[2] = ((*(uint *)(&(v__430))) & (uint)4294959104);
      float v__431 = acc[51];
      ta[3] = ((*(uint *)(&(v__431))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5504)];
      uint condval_138;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__432 = kt[0];
        condval_138 = ((*(uint *)(&(v__432))) & (uint)4294959104);
      } else {
        condval_138 = (uint)0;
      }
      tb[0] = condval_138;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5508)];
      uint condval_139;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__433 = kt[1];
        condval_139 = ((*(uint *)(&(v__433))) & (uint)4294959104);
      } else {
        condval_139 = (uint)0;
      }
      tb[1] = condval_139;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__434 = acc[52];
      ta[0] = ((*(uint *)(&(v__434))) & (uint)4294959104);
      float v__435 = acc[54];
      ta[1] = ((*(uint *)(&(v__435))) & (uint)4294959104);
      float v__436 = acc[53];
      ta[2] = ((*(uint *)(&(v__436))) & (uint)4294959104);
      float v__437 = acc[55];
      ta[3] = ((*(uint *)(&(v__437))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5536)];
      uint condval_140;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__438 = kt[0];
        condval_140 = ((*(uint *)(&(v__438))) & (uint)4294959104);
      } else {
        condval_140 = (uint)0;
      }
      tb[0] = condval_140;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5540)];
      uint condval_141;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__439 = kt[1];
        condval_141 = ((*(uint *)(&(v__439))) & (uint)4294959104);
      } else {
        condval_141 = (uint)0;
      }
      tb[1] = condval_141;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__440 = acc[56];
      ta[0] = ((*(uint *)(&(v__440))) & (uint)4294959104);
      float v__441 = acc[58];
      ta[1] = ((*(uint *)(&(v__441))) & (uint)4294959104);
      float v__442 = acc[57];
      ta[2] = ((*(uint *)(&(v__442))) & (uint)4294959104);
      float v__443 = acc[59];
      ta[3] = ((*(uint *)(&(v__443))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5568)];
      uint condval_142;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__444 = kt[0];
        condval_142 = ((*(uint *)(&(v__444))) & (uint)4294959104);
      } else {
        condval_142 = (uint)0;
      }
      tb[0] = condval_142;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5572)];
      uint condval_143;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__445 = kt[1];
        condval_143 = ((*(uint *)(&(v__445))) & (uint)4294959104);
      } else {
        condval_143 = (uint)0;
      }
      tb[1] = condval_143;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      float v__446 = acc[60];
      ta[0] = ((*(uint *)(&(v__446))) & (uint)4294959104);
      float v__447 = acc[62];
      ta[1] = ((*(uint *)(&(v__447))) & (uint)4294959104);
      float v__448 = acc[61];
      ta[2] = ((*(uint *)(&(v__448))) & (uint)4294959104);
      float v__449 = acc[63];
      ta[3] = ((*(uint *)(&(v__449))) & (uint)4294959104);
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5600)];
      uint condval_144;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__450 = kt[0];
        condval_144 = ((*(uint *)(&(v__450))) & (uint)4294959104);
      } else {
        condval_144 = (uint)0;
      }
      tb[0] = condval_144;
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + ((((int)threadIdx.x) & 3) * 8)) + min(((((int)threadIdx.x) & 31) >> 2), 3)) + 5604)];
      uint condval_145;
      if (((((int)threadIdx.x) & 31) < 16)) {
        float v__451 = kt[1];
        condval_145 = ((*(uint *)(&(v__451))) & (uint)4294959104);
      } else {
        condval_145 = (uint)0;
      }
      tb[1] = condval_145;
      tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(wd + 0), reinterpret_cast<const unsigned*>(ta + 0), reinterpret_cast<const unsigned*>(tb + 0));
      wd[0] = ((float)((half_t)wd[0]));
      if ((((int)threadIdx.x) & 3) < 2) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            Uc[(((((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)16)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2))] = ((half_t)wd[0]);
          }
        }
      }
      wd[1] = ((float)((half_t)wd[1]));
      if ((((int)threadIdx.x) & 3) < 2) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            Uc[((((((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)16)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2)) + (int64_t)128)] = ((half_t)wd[1]);
          }
        }
      }
      af[0] = __pack_half2(((half_t)(wd[0] * -0x1p+0f/*-1.000000e+00*/)), ((half_t)(wd[1] * -0x1p+0f/*-1.000000e+00*/)));
      wd[2] = ((float)((half_t)wd[2]));
      if ((((int)threadIdx.x) & 3) < 2) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            Uc[((((((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)16)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2)) + (int64_t)8)] = ((half_t)wd[2]);
          }
        }
      }
      wd[3] = ((float)((half_t)wd[3]));
      if ((((int)threadIdx.x) & 3) < 2) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            Uc[((((((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)3) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)16)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2)) + (int64_t)136)] = ((half_t)wd[3]);
          }
        }
      }
      af[1] = __pack_half2(((half_t)(wd[2] * -0x1p+0f/*-1.000000e+00*/)), ((half_t)(wd[3] * -0x1p+0f/*-1.000000e+00*/)));
      if (((int)threadIdx.x) < 128) {
        if (0 <= sl[0]) {
          #pragma unroll
          for (int a_5 = 0; a_5 < 4; ++a_5) {
            if (sl[0] < NS) {
              Kc[((((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + (((int64_t)a_5) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = ((half_t)((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((int)threadIdx.x) * 4)) + a_5) + 5120)]);
            }
          }
        }
      }
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5120)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5120)];
      float condval_146;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_146 = kt[0];
      } else {
        condval_146 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_147;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_147 = kt[1];
      } else {
        condval_147 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_146), ((half_t)condval_147));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 0), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5152)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5152)];
      float condval_148;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_148 = kt[0];
      } else {
        condval_148 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_149;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_149 = kt[1];
      } else {
        condval_149 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_148), ((half_t)condval_149));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 4), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5184)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5184)];
      float condval_150;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_150 = kt[0];
      } else {
        condval_150 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_151;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_151 = kt[1];
      } else {
        condval_151 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_150), ((half_t)condval_151));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 8), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5216)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5216)];
      float condval_152;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_152 = kt[0];
      } else {
        condval_152 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_153;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_153 = kt[1];
      } else {
        condval_153 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_152), ((half_t)condval_153));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 12), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5248)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5248)];
      float condval_154;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_154 = kt[0];
      } else {
        condval_154 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_155;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_155 = kt[1];
      } else {
        condval_155 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_154), ((half_t)condval_155));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 16), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5280)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5280)];
      float condval_156;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_156 = kt[0];
      } else {
        condval_156 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_157;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_157 = kt[1];
      } else {
        condval_157 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_156), ((half_t)condval_157));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 20), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5312)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5312)];
      float condval_158;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_158 = kt[0];
      } else {
        condval_158 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_159;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_159 = kt[1];
      } else {
        condval_159 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_158), ((half_t)condval_159));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 24), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5344)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5344)];
      float condval_160;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_160 = kt[0];
      } else {
        condval_160 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_161;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_161 = kt[1];
      } else {
        condval_161 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_160), ((half_t)condval_161));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 28), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5376)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5376)];
      float condval_162;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_162 = kt[0];
      } else {
        condval_162 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_163;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_163 = kt[1];
      } else {
        condval_163 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_162), ((half_t)condval_163));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 32), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5408)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5408)];
      float condval_164;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_164 = kt[0];
      } else {
        condval_164 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_165;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_165 = kt[1];
      } else {
        condval_165 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_164), ((half_t)condval_165));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 36), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5440)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5440)];
      float condval_166;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_166 = kt[0];
      } else {
        condval_166 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_167;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_167 = kt[1];
      } else {
        condval_167 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_166), ((half_t)condval_167));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 40), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5472)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5472)];
      float condval_168;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_168 = kt[0];
      } else {
        condval_168 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_169;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_169 = kt[1];
      } else {
        condval_169 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_168), ((half_t)condval_169));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 44), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5504)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5504)];
      float condval_170;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_170 = kt[0];
      } else {
        condval_170 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_171;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_171 = kt[1];
      } else {
        condval_171 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_170), ((half_t)condval_171));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 48), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5536)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5536)];
      float condval_172;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_172 = kt[0];
      } else {
        condval_172 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_173;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_173 = kt[1];
      } else {
        condval_173 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_172), ((half_t)condval_173));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 52), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5568)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5568)];
      float condval_174;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_174 = kt[0];
      } else {
        condval_174 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_175;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_175 = kt[1];
      } else {
        condval_175 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_174), ((half_t)condval_175));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 56), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      kt[0] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min(((((int)threadIdx.x) & 3) * 2), 3)) + 5600)];
      kt[1] = ((float*)Sh)[(((((((int)threadIdx.x) >> 5) * 512) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + min((((((int)threadIdx.x) & 3) * 2) + 1), 3)) + 5600)];
      float condval_176;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_176 = kt[0];
      } else {
        condval_176 = 0x0p+0f/*0.000000e+00*/;
      }
      float condval_177;
      if (((((int)threadIdx.x) & 3) < 2)) {
        condval_177 = kt[1];
      } else {
        condval_177 = 0x0p+0f/*0.000000e+00*/;
      }
      bfr[0] = __pack_half2(((half_t)condval_176), ((half_t)condval_177));
      tl::mma_sync<tl::DataType::kFloat16, tl::DataType::kFloat16, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(acc + 60), reinterpret_cast<const unsigned*>(af + 0), reinterpret_cast<const unsigned*>(bfr + 0));
      pv[0] = (fabsf(acc[0]) + fabsf(acc[2]));
      pv[1] = (fabsf(acc[1]) + fabsf(acc[3]));
      pv[2] = (fabsf(acc[4]) + fabsf(acc[6]));
      pv[3] = (fabsf(acc[5]) + fabsf(acc[7]));
      pv[4] = (fabsf(acc[8]) + fabsf(acc[10]));
      pv[5] = (fabsf(acc[9]) + fabsf(acc[11]));
      pv[6] = (fabsf(acc[12]) + fabsf(acc[14]));
      pv[7] = (fabsf(acc[13]) + fabsf(acc[15]));
      float condval_178;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_178 = pv[0];
      } else {
        condval_178 = pv[4];
      }
      float sent = condval_178;
      float condval_179;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_179 = pv[4];
      } else {
        condval_179 = pv[0];
      }
      pv[0] = (condval_179 + __shfl_xor_sync((uint)4294967295, sent, 16, 32));
      float condval_180;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_180 = pv[1];
      } else {
        condval_180 = pv[5];
      }
      float sent_1 = condval_180;
      float condval_181;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_181 = pv[5];
      } else {
        condval_181 = pv[1];
      }
      pv[1] = (condval_181 + __shfl_xor_sync((uint)4294967295, sent_1, 16, 32));
      float condval_182;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_182 = pv[2];
      } else {
        condval_182 = pv[6];
      }
      float sent_2 = condval_182;
      float condval_183;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_183 = pv[6];
      } else {
        condval_183 = pv[2];
      }
      pv[2] = (condval_183 + __shfl_xor_sync((uint)4294967295, sent_2, 16, 32));
      float condval_184;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_184 = pv[3];
      } else {
        condval_184 = pv[7];
      }
      float sent_3 = condval_184;
      float condval_185;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_185 = pv[7];
      } else {
        condval_185 = pv[3];
      }
      pv[3] = (condval_185 + __shfl_xor_sync((uint)4294967295, sent_3, 16, 32));
      float condval_186;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_186 = pv[0];
      } else {
        condval_186 = pv[2];
      }
      float sent_4 = condval_186;
      float condval_187;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_187 = pv[2];
      } else {
        condval_187 = pv[0];
      }
      pv[0] = (condval_187 + __shfl_xor_sync((uint)4294967295, sent_4, 8, 32));
      float condval_188;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_188 = pv[1];
      } else {
        condval_188 = pv[3];
      }
      float sent_5 = condval_188;
      float condval_189;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_189 = pv[3];
      } else {
        condval_189 = pv[1];
      }
      pv[1] = (condval_189 + __shfl_xor_sync((uint)4294967295, sent_5, 8, 32));
      float condval_190;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_190 = pv[0];
      } else {
        condval_190 = pv[1];
      }
      float sent_6 = condval_190;
      float condval_191;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_191 = pv[1];
      } else {
        condval_191 = pv[0];
      }
      pv[0] = (condval_191 + __shfl_xor_sync((uint)4294967295, sent_6, 4, 32));
      ((float*)Sh)[((((((((int)threadIdx.x) >> 5) * 128) + (((((int)threadIdx.x) & 31) >> 3) * 8)) + ((((int)threadIdx.x) & 3) * 2)) + ((((int)threadIdx.x) & 7) >> 2)) + 9216)] = pv[0];
      pv[0] = (fabsf(acc[16]) + fabsf(acc[18]));
      pv[1] = (fabsf(acc[17]) + fabsf(acc[19]));
      pv[2] = (fabsf(acc[20]) + fabsf(acc[22]));
      pv[3] = (fabsf(acc[21]) + fabsf(acc[23]));
      pv[4] = (fabsf(acc[24]) + fabsf(acc[26]));
      pv[5] = (fabsf(acc[25]) + fabsf(acc[27]));
      pv[6] = (fabsf(acc[28]) + fabsf(acc[30]));
      pv[7] = (fabsf(acc[29]) + fabsf(acc[31]));
      float condval_192;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_192 = pv[0];
      } else {
        condval_192 = pv[4];
      }
      float sent_7 = condval_192;
      float condval_193;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_193 = pv[4];
      } else {
        condval_193 = pv[0];
      }
      pv[0] = (condval_193 + __shfl_xor_sync((uint)4294967295, sent_7, 16, 32));
      float condval_194;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_194 = pv[1];
      } else {
        condval_194 = pv[5];
      }
      float sent_8 = condval_194;
      float condval_195;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_195 = pv[5];
      } else {
        condval_195 = pv[1];
      }
      pv[1] = (condval_195 + __shfl_xor_sync((uint)4294967295, sent_8, 16, 32));
      float condval_196;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_196 = pv[2];
      } else {
        condval_196 = pv[6];
      }
      float sent_9 = condval_196;
      float condval_197;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_197 = pv[6];
      } else {
        condval_197 = pv[2];
      }
      pv[2] = (condval_197 + __shfl_xor_sync((uint)4294967295, sent_9, 16, 32));
      float condval_198;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_198 = pv[3];
      } else {
        condval_198 = pv[7];
      }
      float sent_10 = condval_198;
      float condval_199;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_199 = pv[7];
      } else {
        condval_199 = pv[3];
      }
      pv[3] = (condval_199 + __shfl_xor_sync((uint)4294967295, sent_10, 16, 32));
      float condval_200;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_200 = pv[0];
      } else {
        condval_200 = pv[2];
      }
      float sent_11 = condval_200;
      float condval_201;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_201 = pv[2];
      } else {
        condval_201 = pv[0];
      }
      pv[0] = (condval_201 + __shfl_xor_sync((uint)4294967295, sent_11, 8, 32));
      float condval_202;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_202 = pv[1];
      } else {
        condval_202 = pv[3];
      }
      float sent_12 = condval_202;
      float condval_203;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_203 = pv[3];
      } else {
        condval_203 = pv[1];
      }
      pv[1] = (condval_203 + __shfl_xor_sync((uint)4294967295, sent_12, 8, 32));
      float condval_204;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_204 = pv[0];
      } else {
        condval_204 = pv[1];
      }
      float sent_13 = condval_204;
      float condval_205;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_205 = pv[1];
      } else {
        condval_205 = pv[0];
      }
      pv[0] = (condval_205 + __shfl_xor_sync((uint)4294967295, sent_13, 4, 32));
      ((float*)Sh)[((((((((int)threadIdx.x) >> 5) * 128) + (((((int)threadIdx.x) & 31) >> 3) * 8)) + ((((int)threadIdx.x) & 3) * 2)) + ((((int)threadIdx.x) & 7) >> 2)) + 9248)] = pv[0];
      pv[0] = (fabsf(acc[32]) + fabsf(acc[34]));
      pv[1] = (fabsf(acc[33]) + fabsf(acc[35]));
      pv[2] = (fabsf(acc[36]) + fabsf(acc[38]));
      pv[3] = (fabsf(acc[37]) + fabsf(acc[39]));
      pv[4] = (fabsf(acc[40]) + fabsf(acc[42]));
      pv[5] = (fabsf(acc[41]) + fabsf(acc[43]));
      pv[6] = (fabsf(acc[44]) + fabsf(acc[46]));
      pv[7] = (fabsf(acc[45]) + fabsf(acc[47]));
      float condval_206;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_206 = pv[0];
      } else {
        condval_206 = pv[4];
      }
      float sent_14 = condval_206;
      float condval_207;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_207 = pv[4];
      } else {
        condval_207 = pv[0];
      }
      pv[0] = (condval_207 + __shfl_xor_sync((uint)4294967295, sent_14, 16, 32));
      float condval_208;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_208 = pv[1];
      } else {
        condval_208 = pv[5];
      }
      float sent_15 = condval_208;
      float condval_209;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_209 = pv[5];
      } else {
        condval_209 = pv[1];
      }
      pv[1] = (condval_209 + __shfl_xor_sync((uint)4294967295, sent_15, 16, 32));
      float condval_210;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_210 = pv[2];
      } else {
        condval_210 = pv[6];
      }
      float sent_16 = condval_210;
      float condval_211;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_211 = pv[6];
      } else {
        condval_211 = pv[2];
      }
      pv[2] = (condval_211 + __shfl_xor_sync((uint)4294967295, sent_16, 16, 32));
      float condval_212;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_212 = pv[3];
      } else {
        condval_212 = pv[7];
      }
      float sent_17 = condval_212;
      float condval_213;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_213 = pv[7];
      } else {
        condval_213 = pv[3];
      }
      pv[3] = (condval_213 + __shfl_xor_sync((uint)4294967295, sent_17, 16, 32));
      float condval_214;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_214 = pv[0];
      } else {
        condval_214 = pv[2];
      }
      float sent_18 = condval_214;
      float condval_215;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_215 = pv[2];
      } else {
        condval_215 = pv[0];
      }
      pv[0] = (condval_215 + __shfl_xor_sync((uint)4294967295, sent_18, 8, 32));
      float condval_216;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_216 = pv[1];
      } else {
        condval_216 = pv[3];
      }
      float sent_19 = condval_216;
      float condval_217;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_217 = pv[3];
      } else {
        condval_217 = pv[1];
      }
      pv[1] = (condval_217 + __shfl_xor_sync((uint)4294967295, sent_19, 8, 32));
      float condval_218;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_218 = pv[0];
      } else {
        condval_218 = pv[1];
      }
      float sent_20 = condval_218;
      float condval_219;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_219 = pv[1];
      } else {
        condval_219 = pv[0];
      }
      pv[0] = (condval_219 + __shfl_xor_sync((uint)4294967295, sent_20, 4, 32));
      ((float*)Sh)[((((((((int)threadIdx.x) >> 5) * 128) + (((((int)threadIdx.x) & 31) >> 3) * 8)) + ((((int)threadIdx.x) & 3) * 2)) + ((((int)threadIdx.x) & 7) >> 2)) + 9280)] = pv[0];
      pv[0] = (fabsf(acc[48]) + fabsf(acc[50]));
      pv[1] = (fabsf(acc[49]) + fabsf(acc[51]));
      pv[2] = (fabsf(acc[52]) + fabsf(acc[54]));
      pv[3] = (fabsf(acc[53]) + fabsf(acc[55]));
      pv[4] = (fabsf(acc[56]) + fabsf(acc[58]));
      pv[5] = (fabsf(acc[57]) + fabsf(acc[59]));
      pv[6] = (fabsf(acc[60]) + fabsf(acc[62]));
      pv[7] = (fabsf(acc[61]) + fabsf(acc[63]));
      float condval_220;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_220 = pv[0];
      } else {
        condval_220 = pv[4];
      }
      float sent_21 = condval_220;
      float condval_221;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_221 = pv[4];
      } else {
        condval_221 = pv[0];
      }
      pv[0] = (condval_221 + __shfl_xor_sync((uint)4294967295, sent_21, 16, 32));
      float condval_222;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_222 = pv[1];
      } else {
        condval_222 = pv[5];
      }
      float sent_22 = condval_222;
      float condval_223;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_223 = pv[5];
      } else {
        condval_223 = pv[1];
      }
      pv[1] = (condval_223 + __shfl_xor_sync((uint)4294967295, sent_22, 16, 32));
      float condval_224;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_224 = pv[2];
      } else {
        condval_224 = pv[6];
      }
      float sent_23 = condval_224;
      float condval_225;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_225 = pv[6];
      } else {
        condval_225 = pv[2];
      }
      pv[2] = (condval_225 + __shfl_xor_sync((uint)4294967295, sent_23, 16, 32));
      float condval_226;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_226 = pv[3];
      } else {
        condval_226 = pv[7];
      }
      float sent_24 = condval_226;
      float condval_227;
      if ((0 < (((int)threadIdx.x) & 16))) {
        condval_227 = pv[7];
      } else {
        condval_227 = pv[3];
      }
      pv[3] = (condval_227 + __shfl_xor_sync((uint)4294967295, sent_24, 16, 32));
      float condval_228;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_228 = pv[0];
      } else {
        condval_228 = pv[2];
      }
      float sent_25 = condval_228;
      float condval_229;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_229 = pv[2];
      } else {
        condval_229 = pv[0];
      }
      pv[0] = (condval_229 + __shfl_xor_sync((uint)4294967295, sent_25, 8, 32));
      float condval_230;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_230 = pv[1];
      } else {
        condval_230 = pv[3];
      }
      float sent_26 = condval_230;
      float condval_231;
      if ((0 < (((int)threadIdx.x) & 8))) {
        condval_231 = pv[3];
      } else {
        condval_231 = pv[1];
      }
      pv[1] = (condval_231 + __shfl_xor_sync((uint)4294967295, sent_26, 8, 32));
      float condval_232;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_232 = pv[0];
      } else {
        condval_232 = pv[1];
      }
      float sent_27 = condval_232;
      float condval_233;
      if ((0 < (((int)threadIdx.x) & 4))) {
        condval_233 = pv[1];
      } else {
        condval_233 = pv[0];
      }
      pv[0] = (condval_233 + __shfl_xor_sync((uint)4294967295, sent_27, 4, 32));
      ((float*)Sh)[((((((((int)threadIdx.x) >> 5) * 128) + (((((int)threadIdx.x) & 31) >> 3) * 8)) + ((((int)threadIdx.x) & 3) * 2)) + ((((int)threadIdx.x) & 7) >> 2)) + 9312)] = pv[0];
      __syncthreads();
      if (((int)threadIdx.x) < 128) {
        sm[0] = ((float*)Sh)[(((int)threadIdx.x) + 9216)];
        #pragma unroll
        for (int ww_1 = 1; ww_1 < 8; ++ww_1) {
          sm[0] = (sm[0] + ((float*)Sh)[(((ww_1 * 128) + ((int)threadIdx.x)) + 9216)]);
        }
        sm[0] = max(sqrtf((sm[0] / 0x1p+7f/*1.280000e+02*/)), 0x1.5798ee2308c3ap-27f/*1.000000e-08*/);
        ((float*)Sh)[(((int)threadIdx.x) + 13312)] = sm[0];
        ((float*)Sh)[(((int)threadIdx.x) + 13440)] = __frcp_rn(sm[0]);
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            c[(((((int64_t)sl[(int64_t)0]) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = sm[0];
          }
        }
      }
      __syncthreads();
      bm[0] = 0x0p+0f/*0.000000e+00*/;
      bm[1] = 0x0p+0f/*0.000000e+00*/;
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13312)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13440)];
      acc[0] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[0], cw[1]), acc[0]), __fmul_rn(acc[0], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[0]));
      acc[2] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[2], cw[1]), acc[2]), __fmul_rn(acc[2], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[2]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13313)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13441)];
      acc[1] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[1], cw[1]), acc[1]), __fmul_rn(acc[1], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[1]));
      acc[3] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[3], cw[1]), acc[3]), __fmul_rn(acc[3], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[3]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13320)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13448)];
      acc[4] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[4], cw[1]), acc[4]), __fmul_rn(acc[4], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[4]));
      acc[6] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[6], cw[1]), acc[6]), __fmul_rn(acc[6], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[6]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13321)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13449)];
      acc[5] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[5], cw[1]), acc[5]), __fmul_rn(acc[5], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[5]));
      acc[7] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[7], cw[1]), acc[7]), __fmul_rn(acc[7], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[7]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13328)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13456)];
      acc[8] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[8], cw[1]), acc[8]), __fmul_rn(acc[8], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[8]));
      acc[10] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[10], cw[1]), acc[10]), __fmul_rn(acc[10], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[10]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13329)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13457)];
      acc[9] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[9], cw[1]), acc[9]), __fmul_rn(acc[9], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[9]));
      acc[11] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[11], cw[1]), acc[11]), __fmul_rn(acc[11], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[11]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13336)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13464)];
      acc[12] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[12], cw[1]), acc[12]), __fmul_rn(acc[12], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[12]));
      acc[14] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[14], cw[1]), acc[14]), __fmul_rn(acc[14], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[14]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13337)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13465)];
      acc[13] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[13], cw[1]), acc[13]), __fmul_rn(acc[13], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[13]));
      acc[15] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[15], cw[1]), acc[15]), __fmul_rn(acc[15], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[15]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13344)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13472)];
      acc[16] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[16], cw[1]), acc[16]), __fmul_rn(acc[16], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[16]));
      acc[18] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[18], cw[1]), acc[18]), __fmul_rn(acc[18], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[18]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13345)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13473)];
      acc[17] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[17], cw[1]), acc[17]), __fmul_rn(acc[17], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[17]));
      acc[19] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[19], cw[1]), acc[19]), __fmul_rn(acc[19], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[19]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13352)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13480)];
      acc[20] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[20], cw[1]), acc[20]), __fmul_rn(acc[20], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[20]));
      acc[22] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[22], cw[1]), acc[22]), __fmul_rn(acc[22], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[22]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13353)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13481)];
      acc[21] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[21], cw[1]), acc[21]), __fmul_rn(acc[21], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[21]));
      acc[23] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[23], cw[1]), acc[23]), __fmul_rn(acc[23], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[23]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13360)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13488)];
      acc[24] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[24], cw[1]), acc[24]), __fmul_rn(acc[24], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[24]));
      acc[26] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[26], cw[1]), acc[26]), __fmul_rn(acc[26], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[26]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13361)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13489)];
      acc[25] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[25], cw[1]), acc[25]), __fmul_rn(acc[25], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[25]));
      acc[27] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[27], cw[1]), acc[27]), __fmul_rn(acc[27], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[27]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13368)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13496)];
      acc[28] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[28], cw[1]), acc[28]), __fmul_rn(acc[28], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[28]));
      acc[30] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[30], cw[1]), acc[30]), __fmul_rn(acc[30], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[30]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13369)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13497)];
      acc[29] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[29], cw[1]), acc[29]), __fmul_rn(acc[29], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[29]));
      acc[31] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[31], cw[1]), acc[31]), __fmul_rn(acc[31], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[31]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13376)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13504)];
      acc[32] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[32], cw[1]), acc[32]), __fmul_rn(acc[32], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[32]));
      acc[34] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[34], cw[1]), acc[34]), __fmul_rn(acc[34], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[34]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13377)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13505)];
      acc[33] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[33], cw[1]), acc[33]), __fmul_rn(acc[33], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[33]));
      acc[35] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[35], cw[1]), acc[35]), __fmul_rn(acc[35], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[35]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13384)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13512)];
      acc[36] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[36], cw[1]), acc[36]), __fmul_rn(acc[36], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[36]));
      acc[38] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[38], cw[1]), acc[38]), __fmul_rn(acc[38], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[38]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13385)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13513)];
      acc[37] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[37], cw[1]), acc[37]), __fmul_rn(acc[37], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[37]));
      acc[39] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[39], cw[1]), acc[39]), __fmul_rn(acc[39], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[39]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13392)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13520)];
      acc[40] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[40], cw[1]), acc[40]), __fmul_rn(acc[40], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[40]));
      acc[42] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[42], cw[1]), acc[42]), __fmul_rn(acc[42], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[42]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13393)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13521)];
      acc[41] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[41], cw[1]), acc[41]), __fmul_rn(acc[41], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[41]));
      acc[43] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[43], cw[1]), acc[43]), __fmul_rn(acc[43], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[43]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13400)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13528)];
      acc[44] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[44], cw[1]), acc[44]), __fmul_rn(acc[44], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[44]));
      acc[46] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[46], cw[1]), acc[46]), __fmul_rn(acc[46], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[46]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13401)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13529)];
      acc[45] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[45], cw[1]), acc[45]), __fmul_rn(acc[45], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[45]));
      acc[47] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[47], cw[1]), acc[47]), __fmul_rn(acc[47], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[47]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13408)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13536)];
      acc[48] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[48], cw[1]), acc[48]), __fmul_rn(acc[48], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[48]));
      acc[50] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[50], cw[1]), acc[50]), __fmul_rn(acc[50], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[50]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13409)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13537)];
      acc[49] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[49], cw[1]), acc[49]), __fmul_rn(acc[49], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[49]));
      acc[51] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[51], cw[1]), acc[51]), __fmul_rn(acc[51], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[51]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13416)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13544)];
      acc[52] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[52], cw[1]), acc[52]), __fmul_rn(acc[52], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[52]));
      acc[54] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[54], cw[1]), acc[54]), __fmul_rn(acc[54], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[54]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13417)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13545)];
      acc[53] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[53], cw[1]), acc[53]), __fmul_rn(acc[53], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[53]));
      acc[55] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[55], cw[1]), acc[55]), __fmul_rn(acc[55], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[55]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13424)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13552)];
      acc[56] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[56], cw[1]), acc[56]), __fmul_rn(acc[56], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[56]));
      acc[58] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[58], cw[1]), acc[58]), __fmul_rn(acc[58], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[58]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13425)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13553)];
      acc[57] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[57], cw[1]), acc[57]), __fmul_rn(acc[57], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[57]));
      acc[59] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[59], cw[1]), acc[59]), __fmul_rn(acc[59], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[59]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13432)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13560)];
      acc[60] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[60], cw[1]), acc[60]), __fmul_rn(acc[60], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[60]));
      acc[62] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[62], cw[1]), acc[62]), __fmul_rn(acc[62], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[62]));
      cw[0] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13433)];
      cw[1] = ((float*)Sh)[(((((int)threadIdx.x) & 3) * 2) + 13561)];
      acc[61] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[61], cw[1]), acc[61]), __fmul_rn(acc[61], cw[1]));
      bm[0] = max(bm[0], fabsf(acc[61]));
      acc[63] = __fmaf_rn(cw[1], __fmaf_rn((cw[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(acc[63], cw[1]), acc[63]), __fmul_rn(acc[63], cw[1]));
      bm[1] = max(bm[1], fabsf(acc[63]));
      bm[0] = max(bm[0], __shfl_xor_sync((uint)4294967295, bm[0], 1, 32));
      bm[1] = max(bm[1], __shfl_xor_sync((uint)4294967295, bm[1], 1, 32));
      bm[0] = max(bm[0], __shfl_xor_sync((uint)4294967295, bm[0], 2, 32));
      bm[1] = max(bm[1], __shfl_xor_sync((uint)4294967295, bm[1], 2, 32));
      if ((((int)threadIdx.x) % 4) == 0) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            Bs[((((((int64_t)sl[(int64_t)0]) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)16)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2))] = bm[0];
          }
        }
      }
      float condval_234;
      if ((0x0p+0f/*0.000000e+00*/ < bm[0])) {
        float condval_235;
        if ((0x1.54484932d2e72p-120f/*1.000000e-36*/ <= bm[0])) {
          condval_235 = __fmaf_rn(__frcp_rn(bm[0]), __fmaf_rn((bm[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(0x1.fcp+6f/*1.270000e+02*/, __frcp_rn(bm[0])), 0x1.fcp+6f/*1.270000e+02*/), __fmul_rn(0x1.fcp+6f/*1.270000e+02*/, __frcp_rn(bm[0])));
        } else {
          condval_235 = (0x1.fcp+6f/*1.270000e+02*/ / bm[0]);
        }
        condval_234 = condval_235;
      } else {
        condval_234 = 0x0p+0f/*0.000000e+00*/;
      }
      bm[0] = condval_234;
      if ((((int)threadIdx.x) % 4) == 0) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            Bs[(((((((int64_t)sl[(int64_t)0]) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)16)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) >> (int64_t)2)) + (int64_t)8)] = bm[1];
          }
        }
      }
      float condval_236;
      if ((0x0p+0f/*0.000000e+00*/ < bm[1])) {
        float condval_237;
        if ((0x1.54484932d2e72p-120f/*1.000000e-36*/ <= bm[1])) {
          condval_237 = __fmaf_rn(__frcp_rn(bm[1]), __fmaf_rn((bm[1] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(0x1.fcp+6f/*1.270000e+02*/, __frcp_rn(bm[1])), 0x1.fcp+6f/*1.270000e+02*/), __fmul_rn(0x1.fcp+6f/*1.270000e+02*/, __frcp_rn(bm[1])));
        } else {
          condval_237 = (0x1.fcp+6f/*1.270000e+02*/ / bm[1]);
        }
        condval_236 = condval_237;
      } else {
        condval_236 = 0x0p+0f/*0.000000e+00*/;
      }
      bm[1] = condval_236;
      if (bm[0] <= 0x1.fffffep+127f/*3.402823e+38*/) {
        float v__452 = __fadd_rn(__fmul_rn(acc[0], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__453 = __fadd_rn(__fmul_rn(acc[1], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3))] = ((ushort)__byte_perm((*(uint *)(&(v__452))), (*(uint *)(&(v__453))), (uint)64));
        float v__454 = __fadd_rn(__fmul_rn(acc[4], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__455 = __fadd_rn(__fmul_rn(acc[5], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 4)] = ((ushort)__byte_perm((*(uint *)(&(v__454))), (*(uint *)(&(v__455))), (uint)64));
        float v__456 = __fadd_rn(__fmul_rn(acc[8], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__457 = __fadd_rn(__fmul_rn(acc[9], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 8)] = ((ushort)__byte_perm((*(uint *)(&(v__456))), (*(uint *)(&(v__457))), (uint)64));
        float v__458 = __fadd_rn(__fmul_rn(acc[12], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__459 = __fadd_rn(__fmul_rn(acc[13], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 12)] = ((ushort)__byte_perm((*(uint *)(&(v__458))), (*(uint *)(&(v__459))), (uint)64));
        float v__460 = __fadd_rn(__fmul_rn(acc[16], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__461 = __fadd_rn(__fmul_rn(acc[17], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 16)] = ((ushort)__byte_perm((*(uint *)(&(v__460))), (*(uint *)(&(v__461))), (uint)64));
        float v__462 = __fadd_rn(__fmul_rn(acc[20], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__463 = __fadd_rn(__fmul_rn(acc[21], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 20)] = ((ushort)__byte_perm((*(uint *)(&(v__462))), (*(uint *)(&(v__463))), (uint)64));
        float v__464 = __fadd_rn(__fmul_rn(acc[24], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__465 = __fadd_rn(__fmul_rn(acc[25], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 24)] = ((ushort)__byte_perm((*(uint *)(&(v__464))), (*(uint *)(&(v__465))), (uint)64));
        float v__466 = __fadd_rn(__fmul_rn(acc[28], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__467 = __fadd_rn(__fmul_rn(acc[29], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 28)] = ((ushort)__byte_perm((*(uint *)(&(v__466))), (*(uint *)(&(v__467))), (uint)64));
        float v__468 = __fadd_rn(__fmul_rn(acc[32], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__469 = __fadd_rn(__fmul_rn(acc[33], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 32)] = ((ushort)__byte_perm((*(uint *)(&(v__468))), (*(uint *)(&(v__469))), (uint)64));
        float v__470 = __fadd_rn(__fmul_rn(acc[36], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__471 = __fadd_rn(__fmul_rn(acc[37], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 36)] = ((ushort)__byte_perm((*(uint *)(&(v__470))), (*(uint *)(&(v__471))), (uint)64));
        float v__472 = __fadd_rn(__fmul_rn(acc[40], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__473 = __fadd_rn(__fmul_rn(acc[41], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 40)] = ((ushort)__byte_perm((*(uint *)(&(v__472))), (*(uint *)(&(v__473))), (uint)64));
        float v__474 = __fadd_rn(__fmul_rn(acc[44], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__475 = __fadd_rn(__fmul_rn(acc[45], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 44)] = ((ushort)__byte_perm((*(uint *)(&(v__474))), (*(uint *)(&(v__475))), (uint)64));
        float v__476 = __fadd_rn(__fmul_rn(acc[48], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__477 = __fadd_rn(__fmul_rn(acc[49], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 48)] = ((ushort)__byte_perm((*(uint *)(&(v__476))), (*(uint *)(&(v__477))), (uint)64));
        float v__478 = __fadd_rn(__fmul_rn(acc[52], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__479 = __fadd_rn(__fmul_rn(acc[53], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 52)] = ((ushort)__byte_perm((*(uint *)(&(v__478))), (*(uint *)(&(v__479))), (uint)64));
        float v__480 = __fadd_rn(__fmul_rn(acc[56], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__481 = __fadd_rn(__fmul_rn(acc[57], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 56)] = ((ushort)__byte_perm((*(uint *)(&(v__480))), (*(uint *)(&(v__481))), (uint)64));
        float v__482 = __fadd_rn(__fmul_rn(acc[60], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        float v__483 = __fadd_rn(__fmul_rn(acc[61], bm[0]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 60)] = ((ushort)__byte_perm((*(uint *)(&(v__482))), (*(uint *)(&(v__483))), (uint)64));
      } else {
        ((ushort*)Sh)[((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3))] = ((ushort)((max(min(__float2int_rn((acc[0] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[1] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 4)] = ((ushort)((max(min(__float2int_rn((acc[4] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[5] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 8)] = ((ushort)((max(min(__float2int_rn((acc[8] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[9] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 12)] = ((ushort)((max(min(__float2int_rn((acc[12] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[13] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 16)] = ((ushort)((max(min(__float2int_rn((acc[16] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[17] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 20)] = ((ushort)((max(min(__float2int_rn((acc[20] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[21] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 24)] = ((ushort)((max(min(__float2int_rn((acc[24] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[25] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 28)] = ((ushort)((max(min(__float2int_rn((acc[28] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[29] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 32)] = ((ushort)((max(min(__float2int_rn((acc[32] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[33] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 36)] = ((ushort)((max(min(__float2int_rn((acc[36] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[37] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 40)] = ((ushort)((max(min(__float2int_rn((acc[40] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[41] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 44)] = ((ushort)((max(min(__float2int_rn((acc[44] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[45] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 48)] = ((ushort)((max(min(__float2int_rn((acc[48] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[49] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 52)] = ((ushort)((max(min(__float2int_rn((acc[52] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[53] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 56)] = ((ushort)((max(min(__float2int_rn((acc[56] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[57] * bm[0])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 60)] = ((ushort)((max(min(__float2int_rn((acc[60] * bm[0])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[61] * bm[0])), 127), -127) & 255) << 8)));
      }
      if (bm[1] <= 0x1.fffffep+127f/*3.402823e+38*/) {
        float v__484 = __fadd_rn(__fmul_rn(acc[2], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__485 = __fadd_rn(__fmul_rn(acc[3], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 576)] = ((ushort)__byte_perm((*(uint *)(&(v__484))), (*(uint *)(&(v__485))), (uint)64));
        float v__486 = __fadd_rn(__fmul_rn(acc[6], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__487 = __fadd_rn(__fmul_rn(acc[7], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 580)] = ((ushort)__byte_perm((*(uint *)(&(v__486))), (*(uint *)(&(v__487))), (uint)64));
        float v__488 = __fadd_rn(__fmul_rn(acc[10], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__489 = __fadd_rn(__fmul_rn(acc[11], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 584)] = ((ushort)__byte_perm((*(uint *)(&(v__488))), (*(uint *)(&(v__489))), (uint)64));
        float v__490 = __fadd_rn(__fmul_rn(acc[14], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__491 = __fadd_rn(__fmul_rn(acc[15], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 588)] = ((ushort)__byte_perm((*(uint *)(&(v__490))), (*(uint *)(&(v__491))), (uint)64));
        float v__492 = __fadd_rn(__fmul_rn(acc[18], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__493 = __fadd_rn(__fmul_rn(acc[19], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 592)] = ((ushort)__byte_perm((*(uint *)(&(v__492))), (*(uint *)(&(v__493))), (uint)64));
        float v__494 = __fadd_rn(__fmul_rn(acc[22], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__495 = __fadd_rn(__fmul_rn(acc[23], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 596)] = ((ushort)__byte_perm((*(uint *)(&(v__494))), (*(uint *)(&(v__495))), (uint)64));
        float v__496 = __fadd_rn(__fmul_rn(acc[26], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__497 = __fadd_rn(__fmul_rn(acc[27], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 600)] = ((ushort)__byte_perm((*(uint *)(&(v__496))), (*(uint *)(&(v__497))), (uint)64));
        float v__498 = __fadd_rn(__fmul_rn(acc[30], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__499 = __fadd_rn(__fmul_rn(acc[31], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 604)] = ((ushort)__byte_perm((*(uint *)(&(v__498))), (*(uint *)(&(v__499))), (uint)64));
        float v__500 = __fadd_rn(__fmul_rn(acc[34], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__501 = __fadd_rn(__fmul_rn(acc[35], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 608)] = ((ushort)__byte_perm((*(uint *)(&(v__500))), (*(uint *)(&(v__501))), (uint)64));
        float v__502 = __fadd_rn(__fmul_rn(acc[38], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__503 = __fadd_rn(__fmul_rn(acc[39], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 612)] = ((ushort)__byte_perm((*(uint *)(&(v__502))), (*(uint *)(&(v__503))), (uint)64));
        float v__504 = __fadd_rn(__fmul_rn(acc[42], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__505 = __fadd_rn(__fmul_rn(acc[43], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 616)] = ((ushort)__byte_perm((*(uint *)(&(v__504))), (*(uint *)(&(v__505))), (uint)64));
        float v__506 = __fadd_rn(__fmul_rn(acc[46], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__507 = __fadd_rn(__fmul_rn(acc[47], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 620)] = ((ushort)__byte_perm((*(uint *)(&(v__506))), (*(uint *)(&(v__507))), (uint)64));
        float v__508 = __fadd_rn(__fmul_rn(acc[50], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__509 = __fadd_rn(__fmul_rn(acc[51], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 624)] = ((ushort)__byte_perm((*(uint *)(&(v__508))), (*(uint *)(&(v__509))), (uint)64));
        float v__510 = __fadd_rn(__fmul_rn(acc[54], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__511 = __fadd_rn(__fmul_rn(acc[55], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 628)] = ((ushort)__byte_perm((*(uint *)(&(v__510))), (*(uint *)(&(v__511))), (uint)64));
        float v__512 = __fadd_rn(__fmul_rn(acc[58], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__513 = __fadd_rn(__fmul_rn(acc[59], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 632)] = ((ushort)__byte_perm((*(uint *)(&(v__512))), (*(uint *)(&(v__513))), (uint)64));
        float v__514 = __fadd_rn(__fmul_rn(acc[62], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        float v__515 = __fadd_rn(__fmul_rn(acc[63], bm[1]), 0x1.8p+23f/*1.258291e+07*/);
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 636)] = ((ushort)__byte_perm((*(uint *)(&(v__514))), (*(uint *)(&(v__515))), (uint)64));
      } else {
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 576)] = ((ushort)((max(min(__float2int_rn((acc[2] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[3] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 580)] = ((ushort)((max(min(__float2int_rn((acc[6] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[7] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 584)] = ((ushort)((max(min(__float2int_rn((acc[10] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[11] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 588)] = ((ushort)((max(min(__float2int_rn((acc[14] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[15] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 592)] = ((ushort)((max(min(__float2int_rn((acc[18] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[19] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 596)] = ((ushort)((max(min(__float2int_rn((acc[22] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[23] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 600)] = ((ushort)((max(min(__float2int_rn((acc[26] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[27] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 604)] = ((ushort)((max(min(__float2int_rn((acc[30] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[31] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 608)] = ((ushort)((max(min(__float2int_rn((acc[34] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[35] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 612)] = ((ushort)((max(min(__float2int_rn((acc[38] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[39] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 616)] = ((ushort)((max(min(__float2int_rn((acc[42] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[43] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 620)] = ((ushort)((max(min(__float2int_rn((acc[46] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[47] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 624)] = ((ushort)((max(min(__float2int_rn((acc[50] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[51] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 628)] = ((ushort)((max(min(__float2int_rn((acc[54] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[55] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 632)] = ((ushort)((max(min(__float2int_rn((acc[58] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[59] * bm[1])), 127), -127) & 255) << 8)));
        ((ushort*)Sh)[(((((((int)threadIdx.x) >> 5) * 1152) + (((((int)threadIdx.x) & 31) >> 2) * 72)) + (((int)threadIdx.x) & 3)) + 636)] = ((ushort)((max(min(__float2int_rn((acc[62] * bm[1])), 127), -127) & 255) | ((max(min(__float2int_rn((acc[63] * bm[1])), 127), -127) & 255) << 8)));
      }
      __syncthreads();
      if (0 <= sl[0]) {
        #pragma unroll
        for (int e_7 = 0; e_7 < 4; ++e_7) {
          if (sl[0] < NS) {
            *(int4*)(((int*)Zw) + ((((((int64_t)sl[(int64_t)0]) * (int64_t)131072) + (((int64_t)((int)blockIdx.x)) * (int64_t)4096)) + (((int64_t)e_7) * (int64_t)1024)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4))) = *(int4*)(((int*)Sh) + (((e_7 * 1152) + ((((int)threadIdx.x) >> 3) * 36)) + ((((int)threadIdx.x) & 7) * 4)));
          }
        }
      }
      tl::cp_async_wait<0>();
      __syncthreads();
    }
  }
}

