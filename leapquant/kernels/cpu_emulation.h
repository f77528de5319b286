// The CUDA that TileLang generates for leapquant's kernels, run on the CPU (leapquant/kernels/cpu_emulation.py).
// One std::thread per CUDA thread of a block, blocks one after another; __syncthreads is a real barrier of the
// block's threads, warp shuffles and tensor-core mma exchange through a per-warp scratch and a barrier of the warp's
// 32 threads (so a shuffle or mma that not every lane reaches deadlocks, as on the GPU it is undefined).
// cp.async copies complete at once (one legal schedule of the asynchronous copies: this is a functional check of
// the generated code, not a race detector). Only what the kernels use is here.
#pragma once
#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <math.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <map>
#include <mutex>
#include <memory>
#include <thread>
#include <type_traits>
#include <vector>

typedef unsigned char uchar;
typedef unsigned int uint;

struct emu_dim3 { unsigned x = 0, y = 0, z = 0; };
inline thread_local emu_dim3 threadIdx, blockIdx;

namespace emu {
struct Block {
  std::unique_ptr<std::barrier<>> all;
  std::vector<std::unique_ptr<std::barrier<>>> warp;
  std::vector<uint8_t> smem;
  std::vector<uint32_t> scratch;   // per warp: two halves of 32 lanes x 16 words, used in turn (exchange_buffer)
  std::mutex named_mutex;           // named barriers (bar.sync id, count), made when first reached
  std::map<int, std::unique_ptr<std::barrier<>>> named;
};
inline thread_local Block* blk = nullptr;
inline int lane() { return threadIdx.x & 31; }
inline void warp_sync() { blk->warp[threadIdx.x >> 5]->arrive_and_wait(); }
// The scratch half this lane's next warp exchange (shuffle, mma) writes; exchanges alternate halves, so one barrier
// per exchange suffices: a lane writes a half again only two exchanges later, after the barrier of the exchange in
// between, which every lane reaches only once it has read that half (every lane runs the same exchanges in order).
inline thread_local unsigned exchange_parity = 0;
inline uint32_t* exchange_buffer() {
  uint32_t* s = blk->scratch.data() + ((threadIdx.x >> 5) * 2 + exchange_parity) * 32 * 16;
  exchange_parity ^= 1;
  return s;
}
inline uchar* shared() { return blk->smem.data(); }
inline void named_sync(int id, int count) {
  std::barrier<>* b;
  {
    std::lock_guard<std::mutex> lock(blk->named_mutex);
    auto& slot = blk->named[id];
    if (!slot) slot = std::make_unique<std::barrier<>>(count);
    b = slot.get();
  }
  b->arrive_and_wait();
}

// grid (gx, gy, gz) of blocks of bx threads, smem bytes of dynamic shared memory each; body() is the kernel call
inline void run(unsigned gx, unsigned gy, unsigned gz, unsigned bx, size_t smem, const std::function<void()>& body) {
  for (unsigned z = 0; z < gz; ++z)
    for (unsigned y = 0; y < gy; ++y)
      for (unsigned x = 0; x < gx; ++x) {
        Block b;
        b.all = std::make_unique<std::barrier<>>(bx);
        for (unsigned w = 0; w < (bx + 31) / 32; ++w) b.warp.push_back(std::make_unique<std::barrier<>>(32));
        b.smem.assign(smem, 0xA5);          // poison: a read before any write shows up as garbage
        b.scratch.assign(((bx + 31) / 32) * 2 * 32 * 16, 0);
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < bx; ++t)
          ts.emplace_back([&, t] {
            blk = &b;
            threadIdx = {t, 0, 0};
            blockIdx = {x, y, z};
            body();
          });
        for (auto& th : ts) th.join();
      }
}
}  // namespace emu

#define __syncthreads() (emu::blk->all->arrive_and_wait())
#define __syncwarp(...) (emu::warp_sync())

namespace emu {
// Every lane of the warp publishes v (and the source line of its shuffle), then reads lane src's. Lanes at shuffles
// of different lines — a shuffle in each arm of a branch, which TileLang emits for a select around two shuffles —
// would meet at the same warp barrier and read each other's values silently; on the GPU that is undefined, here the
// kernel exits (code 70) naming both lines.
template <class T>
T shuffle(T v, int src, int line) {
  static_assert(sizeof(T) <= 8, "shuffle of a word or two");
  uint32_t* s = exchange_buffer();
  int l = lane();
  std::memcpy(s + 16 * l, &v, sizeof(T));
  s[16 * l + 15] = uint32_t(line);
  warp_sync();
  if (s[16 * src + 15] != uint32_t(line)) {
    std::fprintf(stderr, "emulation: divergent shuffle: lane %d at line %d reads lane %d at line %u\n", l, line, src,
                 s[16 * src + 15]);
    std::fflush(stderr);
    std::_Exit(70);   // (not abort: no signal, so no "Fatal Python error" from the forked child)
  }
  T r;
  std::memcpy(&r, s + 16 * src, sizeof(T));
  return r;
}

template <class T>
T shfl_xor(int line, T v, int mask, int width = 32) {
  int l = lane();
  return shuffle(v, (l & ~(width - 1)) | ((l ^ mask) & (width - 1)), line);
}

template <class T>
T shfl(int line, T v, int src_lane, int width = 32) {   // lane src_lane of this lane's group of `width`
  return shuffle(v, (lane() & ~(width - 1)) | (src_lane & (width - 1)), line);
}
}  // namespace emu

#define __shfl_xor_sync(mask, ...) emu::shfl_xor(__LINE__, __VA_ARGS__)
#define __shfl_sync(mask, ...) emu::shfl(__LINE__, __VA_ARGS__)

namespace emu {
inline int any_sync(int line, int pred) {   // the warp's vote (full mask), by butterflies of the emulated shuffle
  int r = pred != 0;
  for (int off = 16; off > 0; off >>= 1) r |= shfl_xor(line, r, off);
  return r;
}
}  // namespace emu
#define __any_sync(mask, pred) emu::any_sync(__LINE__, (pred))

// movmatrix.sync.aligned.m8n8.trans.b16 (boundary.regs.MOVMATRIX, which the emulation drops with the includes): lane
// (g, t) holds elements (g, 2t) and (g, 2t + 1) of an 8x8 b16 matrix in its low and high halves; afterwards those of
// the transposed matrix, (2t, g) and (2t + 1, g) of the original
inline uint lq_movm(uint x) {
  uint32_t* s = emu::exchange_buffer();
  int l = emu::lane();
  s[16 * l] = x;
  s[16 * l + 15] = 0xFFFFFFFFu;   // (not a shuffle's source line)
  emu::warp_sync();
  int g = l / 4, t = l % 4;
  auto el = [&](int r, int c) { return (s[16 * (r * 4 + c / 2)] >> (16 * (c % 2))) & 0xFFFFu; };
  return el(2 * t, g) | (el(2 * t + 1, g) << 16);
}

inline uint __byte_perm(uint x, uint y, uint s) {
  uint8_t b[8];
  std::memcpy(b, &x, 4);
  std::memcpy(b + 4, &y, 4);
  uint r = 0;
  for (int i = 0; i < 4; ++i) r |= uint(b[(s >> (4 * i)) & 7]) << (8 * i);
  return r;
}

inline float __frcp_rn(float x) { return 1.0f / x; }
inline int __float2int_rn(float x) {   // round to nearest even, saturating (cvt.rni.s32.f32); NaN -> 0
  if (!(x == x)) return 0;
  if (x >= 2147483647.0f) return 2147483647;
  if (x <= -2147483648.0f) return -2147483647 - 1;
  return int(std::nearbyint(x));
}
inline float __fmul_rn(float a, float b) { return a * b; }
inline float __fadd_rn(float a, float b) { return a + b; }
inline float __fmaf_rn(float a, float b, float c) { return std::fma(a, b, c); }
// expf, fabsf, sqrtf: the C library's (<cmath> declares them globally)
inline float rsqrtf(float x) { return 1.0f / std::sqrt(x); }   // (MUFU.RSQ on the GPU: within 2 ulp of this)
// decode.warp.FAST_EXP (ex2.approx.ftz of x log2 e; dropped with the includes): exp2f of the same product, which
// ex2.approx matches to ~2 ulp (the tests compare with the reference at their tolerance, not bit for bit)
inline float lq_exp(float x) { return exp2f(x * 1.4426950408889634f); }
template <class A, class B> inline auto max(A a, B b) { return a > b ? a : b; }
template <class A, class B> inline auto min(A a, B b) { return a < b ? a : b; }

struct bfloat16_t;
struct half_t {
  _Float16 h;
  half_t() = default;
  half_t(float f) : h((_Float16)f) {}
  half_t(bfloat16_t b);
  operator float() const { return (float)h; }
};
struct bfloat16_t {
  uint16_t b;
  bfloat16_t() = default;
  bfloat16_t(float f) {
    uint32_t u;
    std::memcpy(&u, &f, 4);
    if ((u & 0x7fffffff) > 0x7f800000) b = uint16_t((u >> 16) | 0x40);   // NaN stays NaN
    else b = uint16_t((u + 0x7fff + ((u >> 16) & 1)) >> 16);              // round to nearest even
  }
  operator float() const {
    uint32_t u = uint32_t(b) << 16;
    float f;
    std::memcpy(&f, &u, 4);
    return f;
  }
};
inline half_t::half_t(bfloat16_t b) : h((_Float16)(float)b) {}

struct alignas(16) int4 { int x, y, z, w; };
struct alignas(16) uint4 { uint x, y, z, w; };
struct alignas(16) float4 { float x, y, z, w; };
struct alignas(8) int2 { int x, y; };
struct alignas(8) uint2 { uint x, y; };
struct alignas(8) float2 { float x, y; };

inline int AtomicAddRet(int* p, int v) { return std::atomic_ref<int>(*p).fetch_add(v); }
struct uint1 { uint x; };
struct half2 { half_t x, y; };
inline float4 make_float4(float x, float y, float z, float w) { return {x, y, z, w}; }
inline float2 make_float2(float x, float y) { return {x, y}; }
inline uint1 make_uint1(uint x) { return {x}; }
inline uint2 make_uint2(uint x, uint y) { return {x, y}; }
inline uint4 make_uint4(uint x, uint y, uint z, uint w) { return {x, y, z, w}; }
struct __nv_bfloat162 { bfloat16_t x, y; };
inline uint __pack_nv_bfloat162(bfloat16_t a, bfloat16_t b) { return uint(a.b) | (uint(b.b) << 16); }
inline float2 __bfloat1622float2(__nv_bfloat162 h) { return {float(h.x), float(h.y)}; }
inline __nv_bfloat162 __float22bfloat162_rn(float2 f) { return {bfloat16_t(f.x), bfloat16_t(f.y)}; }
inline half2 __float22half2_rn(float2 f) { return {half_t(f.x), half_t(f.y)}; }
inline uint __pack_half2(half_t a, half_t b) {
  uint16_t lo, hi;
  std::memcpy(&lo, &a, 2);
  std::memcpy(&hi, &b, 2);
  return uint(lo) | (uint(hi) << 16);
}
inline float2 __half22float2(half2 h) { return {float(h.x), float(h.y)}; }
inline int4 make_int4(int x, int y, int z, int w) { return {x, y, z, w}; }

namespace tl {
enum class DataType { kInt8, kUInt8, kInt32, kFloat16, kBFloat16, kFloat32, kTensorFloat32 };

template <int N> inline void cp_async_gs(void* dst, const void* src) { std::memcpy(dst, src, N); }
template <int N> inline void cp_async_gs_conditional(void* dst, const void* src, bool pred) {
  if (pred) std::memcpy(dst, src, N);
  else std::memset(dst, 0, N);
}
inline void __sync_thread_partial(int barrier_id = 0, int thread_count = 0) { emu::named_sync(barrier_id, thread_count); }

inline float clamp(float x, float lo, float hi) {
  if (std::isnan(x)) return x;
  if (std::isnan(lo)) return lo;
  if (std::isnan(hi)) return hi;
  return std::fmin(std::fmax(x, lo), hi);
}

// one unit repeated across a wider vector type (tl_templates/cuda/common.h)
template <class V, class U> inline V broadcast(const U unit) {
  static_assert(sizeof(V) % sizeof(U) == 0, "vector size a multiple of the unit");
  V r;
  for (size_t i = 0; i < sizeof(V) / sizeof(U); ++i) std::memcpy(reinterpret_cast<char*>(&r) + i * sizeof(U), &unit, sizeof(U));
  return r;
}

struct SumOp { template <class T> T operator()(const T& x, const T& y) const { return x + y; } };
struct MaxOp { template <class T> T operator()(const T& x, const T& y) const { return x > y ? x : y; } };
struct MinOp { template <class T> T operator()(const T& x, const T& y) const { return x < y ? x : y; } };

// a named barrier over the whole block (the only kind the kernels use); a partial one would need its own barrier
template <int N> struct NamedBarrier {
  template <int id> static void sync() {
    if (N != int(emu::blk->warp.size()) * 32) std::abort();   // not the whole block: not emulated
    __syncthreads();
  }
};
struct SyncThreadsBarrier { template <int id> static void sync() { __syncthreads(); } };

// TileLang's butterfly all-reduce (tl_templates/cuda/reduce.h), the same steps: through shared memory across warps,
// by shuffles within one
template <class Reducer, int threads, int scale, int thread_offset = 0, class Barrier = SyncThreadsBarrier,
          int batch_size = 1, int workspace_stride = 0>
struct AllReduce {
  template <class T> static T run(T x, T* red_buf = nullptr) {
    if constexpr (threads == scale) {
      return x;
    } else {
      constexpr int offset = threads / 2;
      if constexpr (offset >= 32) {
        Barrier::template sync<1>();
        red_buf[threadIdx.x - thread_offset] = x;
        Barrier::template sync<2>();
        x = Reducer()(x, red_buf[(threadIdx.x - thread_offset) ^ offset]);
      } else {
        x = Reducer()(x, __shfl_xor_sync(0xffffffffu, x, offset));
      }
      if constexpr (offset == scale) return x;
      else return AllReduce<Reducer, threads / 2, scale, thread_offset, Barrier, batch_size, workspace_stride>::run(
          x, red_buf);
    }
  }
};

inline void cp_async_commit() {}
template <int N> inline void cp_async_wait() {}

// mma.sync, the three shapes the kernels use (PTX ISA fragment layouts; a lane is (group g = lane / 4, t = lane % 4)):
// m16n8k32 s8 x s8 + s32: A[g][4t..4t+3], A[g+8][4t..], A[g][4t+16..], A[g+8][4t+16..]; B[4t..4t+3][g], B[4t+16..][g];
// m16n8k8 f16 x f16 + f32: A[g][2t, 2t+1], A[g+8][2t, 2t+1]; B[2t, 2t+1][g];
// m16n8k8 tf32 x tf32 + f32: A[g][t], A[g+8][t], A[g][t+4], A[g+8][t+4]; B[t][g], B[t+4][g] (a word each, the fp32
// bits with the 13 low ones ignored); for all three C[g][2t, 2t+1], C[g+8][2t, 2t+1]
// (the INT8 layout the GPU tests confirmed). f16 and tf32 products are exact in fp32; the sum runs in k order (the
// tensor core's order and rounding of the sum are its own: results agree to fp32 rounding, not bit for bit)
inline float half_bits(uint32_t w, int which) {
  uint16_t h = uint16_t(w >> (16 * which));
  _Float16 f;
  std::memcpy(&f, &h, 2);
  return float(f);
}
template <DataType A, DataType B, DataType C, int M, int N, int K, bool TA, bool TB, bool Sat = false, class CT>
inline void mma_sync(CT* c, const unsigned* a, const unsigned* b) {
  static_assert(M == 16 && N == 8 && !TA && TB && !Sat, "only row x col m16n8 mma shapes are emulated");
  constexpr bool f16 = A == DataType::kFloat16, tf32 = A == DataType::kTensorFloat32;
  static_assert(f16 ? (B == DataType::kFloat16 && C == DataType::kFloat32 && K == 8)
                    : tf32 ? (B == DataType::kTensorFloat32 && C == DataType::kFloat32 && K == 8)
                    : (A == DataType::kInt8 && B == DataType::kInt8 && C == DataType::kInt32 && K == 32),
                "only the INT8 m16n8k32, the f16 m16n8k8 and the tf32 m16n8k8 (fp32 accumulate) mma are emulated");
  constexpr int NA = f16 ? 2 : 4, NB = f16 ? 1 : 2;
  uint32_t* s = emu::exchange_buffer();
  int l = emu::lane();
  for (int i = 0; i < NA; ++i) s[16 * l + i] = a[i];
  for (int i = 0; i < NB; ++i) s[16 * l + 4 + i] = b[i];
  emu::warp_sync();
  int g = l / 4, t = l % 4;
  for (int i = 0; i < 4; ++i) {
    int r = g + (i >= 2 ? 8 : 0), n = 2 * t + (i % 2);
    if constexpr (tf32) {
      auto word = [](uint32_t w) { w &= 0xFFFFE000u; float f; std::memcpy(&f, &w, 4); return f; };
      float acc = float(c[i]);
      for (int k = 0; k < 8; ++k)
        acc += word(s[16 * ((r % 8) * 4 + k % 4) + (r >= 8 ? 1 : 0) + (k >= 4 ? 2 : 0)]) *
               word(s[16 * (n * 4 + k % 4) + 4 + (k >= 4 ? 1 : 0)]);
      c[i] = CT(acc);
    } else if constexpr (f16) {
      float acc = float(c[i]);
      for (int k = 0; k < 8; ++k)
        acc += half_bits(s[16 * ((r % 8) * 4 + k / 2) + (r >= 8 ? 1 : 0)], k % 2) *
               half_bits(s[16 * (n * 4 + k / 2) + 4], k % 2);
      c[i] = CT(acc);
    } else {
      auto a_at = [&](int r, int k) {
        uint32_t w = s[16 * ((r % 8) * 4 + (k % 16) / 4) + (r >= 8 ? 1 : 0) + (k >= 16 ? 2 : 0)];
        return int(int8_t(w >> (8 * (k % 4))));
      };
      auto b_at = [&](int k, int n) {
        uint32_t w = s[16 * (n * 4 + (k % 16) / 4) + 4 + (k >= 16 ? 1 : 0)];
        return int(int8_t(w >> (8 * (k % 4))));
      };
      int32_t acc = int32_t(c[i]);
      for (int k = 0; k < 32; ++k) acc += a_at(r, k) * b_at(k, n);
      c[i] = CT(acc);
    }
  }
}
}  // namespace tl
