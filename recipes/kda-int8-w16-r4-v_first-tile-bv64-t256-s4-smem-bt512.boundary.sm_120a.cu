#if defined(_MSC_VER) && !defined(__clang__) && _MSC_VER < 1940
#define _tl_orig_alignas alignas
#define alignas(N) _tl_orig_alignas((N) <= 64 ? (N) : 64)
#include <cuda.h>
#undef alignas
#define alignas _tl_orig_alignas
#endif
#include <tl_templates/cuda/instruction/mma.h>
#include <tl_templates/cuda/reduce.h>
#include <tl_templates/cuda/scan.h>
#include <tl_templates/cuda/ldsm.h>
#include <tl_templates/cuda/threadblock_swizzle.h>
#include <tl_templates/cuda/debug.h>
#ifdef ENABLE_BF16
#include <tl_templates/cuda/cuda_bf16_fallbacks.cuh>
#endif

extern "C" __global__ void boundary_kernel(float* __restrict__ Bs, half_t* __restrict__ Kc, half_t* __restrict__ Uc, signed char* __restrict__ Z, float* __restrict__ c, const int* __restrict__ cnt, const int* __restrict__ idx, const int* __restrict__ lst, const float* __restrict__ rg, const half_t* __restrict__ rk, const half_t* __restrict__ ru, const int* __restrict__ wnext, int* __restrict__ wpos, int C, int N, int NS, int par);
extern "C" __global__ void __launch_bounds__(512, 1) boundary_kernel(float* __restrict__ Bs, half_t* __restrict__ Kc, half_t* __restrict__ Uc, signed char* __restrict__ Z, float* __restrict__ c, const int* __restrict__ cnt, const int* __restrict__ idx, const int* __restrict__ lst, const float* __restrict__ rg, const half_t* __restrict__ rk, const half_t* __restrict__ ru, const int* __restrict__ wnext, int* __restrict__ wpos, int C, int N, int NS, int par) {
  int nb[1];
  int sl[1];
  float gl[17];
  extern __shared__ __align__(1024) float Sm[];
  float kr[4];
  float rv[24];
  float cv[12];
  float acc[32];
  float rf[8];
  float cl[4];
  float tcf[4];
  uint taf[4];
  uint tbf[2];
  float ml[16];
  float red[4];
  float nr[2];
  float av[4];
  float sm[1];
  float xq[16];
  float rq[4];
  float v4[4];
  float w4[4];
  float cc2[2];
  if (((int)blockIdx.x) == 0) {
    int rmod = ((N - 1) % (C * 512));
    int rdiv = ((N - 1) / (C * 512));
    for (int t0 = 0; t0 < (((((0 <= C) && (0 <= rmod)) || ((C < 0) && (rmod <= 0))) ? rdiv : (rdiv - 1)) + 1); ++t0) {
      if (((((t0 * C) * 512) + (((int)blockIdx.y) * 512)) + ((int)threadIdx.x)) < N) {
        if (0 <= idx[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)512) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + ((int64_t)((int)threadIdx.x)))]) {
          if (idx[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)512) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + ((int64_t)((int)threadIdx.x)))] < NS) {
            int condval;
            if ((wnext[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)512) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + ((int64_t)((int)threadIdx.x)))] == 16)) {
              condval = 0;
            } else {
              condval = wnext[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)512) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + ((int64_t)((int)threadIdx.x)))];
            }
            wpos[idx[((((((int64_t)t0) * ((int64_t)C)) * (int64_t)512) + (((int64_t)((int)blockIdx.y)) * (int64_t)512)) + ((int64_t)((int)threadIdx.x)))]] = condval;
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
  int rmod_1 = ((max((nb[0] - ((int)blockIdx.y)), 0) - 1) % C);
  int rdiv_1 = ((max((nb[0] - ((int)blockIdx.y)), 0) - 1) / C);
  int trips = (((((0 <= C) && (0 <= rmod_1)) || ((C < 0) && (rmod_1 <= 0))) ? rdiv_1 : (rdiv_1 - 1)) + 1);
  for (int t = 0; t < trips; ++t) {
    int condval_3;
    if (((par < 2) && (0 <= par))) {
      condval_3 = cnt[((int64_t)par)];
    } else {
      condval_3 = 0;
    }
    int condval_2;
    if ((((t * C) + ((int)blockIdx.y)) < condval_3)) {
      int condval_4;
      if ((1 <= N)) {
        condval_4 = lst[min(((((int64_t)t) * ((int64_t)C)) + ((int64_t)((int)blockIdx.y))), (((int64_t)N) - (int64_t)1))];
      } else {
        condval_4 = 0;
      }
      condval_2 = condval_4;
    } else {
      condval_2 = -1;
    }
    sl[0] = condval_2;
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        gl[0] = 0x0p+0f/*0.000000e+00*/;
        #pragma unroll
        for (int j = 0; j < 16; ++j) {
          float condval_5;
          if (((0 <= sl[0]) && (sl[0] < NS))) {
            condval_5 = rg[((((((int64_t)sl[(int64_t)0]) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)j) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))];
          } else {
            condval_5 = 0x0p+0f/*0.000000e+00*/;
          }
          gl[(j + 1)] = (gl[j] + condval_5);
        }
        #pragma unroll
        for (int j_1 = 0; j_1 < 16; ++j_1) {
          half_t condval_6;
          if (((0 <= sl[0]) && (sl[0] < NS))) {
            condval_6 = rk[((((((int64_t)sl[(int64_t)0]) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)j_1) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))];
          } else {
            condval_6 = half_t(0x0p+0f/*0.000000e+00*/);
          }
          Sm[((((j_1 * 128) + ((((int)threadIdx.x) & 31) * 4)) + (((int)threadIdx.x) >> 5)) + 14336)] = (expf((gl[16] - gl[(j_1 + 1)])) * ((float)condval_6));
        }
        #pragma unroll
        for (int a = 0; a < 4; ++a) {
          half_t condval_7;
          if (((0 <= sl[0]) && (sl[0] < NS))) {
            condval_7 = Kc[((((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + (((int64_t)a) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))];
          } else {
            condval_7 = half_t(0x0p+0f/*0.000000e+00*/);
          }
          kr[a] = ((float)condval_7);
          Sm[((((a * 128) + ((((int)threadIdx.x) & 31) * 4)) + (((int)threadIdx.x) >> 5)) + 13824)] = (expf(gl[16]) * kr[a]);
        }
        Sm[(((int)threadIdx.x) + 18944)] = expf(gl[16]);
      } else {
        if (((int)threadIdx.x) < 256) {
          #pragma unroll
          for (int a_1 = 0; a_1 < 4; ++a_1) {
            half_t condval_8;
            if (((0 <= sl[0]) && (sl[0] < NS))) {
              condval_8 = Uc[(((((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + (((int64_t)a_1) * (int64_t)128)) + ((int64_t)((int)threadIdx.x))) - (int64_t)128)];
            } else {
              condval_8 = half_t(0x0p+0f/*0.000000e+00*/);
            }
            Sm[(((a_1 * 128) + ((int)threadIdx.x)) + 16256)] = ((float)condval_8);
          }
          #pragma unroll
          for (int j_2 = 0; j_2 < 16; ++j_2) {
            half_t condval_9;
            if (((0 <= sl[0]) && (sl[0] < NS))) {
              condval_9 = ru[(((((((int64_t)sl[(int64_t)0]) * (int64_t)65536) + (((int64_t)((int)blockIdx.x)) * (int64_t)2048)) + (((int64_t)j_2) * (int64_t)128)) + ((int64_t)((int)threadIdx.x))) - (int64_t)128)];
            } else {
              condval_9 = half_t(0x0p+0f/*0.000000e+00*/);
            }
            Sm[(((j_2 * 128) + ((int)threadIdx.x)) + 16768)] = ((float)condval_9);
          }
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      #pragma unroll
      for (int k = 0; k < 8; ++k) {
        float condval_10;
        if (((0 <= sl[0]) && (sl[0] < NS))) {
          condval_10 = Bs[((((((int64_t)sl[(int64_t)0]) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)8)) + ((int64_t)k))];
        } else {
          condval_10 = 0x0p+0f/*0.000000e+00*/;
        }
        rv[(k * 3)] = condval_10;
      }
      #pragma unroll
      for (int cc = 0; cc < 4; ++cc) {
        float condval_11;
        if (((0 <= sl[0]) && (sl[0] < NS))) {
          condval_11 = c[((((((int64_t)sl[(int64_t)0]) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + (((int64_t)cc) * (int64_t)32)) + (((int64_t)((int)threadIdx.x)) & (int64_t)31))];
        } else {
          condval_11 = 0x0p+0f/*0.000000e+00*/;
        }
        cv[(cc * 3)] = condval_11;
        cv[((cc * 3) + 1)] = Sm[(((cc * 32) + (((int)threadIdx.x) & 31)) + 18944)];
      }
      #pragma unroll
      for (int k_1 = 0; k_1 < 8; ++k_1) {
        #pragma unroll
        for (int cc_1 = 0; cc_1 < 4; ++cc_1) {
          float ci = cv[(cc_1 * 3)];
          float bj = rv[(k_1 * 3)];
          float ep = cv[((cc_1 * 3) + 1)];
          signed char condval_12;
          if (((0 <= sl[0]) && (sl[0] < NS))) {
            condval_12 = Z[((((((((int64_t)sl[(int64_t)0]) * (int64_t)524288) + (((int64_t)((int)blockIdx.x)) * (int64_t)16384)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)5) * (int64_t)1024)) + (((int64_t)k_1) * (int64_t)128)) + (((int64_t)cc_1) * (int64_t)32)) + (((int64_t)((int)threadIdx.x)) & (int64_t)31))];
          } else {
            condval_12 = (signed char)0;
          }
          acc[((k_1 * 4) + cc_1)] = (ep * ((ci * (((float)condval_12) * 0x1.0204081020408p-7f/*7.874016e-03*/)) * bj));
        }
      }
      for (int tt = 0; tt < 20; ++tt) {
        for (int k_2 = 0; k_2 < 2; ++k_2) {
          *(float4*)(rf + (k_2 * 4)) = *(float4*)(Sm + ((((tt * 128) + ((((int)threadIdx.x) >> 5) * 8)) + (k_2 * 4)) + 16384));
        }
        *(float4*)(cl + 0) = *(float4*)(Sm + (((tt * 128) + ((((int)threadIdx.x) & 31) * 4)) + 13824));
        #pragma unroll
        for (int k_3 = 0; k_3 < 8; ++k_3) {
          #pragma unroll
          for (int cc_2 = 0; cc_2 < 4; ++cc_2) {
            acc[((k_3 * 4) + cc_2)] = (acc[((k_3 * 4) + cc_2)] + (cl[cc_2] * rf[k_3]));
          }
        }
      }
      __syncthreads();
      #pragma unroll
      for (int k_4 = 0; k_4 < 8; ++k_4) {
        #pragma unroll
        for (int cc_3 = 0; cc_3 < 4; ++cc_3) {
          Sm[(((((((int)threadIdx.x) >> 5) * 1032) + (k_4 * 129)) + (cc_3 * 32)) + (((int)threadIdx.x) & 31))] = acc[((k_4 * 4) + cc_3)];
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        #pragma unroll
        for (int a_2 = 0; a_2 < 4; ++a_2) {
          Sm[(((((int)threadIdx.x) * 4) + a_2) + 16512)] = kr[a_2];
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      for (int _it = 0; _it < 2; ++_it) {
        #pragma unroll
        for (int i = 0; i < 4; ++i) {
          tcf[i] = 0x0p+0f/*0.000000e+00*/;
        }
        #pragma unroll 4
        for (int kt = 0; kt < 8; ++kt) {
          #pragma unroll
          for (int i_1 = 0; i_1 < 4; ++i_1) {
            float v_ = Sm[((((((((((((int)threadIdx.x) & 255) >> 7) * 8256) + ((i_1 & 1) * 4128)) + (((((int)threadIdx.x) & 31) >> 2) * 516)) + (((((int)threadIdx.x) & 127) >> 5) * 129)) + ((((int)threadIdx.x) >> 8) * 64)) + (kt * 8)) + ((i_1 >> 1) * 4)) + (((int)threadIdx.x) & 3))];
            taf[i_1] = ((*(uint *)(&(v_))) & (uint)4294959104);
          }
          #pragma unroll
          for (int i_2 = 0; i_2 < 2; ++i_2) {
            uint condval_13;
            if (((((int)threadIdx.x) & 31) < 16)) {
              float v__1 = Sm[(((((((((int)threadIdx.x) >> 8) * 256) + (kt * 32)) + (i_2 * 16)) + ((((int)threadIdx.x) & 3) * 4)) + ((((int)threadIdx.x) & 31) >> 2)) + 16512)];
              condval_13 = ((*(uint *)(&(v__1))) & (uint)4294959104);
            } else {
              condval_13 = (uint)0;
            }
            tbf[i_2] = condval_13;
          }
          tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(tcf + 0), reinterpret_cast<const unsigned*>(taf + 0), reinterpret_cast<const unsigned*>(tbf + 0));
        }
        if (255 < ((int)threadIdx.x)) {
          if ((((int)threadIdx.x) & 3) < 2) {
            #pragma unroll
            for (int i_3 = 0; i_3 < 4; ++i_3) {
              Sm[((((((((((int)threadIdx.x) >> 7) * 256) + ((i_3 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_3 & 1)) + 17024)] = tcf[i_3];
            }
          }
        }
        __syncthreads();
        if ((((int)threadIdx.x) >> 8) == 0) {
          if ((((int)threadIdx.x) & 3) < 2) {
            #pragma unroll
            for (int i_4 = 0; i_4 < 4; ++i_4) {
              Sm[(((((((((((int)threadIdx.x) & 255) >> 7) * 256) + ((i_4 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_4 & 1)) + 17024)] = (tcf[i_4] + Sm[(((((((((((int)threadIdx.x) & 255) >> 7) * 256) + ((i_4 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_4 & 1)) + 17536)]);
            }
          }
        }
        __syncthreads();
        #pragma unroll
        for (int i_5 = 0; i_5 < 4; ++i_5) {
          tcf[i_5] = 0x0p+0f/*0.000000e+00*/;
        }
        #pragma unroll 4
        for (int kt_1 = 0; kt_1 < 8; ++kt_1) {
          #pragma unroll
          for (int i_6 = 0; i_6 < 4; ++i_6) {
            float v__2 = Sm[(((((((((((int)threadIdx.x) >> 8) * 8256) + (kt_1 * 1032)) + ((i_6 >> 1) * 516)) + ((((int)threadIdx.x) & 3) * 129)) + (((((int)threadIdx.x) & 255) >> 7) * 64)) + ((i_6 & 1) * 32)) + (((((int)threadIdx.x) & 31) >> 2) * 4)) + ((((int)threadIdx.x) & 127) >> 5))];
            taf[i_6] = ((*(uint *)(&(v__2))) & (uint)4294959104);
          }
          #pragma unroll
          for (int i_7 = 0; i_7 < 2; ++i_7) {
            uint condval_14;
            if (((((int)threadIdx.x) & 31) < 16)) {
              float v__3 = Sm[(((((((((int)threadIdx.x) >> 8) * 256) + (kt_1 * 32)) + (i_7 * 16)) + ((((int)threadIdx.x) & 3) * 4)) + ((((int)threadIdx.x) & 31) >> 2)) + 17024)];
              condval_14 = ((*(uint *)(&(v__3))) & (uint)4294959104);
            } else {
              condval_14 = (uint)0;
            }
            tbf[i_7] = condval_14;
          }
          tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(tcf + 0), reinterpret_cast<const unsigned*>(taf + 0), reinterpret_cast<const unsigned*>(tbf + 0));
        }
        if (255 < ((int)threadIdx.x)) {
          if ((((int)threadIdx.x) & 3) < 2) {
            #pragma unroll
            for (int i_8 = 0; i_8 < 4; ++i_8) {
              Sm[((((((((((int)threadIdx.x) >> 7) * 256) + ((i_8 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_8 & 1)) + 17024)] = tcf[i_8];
            }
          }
        }
        __syncthreads();
        if ((((int)threadIdx.x) >> 8) == 0) {
          if ((((int)threadIdx.x) & 3) < 2) {
            #pragma unroll
            for (int i_9 = 0; i_9 < 4; ++i_9) {
              Sm[(((((((((((int)threadIdx.x) & 255) >> 7) * 256) + ((i_9 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_9 & 1)) + 16512)] = (tcf[i_9] + Sm[(((((((((((int)threadIdx.x) & 255) >> 7) * 256) + ((i_9 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_9 & 1)) + 17536)]);
            }
          }
        }
        __syncthreads();
        if (((int)threadIdx.x) < 32) {
          #pragma unroll
          for (int e = 0; e < 4; ++e) {
            *(float4*)(ml + (e * 4)) = *(float4*)(Sm + (((e * 128) + (((int)threadIdx.x) * 4)) + 16512));
          }
          #pragma unroll
          for (int b2 = 0; b2 < 4; ++b2) {
            red[b2] = (ml[b2] * ml[b2]);
            #pragma unroll
            for (int e_1 = 1; e_1 < 4; ++e_1) {
              red[b2] = (red[b2] + (ml[((e_1 * 4) + b2)] * ml[((e_1 * 4) + b2)]));
            }
            #pragma unroll
            for (int st = 0; st < 5; ++st) {
              red[b2] = (red[b2] + __shfl_xor_sync((uint)4294967295, red[b2], (16 >> st), 32));
            }
            nr[0] = sqrtf(red[b2]);
            nr[1] = __frcp_rn(nr[0]);
            #pragma unroll
            for (int e_2 = 0; e_2 < 4; ++e_2) {
              float condval_15;
              if ((0x0p+0f/*0.000000e+00*/ < red[b2])) {
                condval_15 = __fmaf_rn(nr[1], __fmaf_rn((nr[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(ml[((e_2 * 4) + b2)], nr[1]), ml[((e_2 * 4) + b2)]), __fmul_rn(ml[((e_2 * 4) + b2)], nr[1]));
              } else {
                condval_15 = 0x0p+0f/*0.000000e+00*/;
              }
              ml[((e_2 * 4) + b2)] = condval_15;
            }
            #pragma unroll
            for (int a_3 = (b2 + 1); a_3 < 4; ++a_3) {
              red[a_3] = (ml[a_3] * ml[b2]);
              #pragma unroll
              for (int e_3 = 1; e_3 < 4; ++e_3) {
                red[a_3] = (red[a_3] + (ml[((e_3 * 4) + a_3)] * ml[((e_3 * 4) + b2)]));
              }
            }
            #pragma unroll
            for (int st_1 = 0; st_1 < 5; ++st_1) {
              #pragma unroll
              for (int a_4 = (b2 + 1); a_4 < 4; ++a_4) {
                red[a_4] = (red[a_4] + __shfl_xor_sync((uint)4294967295, red[a_4], (16 >> st_1), 32));
              }
            }
            #pragma unroll
            for (int a_5 = (b2 + 1); a_5 < 4; ++a_5) {
              #pragma unroll
              for (int e_4 = 0; e_4 < 4; ++e_4) {
                ml[((e_4 * 4) + a_5)] = (ml[((e_4 * 4) + a_5)] - (red[a_5] * ml[((e_4 * 4) + b2)]));
              }
            }
          }
          #pragma unroll
          for (int b2_1 = 0; b2_1 < 4; ++b2_1) {
            float condval_16;
            if ((0x0p+0f/*0.000000e+00*/ < red[b2_1])) {
              condval_16 = ml[b2_1];
            } else {
              float condval_17;
              if ((((int)threadIdx.x) == b2_1)) {
                condval_17 = 0x1p+0f/*1.000000e+00*/;
              } else {
                condval_17 = 0x0p+0f/*0.000000e+00*/;
              }
              condval_16 = condval_17;
            }
            ml[b2_1] = condval_16;
          }
          #pragma unroll
          for (int e_5 = 0; e_5 < 4; ++e_5) {
            *(float4*)(Sm + (((e_5 * 128) + (((int)threadIdx.x) * 4)) + 16512)) = *(float4*)(ml + (e_5 * 4));
          }
        }
        __syncthreads();
      }
    }
    if (0 <= sl[0]) {
      #pragma unroll
      for (int i_10 = 0; i_10 < 4; ++i_10) {
        tcf[i_10] = 0x0p+0f/*0.000000e+00*/;
      }
    }
    if (0 <= sl[0]) {
      #pragma unroll 4
      for (int kt_2 = 0; kt_2 < 8; ++kt_2) {
        #pragma unroll
        for (int i_11 = 0; i_11 < 4; ++i_11) {
          float v__4 = Sm[((((((((((((int)threadIdx.x) & 255) >> 7) * 8256) + ((i_11 & 1) * 4128)) + (((((int)threadIdx.x) & 31) >> 2) * 516)) + (((((int)threadIdx.x) & 127) >> 5) * 129)) + ((((int)threadIdx.x) >> 8) * 64)) + (kt_2 * 8)) + ((i_11 >> 1) * 4)) + (((int)threadIdx.x) & 3))];
          taf[i_11] = ((*(uint *)(&(v__4))) & (uint)4294959104);
        }
        #pragma unroll
        for (int i_12 = 0; i_12 < 2; ++i_12) {
          uint condval_18;
          if (((((int)threadIdx.x) & 31) < 16)) {
            float v__5 = Sm[(((((((((int)threadIdx.x) >> 8) * 256) + (kt_2 * 32)) + (i_12 * 16)) + ((((int)threadIdx.x) & 3) * 4)) + ((((int)threadIdx.x) & 31) >> 2)) + 16512)];
            condval_18 = ((*(uint *)(&(v__5))) & (uint)4294959104);
          } else {
            condval_18 = (uint)0;
          }
          tbf[i_12] = condval_18;
        }
        tl::mma_sync<tl::DataType::kTensorFloat32, tl::DataType::kTensorFloat32, tl::DataType::kFloat32, 16, 8, 8, false, true>(reinterpret_cast<float*>(tcf + 0), reinterpret_cast<const unsigned*>(taf + 0), reinterpret_cast<const unsigned*>(tbf + 0));
      }
    }
    if (0 <= sl[0]) {
      if (255 < ((int)threadIdx.x)) {
        if ((((int)threadIdx.x) & 3) < 2) {
          #pragma unroll
          for (int i_13 = 0; i_13 < 4; ++i_13) {
            Sm[(((((((((((int)threadIdx.x) & 255) >> 7) * 256) + ((i_13 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_13 & 1)) + 17536)] = tcf[i_13];
          }
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      if ((((int)threadIdx.x) >> 8) == 0) {
        if ((((int)threadIdx.x) & 3) < 2) {
          #pragma unroll
          for (int i_14 = 0; i_14 < 4; ++i_14) {
            Sm[(((((((((((int)threadIdx.x) & 255) >> 7) * 256) + ((i_14 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_14 & 1)) + 17024)] = (tcf[i_14] + Sm[(((((((((((int)threadIdx.x) & 255) >> 7) * 256) + ((i_14 >> 1) * 128)) + (((((int)threadIdx.x) & 31) >> 2) * 16)) + (((((int)threadIdx.x) & 127) >> 5) * 4)) + ((((int)threadIdx.x) & 3) * 2)) + (i_14 & 1)) + 17536)]);
          }
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      if (0 <= sl[0]) {
        if (sl[0] < NS) {
          Uc[(((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + ((int64_t)((int)threadIdx.x)))] = ((half_t)Sm[((((((int)threadIdx.x) & 127) * 4) + (((int)threadIdx.x) >> 7)) + 17024)]);
        }
      }
      Sm[((((((int)threadIdx.x) & 127) * 4) + (((int)threadIdx.x) >> 7)) + 17024)] = ((float)((half_t)Sm[((((((int)threadIdx.x) & 127) * 4) + (((int)threadIdx.x) >> 7)) + 17024)]));
    }
    if (0 <= sl[0]) {
      if (0 <= sl[0]) {
        if (sl[0] < NS) {
          Kc[(((((int64_t)sl[(int64_t)0]) * (int64_t)16384) + (((int64_t)((int)blockIdx.x)) * (int64_t)512)) + ((int64_t)((int)threadIdx.x)))] = ((half_t)Sm[((((((int)threadIdx.x) & 127) * 4) + (((int)threadIdx.x) >> 7)) + 16512)]);
        }
      }
      Sm[((((((int)threadIdx.x) & 127) * 4) + (((int)threadIdx.x) >> 7)) + 16512)] = ((float)((half_t)Sm[((((((int)threadIdx.x) & 127) * 4) + (((int)threadIdx.x) >> 7)) + 16512)]));
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      *(float4*)(av + 0) = *(float4*)(Sm + (((((int)threadIdx.x) & 127) * 4) + 16512));
    }
    if (0 <= sl[0]) {
      sm[0] = 0x0p+0f/*0.000000e+00*/;
    }
    if (0 <= sl[0]) {
      for (int m = 0; m < 8; ++m) {
        __syncthreads();
        #pragma unroll
        for (int e_6 = 0; e_6 < 4; ++e_6) {
          *(float4*)(xq + (e_6 * 4)) = *(float4*)(Sm + (((((((int)threadIdx.x) >> 7) * 128) + (m * 16)) + (e_6 * 4)) + 17024));
          rq[e_6] = Sm[(((((((int)threadIdx.x) >> 7) * 4128) + (m * 516)) + (e_6 * 129)) + (((int)threadIdx.x) & 127))];
        }
        __syncthreads();
        #pragma unroll
        for (int e_7 = 0; e_7 < 4; ++e_7) {
          rq[e_7] = (rq[e_7] - ((((av[0] * xq[(e_7 * 4)]) + (av[1] * xq[((e_7 * 4) + 1)])) + (av[2] * xq[((e_7 * 4) + 2)])) + (av[3] * xq[((e_7 * 4) + 3)])));
          Sm[(((((((int)threadIdx.x) >> 7) * 4128) + (m * 516)) + (e_7 * 129)) + (((int)threadIdx.x) & 127))] = rq[e_7];
          sm[0] = (sm[0] + fabsf(rq[e_7]));
        }
      }
    }
    if (0 <= sl[0]) {
      if (128 <= ((int)threadIdx.x)) {
        Sm[(((int)threadIdx.x) + 17408)] = sm[0];
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        sm[0] = max(sqrtf(((((sm[0] + Sm[(((int)threadIdx.x) + 17536)]) + Sm[(((int)threadIdx.x) + 17664)]) + Sm[(((int)threadIdx.x) + 17792)]) / 0x1p+7f/*1.280000e+02*/)), 0x1.5798ee2308c3ap-27f/*1.000000e-08*/);
      }
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        Sm[(((int)threadIdx.x) + 17920)] = sm[0];
      }
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        Sm[(((int)threadIdx.x) + 18048)] = __frcp_rn(sm[0]);
      }
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            c[(((((int64_t)sl[(int64_t)0]) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = sm[0];
          }
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      sm[0] = 0x0p+0f/*0.000000e+00*/;
    }
    if (0 <= sl[0]) {
      for (int m4 = 0; m4 < 8; ++m4) {
        *(float4*)(v4 + 0) = *(float4*)(Sm + ((((((int)threadIdx.x) >> 7) * 32) + (m4 * 4)) + 17920));
        *(float4*)(w4 + 0) = *(float4*)(Sm + ((((((int)threadIdx.x) >> 7) * 32) + (m4 * 4)) + 18048));
        #pragma unroll
        for (int e_8 = 0; e_8 < 4; ++e_8) {
          sm[0] = max(sm[0], fabsf(__fmaf_rn(w4[e_8], __fmaf_rn((v4[e_8] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(Sm[(((((((int)threadIdx.x) & 127) * 129) + ((((int)threadIdx.x) >> 7) * 32)) + (m4 * 4)) + e_8)], w4[e_8]), Sm[(((((((int)threadIdx.x) & 127) * 129) + ((((int)threadIdx.x) >> 7) * 32)) + (m4 * 4)) + e_8)]), __fmul_rn(Sm[(((((((int)threadIdx.x) & 127) * 129) + ((((int)threadIdx.x) >> 7) * 32)) + (m4 * 4)) + e_8)], w4[e_8]))));
        }
      }
    }
    if (0 <= sl[0]) {
      if (128 <= ((int)threadIdx.x)) {
        Sm[(((int)threadIdx.x) + 16384)] = sm[0];
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        sm[0] = max(sm[0], Sm[(((int)threadIdx.x) + 16512)]);
      }
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        sm[0] = max(sm[0], Sm[(((int)threadIdx.x) + 16640)]);
      }
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        sm[0] = max(sm[0], Sm[(((int)threadIdx.x) + 16768)]);
      }
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        float condval_19;
        if ((0x0p+0f/*0.000000e+00*/ < sm[0])) {
          float condval_20;
          if ((0x1.54484932d2e72p-120f/*1.000000e-36*/ <= sm[0])) {
            condval_20 = __fmaf_rn(__frcp_rn(sm[0]), __fmaf_rn((sm[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(0x1.fcp+6f/*1.270000e+02*/, __frcp_rn(sm[0])), 0x1.fcp+6f/*1.270000e+02*/), __fmul_rn(0x1.fcp+6f/*1.270000e+02*/, __frcp_rn(sm[0])));
          } else {
            condval_20 = (0x1.fcp+6f/*1.270000e+02*/ / sm[0]);
          }
          condval_19 = condval_20;
        } else {
          condval_19 = 0x0p+0f/*0.000000e+00*/;
        }
        Sm[(((int)threadIdx.x) + 16896)] = condval_19;
      }
    }
    if (0 <= sl[0]) {
      if (((int)threadIdx.x) < 128) {
        if (0 <= sl[0]) {
          if (sl[0] < NS) {
            Bs[(((((int64_t)sl[(int64_t)0]) * (int64_t)4096) + (((int64_t)((int)blockIdx.x)) * (int64_t)128)) + ((int64_t)((int)threadIdx.x)))] = sm[0];
          }
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
    if (0 <= sl[0]) {
      cc2[0] = Sm[((((int)threadIdx.x) & 127) + 17920)];
    }
    if (0 <= sl[0]) {
      cc2[1] = Sm[((((int)threadIdx.x) & 127) + 18048)];
    }
    if (0 <= sl[0]) {
      for (int m4_1 = 0; m4_1 < 8; ++m4_1) {
        *(float4*)(v4 + 0) = *(float4*)(Sm + ((((((int)threadIdx.x) >> 7) * 32) + (m4_1 * 4)) + 16896));
        #pragma unroll
        for (int e_9 = 0; e_9 < 4; ++e_9) {
          float yq = (__fmaf_rn(cc2[1], __fmaf_rn((cc2[0] * -0x1p+0f/*-1.000000e+00*/), __fmul_rn(Sm[(((((((int)threadIdx.x) >> 7) * 4128) + (m4_1 * 516)) + (e_9 * 129)) + (((int)threadIdx.x) & 127))], cc2[1]), Sm[(((((((int)threadIdx.x) >> 7) * 4128) + (m4_1 * 516)) + (e_9 * 129)) + (((int)threadIdx.x) & 127))]), __fmul_rn(Sm[(((((((int)threadIdx.x) >> 7) * 4128) + (m4_1 * 516)) + (e_9 * 129)) + (((int)threadIdx.x) & 127))], cc2[1])) * v4[e_9]);
          if (0 <= sl[0]) {
            if (sl[0] < NS) {
              Z[((((((((int64_t)sl[(int64_t)0]) * (int64_t)524288) + (((int64_t)((int)blockIdx.x)) * (int64_t)16384)) + ((((int64_t)((int)threadIdx.x)) >> (int64_t)7) * (int64_t)4096)) + (((int64_t)m4_1) * (int64_t)512)) + (((int64_t)e_9) * (int64_t)128)) + (((int64_t)((int)threadIdx.x)) & (int64_t)127))] = ((signed char)max(min(__float2int_rn(yq), 127), -127));
            }
          }
        }
      }
    }
    if (0 <= sl[0]) {
      __syncthreads();
    }
  }
}

