
__device__ __forceinline__ float lq_exp(float x) {   // e^x as ex2.approx.ftz(x log2 e): two instructions, ~2 ulp
  float y;
  asm("ex2.approx.ftz.f32 %0, %1;" : "=f"(y) : "f"(x * 1.4426950408889634f));
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
extern "C" __global__ void __launch_bounds__(128, 3) decode_kernel(const float* __restrict__ Bs, const half_t* __restrict__ Kc, const half_t* __restrict__ Uc, const int* __restrict__ Z, const float* __restrict__ beta, const float* __restrict__ c, int* __restrict__ cnt, const float* __restrict__ g, const int* __restrict__ idx, const bfloat16_t* __restrict__ k, int* __restrict__ lst, bfloat16_t* __restrict__ o, const bfloat16_t* __restrict__ q, float* __restrict__ rg, half_t* __restrict__ rk, half_t* __restrict__ ru, const bfloat16_t* __restrict__ v, int* __restrict__ wnext, const int* __restrict__ wpos, int GP, int N, int NS, int par, float scale) {
  extern __shared__ __align__(1024) uchar buf_dyn_shmem[];
  void* rks = ((void*)((char*)buf_dyn_shmem + 0));
  void* rus = ((void*)((char*)buf_dyn_shmem + 16384));
  void* kcs = ((void*)((char*)buf_dyn_shmem + 32768));
  void* ucs = ((void*)((char*)buf_dyn_shmem + 36864));
  void* ysm = ((void*)((char*)buf_dyn_shmem + 40960));
  void* zrs = ((void*)((char*)buf_dyn_shmem + 45568));
  void* rws = ((void*)((char*)buf_dyn_shmem + 49664));
  int cur[2];
  int nxt[2];
  int zq[48];
  bfloat16_t qb[4];
  bfloat16_t kb[4];
  float cv[4];
  float gl[4];
  float xs[12];
  float gm[4];
  float rgl[4];
  half_t hb[4];
  float pv[32];
  float eg[4];
  float mx[4];
  float yl[8];
  float yv[32];
  float zf[2];
  int bw[8];
  int af[16];
  int cf[4];
  int zi[2];
  float bv[4];
  float a1[4];
  float a2[4];
  float wp[2];
  half_t ub[4];
  bfloat16_t vb[4];
  half_t u16[4];
  int condval;
  if ((((((int)blockIdx.z) * 4) + (((int)threadIdx.x) >> 5)) < N)) {
    int rmod = ((((((GP * 4) + N) - (((int)threadIdx.x) >> 5)) - (((int)blockIdx.z) * 4)) - 1) % (GP * 4));
    int rdiv = ((((((GP * 4) + N) - (((int)threadIdx.x) >> 5)) - (((int)blockIdx.z) * 4)) - 1) / (GP * 4));
    condval = ((((0 <= GP) && (0 <= rmod)) || ((GP < 0) && (rmod <= 0))) ? rdiv : (rdiv - 1));
  } else {
    condval = 0;
  }
  if (0 < condval) {
    int condval_1;
    if ((((((int)blockIdx.z) * 4) + (((int)threadIdx.x) >> 5)) < N)) {
      condval_1 = idx[((((int64_t)((int)blockIdx.z)) * (int64_t)4) + (((int64_t)((int)threadIdx.x)) >> (int64_t)5))];
    } else {
      condval_1 = 0;
    }
    cur[0] = condval_1;
    int condval_2;
    if (((0 <= cur[0]) && (cur[0] < NS))) {
      condval_2 = wpos[cur[(int64_t)0]];
    } else {
      condval_2 = 0;
    }
    cur[1] = condval_2;
    int s = cur[0];
    int m = cur[1];
    #pragma unroll
    for (int cc = 0; cc < 8; ++cc) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)rks)[((((((int)threadIdx.x) >> 5) * 2048) + (cc * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(rk[((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)cc) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), (((((cc * 2) + ((((int)threadIdx.x) & 31) >> 4)) < m) && (s < NS)) && (0 <= s)));
    }
    #pragma unroll
    for (int cc_1 = 0; cc_1 < 2; ++cc_1) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)kcs)[((((((int)threadIdx.x) >> 5) * 512) + (cc_1 * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(Kc[((((((int64_t)s) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + (((int64_t)cc_1) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), ((s < NS) && (0 <= s)));
    }
    tl::cp_async_commit();
    int s_1 = cur[0];
    int m_1 = cur[1];
    #pragma unroll
    for (int cc_2 = 0; cc_2 < 8; ++cc_2) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)rus)[((((((int)threadIdx.x) >> 5) * 2048) + (cc_2 * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(ru[((((((int64_t)s_1) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)cc_2) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), (((((cc_2 * 2) + ((((int)threadIdx.x) & 31) >> 4)) < m_1) && (s_1 < NS)) && (0 <= s_1)));
    }
    #pragma unroll
    for (int cc_3 = 0; cc_3 < 2; ++cc_3) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)ucs)[((((((int)threadIdx.x) >> 5) * 512) + (cc_3 * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(Uc[((((((int64_t)s_1) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + (((int64_t)cc_3) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), ((s_1 < NS) && (0 <= s_1)));
    }
    tl::cp_async_commit();
  }
  int condval_3;
  if ((((((int)blockIdx.z) * 4) + (((int)threadIdx.x) >> 5)) < N)) {
    int rmod_1 = ((((((GP * 4) + N) - (((int)threadIdx.x) >> 5)) - (((int)blockIdx.z) * 4)) - 1) % (GP * 4));
    int rdiv_1 = ((((((GP * 4) + N) - (((int)threadIdx.x) >> 5)) - (((int)blockIdx.z) * 4)) - 1) / (GP * 4));
    condval_3 = ((((0 <= GP) && (0 <= rmod_1)) || ((GP < 0) && (rmod_1 <= 0))) ? rdiv_1 : (rdiv_1 - 1));
  } else {
    condval_3 = 0;
  }
  for (int it = 0; it < condval_3; ++it) {
    int s_2 = cur[0];
    int m_2 = cur[1];
    int condval_4;
    if ((1 <= N)) {
      condval_4 = idx[min((((((((int64_t)it) + (int64_t)1) * ((int64_t)GP)) * (int64_t)4) + (((int64_t)((int)blockIdx.z)) * (int64_t)4)) + (((int64_t)((int)threadIdx.x)) >> (int64_t)5)), (((int64_t)N) - (int64_t)1))];
    } else {
      condval_4 = 0;
    }
    nxt[0] = condval_4;
    #pragma unroll
    for (int hr = 0; hr < 2; ++hr) {
      for (int e = 0; e < 2; ++e) {
        int broadcast_var = 0;
        int4 condval_5;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_5 = *(int4*)(Z + (((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e) * (int64_t)4)));
        } else {
          condval_5 = make_int4(broadcast_var, broadcast_var, broadcast_var, broadcast_var);
        }
        *(int4*)(zq + ((hr * 8) + (e * 4))) = condval_5;
      }
    }
    #pragma unroll
    for (int hr_1 = 0; hr_1 < 2; ++hr_1) {
      for (int e_1 = 0; e_1 < 2; ++e_1) {
        int broadcast_var_1 = 0;
        int4 condval_6;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_6 = *(int4*)(Z + ((((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr_1) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e_1) * (int64_t)4)) + (int64_t)512));
        } else {
          condval_6 = make_int4(broadcast_var_1, broadcast_var_1, broadcast_var_1, broadcast_var_1);
        }
        *(int4*)(zq + (((hr_1 * 8) + (e_1 * 4)) + 16)) = condval_6;
      }
    }
    bfloat16_t broadcast_var_2 = bfloat16_t(0x0p+0f/*0.000000e+00*/);
    uint2 condval_7;
    if ((((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) < N)) {
      condval_7 = *(uint2*)(q + ((((((((int64_t)it) * ((int64_t)GP)) * (int64_t)16384) + (((int64_t)((int)blockIdx.z)) * (int64_t)16384)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)4096)) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_7 = make_uint2(__pack_nv_bfloat162(broadcast_var_2, broadcast_var_2), __pack_nv_bfloat162(broadcast_var_2, broadcast_var_2));
    }
    *(uint2*)(qb + 0) = condval_7;
    bfloat16_t broadcast_var_3 = bfloat16_t(0x0p+0f/*0.000000e+00*/);
    uint2 condval_8;
    if ((((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) < N)) {
      condval_8 = *(uint2*)(k + ((((((((int64_t)it) * ((int64_t)GP)) * (int64_t)16384) + (((int64_t)((int)blockIdx.z)) * (int64_t)16384)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)4096)) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_8 = make_uint2(__pack_nv_bfloat162(broadcast_var_3, broadcast_var_3), __pack_nv_bfloat162(broadcast_var_3, broadcast_var_3));
    }
    *(uint2*)(kb + 0) = condval_8;
    float broadcast_var_4 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_9;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_9 = *(float4*)(c + (((((int64_t)s_2) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_9 = make_float4(broadcast_var_4, broadcast_var_4, broadcast_var_4, broadcast_var_4);
    }
    *(float4*)(cv + 0) = condval_9;
    float broadcast_var_5 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_10;
    if ((((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) < N)) {
      condval_10 = *(float4*)(g + ((((((((int64_t)it) * ((int64_t)GP)) * (int64_t)16384) + (((int64_t)((int)blockIdx.z)) * (int64_t)16384)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)4096)) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_10 = make_float4(broadcast_var_5, broadcast_var_5, broadcast_var_5, broadcast_var_5);
    }
    *(float4*)(gl + 0) = condval_10;
    tl::cp_async_wait<1>();
    __syncwarp();
    #pragma unroll
    for (int e_2 = 0; e_2 < 4; ++e_2) {
      float a = expf(gl[e_2]);
      float kf = ((float)kb[e_2]);
      float qf = ((float)qb[e_2]);
      xs[e_2] = (a * kf);
      xs[(e_2 + 4)] = ((a * qf) * scale);
      xs[(e_2 + 8)] = ((((float)((half_t)kb[e_2])) * qf) * scale);
    }
    #pragma unroll
    for (int e_3 = 0; e_3 < 4; ++e_3) {
      gm[e_3] = 0x0p+0f/*0.000000e+00*/;
    }
    float broadcast_var_6 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_11;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_11 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)15, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_11 = make_float4(broadcast_var_6, broadcast_var_6, broadcast_var_6, broadcast_var_6);
    }
    *(float4*)(rgl + 0) = condval_11;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1920));
    pv[30] = 0x0p+0f/*0.000000e+00*/;
    pv[31] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_4 = 0; e_4 < 4; ++e_4) {
      float dec = (lq_exp(gm[e_4]) * ((float)hb[e_4]));
      pv[30] = (pv[30] + (dec * xs[e_4]));
      pv[31] = (pv[31] + (dec * xs[(e_4 + 4)]));
    }
    #pragma unroll
    for (int e_5 = 0; e_5 < 4; ++e_5) {
      float condval_12;
      if ((15 < m_2)) {
        condval_12 = rgl[e_5];
      } else {
        condval_12 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_5] = (gm[e_5] + condval_12);
    }
    float broadcast_var_7 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_13;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_13 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)14, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_13 = make_float4(broadcast_var_7, broadcast_var_7, broadcast_var_7, broadcast_var_7);
    }
    *(float4*)(rgl + 0) = condval_13;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1792));
    pv[28] = 0x0p+0f/*0.000000e+00*/;
    pv[29] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_6 = 0; e_6 < 4; ++e_6) {
      float dec_1 = (lq_exp(gm[e_6]) * ((float)hb[e_6]));
      pv[28] = (pv[28] + (dec_1 * xs[e_6]));
      pv[29] = (pv[29] + (dec_1 * xs[(e_6 + 4)]));
    }
    #pragma unroll
    for (int e_7 = 0; e_7 < 4; ++e_7) {
      float condval_14;
      if ((14 < m_2)) {
        condval_14 = rgl[e_7];
      } else {
        condval_14 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_7] = (gm[e_7] + condval_14);
    }
    float broadcast_var_8 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_15;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_15 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)13, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_15 = make_float4(broadcast_var_8, broadcast_var_8, broadcast_var_8, broadcast_var_8);
    }
    *(float4*)(rgl + 0) = condval_15;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1664));
    pv[26] = 0x0p+0f/*0.000000e+00*/;
    pv[27] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_8 = 0; e_8 < 4; ++e_8) {
      float dec_2 = (lq_exp(gm[e_8]) * ((float)hb[e_8]));
      pv[26] = (pv[26] + (dec_2 * xs[e_8]));
      pv[27] = (pv[27] + (dec_2 * xs[(e_8 + 4)]));
    }
    #pragma unroll
    for (int e_9 = 0; e_9 < 4; ++e_9) {
      float condval_16;
      if ((13 < m_2)) {
        condval_16 = rgl[e_9];
      } else {
        condval_16 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_9] = (gm[e_9] + condval_16);
    }
    float broadcast_var_9 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_17;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_17 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)12, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_17 = make_float4(broadcast_var_9, broadcast_var_9, broadcast_var_9, broadcast_var_9);
    }
    *(float4*)(rgl + 0) = condval_17;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1536));
    pv[24] = 0x0p+0f/*0.000000e+00*/;
    pv[25] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_10 = 0; e_10 < 4; ++e_10) {
      float dec_3 = (lq_exp(gm[e_10]) * ((float)hb[e_10]));
      pv[24] = (pv[24] + (dec_3 * xs[e_10]));
      pv[25] = (pv[25] + (dec_3 * xs[(e_10 + 4)]));
    }
    #pragma unroll
    for (int e_11 = 0; e_11 < 4; ++e_11) {
      float condval_18;
      if ((12 < m_2)) {
        condval_18 = rgl[e_11];
      } else {
        condval_18 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_11] = (gm[e_11] + condval_18);
    }
    float broadcast_var_10 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_19;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_19 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)11, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_19 = make_float4(broadcast_var_10, broadcast_var_10, broadcast_var_10, broadcast_var_10);
    }
    *(float4*)(rgl + 0) = condval_19;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1408));
    pv[22] = 0x0p+0f/*0.000000e+00*/;
    pv[23] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_12 = 0; e_12 < 4; ++e_12) {
      float dec_4 = (lq_exp(gm[e_12]) * ((float)hb[e_12]));
      pv[22] = (pv[22] + (dec_4 * xs[e_12]));
      pv[23] = (pv[23] + (dec_4 * xs[(e_12 + 4)]));
    }
    #pragma unroll
    for (int e_13 = 0; e_13 < 4; ++e_13) {
      float condval_20;
      if ((11 < m_2)) {
        condval_20 = rgl[e_13];
      } else {
        condval_20 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_13] = (gm[e_13] + condval_20);
    }
    float broadcast_var_11 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_21;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_21 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)10, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_21 = make_float4(broadcast_var_11, broadcast_var_11, broadcast_var_11, broadcast_var_11);
    }
    *(float4*)(rgl + 0) = condval_21;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1280));
    pv[20] = 0x0p+0f/*0.000000e+00*/;
    pv[21] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_14 = 0; e_14 < 4; ++e_14) {
      float dec_5 = (lq_exp(gm[e_14]) * ((float)hb[e_14]));
      pv[20] = (pv[20] + (dec_5 * xs[e_14]));
      pv[21] = (pv[21] + (dec_5 * xs[(e_14 + 4)]));
    }
    #pragma unroll
    for (int e_15 = 0; e_15 < 4; ++e_15) {
      float condval_22;
      if ((10 < m_2)) {
        condval_22 = rgl[e_15];
      } else {
        condval_22 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_15] = (gm[e_15] + condval_22);
    }
    float broadcast_var_12 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_23;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_23 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)9, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_23 = make_float4(broadcast_var_12, broadcast_var_12, broadcast_var_12, broadcast_var_12);
    }
    *(float4*)(rgl + 0) = condval_23;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1152));
    pv[18] = 0x0p+0f/*0.000000e+00*/;
    pv[19] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_16 = 0; e_16 < 4; ++e_16) {
      float dec_6 = (lq_exp(gm[e_16]) * ((float)hb[e_16]));
      pv[18] = (pv[18] + (dec_6 * xs[e_16]));
      pv[19] = (pv[19] + (dec_6 * xs[(e_16 + 4)]));
    }
    #pragma unroll
    for (int e_17 = 0; e_17 < 4; ++e_17) {
      float condval_24;
      if ((9 < m_2)) {
        condval_24 = rgl[e_17];
      } else {
        condval_24 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_17] = (gm[e_17] + condval_24);
    }
    float broadcast_var_13 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_25;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_25 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)8, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_25 = make_float4(broadcast_var_13, broadcast_var_13, broadcast_var_13, broadcast_var_13);
    }
    *(float4*)(rgl + 0) = condval_25;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 1024));
    pv[16] = 0x0p+0f/*0.000000e+00*/;
    pv[17] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_18 = 0; e_18 < 4; ++e_18) {
      float dec_7 = (lq_exp(gm[e_18]) * ((float)hb[e_18]));
      pv[16] = (pv[16] + (dec_7 * xs[e_18]));
      pv[17] = (pv[17] + (dec_7 * xs[(e_18 + 4)]));
    }
    #pragma unroll
    for (int e_19 = 0; e_19 < 4; ++e_19) {
      float condval_26;
      if ((8 < m_2)) {
        condval_26 = rgl[e_19];
      } else {
        condval_26 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_19] = (gm[e_19] + condval_26);
    }
    float broadcast_var_14 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_27;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_27 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)7, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_27 = make_float4(broadcast_var_14, broadcast_var_14, broadcast_var_14, broadcast_var_14);
    }
    *(float4*)(rgl + 0) = condval_27;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 896));
    pv[14] = 0x0p+0f/*0.000000e+00*/;
    pv[15] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_20 = 0; e_20 < 4; ++e_20) {
      float dec_8 = (lq_exp(gm[e_20]) * ((float)hb[e_20]));
      pv[14] = (pv[14] + (dec_8 * xs[e_20]));
      pv[15] = (pv[15] + (dec_8 * xs[(e_20 + 4)]));
    }
    #pragma unroll
    for (int e_21 = 0; e_21 < 4; ++e_21) {
      float condval_28;
      if ((7 < m_2)) {
        condval_28 = rgl[e_21];
      } else {
        condval_28 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_21] = (gm[e_21] + condval_28);
    }
    float broadcast_var_15 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_29;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_29 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)6, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_29 = make_float4(broadcast_var_15, broadcast_var_15, broadcast_var_15, broadcast_var_15);
    }
    *(float4*)(rgl + 0) = condval_29;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 768));
    pv[12] = 0x0p+0f/*0.000000e+00*/;
    pv[13] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_22 = 0; e_22 < 4; ++e_22) {
      float dec_9 = (lq_exp(gm[e_22]) * ((float)hb[e_22]));
      pv[12] = (pv[12] + (dec_9 * xs[e_22]));
      pv[13] = (pv[13] + (dec_9 * xs[(e_22 + 4)]));
    }
    #pragma unroll
    for (int e_23 = 0; e_23 < 4; ++e_23) {
      float condval_30;
      if ((6 < m_2)) {
        condval_30 = rgl[e_23];
      } else {
        condval_30 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_23] = (gm[e_23] + condval_30);
    }
    float broadcast_var_16 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_31;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_31 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)5, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_31 = make_float4(broadcast_var_16, broadcast_var_16, broadcast_var_16, broadcast_var_16);
    }
    *(float4*)(rgl + 0) = condval_31;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 640));
    pv[10] = 0x0p+0f/*0.000000e+00*/;
    pv[11] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_24 = 0; e_24 < 4; ++e_24) {
      float dec_10 = (lq_exp(gm[e_24]) * ((float)hb[e_24]));
      pv[10] = (pv[10] + (dec_10 * xs[e_24]));
      pv[11] = (pv[11] + (dec_10 * xs[(e_24 + 4)]));
    }
    #pragma unroll
    for (int e_25 = 0; e_25 < 4; ++e_25) {
      float condval_32;
      if ((5 < m_2)) {
        condval_32 = rgl[e_25];
      } else {
        condval_32 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_25] = (gm[e_25] + condval_32);
    }
    float broadcast_var_17 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_33;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_33 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)4, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_33 = make_float4(broadcast_var_17, broadcast_var_17, broadcast_var_17, broadcast_var_17);
    }
    *(float4*)(rgl + 0) = condval_33;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 512));
    pv[8] = 0x0p+0f/*0.000000e+00*/;
    pv[9] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_26 = 0; e_26 < 4; ++e_26) {
      float dec_11 = (lq_exp(gm[e_26]) * ((float)hb[e_26]));
      pv[8] = (pv[8] + (dec_11 * xs[e_26]));
      pv[9] = (pv[9] + (dec_11 * xs[(e_26 + 4)]));
    }
    #pragma unroll
    for (int e_27 = 0; e_27 < 4; ++e_27) {
      float condval_34;
      if ((4 < m_2)) {
        condval_34 = rgl[e_27];
      } else {
        condval_34 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_27] = (gm[e_27] + condval_34);
    }
    float broadcast_var_18 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_35;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_35 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)3, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_35 = make_float4(broadcast_var_18, broadcast_var_18, broadcast_var_18, broadcast_var_18);
    }
    *(float4*)(rgl + 0) = condval_35;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 384));
    pv[6] = 0x0p+0f/*0.000000e+00*/;
    pv[7] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_28 = 0; e_28 < 4; ++e_28) {
      float dec_12 = (lq_exp(gm[e_28]) * ((float)hb[e_28]));
      pv[6] = (pv[6] + (dec_12 * xs[e_28]));
      pv[7] = (pv[7] + (dec_12 * xs[(e_28 + 4)]));
    }
    #pragma unroll
    for (int e_29 = 0; e_29 < 4; ++e_29) {
      float condval_36;
      if ((3 < m_2)) {
        condval_36 = rgl[e_29];
      } else {
        condval_36 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_29] = (gm[e_29] + condval_36);
    }
    float broadcast_var_19 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_37;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_37 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)2, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_37 = make_float4(broadcast_var_19, broadcast_var_19, broadcast_var_19, broadcast_var_19);
    }
    *(float4*)(rgl + 0) = condval_37;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 256));
    pv[4] = 0x0p+0f/*0.000000e+00*/;
    pv[5] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_30 = 0; e_30 < 4; ++e_30) {
      float dec_13 = (lq_exp(gm[e_30]) * ((float)hb[e_30]));
      pv[4] = (pv[4] + (dec_13 * xs[e_30]));
      pv[5] = (pv[5] + (dec_13 * xs[(e_30 + 4)]));
    }
    #pragma unroll
    for (int e_31 = 0; e_31 < 4; ++e_31) {
      float condval_38;
      if ((2 < m_2)) {
        condval_38 = rgl[e_31];
      } else {
        condval_38 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_31] = (gm[e_31] + condval_38);
    }
    float broadcast_var_20 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_39;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_39 = *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (min((int64_t)1, max((((int64_t)m_2) - (int64_t)1), (int64_t)0)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_39 = make_float4(broadcast_var_20, broadcast_var_20, broadcast_var_20, broadcast_var_20);
    }
    *(float4*)(rgl + 0) = condval_39;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + ((((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)) + 128));
    pv[2] = 0x0p+0f/*0.000000e+00*/;
    pv[3] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_32 = 0; e_32 < 4; ++e_32) {
      float dec_14 = (lq_exp(gm[e_32]) * ((float)hb[e_32]));
      pv[2] = (pv[2] + (dec_14 * xs[e_32]));
      pv[3] = (pv[3] + (dec_14 * xs[(e_32 + 4)]));
    }
    #pragma unroll
    for (int e_33 = 0; e_33 < 4; ++e_33) {
      float condval_40;
      if ((1 < m_2)) {
        condval_40 = rgl[e_33];
      } else {
        condval_40 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_33] = (gm[e_33] + condval_40);
    }
    float broadcast_var_21 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_41;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_41 = *(float4*)(rg + (((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_41 = make_float4(broadcast_var_21, broadcast_var_21, broadcast_var_21, broadcast_var_21);
    }
    *(float4*)(rgl + 0) = condval_41;
    *(uint2*)(hb + 0) = *(uint2*)(((half_t*)rks) + (((((int)threadIdx.x) >> 5) * 2048) + ((((int)threadIdx.x) & 31) * 4)));
    pv[0] = 0x0p+0f/*0.000000e+00*/;
    pv[1] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_34 = 0; e_34 < 4; ++e_34) {
      float dec_15 = (lq_exp(gm[e_34]) * ((float)hb[e_34]));
      pv[0] = (pv[0] + (dec_15 * xs[e_34]));
      pv[1] = (pv[1] + (dec_15 * xs[(e_34 + 4)]));
    }
    #pragma unroll
    for (int e_35 = 0; e_35 < 4; ++e_35) {
      float condval_42;
      if ((0 < m_2)) {
        condval_42 = rgl[e_35];
      } else {
        condval_42 = 0x0p+0f/*0.000000e+00*/;
      }
      gm[e_35] = (gm[e_35] + condval_42);
    }
    #pragma unroll
    for (int e_36 = 0; e_36 < 4; ++e_36) {
      eg[e_36] = expf(gm[e_36]);
    }
    #pragma unroll
    for (int x = 0; x < 2; ++x) {
      mx[x] = 0x0p+0f/*0.000000e+00*/;
      #pragma unroll
      for (int e_37 = 0; e_37 < 4; ++e_37) {
        yl[((x * 4) + e_37)] = ((cv[e_37] * eg[e_37]) * xs[((x * 4) + e_37)]);
        mx[x] = max(mx[x], fabsf(yl[((x * 4) + e_37)]));
      }
      *(float4*)(((float*)ysm) + (((((((int)threadIdx.x) >> 5) * 288) + (x * 144)) + (((((int)threadIdx.x) & 31) >> 3) * 4)) + ((((int)threadIdx.x) & 31) * 4))) = *(float4*)(yl + (x * 4));
    }
    #pragma unroll
    for (int st = 0; st < 5; ++st) {
      #pragma unroll
      for (int x_1 = 0; x_1 < 2; ++x_1) {
        mx[x_1] = max(mx[x_1], __shfl_xor_sync((uint)4294967295, mx[x_1], (16 >> st), 32));
      }
    }
    #pragma unroll
    for (int x_2 = 0; x_2 < 2; ++x_2) {
      mx[x_2] = max(mx[x_2], 0x1.4484bfeebc2ap-100f/*1.000000e-30*/);
      mx[x_2] = __fmaf_rn(__frcp_rn(mx[x_2]), __fmaf_rn((mx[x_2] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(0x1.ff798p+21f/*4.190000e+06*/, __frcp_rn(mx[x_2])), 0x1.ff798p+21f/*4.190000e+06*/), __fmul_rn(0x1.ff798p+21f/*4.190000e+06*/, __frcp_rn(mx[x_2])));
      mx[(x_2 + 2)] = __frcp_rn(mx[x_2]);
    }
    float condval_43;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_43 = pv[16];
    } else {
      condval_43 = pv[0];
    }
    float condval_44;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_44 = pv[0];
    } else {
      condval_44 = pv[16];
    }
    pv[0] = (condval_43 + __shfl_xor_sync((uint)4294967295, condval_44, 16, 32));
    float condval_45;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_45 = pv[17];
    } else {
      condval_45 = pv[1];
    }
    float condval_46;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_46 = pv[1];
    } else {
      condval_46 = pv[17];
    }
    pv[1] = (condval_45 + __shfl_xor_sync((uint)4294967295, condval_46, 16, 32));
    float condval_47;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_47 = pv[18];
    } else {
      condval_47 = pv[2];
    }
    float condval_48;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_48 = pv[2];
    } else {
      condval_48 = pv[18];
    }
    pv[2] = (condval_47 + __shfl_xor_sync((uint)4294967295, condval_48, 16, 32));
    float condval_49;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_49 = pv[19];
    } else {
      condval_49 = pv[3];
    }
    float condval_50;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_50 = pv[3];
    } else {
      condval_50 = pv[19];
    }
    pv[3] = (condval_49 + __shfl_xor_sync((uint)4294967295, condval_50, 16, 32));
    float condval_51;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_51 = pv[20];
    } else {
      condval_51 = pv[4];
    }
    float condval_52;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_52 = pv[4];
    } else {
      condval_52 = pv[20];
    }
    pv[4] = (condval_51 + __shfl_xor_sync((uint)4294967295, condval_52, 16, 32));
    float condval_53;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_53 = pv[21];
    } else {
      condval_53 = pv[5];
    }
    float condval_54;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_54 = pv[5];
    } else {
      condval_54 = pv[21];
    }
    pv[5] = (condval_53 + __shfl_xor_sync((uint)4294967295, condval_54, 16, 32));
    float condval_55;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_55 = pv[22];
    } else {
      condval_55 = pv[6];
    }
    float condval_56;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_56 = pv[6];
    } else {
      condval_56 = pv[22];
    }
    pv[6] = (condval_55 + __shfl_xor_sync((uint)4294967295, condval_56, 16, 32));
    float condval_57;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_57 = pv[23];
    } else {
      condval_57 = pv[7];
    }
    float condval_58;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_58 = pv[7];
    } else {
      condval_58 = pv[23];
    }
    pv[7] = (condval_57 + __shfl_xor_sync((uint)4294967295, condval_58, 16, 32));
    float condval_59;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_59 = pv[24];
    } else {
      condval_59 = pv[8];
    }
    float condval_60;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_60 = pv[8];
    } else {
      condval_60 = pv[24];
    }
    pv[8] = (condval_59 + __shfl_xor_sync((uint)4294967295, condval_60, 16, 32));
    float condval_61;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_61 = pv[25];
    } else {
      condval_61 = pv[9];
    }
    float condval_62;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_62 = pv[9];
    } else {
      condval_62 = pv[25];
    }
    pv[9] = (condval_61 + __shfl_xor_sync((uint)4294967295, condval_62, 16, 32));
    float condval_63;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_63 = pv[26];
    } else {
      condval_63 = pv[10];
    }
    float condval_64;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_64 = pv[10];
    } else {
      condval_64 = pv[26];
    }
    pv[10] = (condval_63 + __shfl_xor_sync((uint)4294967295, condval_64, 16, 32));
    float condval_65;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_65 = pv[27];
    } else {
      condval_65 = pv[11];
    }
    float condval_66;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_66 = pv[11];
    } else {
      condval_66 = pv[27];
    }
    pv[11] = (condval_65 + __shfl_xor_sync((uint)4294967295, condval_66, 16, 32));
    float condval_67;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_67 = pv[28];
    } else {
      condval_67 = pv[12];
    }
    float condval_68;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_68 = pv[12];
    } else {
      condval_68 = pv[28];
    }
    pv[12] = (condval_67 + __shfl_xor_sync((uint)4294967295, condval_68, 16, 32));
    float condval_69;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_69 = pv[29];
    } else {
      condval_69 = pv[13];
    }
    float condval_70;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_70 = pv[13];
    } else {
      condval_70 = pv[29];
    }
    pv[13] = (condval_69 + __shfl_xor_sync((uint)4294967295, condval_70, 16, 32));
    float condval_71;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_71 = pv[30];
    } else {
      condval_71 = pv[14];
    }
    float condval_72;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_72 = pv[14];
    } else {
      condval_72 = pv[30];
    }
    pv[14] = (condval_71 + __shfl_xor_sync((uint)4294967295, condval_72, 16, 32));
    float condval_73;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_73 = pv[31];
    } else {
      condval_73 = pv[15];
    }
    float condval_74;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_74 = pv[15];
    } else {
      condval_74 = pv[31];
    }
    pv[15] = (condval_73 + __shfl_xor_sync((uint)4294967295, condval_74, 16, 32));
    float condval_75;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_75 = pv[8];
    } else {
      condval_75 = pv[0];
    }
    float condval_76;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_76 = pv[0];
    } else {
      condval_76 = pv[8];
    }
    pv[0] = (condval_75 + __shfl_xor_sync((uint)4294967295, condval_76, 8, 32));
    float condval_77;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_77 = pv[9];
    } else {
      condval_77 = pv[1];
    }
    float condval_78;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_78 = pv[1];
    } else {
      condval_78 = pv[9];
    }
    pv[1] = (condval_77 + __shfl_xor_sync((uint)4294967295, condval_78, 8, 32));
    float condval_79;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_79 = pv[10];
    } else {
      condval_79 = pv[2];
    }
    float condval_80;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_80 = pv[2];
    } else {
      condval_80 = pv[10];
    }
    pv[2] = (condval_79 + __shfl_xor_sync((uint)4294967295, condval_80, 8, 32));
    float condval_81;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_81 = pv[11];
    } else {
      condval_81 = pv[3];
    }
    float condval_82;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_82 = pv[3];
    } else {
      condval_82 = pv[11];
    }
    pv[3] = (condval_81 + __shfl_xor_sync((uint)4294967295, condval_82, 8, 32));
    float condval_83;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_83 = pv[12];
    } else {
      condval_83 = pv[4];
    }
    float condval_84;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_84 = pv[4];
    } else {
      condval_84 = pv[12];
    }
    pv[4] = (condval_83 + __shfl_xor_sync((uint)4294967295, condval_84, 8, 32));
    float condval_85;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_85 = pv[13];
    } else {
      condval_85 = pv[5];
    }
    float condval_86;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_86 = pv[5];
    } else {
      condval_86 = pv[13];
    }
    pv[5] = (condval_85 + __shfl_xor_sync((uint)4294967295, condval_86, 8, 32));
    float condval_87;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_87 = pv[14];
    } else {
      condval_87 = pv[6];
    }
    float condval_88;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_88 = pv[6];
    } else {
      condval_88 = pv[14];
    }
    pv[6] = (condval_87 + __shfl_xor_sync((uint)4294967295, condval_88, 8, 32));
    float condval_89;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_89 = pv[15];
    } else {
      condval_89 = pv[7];
    }
    float condval_90;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_90 = pv[7];
    } else {
      condval_90 = pv[15];
    }
    pv[7] = (condval_89 + __shfl_xor_sync((uint)4294967295, condval_90, 8, 32));
    float condval_91;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_91 = pv[4];
    } else {
      condval_91 = pv[0];
    }
    float condval_92;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_92 = pv[0];
    } else {
      condval_92 = pv[4];
    }
    pv[0] = (condval_91 + __shfl_xor_sync((uint)4294967295, condval_92, 4, 32));
    float condval_93;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_93 = pv[5];
    } else {
      condval_93 = pv[1];
    }
    float condval_94;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_94 = pv[1];
    } else {
      condval_94 = pv[5];
    }
    pv[1] = (condval_93 + __shfl_xor_sync((uint)4294967295, condval_94, 4, 32));
    float condval_95;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_95 = pv[6];
    } else {
      condval_95 = pv[2];
    }
    float condval_96;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_96 = pv[2];
    } else {
      condval_96 = pv[6];
    }
    pv[2] = (condval_95 + __shfl_xor_sync((uint)4294967295, condval_96, 4, 32));
    float condval_97;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_97 = pv[7];
    } else {
      condval_97 = pv[3];
    }
    float condval_98;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_98 = pv[3];
    } else {
      condval_98 = pv[7];
    }
    pv[3] = (condval_97 + __shfl_xor_sync((uint)4294967295, condval_98, 4, 32));
    float condval_99;
    if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
      condval_99 = pv[2];
    } else {
      condval_99 = pv[0];
    }
    float condval_100;
    if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
      condval_100 = pv[0];
    } else {
      condval_100 = pv[2];
    }
    pv[0] = (condval_99 + __shfl_xor_sync((uint)4294967295, condval_100, 2, 32));
    float condval_101;
    if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
      condval_101 = pv[3];
    } else {
      condval_101 = pv[1];
    }
    float condval_102;
    if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
      condval_102 = pv[1];
    } else {
      condval_102 = pv[3];
    }
    pv[1] = (condval_101 + __shfl_xor_sync((uint)4294967295, condval_102, 2, 32));
    float condval_103;
    if ((((((int)threadIdx.x) & 31) & 1) == 1)) {
      condval_103 = pv[1];
    } else {
      condval_103 = pv[0];
    }
    float condval_104;
    if ((((((int)threadIdx.x) & 31) & 1) == 1)) {
      condval_104 = pv[0];
    } else {
      condval_104 = pv[1];
    }
    pv[0] = (condval_103 + __shfl_xor_sync((uint)4294967295, condval_104, 1, 32));
    ((float*)rws)[(((((int)threadIdx.x) >> 5) * 42) + (((int)threadIdx.x) & 31))] = pv[0];
    #pragma unroll
    for (int i = 0; i < 4; ++i) {
      *(uint2*)(hb + 0) = *(uint2*)(((half_t*)kcs) + ((((((int)threadIdx.x) >> 5) * 512) + (i * 128)) + ((((int)threadIdx.x) & 31) * 4)));
      pv[(i * 2)] = 0x0p+0f/*0.000000e+00*/;
      pv[((i * 2) + 1)] = 0x0p+0f/*0.000000e+00*/;
      #pragma unroll
      for (int e_38 = 0; e_38 < 4; ++e_38) {
        float kk = (((float)hb[e_38]) * eg[e_38]);
        pv[(i * 2)] = (pv[(i * 2)] + (kk * xs[e_38]));
        pv[((i * 2) + 1)] = (pv[((i * 2) + 1)] + (kk * xs[(e_38 + 4)]));
      }
    }
    pv[8] = xs[8];
    #pragma unroll
    for (int e_39 = 1; e_39 < 4; ++e_39) {
      pv[8] = (pv[8] + xs[(e_39 + 8)]);
    }
    pv[9] = 0x0p+0f/*0.000000e+00*/;
    pv[10] = 0x0p+0f/*0.000000e+00*/;
    pv[11] = 0x0p+0f/*0.000000e+00*/;
    pv[12] = 0x0p+0f/*0.000000e+00*/;
    pv[13] = 0x0p+0f/*0.000000e+00*/;
    pv[14] = 0x0p+0f/*0.000000e+00*/;
    pv[15] = 0x0p+0f/*0.000000e+00*/;
    float condval_105;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_105 = pv[8];
    } else {
      condval_105 = pv[0];
    }
    float condval_106;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_106 = pv[0];
    } else {
      condval_106 = pv[8];
    }
    pv[0] = (condval_105 + __shfl_xor_sync((uint)4294967295, condval_106, 16, 32));
    float condval_107;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_107 = pv[9];
    } else {
      condval_107 = pv[1];
    }
    float condval_108;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_108 = pv[1];
    } else {
      condval_108 = pv[9];
    }
    pv[1] = (condval_107 + __shfl_xor_sync((uint)4294967295, condval_108, 16, 32));
    float condval_109;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_109 = pv[10];
    } else {
      condval_109 = pv[2];
    }
    float condval_110;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_110 = pv[2];
    } else {
      condval_110 = pv[10];
    }
    pv[2] = (condval_109 + __shfl_xor_sync((uint)4294967295, condval_110, 16, 32));
    float condval_111;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_111 = pv[11];
    } else {
      condval_111 = pv[3];
    }
    float condval_112;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_112 = pv[3];
    } else {
      condval_112 = pv[11];
    }
    pv[3] = (condval_111 + __shfl_xor_sync((uint)4294967295, condval_112, 16, 32));
    float condval_113;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_113 = pv[12];
    } else {
      condval_113 = pv[4];
    }
    float condval_114;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_114 = pv[4];
    } else {
      condval_114 = pv[12];
    }
    pv[4] = (condval_113 + __shfl_xor_sync((uint)4294967295, condval_114, 16, 32));
    float condval_115;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_115 = pv[13];
    } else {
      condval_115 = pv[5];
    }
    float condval_116;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_116 = pv[5];
    } else {
      condval_116 = pv[13];
    }
    pv[5] = (condval_115 + __shfl_xor_sync((uint)4294967295, condval_116, 16, 32));
    float condval_117;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_117 = pv[14];
    } else {
      condval_117 = pv[6];
    }
    float condval_118;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_118 = pv[6];
    } else {
      condval_118 = pv[14];
    }
    pv[6] = (condval_117 + __shfl_xor_sync((uint)4294967295, condval_118, 16, 32));
    float condval_119;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_119 = pv[15];
    } else {
      condval_119 = pv[7];
    }
    float condval_120;
    if (((((((int)threadIdx.x) & 31) >> 4) & 1) == 1)) {
      condval_120 = pv[7];
    } else {
      condval_120 = pv[15];
    }
    pv[7] = (condval_119 + __shfl_xor_sync((uint)4294967295, condval_120, 16, 32));
    float condval_121;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_121 = pv[4];
    } else {
      condval_121 = pv[0];
    }
    float condval_122;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_122 = pv[0];
    } else {
      condval_122 = pv[4];
    }
    pv[0] = (condval_121 + __shfl_xor_sync((uint)4294967295, condval_122, 8, 32));
    float condval_123;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_123 = pv[5];
    } else {
      condval_123 = pv[1];
    }
    float condval_124;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_124 = pv[1];
    } else {
      condval_124 = pv[5];
    }
    pv[1] = (condval_123 + __shfl_xor_sync((uint)4294967295, condval_124, 8, 32));
    float condval_125;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_125 = pv[6];
    } else {
      condval_125 = pv[2];
    }
    float condval_126;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_126 = pv[2];
    } else {
      condval_126 = pv[6];
    }
    pv[2] = (condval_125 + __shfl_xor_sync((uint)4294967295, condval_126, 8, 32));
    float condval_127;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_127 = pv[7];
    } else {
      condval_127 = pv[3];
    }
    float condval_128;
    if (((((((int)threadIdx.x) & 31) >> 3) & 1) == 1)) {
      condval_128 = pv[3];
    } else {
      condval_128 = pv[7];
    }
    pv[3] = (condval_127 + __shfl_xor_sync((uint)4294967295, condval_128, 8, 32));
    float condval_129;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_129 = pv[2];
    } else {
      condval_129 = pv[0];
    }
    float condval_130;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_130 = pv[0];
    } else {
      condval_130 = pv[2];
    }
    pv[0] = (condval_129 + __shfl_xor_sync((uint)4294967295, condval_130, 4, 32));
    float condval_131;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_131 = pv[3];
    } else {
      condval_131 = pv[1];
    }
    float condval_132;
    if (((((((int)threadIdx.x) & 31) >> 2) & 1) == 1)) {
      condval_132 = pv[1];
    } else {
      condval_132 = pv[3];
    }
    pv[1] = (condval_131 + __shfl_xor_sync((uint)4294967295, condval_132, 4, 32));
    float condval_133;
    if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
      condval_133 = pv[1];
    } else {
      condval_133 = pv[0];
    }
    float condval_134;
    if (((((((int)threadIdx.x) & 31) >> 1) & 1) == 1)) {
      condval_134 = pv[0];
    } else {
      condval_134 = pv[1];
    }
    pv[0] = (condval_133 + __shfl_xor_sync((uint)4294967295, condval_134, 2, 32));
    pv[0] = (pv[0] + __shfl_xor_sync((uint)4294967295, pv[0], 1, 32));
    if ((((((int)threadIdx.x) & 31) & 1) == 0) && (((((int)threadIdx.x) & 31) >> 1) < 9)) {
      ((float*)rws)[((((((int)threadIdx.x) >> 5) * 42) + ((((int)threadIdx.x) & 31) >> 1)) + 32)] = pv[0];
    }
    __syncwarp();
    int condval_136;
    if ((((((int)blockIdx.z) * 4) + (((int)threadIdx.x) >> 5)) < N)) {
      int rmod_2 = ((((((GP * 4) + N) - (((int)threadIdx.x) >> 5)) - (((int)blockIdx.z) * 4)) - 1) % (GP * 4));
      int rdiv_2 = ((((((GP * 4) + N) - (((int)threadIdx.x) >> 5)) - (((int)blockIdx.z) * 4)) - 1) / (GP * 4));
      condval_136 = ((((0 <= GP) && (0 <= rmod_2)) || ((GP < 0) && (rmod_2 <= 0))) ? rdiv_2 : (rdiv_2 - 1));
    } else {
      condval_136 = 0;
    }
    int condval_135;
    if (((((it + 1) < condval_136) && (0 <= nxt[0])) && (nxt[0] < NS))) {
      condval_135 = wpos[nxt[(int64_t)0]];
    } else {
      condval_135 = 0;
    }
    nxt[1] = condval_135;
    int s_3 = nxt[0];
    int m_3 = nxt[1];
    #pragma unroll
    for (int cc_4 = 0; cc_4 < 8; ++cc_4) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)rks)[((((((int)threadIdx.x) >> 5) * 2048) + (cc_4 * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(rk[((((((int64_t)s_3) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)cc_4) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), (((((cc_4 * 2) + ((((int)threadIdx.x) & 31) >> 4)) < m_3) && (s_3 < NS)) && (0 <= s_3)));
    }
    #pragma unroll
    for (int cc_5 = 0; cc_5 < 2; ++cc_5) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)kcs)[((((((int)threadIdx.x) >> 5) * 512) + (cc_5 * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(Kc[((((((int64_t)s_3) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + (((int64_t)cc_5) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), ((s_3 < NS) && (0 <= s_3)));
    }
    tl::cp_async_commit();
    #pragma unroll
    for (int w4 = 0; w4 < 8; ++w4) {
      *(float4*)(yv + (w4 * 4)) = *(float4*)(((float*)ysm) + ((((((int)threadIdx.x) >> 4) * 144) + ((((int)threadIdx.x) & 3) * 36)) + (w4 * 4)));
    }
    float condval_137;
    if ((((((int)threadIdx.x) & 31) >> 4) == 0)) {
      condval_137 = mx[0];
    } else {
      condval_137 = mx[1];
    }
    zf[0] = condval_137;
    #pragma unroll
    for (int w = 0; w < 8; ++w) {
      float v_ = (yv[(w * 4)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
      float v__1 = (yv[((w * 4) + 1)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
      uint lo = __byte_perm((*(uint *)(&(v_))), (*(uint *)(&(v__1))), (((uint)((((int)threadIdx.x) & 15) >> 2)) + ((((uint)((((int)threadIdx.x) & 15) >> 2)) + (uint)4) << (uint)4)));
      float v__2 = (yv[((w * 4) + 2)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
      float v__3 = (yv[((w * 4) + 3)] * zf[0]) + 0x1.8p+23f/*1.258291e+07*/;
      uint hi = __byte_perm((*(uint *)(&(v__2))), (*(uint *)(&(v__3))), (((uint)((((int)threadIdx.x) & 15) >> 2)) + ((((uint)((((int)threadIdx.x) & 15) >> 2)) + (uint)4) << (uint)4)));
      uint dw = (__byte_perm(lo, hi, (uint)21520) ^ (uint)2155905152);
      uint condval_138;
      if ((((((int)threadIdx.x) & 15) >> 2) == 3)) {
        condval_138 = (uint)16843009;
      } else {
        condval_138 = dw;
      }
      uint _reinterpret_tmp = condval_138;
      bw[w] = (*(int *)(&(_reinterpret_tmp)));
    }
    #pragma unroll
    for (int hr_2 = 0; hr_2 < 2; ++hr_2) {
      for (int e_40 = 0; e_40 < 2; ++e_40) {
        int broadcast_var_22 = 0;
        int4 condval_139;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_139 = *(int4*)(Z + ((((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr_2) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e_40) * (int64_t)4)) + (int64_t)1024));
        } else {
          condval_139 = make_int4(broadcast_var_22, broadcast_var_22, broadcast_var_22, broadcast_var_22);
        }
        *(int4*)(zq + (((hr_2 * 8) + (e_40 * 4)) + 32)) = condval_139;
      }
    }
    af[0] = zq[0];
    af[1] = zq[8];
    af[2] = zq[1];
    af[3] = zq[9];
    af[4] = zq[2];
    af[5] = zq[10];
    af[6] = zq[3];
    af[7] = zq[11];
    af[8] = zq[4];
    af[9] = zq[12];
    af[10] = zq[5];
    af[11] = zq[13];
    af[12] = zq[6];
    af[13] = zq[14];
    af[14] = zq[7];
    af[15] = zq[15];
    #pragma unroll
    for (int e_41 = 0; e_41 < 4; ++e_41) {
      cf[e_41] = 0;
    }
    #pragma unroll
    for (int j = 0; j < 4; ++j) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j * 4)), reinterpret_cast<const unsigned*>(bw + (j * 2)));
    }
    #pragma unroll
    for (int hr_3 = 0; hr_3 < 2; ++hr_3) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_3 * 2) + 1)], 1, 32);
      int condval_140;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_140 = cf[((hr_3 * 2) + 1)];
      } else {
        condval_140 = zi[1];
      }
      zi[0] = condval_140;
      float condval_141;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_141 = (((float)((zi[0] * 128) + cf[(hr_3 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_3 * 2) + 1)]))));
      } else {
        condval_141 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_3 * 2)])));
      }
      zf[1] = condval_141;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_142;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_142 = mx[2];
        } else {
          condval_142 = mx[3];
        }
        ((float*)zrs)[(((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_3 * 8)) + ((((int)threadIdx.x) & 31) >> 2))] = (zf[1] * condval_142);
      }
    }
    #pragma unroll
    for (int hr_4 = 0; hr_4 < 2; ++hr_4) {
      for (int e_42 = 0; e_42 < 2; ++e_42) {
        int broadcast_var_23 = 0;
        int4 condval_143;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_143 = *(int4*)(Z + ((((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr_4) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e_42) * (int64_t)4)) + (int64_t)1536));
        } else {
          condval_143 = make_int4(broadcast_var_23, broadcast_var_23, broadcast_var_23, broadcast_var_23);
        }
        *(int4*)(zq + ((hr_4 * 8) + (e_42 * 4))) = condval_143;
      }
    }
    af[0] = zq[16];
    af[1] = zq[24];
    af[2] = zq[17];
    af[3] = zq[25];
    af[4] = zq[18];
    af[5] = zq[26];
    af[6] = zq[19];
    af[7] = zq[27];
    af[8] = zq[20];
    af[9] = zq[28];
    af[10] = zq[21];
    af[11] = zq[29];
    af[12] = zq[22];
    af[13] = zq[30];
    af[14] = zq[23];
    af[15] = zq[31];
    #pragma unroll
    for (int e_43 = 0; e_43 < 4; ++e_43) {
      cf[e_43] = 0;
    }
    #pragma unroll
    for (int j_1 = 0; j_1 < 4; ++j_1) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_1 * 4)), reinterpret_cast<const unsigned*>(bw + (j_1 * 2)));
    }
    #pragma unroll
    for (int hr_5 = 0; hr_5 < 2; ++hr_5) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_5 * 2) + 1)], 1, 32);
      int condval_144;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_144 = cf[((hr_5 * 2) + 1)];
      } else {
        condval_144 = zi[1];
      }
      zi[0] = condval_144;
      float condval_145;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_145 = (((float)((zi[0] * 128) + cf[(hr_5 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_5 * 2) + 1)]))));
      } else {
        condval_145 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_5 * 2)])));
      }
      zf[1] = condval_145;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_146;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_146 = mx[2];
        } else {
          condval_146 = mx[3];
        }
        ((float*)zrs)[((((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_5 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 16)] = (zf[1] * condval_146);
      }
    }
    #pragma unroll
    for (int hr_6 = 0; hr_6 < 2; ++hr_6) {
      for (int e_44 = 0; e_44 < 2; ++e_44) {
        int broadcast_var_24 = 0;
        int4 condval_147;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_147 = *(int4*)(Z + ((((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr_6) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e_44) * (int64_t)4)) + (int64_t)2048));
        } else {
          condval_147 = make_int4(broadcast_var_24, broadcast_var_24, broadcast_var_24, broadcast_var_24);
        }
        *(int4*)(zq + (((hr_6 * 8) + (e_44 * 4)) + 16)) = condval_147;
      }
    }
    af[0] = zq[32];
    af[1] = zq[40];
    af[2] = zq[33];
    af[3] = zq[41];
    af[4] = zq[34];
    af[5] = zq[42];
    af[6] = zq[35];
    af[7] = zq[43];
    af[8] = zq[36];
    af[9] = zq[44];
    af[10] = zq[37];
    af[11] = zq[45];
    af[12] = zq[38];
    af[13] = zq[46];
    af[14] = zq[39];
    af[15] = zq[47];
    #pragma unroll
    for (int e_45 = 0; e_45 < 4; ++e_45) {
      cf[e_45] = 0;
    }
    #pragma unroll
    for (int j_2 = 0; j_2 < 4; ++j_2) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_2 * 4)), reinterpret_cast<const unsigned*>(bw + (j_2 * 2)));
    }
    #pragma unroll
    for (int hr_7 = 0; hr_7 < 2; ++hr_7) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_7 * 2) + 1)], 1, 32);
      int condval_148;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_148 = cf[((hr_7 * 2) + 1)];
      } else {
        condval_148 = zi[1];
      }
      zi[0] = condval_148;
      float condval_149;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_149 = (((float)((zi[0] * 128) + cf[(hr_7 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_7 * 2) + 1)]))));
      } else {
        condval_149 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_7 * 2)])));
      }
      zf[1] = condval_149;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_150;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_150 = mx[2];
        } else {
          condval_150 = mx[3];
        }
        ((float*)zrs)[((((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_7 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 32)] = (zf[1] * condval_150);
      }
    }
    #pragma unroll
    for (int hr_8 = 0; hr_8 < 2; ++hr_8) {
      for (int e_46 = 0; e_46 < 2; ++e_46) {
        int broadcast_var_25 = 0;
        int4 condval_151;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_151 = *(int4*)(Z + ((((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr_8) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e_46) * (int64_t)4)) + (int64_t)2560));
        } else {
          condval_151 = make_int4(broadcast_var_25, broadcast_var_25, broadcast_var_25, broadcast_var_25);
        }
        *(int4*)(zq + (((hr_8 * 8) + (e_46 * 4)) + 32)) = condval_151;
      }
    }
    af[0] = zq[0];
    af[1] = zq[8];
    af[2] = zq[1];
    af[3] = zq[9];
    af[4] = zq[2];
    af[5] = zq[10];
    af[6] = zq[3];
    af[7] = zq[11];
    af[8] = zq[4];
    af[9] = zq[12];
    af[10] = zq[5];
    af[11] = zq[13];
    af[12] = zq[6];
    af[13] = zq[14];
    af[14] = zq[7];
    af[15] = zq[15];
    #pragma unroll
    for (int e_47 = 0; e_47 < 4; ++e_47) {
      cf[e_47] = 0;
    }
    #pragma unroll
    for (int j_3 = 0; j_3 < 4; ++j_3) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_3 * 4)), reinterpret_cast<const unsigned*>(bw + (j_3 * 2)));
    }
    #pragma unroll
    for (int hr_9 = 0; hr_9 < 2; ++hr_9) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_9 * 2) + 1)], 1, 32);
      int condval_152;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_152 = cf[((hr_9 * 2) + 1)];
      } else {
        condval_152 = zi[1];
      }
      zi[0] = condval_152;
      float condval_153;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_153 = (((float)((zi[0] * 128) + cf[(hr_9 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_9 * 2) + 1)]))));
      } else {
        condval_153 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_9 * 2)])));
      }
      zf[1] = condval_153;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_154;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_154 = mx[2];
        } else {
          condval_154 = mx[3];
        }
        ((float*)zrs)[((((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_9 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 48)] = (zf[1] * condval_154);
      }
    }
    #pragma unroll
    for (int hr_10 = 0; hr_10 < 2; ++hr_10) {
      for (int e_48 = 0; e_48 < 2; ++e_48) {
        int broadcast_var_26 = 0;
        int4 condval_155;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_155 = *(int4*)(Z + ((((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr_10) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e_48) * (int64_t)4)) + (int64_t)3072));
        } else {
          condval_155 = make_int4(broadcast_var_26, broadcast_var_26, broadcast_var_26, broadcast_var_26);
        }
        *(int4*)(zq + ((hr_10 * 8) + (e_48 * 4))) = condval_155;
      }
    }
    af[0] = zq[16];
    af[1] = zq[24];
    af[2] = zq[17];
    af[3] = zq[25];
    af[4] = zq[18];
    af[5] = zq[26];
    af[6] = zq[19];
    af[7] = zq[27];
    af[8] = zq[20];
    af[9] = zq[28];
    af[10] = zq[21];
    af[11] = zq[29];
    af[12] = zq[22];
    af[13] = zq[30];
    af[14] = zq[23];
    af[15] = zq[31];
    #pragma unroll
    for (int e_49 = 0; e_49 < 4; ++e_49) {
      cf[e_49] = 0;
    }
    #pragma unroll
    for (int j_4 = 0; j_4 < 4; ++j_4) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_4 * 4)), reinterpret_cast<const unsigned*>(bw + (j_4 * 2)));
    }
    #pragma unroll
    for (int hr_11 = 0; hr_11 < 2; ++hr_11) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_11 * 2) + 1)], 1, 32);
      int condval_156;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_156 = cf[((hr_11 * 2) + 1)];
      } else {
        condval_156 = zi[1];
      }
      zi[0] = condval_156;
      float condval_157;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_157 = (((float)((zi[0] * 128) + cf[(hr_11 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_11 * 2) + 1)]))));
      } else {
        condval_157 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_11 * 2)])));
      }
      zf[1] = condval_157;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_158;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_158 = mx[2];
        } else {
          condval_158 = mx[3];
        }
        ((float*)zrs)[((((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_11 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 64)] = (zf[1] * condval_158);
      }
    }
    #pragma unroll
    for (int hr_12 = 0; hr_12 < 2; ++hr_12) {
      for (int e_50 = 0; e_50 < 2; ++e_50) {
        int broadcast_var_27 = 0;
        int4 condval_159;
        if (((s_2 < NS) && (0 <= s_2))) {
          condval_159 = *(int4*)(Z + ((((((((int64_t)s_2) * (int64_t)131072) + (((int64_t)((int)blockIdx.y)) * (int64_t)4096)) + (((int64_t)hr_12) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8)) + (((int64_t)e_50) * (int64_t)4)) + (int64_t)3584));
        } else {
          condval_159 = make_int4(broadcast_var_27, broadcast_var_27, broadcast_var_27, broadcast_var_27);
        }
        *(int4*)(zq + (((hr_12 * 8) + (e_50 * 4)) + 16)) = condval_159;
      }
    }
    af[0] = zq[32];
    af[1] = zq[40];
    af[2] = zq[33];
    af[3] = zq[41];
    af[4] = zq[34];
    af[5] = zq[42];
    af[6] = zq[35];
    af[7] = zq[43];
    af[8] = zq[36];
    af[9] = zq[44];
    af[10] = zq[37];
    af[11] = zq[45];
    af[12] = zq[38];
    af[13] = zq[46];
    af[14] = zq[39];
    af[15] = zq[47];
    #pragma unroll
    for (int e_51 = 0; e_51 < 4; ++e_51) {
      cf[e_51] = 0;
    }
    #pragma unroll
    for (int j_5 = 0; j_5 < 4; ++j_5) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_5 * 4)), reinterpret_cast<const unsigned*>(bw + (j_5 * 2)));
    }
    #pragma unroll
    for (int hr_13 = 0; hr_13 < 2; ++hr_13) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_13 * 2) + 1)], 1, 32);
      int condval_160;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_160 = cf[((hr_13 * 2) + 1)];
      } else {
        condval_160 = zi[1];
      }
      zi[0] = condval_160;
      float condval_161;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_161 = (((float)((zi[0] * 128) + cf[(hr_13 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_13 * 2) + 1)]))));
      } else {
        condval_161 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_13 * 2)])));
      }
      zf[1] = condval_161;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_162;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_162 = mx[2];
        } else {
          condval_162 = mx[3];
        }
        ((float*)zrs)[((((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_13 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 80)] = (zf[1] * condval_162);
      }
    }
    af[0] = zq[0];
    af[1] = zq[8];
    af[2] = zq[1];
    af[3] = zq[9];
    af[4] = zq[2];
    af[5] = zq[10];
    af[6] = zq[3];
    af[7] = zq[11];
    af[8] = zq[4];
    af[9] = zq[12];
    af[10] = zq[5];
    af[11] = zq[13];
    af[12] = zq[6];
    af[13] = zq[14];
    af[14] = zq[7];
    af[15] = zq[15];
    #pragma unroll
    for (int e_52 = 0; e_52 < 4; ++e_52) {
      cf[e_52] = 0;
    }
    #pragma unroll
    for (int j_6 = 0; j_6 < 4; ++j_6) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_6 * 4)), reinterpret_cast<const unsigned*>(bw + (j_6 * 2)));
    }
    #pragma unroll
    for (int hr_14 = 0; hr_14 < 2; ++hr_14) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_14 * 2) + 1)], 1, 32);
      int condval_163;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_163 = cf[((hr_14 * 2) + 1)];
      } else {
        condval_163 = zi[1];
      }
      zi[0] = condval_163;
      float condval_164;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_164 = (((float)((zi[0] * 128) + cf[(hr_14 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_14 * 2) + 1)]))));
      } else {
        condval_164 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_14 * 2)])));
      }
      zf[1] = condval_164;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_165;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_165 = mx[2];
        } else {
          condval_165 = mx[3];
        }
        ((float*)zrs)[((((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_14 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 96)] = (zf[1] * condval_165);
      }
    }
    af[0] = zq[16];
    af[1] = zq[24];
    af[2] = zq[17];
    af[3] = zq[25];
    af[4] = zq[18];
    af[5] = zq[26];
    af[6] = zq[19];
    af[7] = zq[27];
    af[8] = zq[20];
    af[9] = zq[28];
    af[10] = zq[21];
    af[11] = zq[29];
    af[12] = zq[22];
    af[13] = zq[30];
    af[14] = zq[23];
    af[15] = zq[31];
    #pragma unroll
    for (int e_53 = 0; e_53 < 4; ++e_53) {
      cf[e_53] = 0;
    }
    #pragma unroll
    for (int j_7 = 0; j_7 < 4; ++j_7) {
      tl::mma_sync<tl::DataType::kInt8, tl::DataType::kInt8, tl::DataType::kInt32, 16, 8, 32, false, true>(reinterpret_cast<unsigned*>(cf + 0), reinterpret_cast<const unsigned*>(af + (j_7 * 4)), reinterpret_cast<const unsigned*>(bw + (j_7 * 2)));
    }
    #pragma unroll
    for (int hr_15 = 0; hr_15 < 2; ++hr_15) {
      zi[1] = __shfl_xor_sync((uint)4294967295, cf[((hr_15 * 2) + 1)], 1, 32);
      int condval_166;
      if (((((int)threadIdx.x) & 1) == 1)) {
        condval_166 = cf[((hr_15 * 2) + 1)];
      } else {
        condval_166 = zi[1];
      }
      zi[0] = condval_166;
      float condval_167;
      if (((((int)threadIdx.x) % 2) == 0)) {
        condval_167 = (((float)((zi[0] * 128) + cf[(hr_15 * 2)])) + (0x1p+8f/*2.560000e+02*/ * ((float)((zi[0] * 128) + cf[((hr_15 * 2) + 1)]))));
      } else {
        condval_167 = (0x1p+16f/*6.553600e+04*/ * ((float)((zi[0] * 64) + cf[(hr_15 * 2)])));
      }
      zf[1] = condval_167;
      zf[1] = (zf[1] + __shfl_xor_sync((uint)4294967295, zf[1], 1, 32));
      if ((((int)threadIdx.x) % 2) == 0) {
        float condval_168;
        if ((((((int)threadIdx.x) & 3) >> 1) == 0)) {
          condval_168 = mx[2];
        } else {
          condval_168 = mx[3];
        }
        ((float*)zrs)[((((((((int)threadIdx.x) >> 5) * 256) + (((((int)threadIdx.x) & 3) >> 1) * 128)) + (hr_15 * 8)) + ((((int)threadIdx.x) & 31) >> 2)) + 112)] = (zf[1] * condval_168);
      }
    }
    tl::cp_async_wait<1>();
    __syncwarp();
    float broadcast_var_28 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_169;
    if (((s_2 < NS) && (0 <= s_2))) {
      condval_169 = *(float4*)(Bs + (((((int64_t)s_2) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_169 = make_float4(broadcast_var_28, broadcast_var_28, broadcast_var_28, broadcast_var_28);
    }
    *(float4*)(bv + 0) = condval_169;
    *(float4*)(a1 + 0) = *(float4*)(((float*)zrs) + (((((int)threadIdx.x) >> 5) * 256) + ((((int)threadIdx.x) & 31) * 4)));
    *(float4*)(a2 + 0) = *(float4*)(((float*)zrs) + ((((((int)threadIdx.x) >> 5) * 256) + ((((int)threadIdx.x) & 31) * 4)) + 128));
    #pragma unroll
    for (int e_54 = 0; e_54 < 4; ++e_54) {
      a1[e_54] = ((bv[e_54] * a1[e_54]) * 0x1.0204081020408p-7f/*7.874016e-03*/);
      a2[e_54] = ((bv[e_54] * a2[e_54]) * 0x1.0204081020408p-7f/*7.874016e-03*/);
    }
    #pragma unroll
    for (int j_8 = 0; j_8 < 16; ++j_8) {
      *(float2*)(wp + 0) = *(float2*)(((float*)rws) + (((((int)threadIdx.x) >> 5) * 42) + (j_8 * 2)));
      *(uint2*)(ub + 0) = *(uint2*)(((half_t*)rus) + ((((((int)threadIdx.x) >> 5) * 2048) + (j_8 * 128)) + ((((int)threadIdx.x) & 31) * 4)));
      #pragma unroll
      for (int e_55 = 0; e_55 < 4; ++e_55) {
        a1[e_55] = (a1[e_55] + (wp[0] * ((float)ub[e_55])));
        a2[e_55] = (a2[e_55] + (wp[1] * ((float)ub[e_55])));
      }
    }
    #pragma unroll
    for (int i_1 = 0; i_1 < 4; ++i_1) {
      *(float2*)(wp + 0) = *(float2*)(((float*)rws) + ((((((int)threadIdx.x) >> 5) * 42) + (i_1 * 2)) + 32));
      *(uint2*)(ub + 0) = *(uint2*)(((half_t*)ucs) + ((((((int)threadIdx.x) >> 5) * 512) + (i_1 * 128)) + ((((int)threadIdx.x) & 31) * 4)));
      #pragma unroll
      for (int e_56 = 0; e_56 < 4; ++e_56) {
        a1[e_56] = (a1[e_56] + (wp[0] * ((float)ub[e_56])));
        a2[e_56] = (a2[e_56] + (wp[1] * ((float)ub[e_56])));
      }
    }
    bfloat16_t broadcast_var_29 = bfloat16_t(0x0p+0f/*0.000000e+00*/);
    uint2 condval_170;
    if ((((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) < N)) {
      condval_170 = *(uint2*)(v + ((((((((int64_t)it) * ((int64_t)GP)) * (int64_t)16384) + (((int64_t)((int)blockIdx.z)) * (int64_t)16384)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)4096)) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
    } else {
      condval_170 = make_uint2(__pack_nv_bfloat162(broadcast_var_29, broadcast_var_29), __pack_nv_bfloat162(broadcast_var_29, broadcast_var_29));
    }
    *(uint2*)(vb + 0) = condval_170;
    wp[0] = ((float*)rws)[(((((int)threadIdx.x) >> 5) * 42) + 40)];
    float condval_171;
    if ((((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) < N)) {
      condval_171 = beta[(((((((int64_t)it) * ((int64_t)GP)) * (int64_t)128) + (((int64_t)((int)blockIdx.z)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)32)) + ((int64_t)((int)blockIdx.y)))];
    } else {
      condval_171 = 0x0p+0f/*0.000000e+00*/;
    }
    wp[1] = condval_171;
    #pragma unroll
    for (int e_57 = 0; e_57 < 4; ++e_57) {
      u16[e_57] = ((half_t)(wp[1] * (((float)vb[e_57]) - a1[e_57])));
    }
    if ((((s_2 < NS) && (0 <= s_2)) && (m_2 < 16)) && (0 <= m_2)) {
      *(uint2*)(ru + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)m_2) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4))) = *(uint2*)(u16 + 0);
    }
    if (((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) < N) {
      #pragma unroll
      for (int e_58 = 0; e_58 < 4; ++e_58) {
        o[(((((((((int64_t)it) * ((int64_t)GP)) * (int64_t)16384) + (((int64_t)((int)blockIdx.z)) * (int64_t)16384)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)4096)) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)) + ((int64_t)e_58))] = ((bfloat16_t)(a2[e_58] + (((float)u16[e_58]) * wp[0])));
      }
    }
    #pragma unroll
    for (int e_59 = 0; e_59 < 4; ++e_59) {
      hb[e_59] = ((half_t)kb[e_59]);
    }
    if ((((s_2 < NS) && (0 <= s_2)) && (m_2 < 16)) && (0 <= m_2)) {
      *(uint2*)(rk + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)m_2) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4))) = *(uint2*)(hb + 0);
      *(float4*)(rg + ((((((int64_t)s_2) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)m_2) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4))) = *(float4*)(gl + 0);
    }
    if ((((int)blockIdx.y) == 0) && ((((int)threadIdx.x) % 32) == 0)) {
      if (((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) < N) {
        wnext[((((((int64_t)it) * ((int64_t)GP)) * (int64_t)4) + (((int64_t)((int)blockIdx.z)) * (int64_t)4)) + (((int64_t)((int)threadIdx.x)) >> (int64_t)5))] = (m_2 + 1);
      }
      if (m_2 == 15) {
        int condval_172;
        if (((par < 2) && (0 <= par))) {
          condval_172 = AtomicAddRet((&(cnt[((int64_t)par)])), 1);
        } else {
          condval_172 = 0;
        }
        int pos = condval_172;
        if ((pos < N) && (0 <= pos)) {
          lst[((int64_t)pos)] = s_2;
        }
      }
      if (((((it * GP) * 4) + (((int)blockIdx.z) * 4)) + (((int)threadIdx.x) >> 5)) == 0) {
        if ((-1 < par) && (par <= 1)) {
          cnt[(1 - par)] = 0;
        }
      }
    }
    __syncwarp();
    int s_4 = nxt[0];
    int m_4 = nxt[1];
    #pragma unroll
    for (int cc_6 = 0; cc_6 < 8; ++cc_6) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)rus)[((((((int)threadIdx.x) >> 5) * 2048) + (cc_6 * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(ru[((((((int64_t)s_4) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)cc_6) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), (((((cc_6 * 2) + ((((int)threadIdx.x) & 31) >> 4)) < m_4) && (s_4 < NS)) && (0 <= s_4)));
    }
    #pragma unroll
    for (int cc_7 = 0; cc_7 < 2; ++cc_7) {
      tl::cp_async_gs_conditional<16>((&(((half_t*)ucs)[((((((int)threadIdx.x) >> 5) * 512) + (cc_7 * 256)) + ((((int)threadIdx.x) & 31) * 8))])), (&(Uc[((((((int64_t)s_4) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + (((int64_t)cc_7) * (int64_t)256)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)8))])), ((s_4 < NS) && (0 <= s_4)));
    }
    tl::cp_async_commit();
    cur[0] = nxt[0];
    cur[1] = nxt[1];
  }
  tl::cp_async_wait<0>();
}

