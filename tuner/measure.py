"""The tuner's measured speed: µs per decode step of one layer on the local GPU, with FLA's FP32 kernel timed in the
same process for the ratio.

A configuration's time is `leapquant.kernels.bench.bench_leap` as CUDA-graph replays (the steady state of a pool at
staggered window positions: each step flushes N / window requests); FLA's is its faster layout of
`fused_recurrent_gated_delta_rule` / `fused_recurrent_kda` at the same batch, timed once per (shape, batch) and kept.
One `Measurer` times one configuration at a time, so that timings never share the GPU. With a `store`
(`tuner.kernel_store.KernelStore`: launches built ahead for this GPU's arch) a configuration whose launches it holds
runs those cubins and compiles nothing; each row says which (``prebuilt``).
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from leapquant.kernels.config import KernelConfig


@dataclass
class Measurer:
    """Times configurations on the local GPU (`device`); FLA's baselines are cached per (family, shape, batch)."""

    device: str = "cuda"
    fla: dict = field(default_factory=dict)
    store: object = None

    def baseline(self, cfg: KernelConfig, batch: int) -> float:
        """µs of FLA's FP32 decode step (its faster state layout) for cfg's problem at `batch`."""
        from leapquant.kernels.bench import bench_fla
        key = (cfg.family, cfg.H, cfg.HV, cfg.K, cfg.V, batch)
        if key not in self.fla:
            self.fla[key] = min(bench_fla(cfg.family, batch, cfg.H, cfg.HV, cfg.K, cfg.V, layout=lay,
                                          device=self.device, graphs=True)[0] for lay in ("k_first", "v_first"))
        return self.fla[key]

    def prepare(self, cfgs: list[KernelConfig]) -> None:
        """Compile the launches of `cfgs` on every core, so that timing them waits on no compile; one that fails to
        compile fails again, with its error, when it is timed."""
        import os

        from leapquant.kernels import registry
        store = self.store
        todo = [c for c in cfgs if store is None or store.missing([registry.resolve(c, store.arch)])]
        precompile(todo, workers=len(os.sched_getaffinity(0)))

    def _prebuilt(self, cfg: KernelConfig):
        """(resolved cfg, its StepKernels from the store), or None where there is no store or it lacks a launch."""
        if self.store is None:
            return None
        from leapquant.kernels import registry
        full = registry.resolve(cfg, self.store.arch)
        kernels = self.store.step_kernels(full)
        return None if kernels is None else (full, kernels)

    def measure(self, cfg: KernelConfig, batches: tuple[int, ...]) -> list[dict]:
        """One row per batch: {batch, us, us_decode (the boundary launch skipped), fla_us, speedup, how, gpu,
        prebuilt (the store's launches ran)}."""
        import torch

        from leapquant.kernels.bench import bench_leap
        from leapquant.kernels.decoder import LeapDecoder
        prebuilt = self._prebuilt(cfg)
        dec = LeapDecoder(cfg) if prebuilt is None else LeapDecoder(prebuilt[0], self.store.arch, prebuilt[1])
        rows = []
        for n in batches:
            us, us_decode, _ = bench_leap(dec.cfg, n, device=self.device, decoder=dec, graphs=True)
            fla = self.baseline(dec.cfg, n)
            rows.append({"batch": n, "us": us, "us_decode": us_decode, "fla_us": fla, "speedup": fla / us,
                         "how": "measured", "gpu": torch.cuda.get_device_name(self.device),
                         "prebuilt": prebuilt is not None})
        return rows


def precompile(configs: list[KernelConfig], workers: int = 8, log=None) -> list[tuple[KernelConfig, str]]:
    """Compile every launch of `configs` for the local GPU on `workers` threads (lowering and nvcc overlap); returns
    [(config, error)] of those that failed."""
    from leapquant.kernels import registry
    from leapquant.kernels.artifact import step_configs
    from leapquant.kernels.decoder import compiled, local_arch

    arch = local_arch()
    jobs = {}
    for cfg in configs:
        full = registry.resolve(cfg, arch)
        for c, role in step_configs(full).values():
            jobs.setdefault((c, role), cfg)
    built = {}
    for (c, role), cfg in jobs.items():     # TileLang parses Python source here: one at a time
        built[(c, role)] = registry.programs(role)[getattr(c, role)].build(c)
    failed = []

    def one(key):
        try:
            compiled(*key, prim_func=built[key])
        except Exception as e:  # noqa: BLE001 - reported per configuration
            failed.append((jobs[key], f"{type(e).__name__}: {e}"))
        if log is not None:
            log(f"compiled {key[1]} of {key[0].tag}")
    with ThreadPoolExecutor(max(1, workers)) as pool:
        list(pool.map(one, built))
    return failed
