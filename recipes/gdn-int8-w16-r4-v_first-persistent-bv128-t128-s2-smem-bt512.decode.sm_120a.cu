#if defined(_MSC_VER) && !defined(__clang__) && _MSC_VER < 1940
#define _tl_orig_alignas alignas
#define alignas(N) _tl_orig_alignas((N) <= 64 ? (N) : 64)
#include <cuda.h>
#undef alignas
#define alignas _tl_orig_alignas
#endif
#include <tl_templates/cuda/instruction/mma.h>
#include <tl_templates/cuda/atomic.h>
#include <tl_templates/cuda/copy.h>
#include <tl_templates/cuda/reduce.h>
#include <tl_templates/cuda/scan.h>
#include <tl_templates/cuda/ldsm.h>
#include <tl_templates/cuda/threadblock_swizzle.h>
#include <tl_templates/cuda/debug.h>
#ifdef ENABLE_BF16
#include <tl_templates/cuda/cuda_bf16_fallbacks.cuh>
#endif

extern "C" __global__ void decode_kernel(const float* __restrict__ Bs, const half_t* __restrict__ Kc, const half_t* __restrict__ Uc, const int* __restrict__ Z, const float* __restrict__ beta, const float* __restrict__ c, int* __restrict__ cnt, const float* __restrict__ g, const int* __restrict__ idx, const bfloat16_t* __restrict__ k, int* __restrict__ lst, bfloat16_t* __restrict__ o, const bfloat16_t* __restrict__ q, float* __restrict__ rg, half_t* __restrict__ rk, half_t* __restrict__ ru, const bfloat16_t* __restrict__ v, int* __restrict__ wnext, const int* __restrict__ wpos, int GP, int N, int NS, int par, float scale);
extern "C" __global__ void __launch_bounds__(128, 2) decode_kernel(const float* __restrict__ Bs, const half_t* __restrict__ Kc, const half_t* __restrict__ Uc, const int* __restrict__ Z, const float* __restrict__ beta, const float* __restrict__ c, int* __restrict__ cnt, const float* __restrict__ g, const int* __restrict__ idx, const bfloat16_t* __restrict__ k, int* __restrict__ lst, bfloat16_t* __restrict__ o, const bfloat16_t* __restrict__ q, float* __restrict__ rg, half_t* __restrict__ rk, half_t* __restrict__ ru, const bfloat16_t* __restrict__ v, int* __restrict__ wnext, const int* __restrict__ wpos, int GP, int N, int NS, int par, float scale) {
  extern __shared__ __align__(1024) uchar buf_dyn_shmem[];
  void* ml = ((void*)((char*)buf_dyn_shmem + 0));
  void* sl = ((void*)((char*)buf_dyn_shmem + 256));
  void* Zs = ((void*)((char*)buf_dyn_shmem + 512));
  void* rks = ((void*)((char*)buf_dyn_shmem + 18944));
  void* rus = ((void*)((char*)buf_dyn_shmem + 27136));
  void* Kcs = ((void*)((char*)buf_dyn_shmem + 35328));
  void* Ucs = ((void*)((char*)buf_dyn_shmem + 37376));
  void* xs = ((void*)((char*)buf_dyn_shmem + 39424));
  void* ys = ((void*)((char*)buf_dyn_shmem + 40960));
  void* Bss = ((void*)((char*)buf_dyn_shmem + 42240));
  void* css = ((void*)((char*)buf_dyn_shmem + 43264));
  void* qks = ((void*)((char*)buf_dyn_shmem + 44288));
  void* zr = ((void*)((char*)buf_dyn_shmem + 45312));
  void* vss = ((void*)((char*)buf_dyn_shmem + 46336));
  void* rw = ((void*)((char*)buf_dyn_shmem + 46848));
  void* rgs = ((void*)((char*)buf_dyn_shmem + 47040));
  void* G = ((void*)((char*)buf_dyn_shmem + 47168));
  void* bts = ((void*)((char*)buf_dyn_shmem + 47248));
  void* gss = ((void*)((char*)buf_dyn_shmem + 47264));
  int zc[4];
  float gacc[1];
  float pv[16];
  float yv[32];
  float zf[4];
  int bw[8];
  int za[8];
  int zb[8];
  int af[16];
  int cf[4];
  int zi[2];
  float A1[1];
  float A2[1];
  float wp[2];
  #pragma unroll
  for (int e = 0; e < 4; ++e) {
    zc[e] = 0;
  }
  if (((int)threadIdx.x) < 64) {
    if ((((int)blockIdx.z) + (((int)threadIdx.x) * GP)) < N) {
      ((int*)sl)[((int)threadIdx.x)] = idx[(((int64_t)((int)blockIdx.z)) + (((int64_t)((int)threadIdx.x)) * ((int64_t)GP)))];
      int condval;
      if (((0 <= idx[(((int64_t)((int)blockIdx.z)) + (((int64_t)((int)threadIdx.x)) * ((int64_t)GP)))]) && (idx[(((int64_t)((int)blockIdx.z)) + (((int64_t)((int)threadIdx.x)) * ((int64_t)GP)))] < NS))) {
        condval = wpos[idx[(((int64_t)((int)blockIdx.z)) + (((int64_t)((int)threadIdx.x)) * ((int64_t)GP)))]];
      } else {
        condval = 0;
      }
      ((int*)ml)[((int)threadIdx.x)] = condval;
    }
  }
  int rmod = ((((N + GP) - ((int)blockIdx.z)) - 1) % GP);
  int rdiv = ((((N + GP) - ((int)blockIdx.z)) - 1) / GP);
  for (int it = 0; it < (((((0 <= GP) && (0 <= rmod)) || ((GP < 0) && (rmod <= 0))) ? rdiv : (rdiv - 1)) + 1); ++it) {
    __syncthreads();
    int rmod_1 = ((((N + GP) - ((int)blockIdx.z)) - 1) % GP);
    int rdiv_1 = ((((N + GP) - ((int)blockIdx.z)) - 1) / GP);
    if (it < ((((0 <= GP) && (0 <= rmod_1)) || ((GP < 0) && (rmod_1 <= 0))) ? rdiv_1 : (rdiv_1 - 1))) {
      int s = ((int*)sl)[((int64_t)it)];
      int m = ((int*)ml)[((int64_t)it)];
      __syncthreads();
      #pragma unroll
      for (int cc = 0; cc < 2; ++cc) {
        tl::cp_async_gs_conditional<16>((&(((half_t*)rks)[((((it & 1) * 2048) + (cc * 1024)) + (((int)threadIdx.x) * 8))])), (&(rk[((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)cc) * (int64_t)1024)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), (((((cc * 8) + (((int)threadIdx.x) >> 4)) < m) && (s < NS)) && (0 <= s)));
      }
      #pragma unroll
      for (int cc_1 = 0; cc_1 < 2; ++cc_1) {
        tl::cp_async_gs_conditional<16>((&(((half_t*)rus)[((((it & 1) * 2048) + (cc_1 * 1024)) + (((int)threadIdx.x) * 8))])), (&(ru[((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)cc_1) * (int64_t)1024)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), (((((cc_1 * 8) + (((int)threadIdx.x) >> 4)) < m) && (s < NS)) && (0 <= s)));
      }
      if (((int)threadIdx.x) < 16) {
        tl::cp_async_gs_conditional<4>((&(((float*)rgs)[(((it & 1) * 16) + ((int)threadIdx.x))])), (&(rg[(((((int64_t)s) * (int64_t)512) + (((int64_t)((int)blockIdx.y)) * (int64_t)16)) + ((int64_t)((int)threadIdx.x)))])), (((((int)threadIdx.x) < m) && (s < NS)) && (0 <= s)));
      }
      if (((int)threadIdx.x) == 16) {
        tl::cp_async_gs_conditional<4>((&(((float*)gss)[(it & 1)])), (&(g[(((((int64_t)((int)blockIdx.z)) * (int64_t)32) + ((((int64_t)it) * ((int64_t)GP)) * (int64_t)32)) + ((int64_t)((int)blockIdx.y)))])), ((((int)blockIdx.z) + (it * GP)) < N));
      }
      if (((int)threadIdx.x) < 64) {
        tl::cp_async_gs_conditional<16>((&(((half_t*)Kcs)[(((it & 1) * 512) + (((int)threadIdx.x) * 8))])), (&(Kc[(((((int64_t)s) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s < NS) && (0 <= s)));
        tl::cp_async_gs_conditional<16>((&(((half_t*)Ucs)[(((it & 1) * 512) + (((int)threadIdx.x) * 8))])), (&(Uc[(((((int64_t)s) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((s < NS) && (0 <= s)));
      }
      if (((int)threadIdx.x) < 32) {
        tl::cp_async_gs_conditional<16>((&(((float*)css)[(((it & 1) * 128) + (((int)threadIdx.x) * 4))])), (&(c[(((((int64_t)s) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4))])), ((s < NS) && (0 <= s)));
        tl::cp_async_gs_conditional<16>((&(((float*)Bss)[(((it & 1) * 128) + (((int)threadIdx.x) * 4))])), (&(Bs[(((((int64_t)s) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4))])), ((s < NS) && (0 <= s)));
      }
      if (((int)threadIdx.x) < 16) {
        tl::cp_async_gs_conditional<16>((&(((bfloat16_t*)qks)[(((it & 1) * 256) + (((int)threadIdx.x) * 8))])), (&(q[((((((int64_t)((int)blockIdx.z)) * (int64_t)2048) + ((((int64_t)it) * ((int64_t)GP)) * (int64_t)2048)) + ((((int64_t)((int)blockIdx.y)) >> (int64_t)1) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((((int)blockIdx.z) + (it * GP)) < N));
        tl::cp_async_gs_conditional<16>((&(((bfloat16_t*)qks)[((((it & 1) * 256) + (((int)threadIdx.x) * 8)) + 128)])), (&(k[((((((int64_t)((int)blockIdx.z)) * (int64_t)2048) + ((((int64_t)it) * ((int64_t)GP)) * (int64_t)2048)) + ((((int64_t)((int)blockIdx.y)) >> (int64_t)1) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((((int)blockIdx.z) + (it * GP)) < N));
        tl::cp_async_gs_conditional<16>((&(((bfloat16_t*)vss)[(((it & 1) * 128) + (((int)threadIdx.x) * 8))])), (&(v[((((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + ((((int64_t)it) * ((int64_t)GP)) * (int64_t)4096)) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8))])), ((((int)blockIdx.z) + (it * GP)) < N));
      }
      if (((int)threadIdx.x) == 0) {
        tl::cp_async_gs_conditional<4>((&(((float*)bts)[(it & 1)])), (&(beta[(((((int64_t)((int)blockIdx.z)) * (int64_t)32) + ((((int64_t)it) * ((int64_t)GP)) * (int64_t)32)) + ((int64_t)((int)blockIdx.y)))])), ((((int)blockIdx.z) + (it * GP)) < N));
      }
      tl::cp_async_commit();
      if (it == 0) {
        #pragma unroll
        for (int cc_2 = 0; cc_2 < 8; ++cc_2) {
          tl::cp_async_gs_conditional<16>((&(((int*)Zs)[(((((((int)threadIdx.x) >> 5) * 1152) + (cc_2 * 144)) + (((((int)threadIdx.x) & 31) >> 3) * 36)) + ((((int)threadIdx.x) & 7) * 4))])), (&(Z[(((((((int64_t)s) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)1024)) + (((int64_t)cc_2) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4))])), ((s < NS) && (0 <= s)));
        }
        tl::cp_async_commit();
      }
      if (0 < it) {
        tl::cp_async_wait<2>();
      }
      __syncthreads();
    } else {
      tl::cp_async_wait<1>();
    }
    __syncthreads();
    if (0 < it) {
      float a = expf(((float*)gss)[((it + 1) & 1)]);
      float kf = ((float)((bfloat16_t*)qks)[(((((it + 1) & 1) * 256) + ((int)threadIdx.x)) + 128)]);
      float qf = ((float)((bfloat16_t*)qks)[((((it + 1) & 1) * 256) + ((int)threadIdx.x))]);
      ((float*)xs)[((int)threadIdx.x)] = (a * kf);
      ((float*)xs)[(((int)threadIdx.x) + 128)] = ((a * qf) * scale);
      ((float*)xs)[(((int)threadIdx.x) + 256)] = ((((float)((half_t)((bfloat16_t*)qks)[(((((it + 1) & 1) * 256) + ((int)threadIdx.x)) + 128)])) * qf) * scale);
      if (((int)threadIdx.x) < 16) {
        gacc[0] = 0x0p+0f/*0.000000e+00*/;
        #pragma unroll
        for (int i = 0; i < 16; ++i) {
          float condval_1;
          if ((i <= ((int)threadIdx.x))) {
            condval_1 = ((float*)rgs)[((((it + 1) & 1) * 16) + i)];
          } else {
            condval_1 = 0x0p+0f/*0.000000e+00*/;
          }
          gacc[0] = (gacc[0] + condval_1);
        }
        ((float*)G)[(((int)threadIdx.x) + 1)] = gacc[0];
      }
      ((float*)G)[0] = 0x0p+0f/*0.000000e+00*/;
    }
    __syncthreads();
    if (0 < it) {
      float gm = expf(((float*)G)[((int*)ml)[(((int64_t)it) - (int64_t)1)]]);
      __syncthreads();
      ((float*)ys)[(((((int)threadIdx.x) >> 4) * 4) + ((int)threadIdx.x))] = ((((float*)css)[((((it + 1) & 1) * 128) + ((int)threadIdx.x))] * gm) * ((float*)xs)[((int)threadIdx.x)]);
      ((float*)ys)[((((((int)threadIdx.x) >> 4) * 4) + ((int)threadIdx.x)) + 160)] = ((((float*)css)[((((it + 1) & 1) * 128) + ((int)threadIdx.x))] * gm) * ((float*)xs)[(((int)threadIdx.x) + 128)]);
    }
    __syncthreads();
    if (0 < it) {
      #pragma unroll
      for (int t = 0; t < 6; ++t) {
        pv[(t * 2)] = 0x0p+0f/*0.000000e+00*/;
        pv[((t * 2) + 1)] = 0x0p+0f/*0.000000e+00*/;
        if (t < 4) {
          #pragma unroll
          for (int e_1 = 0; e_1 < 4; ++e_1) {
            float dec = ((float)((half_t*)rks)[(((((((it + 1) & 1) * 2048) + (t * 512)) + ((((int)threadIdx.x) >> 5) * 128)) + (e_1 * 32)) + (((int)threadIdx.x) & 31))]);
            pv[(t * 2)] = (pv[(t * 2)] + (dec * ((float*)xs)[((e_1 * 32) + (((int)threadIdx.x) & 31))]));
            pv[((t * 2) + 1)] = (pv[((t * 2) + 1)] + (dec * ((float*)xs)[(((e_1 * 32) + (((int)threadIdx.x) & 31)) + 128)]));
          }
        } else {
          if (t < 5) {
            #pragma unroll
            for (int e_2 = 0; e_2 < 4; ++e_2) {
              float kk = (((float)((half_t*)Kcs)[((((((t * 512) + (((it + 1) & 1) * 512)) + ((((int)threadIdx.x) >> 5) * 128)) + (e_2 * 32)) + (((int)threadIdx.x) & 31)) - 2048)]) * expf(((float*)G)[((int*)ml)[(((int64_t)it) - (int64_t)1)]]));
              pv[(t * 2)] = (pv[(t * 2)] + (kk * ((float*)xs)[((e_2 * 32) + (((int)threadIdx.x) & 31))]));
              pv[((t * 2) + 1)] = (pv[((t * 2) + 1)] + (kk * ((float*)xs)[(((e_2 * 32) + (((int)threadIdx.x) & 31)) + 128)]));
            }
          } else {
            if (((t * 4) + (((int)threadIdx.x) >> 5)) == 20) {
              #pragma unroll
              for (int e_3 = 0; e_3 < 4; ++e_3) {
                pv[(t * 2)] = (pv[(t * 2)] + ((float*)xs)[(((e_3 * 32) + (((int)threadIdx.x) & 31)) + 256)]);
              }
            }
          }
        }
      }
      pv[12] = 0x0p+0f/*0.000000e+00*/;
      pv[13] = 0x0p+0f/*0.000000e+00*/;
      pv[14] = 0x0p+0f/*0.000000e+00*/;
      pv[15] = 0x0p+0f/*0.000000e+00*/;
      float condval_2;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_2 = pv[8];
      } else {
        condval_2 = pv[0];
      }
      float condval_3;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_3 = pv[0];
      } else {
        condval_3 = pv[8];
      }
      pv[0] = (condval_2 + __shfl_xor_sync((uint)4294967295, condval_3, 16, 32));
      float condval_4;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_4 = pv[9];
      } else {
        condval_4 = pv[1];
      }
      float condval_5;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_5 = pv[1];
      } else {
        condval_5 = pv[9];
      }
      pv[1] = (condval_4 + __shfl_xor_sync((uint)4294967295, condval_5, 16, 32));
      float condval_6;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_6 = pv[10];
      } else {
        condval_6 = pv[2];
      }
      float condval_7;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_7 = pv[2];
      } else {
        condval_7 = pv[10];
      }
      pv[2] = (condval_6 + __shfl_xor_sync((uint)4294967295, condval_7, 16, 32));
      float condval_8;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_8 = pv[11];
      } else {
        condval_8 = pv[3];
      }
      float condval_9;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_9 = pv[3];
      } else {
        condval_9 = pv[11];
      }
      pv[3] = (condval_8 + __shfl_xor_sync((uint)4294967295, condval_9, 16, 32));
      float condval_10;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_10 = pv[12];
      } else {
        condval_10 = pv[4];
      }
      float condval_11;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_11 = pv[4];
      } else {
        condval_11 = pv[12];
      }
      pv[4] = (condval_10 + __shfl_xor_sync((uint)4294967295, condval_11, 16, 32));
      float condval_12;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_12 = pv[13];
      } else {
        condval_12 = pv[5];
      }
      float condval_13;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_13 = pv[5];
      } else {
        condval_13 = pv[13];
      }
      pv[5] = (condval_12 + __shfl_xor_sync((uint)4294967295, condval_13, 16, 32));
      float condval_14;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_14 = pv[14];
      } else {
        condval_14 = pv[6];
      }
      float condval_15;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_15 = pv[6];
      } else {
        condval_15 = pv[14];
      }
      pv[6] = (condval_14 + __shfl_xor_sync((uint)4294967295, condval_15, 16, 32));
      float condval_16;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_16 = pv[15];
      } else {
        condval_16 = pv[7];
      }
      float condval_17;
      if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
        condval_17 = pv[7];
      } else {
        condval_17 = pv[15];
      }
      pv[7] = (condval_16 + __shfl_xor_sync((uint)4294967295, condval_17, 16, 32));
      float condval_18;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_18 = pv[4];
      } else {
        condval_18 = pv[0];
      }
      float condval_19;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_19 = pv[0];
      } else {
        condval_19 = pv[4];
      }
      pv[0] = (condval_18 + __shfl_xor_sync((uint)4294967295, condval_19, 8, 32));
      float condval_20;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_20 = pv[5];
      } else {
        condval_20 = pv[1];
      }
      float condval_21;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_21 = pv[1];
      } else {
        condval_21 = pv[5];
      }
      pv[1] = (condval_20 + __shfl_xor_sync((uint)4294967295, condval_21, 8, 32));
      float condval_22;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_22 = pv[6];
      } else {
        condval_22 = pv[2];
      }
      float condval_23;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_23 = pv[2];
      } else {
        condval_23 = pv[6];
      }
      pv[2] = (condval_22 + __shfl_xor_sync((uint)4294967295, condval_23, 8, 32));
      float condval_24;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_24 = pv[7];
      } else {
        condval_24 = pv[3];
      }
      float condval_25;
      if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
        condval_25 = pv[3];
      } else {
        condval_25 = pv[7];
      }
      pv[3] = (condval_24 + __shfl_xor_sync((uint)4294967295, condval_25, 8, 32));
      float condval_26;
      if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
        condval_26 = pv[2];
      } else {
        condval_26 = pv[0];
      }
      float condval_27;
      if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
        condval_27 = pv[0];
      } else {
        condval_27 = pv[2];
      }
      pv[0] = (condval_26 + __shfl_xor_sync((uint)4294967295, condval_27, 4, 32));
      float condval_28;
      if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
        condval_28 = pv[3];
      } else {
        condval_28 = pv[1];
      }
      float condval_29;
      if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
        condval_29 = pv[1];
      } else {
        condval_29 = pv[3];
      }
      pv[1] = (condval_28 + __shfl_xor_sync((uint)4294967295, condval_29, 4, 32));
      float condval_30;
      if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
        condval_30 = pv[1];
      } else {
        condval_30 = pv[0];
      }
      float condval_31;
      if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
        condval_31 = pv[0];
      } else {
        condval_31 = pv[1];
      }
      pv[0] = (condval_30 + __shfl_xor_sync((uint)4294967295, condval_31, 2, 32));
      pv[0] = (pv[0] + __shfl_xor_sync((uint)4294967295, pv[0], 1, 32));
      float condval_32;
      if ((((((int)threadIdx.x) & 31) >> 1) < 8)) {
        float condval_33;
        if (((((((((int)threadIdx.x) & 31) >> 1) >> 1) * 4) + (((int)threadIdx.x) >> 5)) < ((int*)ml)[(((int64_t)it) - (int64_t)1)])) {
          condval_33 = expf((((float*)G)[((int*)ml)[(((int64_t)it) - (int64_t)1)]] - ((float*)G)[((((((((int)threadIdx.x) & 31) >> 1) >> 1) * 4) + (((int)threadIdx.x) >> 5)) + 1)]));
        } else {
          condval_33 = 0x0p+0f/*0.000000e+00*/;
        }
        condval_32 = condval_33;
      } else {
        condval_32 = 0x1p+0f/*1.000000e+00*/;
      }
      pv[0] = (pv[0] * condval_32);
    }
    __syncthreads();
    if (0 < it) {
      if ((((((int)threadIdx.x) & 31) & 1) == 0) && (((((int)threadIdx.x) & 31) >> 1) < 12)) {
        ((float*)rw)[(((((int)threadIdx.x) >> 5) * 12) + ((((int)threadIdx.x) & 31) >> 1))] = pv[0];
      }
      #pragma unroll
      for (int e4 = 0; e4 < 8; ++e4) {
        *(float4*)(yv + (e4 * 4)) = *(float4*)(((float*)ys) + ((((((((int)threadIdx.x) & 31) >> 4) * 160) + ((((int)threadIdx.x) & 3) * 40)) + ((e4 >> 2) * 20)) + ((e4 & 3) * 4)));
      }
      zf[0] = 0x0p+0f/*0.000000e+00*/;
      #pragma unroll
      for (int e_4 = 0; e_4 < 32; ++e_4) {
        zf[0] = max(zf[0], fabsf(yv[e_4]));
      }
      zf[0] = max(zf[0], __shfl_xor_sync((uint)4294967295, zf[0], 1, 32));
      zf[0] = max(zf[0], __shfl_xor_sync((uint)4294967295, zf[0], 2, 32));
      zf[0] = max(zf[0], 0x1.4484bfeebc2ap-100f/*1.000000e-30*/);
      zf[0] = __fmaf_rn(__frcp_rn(zf[0]), __fmaf_rn((zf[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(0x1.ff798p+21f/*4.190000e+06*/, __frcp_rn(zf[0])), 0x1.ff798p+21f/*4.190000e+06*/), __fmul_rn(0x1.ff798p+21f/*4.190000e+06*/, __frcp_rn(zf[0])));
      zf[1] = __frcp_rn(zf[0]);
      zf[2] = __shfl_xor_sync((uint)4294967295, zf[1], 16, 32);
      #pragma unroll
      for (int w = 0; w < 8; ++w) {
        float v_ = (yv[(w * 4)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
        float v__1 = (yv[((w * 4) + 1)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
        uint lo = __byte_perm((*(uint *)(&(v_))), (*(uint *)(&(v__1))), (((uint)((((int)threadIdx.x) & 15) >> 2)) + ((((uint)((((int)threadIdx.x) & 15) >> 2)) + (uint)4) << (uint)4)));
        float v__2 = (yv[((w * 4) + 2)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
        float v__3 = (yv[((w * 4) + 3)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
        uint hi = __byte_perm((*(uint *)(&(v__2))), (*(uint *)(&(v__3))), (((uint)((((int)threadIdx.x) & 15) >> 2)) + ((((uint)((((int)threadIdx.x) & 15) >> 2)) + (uint)4) << (uint)4)));
        uint dw = (__byte_perm(lo, hi, (uint)21520) ^ (uint)2155905152);
        uint condval_34;
        if ((((((int)threadIdx.x) & 15) >> 2) == 3)) {
          condval_34 = (uint)16843009;
        } else {
          condval_34 = dw;
        }
        uint _reinterpret_tmp = condval_34;
        bw[w] = (*(int *)(&(_reinterpret_tmp)));
      }
      int rmod_2 = ((((N + GP) - ((int)blockIdx.z)) - 1) % GP);
      int rdiv_2 = ((((N + GP) - ((int)blockIdx.z)) - 1) / GP);
      if (it < ((((0 <= GP) && (0 <= rmod_2)) || ((GP < 0) && (rmod_2 <= 0))) ? rdiv_2 : (rdiv_2 - 1))) {
        tl::cp_async_wait<1>();
      } else {
        tl::cp_async_wait<0>();
      }
      __syncwarp();
      #pragma unroll
      for (int rb = 0; rb < 2; ++rb) {
        *(int4*)(za + 0) = *(int4*)(((int*)Zs) + (((((((int)threadIdx.x) >> 5) * 1152) + (rb * 576)) + (((((int)threadIdx.x) & 31) >> 2) * 36)) + ((((int)threadIdx.x) & 3) * 8)));
        *(int4*)(za + 4) = *(int4*)(((int*)Zs) + ((((((((int)threadIdx.x) >> 5) * 1152) + (rb * 576)) + (((((int)threadIdx.x) & 31) >> 2) * 36)) + ((((int)threadIdx.x) & 3) * 8)) + 4));
        *(int4*)(zb + 0) = *(int4*)(((int*)Zs) + ((((((((int)threadIdx.x) >> 5) * 1152) + (rb * 576)) + (((((int)threadIdx.x) & 31) >> 2) * 36)) + ((((int)threadIdx.x) & 3) * 8)) + 288));
        *(int4*)(zb + 4) = *(int4*)(((int*)Zs) + ((((((((int)threadIdx.x) >> 5) * 1152) + (rb * 576)) + (((((int)threadIdx.x) & 31) >> 2) * 36)) + ((((int)threadIdx.x) & 3) * 8)) + 292));
        #pragma unroll
        for (int j = 0; j < 4; ++j) {
          af[(j * 4)] = za[(j * 2)];
          af[((j * 4) + 1)] = zb[(j * 2)];
          af[((j * 4) + 2)] = za[((j * 2) + 1)];
          af[((j * 4) + 3)] = zb[((j * 2) + 1)];
        }
        #pragma unroll
        for (int e_5 = 0; e_5 < 4; ++e_5) {
          cf[e_5] = 0;
        }
        #pragma unroll
        for (int j_1 = 0; j_1 < 4; ++j_1) {
          tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_1 * 4)), reinterpret_cast<const unsigned*>(bw + (j_1 * 2)));
        }
        #pragma unroll
        for (int hr = 0; hr < 2; ++hr) {
          zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr * 2) + 1)], 1, 32);
          int condval_35;
          if (((((int)threadIdx.x) & 1) == 1)) {
            condval_35 = cf[((hr * 2) + 1)];
          } else {
            condval_35 = zi[1];
          }
          zi[0] = condval_35;
          float condval_36;
          if (((((int)threadIdx.x) % 2) == 0)) {
            condval_36 = (((float)((zi[0] * 128) + cf[(hr * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr * 2) + 1)]))));
          } else {
            condval_36 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr * 2)])));
          }
          zf[3] = condval_36;
          zf[3] = (zf[3] + __shfl_xor_sync((uint)4294967295, zf[3], 1, 32));
          if ((((int)threadIdx.x) % 2) == 0) {
            float condval_37;
            if ((((((int)threadIdx.x) & 31) >> 4) == ((((int)threadIdx.x) & 3) >> 1))) {
              condval_37 = zf[1];
            } else {
              condval_37 = zf[2];
            }
            ((float*)zr)[(((((((((int)threadIdx.x) & 3) >> 1) * 128) + ((((int)threadIdx.x) >> 5) * 32)) + (rb * 16)) + (hr * 8)) + ((((int)threadIdx.x) & 31) >> 2))] = (zf[3] * condval_37);
          }
        }
      }
      __syncwarp();
    }
    __syncthreads();
    if (0 < it) {
      int rmod_3 = ((((N + GP) - ((int)blockIdx.z)) - 1) % GP);
      int rdiv_3 = ((((N + GP) - ((int)blockIdx.z)) - 1) / GP);
      if (it < ((((0 <= GP) && (0 <= rmod_3)) || ((GP < 0) && (rmod_3 <= 0))) ? rdiv_3 : (rdiv_3 - 1))) {
        #pragma unroll
        for (int cc_3 = 0; cc_3 < 8; ++cc_3) {
          tl::cp_async_gs_conditional<16>((&(((int*)Zs)[(((((((int)threadIdx.x) >> 5) * 1152) + (cc_3 * 144)) + (((((int)threadIdx.x) & 31) >> 3) * 36)) + ((((int)threadIdx.x) & 7) * 4))])), (&(Z[(((((((int64_t)((int*)sl)[((int64_t)it)]) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)1024)) + (((int64_t)cc_3) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4))])), ((((int*)sl)[((int64_t)it)] < NS) && (0 <= ((int*)sl)[((int64_t)it)])));
        }
        tl::cp_async_commit();
      }
      A1[0] = ((((float*)Bss)[((((it + 1) & 1) * 128) + ((int)threadIdx.x))] * ((float*)zr)[((int)threadIdx.x)]) * 0x1.0204081020408p-7f/*7.874016e-03*/);
      A2[0] = ((((float*)Bss)[((((it + 1) & 1) * 128) + ((int)threadIdx.x))] * ((float*)zr)[(((int)threadIdx.x) + 128)]) * 0x1.0204081020408p-7f/*7.874016e-03*/);
      for (int j_2 = 0; j_2 < 16; ++j_2) {
        *(float2*)(wp + 0) = *(float2*)(((float*)rw) + (((j_2 & 3) * 12) + ((j_2 >> 2) * 2)));
        float uj = ((float)((half_t*)rus)[(((((it + 1) & 1) * 2048) + (j_2 * 128)) + ((int)threadIdx.x))]);
        A1[0] = (A1[0] + (wp[0] * uj));
        A2[0] = (A2[0] + (wp[1] * uj));
      }
      for (int j_3 = 0; j_3 < 4; ++j_3) {
        *(float2*)(wp + 0) = *(float2*)(((float*)rw) + ((j_3 * 12) + 8));
        A1[0] = (A1[0] + (wp[0] * ((float)((half_t*)Ucs)[(((((it + 1) & 1) * 512) + (j_3 * 128)) + ((int)threadIdx.x))])));
        A2[0] = (A2[0] + (wp[1] * ((float)((half_t*)Ucs)[(((((it + 1) & 1) * 512) + (j_3 * 128)) + ((int)threadIdx.x))])));
      }
      half_t u16 = ((half_t)(((float*)bts)[((it + 1) & 1)] * (((float)((bfloat16_t*)vss)[((((it + 1) & 1) * 128) + ((int)threadIdx.x))]) - A1[0])));
      if (0 <= ((int*)ml)[(((int64_t)it) - (int64_t)1)]) {
        if (((int*)ml)[(((int64_t)it) - (int64_t)1)] < 16) {
          if (0 <= ((int*)sl)[(((int64_t)it) - (int64_t)1)]) {
            if (((int*)sl)[(((int64_t)it) - (int64_t)1)] < NS) {
              ru[((((((int64_t)((int*)sl)[(((int64_t)it) - (int64_t)1)]) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)((int*)ml)[(((int64_t)it) - (int64_t)1)]) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = u16;
            }
          }
        }
      }
      if ((((int)blockIdx.z) + ((it - 1) * GP)) < N) {
        o[((((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((((int64_t)it) - (int64_t)1) * ((int64_t)GP)) * (int64_t)4096)) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = ((bfloat16_t)(A2[0] + (((float)u16) * ((float*)rw)[10])));
      }
      if (0 <= ((int*)ml)[(((int64_t)it) - (int64_t)1)]) {
        if (((int*)ml)[(((int64_t)it) - (int64_t)1)] < 16) {
          if (0 <= ((int*)sl)[(((int64_t)it) - (int64_t)1)]) {
            if (((int*)sl)[(((int64_t)it) - (int64_t)1)] < NS) {
              rk[((((((int64_t)((int*)sl)[(((int64_t)it) - (int64_t)1)]) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)((int*)ml)[(((int64_t)it) - (int64_t)1)]) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = ((half_t)((bfloat16_t*)qks)[(((((it + 1) & 1) * 256) + ((int)threadIdx.x)) + 128)]);
            }
          }
        }
      }
      if (((int)threadIdx.x) < 1) {
        if (0 <= ((int*)ml)[(((int64_t)it) - (int64_t)1)]) {
          if (((int*)ml)[(((int64_t)it) - (int64_t)1)] < 16) {
            if (0 <= ((int*)sl)[(((int64_t)it) - (int64_t)1)]) {
              if (((int*)sl)[(((int64_t)it) - (int64_t)1)] < NS) {
                rg[(((((int64_t)((int*)sl)[(((int64_t)it) - (int64_t)1)]) * (int64_t)512) + (((int64_t)((int)blockIdx.y)) * (int64_t)16)) + ((int64_t)((int*)ml)[(((int64_t)it) - (int64_t)1)]))] = ((float*)gss)[((it + 1) & 1)];
              }
            }
          }
        }
      }
      if (((int)blockIdx.y) == 0) {
        if ((((int)blockIdx.z) + ((it - 1) * GP)) < N) {
          wnext[(((int64_t)((int)blockIdx.z)) + ((((int64_t)it) - (int64_t)1) * ((int64_t)GP)))] = (((int*)ml)[(((int64_t)it) - (int64_t)1)] + 1);
        }
        if (((int)threadIdx.x) == 0) {
          if (((int*)ml)[(((int64_t)it) - (int64_t)1)] == 15) {
            int condval_38;
            if (((par < 2) && (0 <= par))) {
              condval_38 = AtomicAddRet((&(cnt[((int64_t)par)])), 1);
            } else {
              condval_38 = 0;
            }
            int pos = condval_38;
            if ((pos < N) && (0 <= pos)) {
              lst[((int64_t)pos)] = ((int*)sl)[(((int64_t)it) - (int64_t)1)];
            }
          }
          if ((((int)blockIdx.z) + ((it - 1) * GP)) == 0) {
            if ((-1 < par) && (par <= 1)) {
              cnt[(1 - par)] = 0;
            }
          }
        }
      }
    }
  }
}

