#if defined(_MSC_VER) && !defined(__clang__) && _MSC_VER < 1940
#define _tl_orig_alignas alignas
#define alignas(N) _tl_orig_alignas((N) <= 64 ? (N) : 64)
#include <cuda.h>
#undef alignas
#define alignas _tl_orig_alignas
#endif
#include <tl_templates/cuda/atomic.h>
#include <tl_templates/cuda/reduce.h>
#include <tl_templates/cuda/scan.h>
#include <tl_templates/cuda/ldsm.h>
#include <tl_templates/cuda/threadblock_swizzle.h>
#include <tl_templates/cuda/debug.h>
#ifdef ENABLE_BF16
#include <tl_templates/cuda/cuda_bf16_fallbacks.cuh>
#endif

extern "C" __global__ void decode_kernel(const float* __restrict__ Bs, const half_t* __restrict__ Kc, const half_t* __restrict__ Uc, const signed char* __restrict__ Z, const float* __restrict__ beta, const float* __restrict__ c, int* __restrict__ cnt, const float* __restrict__ g, const int* __restrict__ idx, const bfloat16_t* __restrict__ k, int* __restrict__ lst, bfloat16_t* __restrict__ o, const bfloat16_t* __restrict__ q, float* __restrict__ rg, half_t* __restrict__ rk, half_t* __restrict__ ru, const bfloat16_t* __restrict__ v, int* __restrict__ wnext, const int* __restrict__ wpos, int N, int NS, int par, float scale);
extern "C" __global__ void __launch_bounds__(256, 4) decode_kernel(const float* __restrict__ Bs, const half_t* __restrict__ Kc, const half_t* __restrict__ Uc, const signed char* __restrict__ Z, const float* __restrict__ beta, const float* __restrict__ c, int* __restrict__ cnt, const float* __restrict__ g, const int* __restrict__ idx, const bfloat16_t* __restrict__ k, int* __restrict__ lst, bfloat16_t* __restrict__ o, const bfloat16_t* __restrict__ q, float* __restrict__ rg, half_t* __restrict__ rk, half_t* __restrict__ ru, const bfloat16_t* __restrict__ v, int* __restrict__ wnext, const int* __restrict__ wpos, int N, int NS, int par, float scale) {
  extern __shared__ __align__(1024) uchar buf_dyn_shmem[];
  void* G = ((void*)((char*)buf_dyn_shmem + 0));
  void* Kcs = ((void*)((char*)buf_dyn_shmem + 8704));
  void* rks = ((void*)((char*)buf_dyn_shmem + 9728));
  void* workspace = ((void*)((char*)buf_dyn_shmem + 9728));
  void* rus = ((void*)((char*)buf_dyn_shmem + 13824));
  void* Ucs = ((void*)((char*)buf_dyn_shmem + 15872));
  void* cs = ((void*)((char*)buf_dyn_shmem + 16384));
  void* ws = ((void*)((char*)buf_dyn_shmem + 16384));
  void* kqs = ((void*)((char*)buf_dyn_shmem + 16512));
  void* wc = ((void*)((char*)buf_dyn_shmem + 16528));
  void* k16 = ((void*)((char*)buf_dyn_shmem + 16896));
  void* vb = ((void*)((char*)buf_dyn_shmem + 17152));
  void* bt = ((void*)((char*)buf_dyn_shmem + 17664));
  void* workspace_1 = ((void*)((char*)buf_dyn_shmem + 17680));
  void* workspace_2 = ((void*)((char*)buf_dyn_shmem + 17680));
  void* xs = ((void*)((char*)buf_dyn_shmem + 17680));
  void* zr = ((void*)((char*)buf_dyn_shmem + 17680));
  void* ys = ((void*)((char*)buf_dyn_shmem + 19216));
  signed char zl[32];
  float E1[8];
  float E2[8];
  float2 w1_pack[2];
  float w1[2];
  float2 w2_pack[2];
  float w2[2];
  float kqf[1];
  float kqr[1];
  float C1[2];
  float C2[2];
  float2 c1_pack[1];
  float c1[1];
  float2 c2_pack[1];
  float c2[1];
  float yl[32];
  float acc[2];
  float A1[1];
  float A2[1];
  int s = idx[((int64_t)((int)blockIdx.z))];
  int condval;
  if (((s < NS) && (0 <= s))) {
    condval = wpos[((int64_t)s)];
  } else {
    condval = 0;
  }
  int m = condval;
  #pragma unroll
  for (int ps = 0; ps < 2; ++ps) {
    signed char broadcast_var = (signed char)0;
    int4 condval_1;
    if (((s < NS) && (0 <= s))) {
      condval_1 = *(int4*)(Z + (((((((int64_t)s) * (int64_t)524288) + (((int64_t)((int)blockIdx.y)) * (int64_t)16384)) + (((int64_t)((int)blockIdx.x)) * (int64_t)8192)) + (((int64_t)ps) * (int64_t)4096)) + (((int64_t)((int)threadIdx.x)) * (int64_t)16)));
    } else {
      condval_1 = tl::broadcast<int4>(broadcast_var);
    }
    *(int4*)(zl + (ps * 16)) = condval_1;
  }
  #pragma unroll
  for (int i = 0; i < 2; ++i) {
    float broadcast_var_1 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_2;
    if ((((((i * 8) + (((int)threadIdx.x) >> 5)) < m) && (s < NS)) && (0 <= s))) {
      condval_2 = *(float4*)(rg + ((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)i) * (int64_t)1024)) + (((int64_t)((int)threadIdx.x)) * (int64_t)4)));
    } else {
      condval_2 = make_float4(broadcast_var_1, broadcast_var_1, broadcast_var_1, broadcast_var_1);
    }
    *(float4*)(((float*)G) + (((i * 1024) + (((int)threadIdx.x) * 4)) + 128)) = condval_2;
  }
  half_t broadcast_var_2 = half_t(0x0p+0f/*0.000000e+00*/);
  uint4 condval_3;
  if (((((((int)threadIdx.x) >> 4) < m) && (s < NS)) && (0 <= s))) {
    condval_3 = *(uint4*)(rk + (((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)((int)threadIdx.x)) * (int64_t)8)));
  } else {
    condval_3 = make_uint4(__pack_half2(broadcast_var_2, broadcast_var_2), __pack_half2(broadcast_var_2, broadcast_var_2), __pack_half2(broadcast_var_2, broadcast_var_2), __pack_half2(broadcast_var_2, broadcast_var_2));
  }
  *(uint4*)(((half_t*)rks) + (((int)threadIdx.x) * 8)) = condval_3;
  half_t broadcast_var_3 = half_t(0x0p+0f/*0.000000e+00*/);
  uint2 condval_4;
  if (((((((int)threadIdx.x) >> 4) < m) && (s < NS)) && (0 <= s))) {
    condval_4 = *(uint2*)(ru + (((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)4) * (int64_t)128)) + (((int64_t)((int)blockIdx.x)) * (int64_t)64)) + ((((int64_t)((int)threadIdx.x)) & (int64_t)15) * (int64_t)4)));
  } else {
    condval_4 = make_uint2(__pack_half2(broadcast_var_3, broadcast_var_3), __pack_half2(broadcast_var_3, broadcast_var_3));
  }
  *(uint2*)(((half_t*)rus) + (((int)threadIdx.x) * 4)) = condval_4;
  half_t broadcast_var_4 = half_t(0x0p+0f/*0.000000e+00*/);
  uint1 condval_5;
  if (((s < NS) && (0 <= s))) {
    condval_5 = *(uint1*)(Kc + (((((int64_t)s) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + (((int64_t)((int)threadIdx.x)) * (int64_t)2)));
  } else {
    condval_5 = make_uint1(__pack_half2(broadcast_var_4, broadcast_var_4));
  }
  *(uint1*)(((half_t*)Kcs) + (((int)threadIdx.x) * 2)) = condval_5;
  half_t condval_6;
  if (((s < NS) && (0 <= s))) {
    condval_6 = Uc[(((((((int64_t)s) * (int64_t)16384) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)6) * (int64_t)128)) + (((int64_t)((int)blockIdx.x)) * (int64_t)64)) + (((int64_t)((int)threadIdx.x)) & (int64_t)63))];
  } else {
    condval_6 = half_t(0x0p+0f/*0.000000e+00*/);
  }
  ((half_t*)Ucs)[((int)threadIdx.x)] = condval_6;
  if (((int)threadIdx.x) < 128) {
    float condval_7;
    if (((s < NS) && (0 <= s))) {
      condval_7 = c[(((((int64_t)s) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))];
    } else {
      condval_7 = 0x0p+0f/*0.000000e+00*/;
    }
    ((float*)cs)[((int)threadIdx.x)] = condval_7;
    ((half_t*)k16)[((int)threadIdx.x)] = ((half_t)k[(((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))]);
  }
  if (((int)threadIdx.x) < 64) {
    float condval_8;
    if (((s < NS) && (0 <= s))) {
      condval_8 = Bs[((((((int64_t)s) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + (((int64_t)((int)blockIdx.x)) * (int64_t)64)) + ((int64_t)((int)threadIdx.x)))];
    } else {
      condval_8 = 0x0p+0f/*0.000000e+00*/;
    }
    ((float*)vb)[((int)threadIdx.x)] = condval_8;
    ((float*)vb)[(((int)threadIdx.x) + 64)] = ((float)v[((((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + (((int64_t)((int)blockIdx.x)) * (int64_t)64)) + ((int64_t)((int)threadIdx.x)))]);
  }
  ((float*)bt)[0] = beta[((((int64_t)((int)blockIdx.z)) * (int64_t)32) + ((int64_t)((int)blockIdx.y)))];
  if (((int)threadIdx.x) < 128) {
    float a = expf(g[(((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))]);
    ((float*)xs)[((int)threadIdx.x)] = (a * ((float)k[(((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))]));
    ((float*)xs)[(((int)threadIdx.x) + 128)] = ((a * ((float)q[(((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))])) * scale);
    ((float*)xs)[(((int)threadIdx.x) + 256)] = ((((float)((half_t)k[(((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))])) * ((float)q[(((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))])) * scale);
  }
  __syncthreads();
  if (((int)threadIdx.x) < 128) {
    ((float*)G)[((int)threadIdx.x)] = 0x0p+0f/*0.000000e+00*/;
    for (int j = 0; j < 16; ++j) {
      ((float*)G)[(((j * 128) + ((int)threadIdx.x)) + 128)] = (((float*)G)[(((j * 128) + ((int)threadIdx.x)) + 128)] + ((float*)G)[((j * 128) + ((int)threadIdx.x))]);
    }
    float gm = expf(((float*)G)[((((int64_t)m) * (int64_t)128) + ((int64_t)((int)threadIdx.x)))]);
    tl::__sync_thread_partial(3, 128);
    ((float*)ys)[((int)threadIdx.x)] = ((((float*)cs)[((int)threadIdx.x)] * gm) * ((float*)xs)[((int)threadIdx.x)]);
    ((float*)ys)[(((int)threadIdx.x) + 128)] = ((((float*)cs)[((int)threadIdx.x)] * gm) * ((float*)xs)[(((int)threadIdx.x) + 128)]);
  }
  __syncthreads();
  #pragma unroll
  for (int i_1 = 0; i_1 < 2; ++i_1) {
    float broadcast_var_5 = 0x0p+0f/*0.000000e+00*/;
    float4 condval_9;
    if ((((i_1 * 8) + (((int)threadIdx.x) >> 5)) < m)) {
      float4 __1;
        float4 __2;
        float4 __3;
          float4 v_ = *(float4*)(((float*)G) + ((((int64_t)m) * (int64_t)128) + ((((int64_t)((int)threadIdx.x)) & (int64_t)31) * (int64_t)4)));
          float4 v__1 = *(float4*)(((float*)G) + (((i_1 * 1024) + (((int)threadIdx.x) * 4)) + 128));
          *(float2*)(&(__3.x)) = tl::sub2(*(float2*)(&(v_.x)), *(float2*)(&(v__1.x)));
          *(float2*)(&(__3.z)) = tl::sub2(*(float2*)(&(v_.z)), *(float2*)(&(v__1.z)));
        __2.x = expf(__3.x);
        __2.y = expf(__3.y);
        __2.z = expf(__3.z);
        __2.w = expf(__3.w);
        float4 __4;
        uint2 v__2 = *(uint2*)(((half_t*)rks) + ((i_1 * 1024) + (((int)threadIdx.x) * 4)));
        ((float2*)(&__4))[0] = __half22float2(((half2*)(&v__2))[0]);
        ((float2*)(&__4))[1] = __half22float2(((half2*)(&v__2))[1]);
        *(float2*)(&(__1.x)) = tl::mul2(*(float2*)(&(__2.x)), *(float2*)(&(__4.x)));
        *(float2*)(&(__1.z)) = tl::mul2(*(float2*)(&(__2.z)), *(float2*)(&(__4.z)));
      condval_9 = __1;
    } else {
      condval_9 = make_float4(broadcast_var_5, broadcast_var_5, broadcast_var_5, broadcast_var_5);
    }
    float4 dec = condval_9;
    float4 __5;
      float4 v__3 = *(float4*)(((float*)xs) + ((((int)threadIdx.x) & 31) * 4));
      *(float2*)(&(__5.x)) = tl::mul2(*(float2*)(&(dec.x)), *(float2*)(&(v__3.x)));
      *(float2*)(&(__5.z)) = tl::mul2(*(float2*)(&(dec.z)), *(float2*)(&(v__3.z)));
    *(float4*)(E1 + (i_1 * 4)) = __5;
    float4 __6;
      float4 v__4 = *(float4*)(((float*)xs) + (((((int)threadIdx.x) & 31) * 4) + 128));
      *(float2*)(&(__6.x)) = tl::mul2(*(float2*)(&(dec.x)), *(float2*)(&(v__4.x)));
      *(float2*)(&(__6.z)) = tl::mul2(*(float2*)(&(dec.z)), *(float2*)(&(v__4.z)));
    *(float4*)(E2 + (i_1 * 4)) = __6;
  }
  #pragma unroll
  for (int i_2 = 0; i_2 < 2; ++i_2) {
    float broadcast_var_6 = 0x0p+0f/*0.000000e+00*/;
    w1_pack[i_2] = make_float2(broadcast_var_6, broadcast_var_6);
    #pragma unroll
    for (int rv = 0; rv < 2; ++rv) {
      w1_pack[i_2] = tl::add2(w1_pack[i_2], *(float2*)(E1 + ((i_2 * 4) + (rv * 2))));
    }
    w1[i_2] = ((w1_pack[i_2]).x + (w1_pack[i_2]).y);
    w1[i_2] = tl::AllReduce<tl::SumOp, 32, 1, 0, tl::NamedBarrier<256>>::run(w1[i_2]);
  }
  #pragma unroll
  for (int i_3 = 0; i_3 < 2; ++i_3) {
    float broadcast_var_7 = 0x0p+0f/*0.000000e+00*/;
    w2_pack[i_3] = make_float2(broadcast_var_7, broadcast_var_7);
    #pragma unroll
    for (int rv_1 = 0; rv_1 < 2; ++rv_1) {
      w2_pack[i_3] = tl::add2(w2_pack[i_3], *(float2*)(E2 + ((i_3 * 4) + (rv_1 * 2))));
    }
    w2[i_3] = ((w2_pack[i_3]).x + (w2_pack[i_3]).y);
    w2[i_3] = tl::AllReduce<tl::SumOp, 32, 1, 0, tl::NamedBarrier<256>>::run(w2[i_3]);
  }
  __syncthreads();
  if ((((int)threadIdx.x) % 32) == 0) {
    #pragma unroll
    for (int i_4 = 0; i_4 < 2; ++i_4) {
      ((float*)ws)[((i_4 * 8) + (((int)threadIdx.x) >> 5))] = w1[i_4];
      ((float*)ws)[(((i_4 * 8) + (((int)threadIdx.x) >> 5)) + 16)] = w2[i_4];
    }
  }
  kqf[0] = ((float*)xs)[((((int)threadIdx.x) & 127) + 256)];
  kqr[0] = 0x0p+0f/*0.000000e+00*/;
  kqr[0] = (kqr[0] + kqf[0]);
  __syncthreads();
  kqr[0] = tl::AllReduce<tl::SumOp, 128, 1, 0, tl::NamedBarrier<256>>::run(kqr[0], (&(((float*)workspace)[0])));
  __syncthreads();
  if (((int)threadIdx.x) == 0) {
    ((float*)kqs)[0] = kqr[0];
  }
  __syncthreads();
  float2 __7;
    float2 __8;
    uint1 v__5 = *(uint1*)(((half_t*)Kcs) + (((int)threadIdx.x) * 2));
    ((float2*)(&__8))[0] = __half22float2(((half2*)(&v__5))[0]);
    float2 __9;
    float2 v__6 = *(float2*)(((float*)G) + ((((int64_t)m) * (int64_t)128) + ((((int64_t)((int)threadIdx.x)) & (int64_t)63) * (int64_t)2)));
    __9.x = expf(v__6.x);
    __9.y = expf(v__6.y);
    *(float2*)(&(__7.x)) = tl::mul2(*(float2*)(&(__8.x)), *(float2*)(&(__9.x)));
  float2 kk = __7;
  float2 __10;
    float2 v__7 = *(float2*)(((float*)xs) + ((((int)threadIdx.x) & 63) * 2));
    *(float2*)(&(__10.x)) = tl::mul2(*(float2*)(&(kk.x)), *(float2*)(&(v__7.x)));
  *(float2*)(C1 + 0) = __10;
  float2 __11;
    float2 v__8 = *(float2*)(((float*)xs) + (((((int)threadIdx.x) & 63) * 2) + 128));
    *(float2*)(&(__11.x)) = tl::mul2(*(float2*)(&(kk.x)), *(float2*)(&(v__8.x)));
  *(float2*)(C2 + 0) = __11;
  float broadcast_var_8 = 0x0p+0f/*0.000000e+00*/;
  c1_pack[0] = make_float2(broadcast_var_8, broadcast_var_8);
  c1_pack[0] = tl::add2(c1_pack[0], *(float2*)(C1 + 0));
  c1[0] = ((c1_pack[0]).x + (c1_pack[0]).y);
  __syncthreads();
  c1[0] = tl::AllReduce<tl::SumOp, 64, 1, 0, tl::NamedBarrier<256>>::run(c1[0], (&(((float*)workspace_1)[0])));
  float broadcast_var_9 = 0x0p+0f/*0.000000e+00*/;
  c2_pack[0] = make_float2(broadcast_var_9, broadcast_var_9);
  c2_pack[0] = tl::add2(c2_pack[0], *(float2*)(C2 + 0));
  c2[0] = ((c2_pack[0]).x + (c2_pack[0]).y);
  __syncthreads();
  c2[0] = tl::AllReduce<tl::SumOp, 64, 1, 0, tl::NamedBarrier<256>>::run(c2[0], (&(((float*)workspace_2)[0])));
  __syncthreads();
  if ((((int)threadIdx.x) % 64) == 0) {
    ((float*)wc)[(((int)threadIdx.x) >> 6)] = c1[0];
    ((float*)wc)[((((int)threadIdx.x) >> 6) + 4)] = c2[0];
  }
  #pragma unroll
  for (int e = 0; e < 16; ++e) {
    yl[e] = ((float*)ys)[(((((int)threadIdx.x) & 7) * 16) + e)];
    yl[(e + 16)] = ((float*)ys)[((((((int)threadIdx.x) & 7) * 16) + e) + 128)];
  }
  #pragma unroll
  for (int ps_1 = 0; ps_1 < 2; ++ps_1) {
    acc[0] = 0x0p+0f/*0.000000e+00*/;
    acc[1] = 0x0p+0f/*0.000000e+00*/;
    #pragma unroll
    for (int e_1 = 0; e_1 < 16; ++e_1) {
      float zz = ((float)zl[((ps_1 * 16) + e_1)]);
      acc[0] = (acc[0] + (zz * yl[e_1]));
      acc[1] = (acc[1] + (zz * yl[(e_1 + 16)]));
    }
    #pragma unroll
    for (int st = 0; st < 3; ++st) {
      acc[0] = (acc[0] + __shfl_xor_sync((uint)4294967295, acc[0], (8 >> (st + 1)), 32));
      acc[1] = (acc[1] + __shfl_xor_sync((uint)4294967295, acc[1], (8 >> (st + 1)), 32));
    }
    if ((((int)threadIdx.x) % 8) == 0) {
      ((float*)zr)[((ps_1 * 32) + (((int)threadIdx.x) >> 3))] = acc[0];
      ((float*)zr)[(((ps_1 * 32) + (((int)threadIdx.x) >> 3)) + 64)] = acc[1];
    }
  }
  __syncthreads();
  A1[0] = ((((float*)vb)[(((int)threadIdx.x) & 63)] * ((float*)zr)[(((int)threadIdx.x) & 63)]) * 0x1.0204081020408p-7f/*7.874016e-03*/);
  A2[0] = ((((float*)vb)[(((int)threadIdx.x) & 63)] * ((float*)zr)[((((int)threadIdx.x) & 63) + 64)]) * 0x1.0204081020408p-7f/*7.874016e-03*/);
  for (int j_1 = 0; j_1 < 16; ++j_1) {
    float condval_10;
    if ((j_1 < m)) {
      condval_10 = ((float)((half_t*)rus)[((j_1 * 64) + (((int)threadIdx.x) & 63))]);
    } else {
      condval_10 = 0x0p+0f/*0.000000e+00*/;
    }
    float uj = condval_10;
    A1[0] = (A1[0] + (((float*)ws)[j_1] * uj));
    A2[0] = (A2[0] + (((float*)ws)[(j_1 + 16)] * uj));
  }
  for (int j_2 = 0; j_2 < 4; ++j_2) {
    A1[0] = (A1[0] + (((float*)wc)[j_2] * ((float)((half_t*)Ucs)[((j_2 * 64) + (((int)threadIdx.x) & 63))])));
    A2[0] = (A2[0] + (((float*)wc)[(j_2 + 4)] * ((float)((half_t*)Ucs)[((j_2 * 64) + (((int)threadIdx.x) & 63))])));
  }
  if ((((int)threadIdx.x) >> 6) == 0) {
    half_t u16 = ((half_t)(((float*)bt)[0] * (((float*)vb)[((((int)threadIdx.x) & 63) + 64)] - A1[0])));
    if ((((s < NS) && (0 <= s)) && (m < 16)) && (0 <= m)) {
      ru[(((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)m) * (int64_t)128)) + (((int64_t)((int)blockIdx.x)) * (int64_t)64)) + (((int64_t)((int)threadIdx.x)) & (int64_t)63))] = u16;
    }
    o[((((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + (((int64_t)((int)blockIdx.x)) * (int64_t)64)) + (((int64_t)((int)threadIdx.x)) & (int64_t)63))] = ((bfloat16_t)(A2[0] + (((float)u16) * ((float*)kqs)[0])));
  }
  if (((int)blockIdx.x) == 0) {
    if (((int)threadIdx.x) < 128) {
      if ((((s < NS) && (0 <= s)) && (m < 16)) && (0 <= m)) {
        rk[((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)m) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = ((half_t*)k16)[((int)threadIdx.x)];
        rg[((((((int64_t)s) * (int64_t)65536) + (((int64_t)((int)blockIdx.y)) * (int64_t)2048)) + (((int64_t)m) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = g[(((((int64_t)((int)blockIdx.z)) * (int64_t)4096) + (((int64_t)((int)blockIdx.y)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))];
      }
    }
    if (((int)blockIdx.y) == 0) {
      wnext[((int64_t)((int)blockIdx.z))] = (m + 1);
      if (((int)threadIdx.x) == 0) {
        if (m == 15) {
          int condval_11;
          if (((par < 2) && (0 <= par))) {
            condval_11 = AtomicAddRet((&(cnt[((int64_t)par)])), 1);
          } else {
            condval_11 = 0;
          }
          int pos = condval_11;
          if ((pos < N) && (0 <= pos)) {
            lst[((int64_t)pos)] = s;
          }
        }
        if (((int)blockIdx.z) == 0) {
          if ((-1 < par) && (par <= 1)) {
            cnt[(1 - par)] = 0;
          }
        }
      }
    }
  }
}

