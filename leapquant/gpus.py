"""GPUs by the names recipes and the tuner use: the kernel architecture each one runs, and its public specifications.

``GPU_ARCH`` names the GPUs the kernels run on and the kernel architecture of each (:mod:`leapquant.kernels.arch`):
``sm_90`` for Hopper (the kernels compile its ``sm_90a`` features), ``sm_100`` for data-centre Blackwell, ``sm_120`` for
workstation and consumer Blackwell. ``SPECS`` is a wider table of specifications (SM count, DRAM bandwidth, L2, shared
memory, clocks, FP32 rate), each figure with the public document it comes from, for a cost model that predicts
decode-kernel time on GPUs not at hand; it also holds GPUs the kernels have no build for (A100, L40S).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from leapquant.errors import InputError

GPU_ARCH: dict[str, str] = {
    "h100": "sm_90",
    "h200": "sm_90",
    "b200": "sm_100",
    "gb200": "sm_100",
    "rtx-pro-6000": "sm_120",
    "rtx-5090": "sm_120",
}
"""GPU name → kernel architecture, for the GPUs the kernels run on."""


def names() -> list[str]:
    return list(GPU_ARCH)


def arch_of(gpu: str) -> str:
    """The kernel architecture of `gpu`; InputError naming the known GPUs otherwise."""
    if gpu not in GPU_ARCH:
        if gpu in SPECS:
            sm = SPECS[gpu].sm
            raise InputError(f"gpu {gpu!r} is {sm} ({SPECS[gpu].marketing_name}): the kernels do not run on {sm}; "
                             f"they run on {names()}")
        raise InputError(f"gpu must be one of {names()}, got {gpu!r}")
    return GPU_ARCH[gpu]


NUMERIC = ("sms", "dram_gb", "dram_tb_s", "l2_mb", "shared_per_sm_kib", "registers_per_sm", "max_threads_per_sm",
           "boost_mhz", "fp32_tflops")
"""The numeric figures of a :class:`GPUSpec`; each one, and the compute capability, needs a source."""
SOURCED = ("compute_capability",) + NUMERIC
_INTS = ("sms", "shared_per_sm_kib", "registers_per_sm", "max_threads_per_sm", "boost_mhz")


@dataclass(frozen=True)
class GPUSpec:
    """One GPU's public figures. ``sources`` maps each figure's field name to the URL (and section or quote) it is from.

    Units: ``dram_gb`` and ``dram_tb_s`` are decimal (as vendors quote them), ``l2_mb`` is the vendor's MB,
    ``shared_per_sm_kib`` the largest shared-memory carveout of one SM, ``fp32_tflops`` the dense non-tensor FP32 peak.
    """

    name: str
    marketing_name: str
    compute_capability: str
    sms: int
    dram_gb: float
    dram_tb_s: float
    l2_mb: float
    shared_per_sm_kib: int
    registers_per_sm: int
    max_threads_per_sm: int
    boost_mhz: int
    fp32_tflops: float
    sources: dict[str, str] = field(default_factory=dict)

    def __post_init__(self):
        if not re.fullmatch(r"\d+\.\d+", self.compute_capability):
            raise InputError(f"{self.name}: compute_capability must look like '9.0', got {self.compute_capability!r}")
        for f in NUMERIC:
            v = getattr(self, f)
            integral = isinstance(v, int) and not isinstance(v, bool)
            if f in _INTS and not integral:
                raise InputError(f"{self.name}: {f} must be an int, got {v!r}")
            if not (integral or isinstance(v, float)) or not v > 0:
                raise InputError(f"{self.name}: {f} must be a positive number, got {v!r}")
        if self.max_threads_per_sm % 32:
            raise InputError(f"{self.name}: max_threads_per_sm must be whole warps, got {self.max_threads_per_sm}")
        missing = [f for f in SOURCED if not self.sources.get(f, "").strip()]
        if missing:
            raise InputError(f"{self.name}: no source for {missing}")
        stray = sorted(set(self.sources) - set(SOURCED))
        if stray:
            raise InputError(f"{self.name}: sources for unknown fields {stray}")

    @property
    def sm(self) -> str:
        """The ``sm_XY`` name of the compute capability."""
        return "sm_" + self.compute_capability.replace(".", "")

    def figures(self) -> dict[str, object]:
        """The fields but ``sources``, by name."""
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "sources"}


# The documents most figures come from.
HOPPER_TG = "https://docs.nvidia.com/cuda/hopper-tuning-guide/index.html — NVIDIA Hopper Tuning Guide"
BLACKWELL_TG = "https://docs.nvidia.com/cuda/blackwell-tuning-guide/ — NVIDIA Blackwell Tuning Guide"
AMPERE_TG = "https://docs.nvidia.com/cuda/ampere-tuning-guide/index.html — NVIDIA Ampere GPU Architecture Tuning Guide"
ADA_TG = "https://docs.nvidia.com/cuda/ada-tuning-guide/index.html — NVIDIA Ada GPU Architecture Tuning Guide"
CC120_SMEM = ("https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#shared-memory-12-0 — CUDA C++ "
              "Programming Guide, Compute Capability 12.0, Shared Memory")
HMC_B200_GB200 = "https://hmc-tech.com/gpus/nvidia-b200-vs-nvidia-gb200 — NVIDIA B200 vs NVIDIA GB200 Full Specs"

# Per-SM figures are the architecture's, the same for every GPU of one compute capability.
_SM90 = dict(compute_capability="9.0", shared_per_sm_kib=228, registers_per_sm=65536, max_threads_per_sm=2048)
_SM90_SOURCES = {
    "compute_capability": f"{HOPPER_TG} §1.4.1.1 Occupancy: 'devices of compute capability 9.0 (that is, H100 GPUs)'",
    "shared_per_sm_kib": f"{HOPPER_TG} §1.4.1.1 Occupancy: 'shared memory capacity per SM is 228 KB'",
    "registers_per_sm": f"{HOPPER_TG} §1.4.1.1 Occupancy: 'register file size is 64K 32-bit registers per SM'",
    "max_threads_per_sm": f"{HOPPER_TG} §1.4.1.1 Occupancy: 64 concurrent warps per SM, × 32 threads",
}
_SM100 = dict(compute_capability="10.0", shared_per_sm_kib=228, registers_per_sm=65536, max_threads_per_sm=2048)
_SM100_SOURCES = {
    "compute_capability": f"{BLACKWELL_TG} §1.4.2.3: 'The NVIDIA B200 GPU with compute capability 10.0'",
    "shared_per_sm_kib": f"{BLACKWELL_TG} §1.4.1.1 Occupancy: 'compute capability 10.0 shared memory capacity per SM "
                         "is 228 KB'",
    "registers_per_sm": f"{BLACKWELL_TG} §1.4.1.1 Occupancy: 'register file size is 64K 32-bit registers per SM'",
    "max_threads_per_sm": f"{BLACKWELL_TG} §1.4.1.1 Occupancy: 64 concurrent warps per SM for 10.0, × 32 threads",
}
# The Blackwell Tuning Guide gives 128 KB of shared memory per SM for 12.0, the Programming Guide 100 KB: 128 KB is the
# unified L1/shared array of the SM, 100 KB its largest shared carveout (99 KB per block), which is the figure here.
_SM120 = dict(compute_capability="12.0", shared_per_sm_kib=100, registers_per_sm=65536, max_threads_per_sm=1536)
_SM120_SOURCES = {
    "shared_per_sm_kib": f"{CC120_SMEM}: 'The shared memory capacity can be set to 0, 8, 16, 32, 64, or 100 KB'",
    "registers_per_sm": f"{BLACKWELL_TG} §1.4.1.1 Occupancy: 'register file size is 64K 32-bit registers per SM'",
    "max_threads_per_sm": f"{BLACKWELL_TG} §1.4.1.1 Occupancy: 48 concurrent warps per SM for 12.0, × 32 threads",
}


def _spec(name: str, marketing_name: str, arch: dict, arch_sources: dict, sources: dict, **figures) -> GPUSpec:
    return GPUSpec(name=name, marketing_name=marketing_name, **arch, **figures, sources={**arch_sources, **sources})


SPECS: dict[str, GPUSpec] = {s.name: s for s in (
    _spec("h100", "NVIDIA H100 SXM5 80GB", _SM90, _SM90_SOURCES,
          sms=132, dram_gb=80.0, dram_tb_s=3.35, l2_mb=50.0, boost_mhz=1980, fp32_tflops=67.0, sources={
              "sms": "https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html — NVIDIA H100 SXM spec table: "
                     "SMs 132",
              "dram_gb": "https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html — GPU memory 80 GB (HBM3)",
              "dram_tb_s": "https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html — memory bandwidth "
                           "3,350 GB/sec",
              "l2_mb": f"{HOPPER_TG} §1.4.2.2: 'from 40 MB in the A100 GPU to 50 MB in the H100 GPU'",
              "boost_mhz": "https://glennklockwood.com/garden/processors/h100 — H100 SXM5: '1.98 GHz (high precision)'",
              "fp32_tflops": "https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html — FP32 67 TFLOPS",
          }),
    # The H200 is the H100's GH100 die with HBM3e: the same SMs, L2 and clocks.
    _spec("h200", "NVIDIA H200 SXM 141GB", _SM90, _SM90_SOURCES,
          sms=132, dram_gb=141.0, dram_tb_s=4.8, l2_mb=50.0, boost_mhz=1980, fp32_tflops=67.0, sources={
              "compute_capability": "https://mintlify.com/NVIDIA/cutlass/architectures/hopper — CUTLASS, Hopper: "
                                    "'NVIDIA H200 Tensor Core GPU 9.0'",
              "sms": "https://www.saulelectric.com/nvidia-h200.html — 'Streaming Multiprocessors (SMs): 132'",
              "dram_gb": "https://aiwiki.ai/wiki/nvidia_h200/raw — '141 GB at 4.8 TB/s on its SXM and NVL boards'",
              "dram_tb_s": "https://aiwiki.ai/wiki/nvidia_h200/raw — '141 GB at 4.8 TB/s on its SXM and NVL boards'",
              "l2_mb": f"{HOPPER_TG} §1.4.2.2: 50 MB in the H100 GPU (the H200 is the same GH100 die)",
              "boost_mhz": "https://hmc-tech.com/gpu/nvidia-h100-vs-nvidia-h200-sxm-vs-nvidia-gb200 — H200 SXM: "
                           "16896 shaders, 1980MHz",
              "fp32_tflops": "https://hmc-tech.com/gpu/nvidia-h100-vs-nvidia-h200-sxm-vs-nvidia-gb200 — H200 SXM: "
                             "FP32 66.91 TFLOPS (NVIDIA rounds it to 67)",
          }),
    # NVIDIA's B200 datasheets give no SM count and no clock. 148 SMs is what spec databases list and users report
    # (other sources say 144, 160 or 192: counts of a full die or of early announcements). 1980 MHz is the one clock
    # that gives NVIDIA's HGX B200 FP32 figure (600 TFLOPS for 8 GPUs) at 148 SMs; some databases list 1837 or 1965 MHz.
    # Memory: 192 GB is on the package, 180 GB is usable (the tuning guide); bandwidth 8 TB/s is NVIDIA's figure,
    # 7.7 TB/s what the 7.5 GT/s × 8192-bit interface gives.
    _spec("b200", "NVIDIA B200 (HGX B200, 1000 W)", _SM100, _SM100_SOURCES,
          sms=148, dram_gb=180.0, dram_tb_s=8.0, l2_mb=126.0, boost_mhz=1980, fp32_tflops=75.0, sources={
              "sms": f"{HMC_B200_GB200}: B200 'SMs 148 SMs' (not in NVIDIA's datasheets)",
              "dram_gb": f"{BLACKWELL_TG} §1.4.2.1: 'The NVIDIA B200 GPU has support for HBM3 and HBM3e memory, with "
                         "capacity up to 180 GB'",
              "dram_tb_s": "https://glennklockwood.com/garden/processors/B200 — B200: '192 GB HBM3 (8 stacks)', "
                           "'8 TB/s (max)'",
              "l2_mb": f"{BLACKWELL_TG} §1.4.2.2: 'The NVIDIA GB200 GPU increases the L2 cache capacity to 126 MB' "
                       "(the B200 is the same two GB100 dies)",
              "boost_mhz": f"{HMC_B200_GB200}: B200 'Boost Clock 1.98GHz' (not published by NVIDIA)",
              "fp32_tflops": f"{HMC_B200_GB200}: B200 'FP32 75.02 TFLOPS'; also "
                             "https://verda.com/blog/gb300-nvl72-architecture (B200 FP32 0.075 PFLOPS)",
          }),
    # One of the two Blackwell GPUs of a GB200 superchip, as in a GB200 NVL72 rack: the B200 silicon at a higher power
    # limit. Per-GPU figures are the rack's or superchip's divided out (NVL72: 13.4 TB HBM3e and 5,760 TFLOPS FP32
    # over 72 GPUs; superchip: 16 TB/s over 2). The superchip's 384 GB is 192 GB a GPU on the package; 186 GB is what
    # shipping NVL72 GPUs report. NVIDIA publishes no clock; 2112 MHz is the one that gives 80 TFLOPS at 148 SMs.
    _spec("gb200", "NVIDIA GB200 (one Blackwell GPU of a Grace Blackwell superchip)", _SM100, _SM100_SOURCES,
          sms=148, dram_gb=186.0, dram_tb_s=8.0, l2_mb=126.0, boost_mhz=2112, fp32_tflops=80.0, sources={
              "compute_capability": "https://github.com/ThomasBechSchroeder/gamdpy/pull/44 — 'compute capability "
                                    "(10,0) ... B100, B200, GB200'; the Blackwell Tuning Guide gives 10.0 for B200",
              "sms": f"{HMC_B200_GB200}: GB200 superchip 'SMs 296 SMs', 2 GPUs (not in NVIDIA's datasheets)",
              "dram_gb": "https://raw.githubusercontent.com/mlcommons/inference_results_v6.1/main/closed/Crusoe/"
                         "systems/GB200-NVL72_GB200-186GB_aarch64x16_Dynamo.json — MLPerf system description: "
                         "'accelerator_memory_capacity': '186 GB'",
              "dram_tb_s": f"{HMC_B200_GB200}: GB200 superchip 'Memory Bandwidth 16TB/s', 2 GPUs",
              "l2_mb": f"{BLACKWELL_TG} §1.4.2.2: 'The NVIDIA GB200 GPU increases the L2 cache capacity to 126 MB'",
              "boost_mhz": f"{HMC_B200_GB200}: GB200 'Boost Clock 2.11GHz' (not published by NVIDIA)",
              "fp32_tflops": "https://github.com/marin-community/marin/pull/7334 — from Table 2 of the NVIDIA "
                             "Blackwell Architecture Technical Brief: 'fp32 ... 5760 TF / 72' = 80 TFLOPS",
          }),
    # Workstation edition (600 W): the GB202 die with 188 of its 192 SMs and all of its 128 MB L2. Boost clock: not
    # found stated in a public document; 2617 MHz is what TechPowerUp's 126 TFLOPS implies (188 SMs × 256
    # FLOP/clock), and NVIDIA's 125 TFLOPS implies about 2600 MHz.
    _spec("rtx-pro-6000", "NVIDIA RTX PRO 6000 Blackwell Workstation Edition", _SM120, _SM120_SOURCES,
          sms=188, dram_gb=96.0, dram_tb_s=1.792, l2_mb=128.0, boost_mhz=2617, fp32_tflops=125.0, sources={
              "compute_capability": "https://github.com/antirez/ds4/pull/256 — 'NVIDIA RTX PRO 6000 Blackwell Server "
                                    "Edition (97 GB VRAM, compute capability sm_120)' (same GB202 die)",
              "sms": "https://github.com/NVIDIA/cudnn-frontend/pull/1164 — quotes the NVIDIA RTX Blackwell GPU "
                     "Architecture whitepaper, Table 1, RTX PRO 6000 Blackwell Workstation Edition: 'SMs ... 188'",
              "dram_gb": "https://hardware-corner.net/rtx-5090-vs-rtx-pro-6000-spec-comparison-20250321 — '96GB of "
                         "GDDR7 memory with error correction (ECC), running on a 512-bit bus'",
              "dram_tb_s": "https://hardware-corner.net/rtx-5090-vs-rtx-pro-6000-spec-comparison-20250321 — "
                           "'1,792 GB/s of memory bandwidth'",
              "l2_mb": "https://www.topcpu.net/es/news/nvidia-launches-96gb-rtx-5090-model-with-a-whopping-price-tag-"
                       "of-10000 — 'una caché L2 completa de 128 MB'",
              "boost_mhz": "https://github.com/huggingface/huggingface.js/issues/1324 — not found as a stated clock: "
                           "quotes TechPowerUp (techpowerup.com/gpu-specs/nvidia-gb202.g1072) 'RTX PRO 6000 WS: "
                           "tflops: 126', which at 188 SMs × 256 FLOP/clock is 2617 MHz",
              "fp32_tflops": "https://www.topcpu.net/es/news/nvidia-launches-96gb-rtx-5090-model-with-a-whopping-"
                             "price-tag-of-10000 — NVIDIA's 'hasta 125 TFLOPS' FP32",
          }),
    _spec("rtx-5090", "NVIDIA GeForce RTX 5090", _SM120, _SM120_SOURCES,
          sms=170, dram_gb=32.0, dram_tb_s=1.792, l2_mb=96.0, boost_mhz=2407, fp32_tflops=104.8, sources={
              "compute_capability": "https://github.com/NVIDIA/cccl/pull/3166 — '12.0 blackwell rtx50'",
              "sms": "https://pocketmags.com/linux-format-magazine/may-2025/articles/nvidia-geforce-rtx-5090 — "
                     "specs: 'SMs: 170'",
              "dram_gb": "https://pocketmags.com/linux-format-magazine/may-2025/articles/nvidia-geforce-rtx-5090 — "
                         "'VRAM: 32GB, 28Gb/s, 512 bits'",
              "dram_tb_s": "https://pocketmags.com/linux-format-magazine/may-2025/articles/nvidia-geforce-rtx-5090 — "
                           "'Bandwidth: 1,792GB/s'",
              "l2_mb": "https://pocketmags.com/linux-format-magazine/may-2025/articles/nvidia-geforce-rtx-5090 — "
                       "'Cache: 96MB'",
              "boost_mhz": "https://pocketmags.com/linux-format-magazine/may-2025/articles/nvidia-geforce-rtx-5090 — "
                           "'Clock: 2,407MHz'",
              "fp32_tflops": "https://pcpartcomparison.com/gpu/geforce-rtx-5090 — 'Floating Point Processing Power "
                             "104.8 TFLOPS' (TechPowerUp's figure; the review above rounds it to 104)",
          }),
    _spec("a100", "NVIDIA A100 SXM4 80GB", dict(compute_capability="8.0", shared_per_sm_kib=164,
                                                 registers_per_sm=65536, max_threads_per_sm=2048), {
              "compute_capability": f"{AMPERE_TG} §1.4.1.1 Occupancy: 'devices of compute capability 8.0 (i.e., A100 "
                                    "GPUs)'",
              "shared_per_sm_kib": f"{AMPERE_TG} §1.4.1.1 Occupancy: 'compute capability 8.0 (i.e., A100 GPUs) "
                                   "shared memory capacity per SM is 164 KB'",
              "registers_per_sm": f"{AMPERE_TG} §1.4.1.1 Occupancy: 'register file size is 64K 32-bit registers per "
                                  "SM'",
              "max_threads_per_sm": f"{AMPERE_TG} §1.4.1.1 Occupancy: 64 concurrent warps per SM for 8.0, × 32 "
                                    "threads",
          },
          sms=108, dram_gb=80.0, dram_tb_s=2.039, l2_mb=40.0, boost_mhz=1410, fp32_tflops=19.5, sources={
              "sms": "https://glennklockwood.com/garden/processors/A100 — A100 SXM4: '108 SMs (2 per TPC)'",
              "dram_gb": "https://www.thundercompute.com/blog/nvidia-a100-specs-full-guide — A100 SXM 80GB: 80GB HBM2e",
              "dram_tb_s": "https://www.thundercompute.com/blog/nvidia-a100-specs-full-guide — A100 SXM 80GB: "
                           "'2,039GB/s'",
              "l2_mb": f"{AMPERE_TG} §1.4.2.2: 'increases the capacity of the L2 cache to 40 MB in Tesla A100'",
              "boost_mhz": "https://www.thundercompute.com/blog/nvidia-a100-specs-full-guide — 'GPU Boost Clock "
                           "1,410 MHz'",
              "fp32_tflops": "https://glennklockwood.com/garden/processors/A100 — 'FP32 19.5' TFLOPS, from the "
                             "NVIDIA A100 datasheet",
          }),
    # An AD102 part: TechPowerUp-derived listings give the L40S 48 MB of L2, but the Ada Tuning Guide gives AD102
    # 98304 KB and a deviceQuery dump of an L40S shows 100663296 bytes (96 MB), so 96 MB here.
    _spec("l40s", "NVIDIA L40S", dict(compute_capability="8.9", shared_per_sm_kib=100, registers_per_sm=65536,
                                      max_threads_per_sm=1536), {
              "compute_capability": f"{ADA_TG}: 'NVIDIA Ada refers to devices of compute capability 8.9' (the L40S is "
                                    "an Ada AD102 part)",
              "shared_per_sm_kib": f"{ADA_TG} §1.4.1.1 Occupancy: 'The shared memory capacity per SM is 100 KB'",
              "registers_per_sm": f"{ADA_TG} §1.4.1.1 Occupancy: 'register file size is 64K 32-bit registers per SM'",
              "max_threads_per_sm": f"{ADA_TG} §1.4.1.1 Occupancy: 'maximum number of concurrent warps per SM is 48', "
                                    "× 32 threads",
          },
          sms=142, dram_gb=48.0, dram_tb_s=0.864, l2_mb=96.0, boost_mhz=2520, fp32_tflops=91.6, sources={
              "sms": "https://computizer.com/products/nvidia-l40s-48gb-gddr6-graphics-card-for-ai-and-graphics-"
                     "performance — 'SM Count 142'",
              "dram_gb": "https://www.itcreations.com/nvidia-gpu/nvidia-l40s-gpu-accelerator — 'GPU Memory 48GB GDDR6 "
                         "with ECC'",
              "dram_tb_s": "https://www.itcreations.com/nvidia-gpu/nvidia-l40s-gpu-accelerator — 'Memory Bandwidth "
                           "864GB/s'",
              "l2_mb": f"{ADA_TG} §1.4.2.1: 'increases the capacity of the L2 cache to 98304 KB in AD102'",
              "boost_mhz": "https://www.itcreations.com/nvidia-gpu/nvidia-l40s-gpu-accelerator — 'base frequency of "
                           "1110MHz, which can be boosted to 2520 MHz'",
              "fp32_tflops": "https://www.mullet.se/product.html?product_id=355414 — NVIDIA L40/L40S table: 'FP32 "
                             "TFLOPS | 90.5 | 91.6'",
          }),
)}
"""GPU name → its public specifications, for the GPUs of ``GPU_ARCH`` and for GPUs the kernels have no build for."""


def spec(name: str) -> GPUSpec:
    """The specifications of GPU `name`; InputError naming the known GPUs otherwise."""
    if name not in SPECS:
        raise InputError(f"unknown GPU {name!r}; the GPUs with specifications are {list(SPECS)}")
    return SPECS[name]


def named_by(device_name: str) -> str | None:
    """The GPU of ``SPECS`` a device name names (`torch.cuda.get_device_name`: "NVIDIA H100 80GB HBM3" → "h100"),
    the longest match first ("NVIDIA GB200" is a gb200, not a b200); None for a GPU without specifications."""
    flat = device_name.lower().replace(" ", "-")
    return next((k for k in sorted(SPECS, key=len, reverse=True) if k in flat), None)


def table() -> list[dict[str, object]]:
    """One row per GPU of ``SPECS``, for ``--list-gpus``: its names, kernel architecture and headline figures."""
    return [{"name": s.name, "marketing_name": s.marketing_name, "arch": GPU_ARCH.get(s.name, "no kernels"),
             "sms": s.sms, "dram_tb_s": s.dram_tb_s, "l2_mb": s.l2_mb, "shared_per_sm_kib": s.shared_per_sm_kib,
             "boost_mhz": s.boost_mhz} for s in SPECS.values()]
