"""Timings of the decode kernels against FLA's FP32 kernels, in the same run (needs a CUDA GPU).

`bench` times the LeapQuant rows (`bench_leap`: the steady state of a pool at ragged window positions), the
per-step baselines (`bench_perstep`) and FLA 0.6.0's `fused_recurrent_gated_delta_rule` / `fused_recurrent_kda`
(FP32 state, both layouts: `bench_fla`), with the state buffers rotated past L2, the median of
`triton.testing.do_bench` (or of CUDA-graph replays), and the copy ceiling measured in the same run.
`add_refit_exposed` derives what the refit costs from the rows' twins. The checks against the reference are in
:mod:`leapquant.kernels.checks`, the table and the figures in :mod:`leapquant.kernels.bench_plot`.
"""
from __future__ import annotations

import math
import re
import time
from dataclasses import replace

import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.kernels import naive as nv
from leapquant.kernels.checks import make_inputs, random_states
from leapquant.kernels.config import KernelConfig

L2_BYTES = 60 * 2**20
REFIT_TWIN_BOUNDARIES = ("walk", "regs")
"""Boundaries with an ``iters = 0`` form (the compensators kept, no power iteration): the refit's timing twin."""


def _do_bench(fn, warmup=25, rep=200, graphs=False):
    """Median µs of `fn`. `graphs`: `fn` captured once in a CUDA graph and replayed (triton's do_bench_cudagraph),
    so that host time — Python, launch overhead — cannot stretch a short kernel's measurement (serving engines run
    decode steps in CUDA graphs). Without it, launches come from Python and a busy CPU shows in the time."""
    import triton.testing
    if graphs:
        return triton.testing.do_bench_cudagraph(fn, rep=rep, return_mode="median") * 1e3
    return triton.testing.do_bench(fn, warmup=warmup, rep=rep, return_mode="median") * 1e3


def copy_ceiling(device="cuda"):
    """The GPU's copy bandwidth in TB/s (read + write of a 2 GiB buffer)."""
    a = torch.empty(2 * 2**30 // 4, dtype=torch.float32, device=device).normal_()
    b = torch.empty_like(a)
    us = _do_bench(lambda: b.copy_(a))
    return 2 * a.numel() * 4 / (us * 1e-6) / 1e12


def _rotations(bytes_one):
    return max(2, math.ceil(3 * L2_BYTES / max(bytes_one, 1)))


def bench_fla(family, N, H=32, HV=32, K=128, V=128, layout="k_first", device="cuda", graphs=False):
    """(µs, bytes) of one FLA FP32 decode step at batch N, its state in `layout`."""
    from fla.ops.gated_delta_rule import fused_recurrent_gated_delta_rule
    from fla.ops.kda import fused_recurrent_kda
    v_first = layout == "v_first"
    q, k, v, g, beta = make_inputs(family, N, H, HV, K, V, device)
    q, k, v, g, beta = (x.unsqueeze(1) for x in (q, k, v, g, beta))
    shape = (N, HV, V, K) if v_first else (N, HV, K, V)
    nrot = _rotations(N * HV * K * V * 4)
    states = [torch.randn(shape, device=device) * 0.1 for _ in range(nrot)]
    it = [0]
    if family == "gdn":
        def fn():
            it[0] += 1
            return fused_recurrent_gated_delta_rule(q, k, v, g=g, beta=beta, initial_state=states[it[0] % nrot],
                                                    output_final_state=True, state_v_first=v_first)
    else:
        def fn():
            it[0] += 1
            return fused_recurrent_kda(q, k, v, g, beta, initial_state=states[it[0] % nrot],
                                       output_final_state=True, state_v_first=v_first)
    fn()
    if graphs:  # one replay runs every rotated state once (a captured fn would always touch the same one)
        return _do_bench(lambda: [fn() for _ in range(nrot)], graphs=True) / nrot, 2 * N * HV * K * V * 4
    return _do_bench(fn), 2 * N * HV * K * V * 4


def _random_codes(cfg, st, device, gen):
    """Valid codes of the residual's format in st.Z (INT4 packed two per byte), random scales."""
    i4 = cfg.format == "int4"
    shape, q = (*st.Z.shape[:-1], st.Z.shape[-1] * (2 if i4 else 1)), int(nv.QMAX[cfg.format])
    if cfg.format == "fp8-e4m3":
        codes = ((torch.rand(shape, device=device, generator=gen) * 2 - 1) * q).to(st.Z.dtype)
    else:
        codes = torch.randint(-q, q + 1, shape, device=device, generator=gen).to(torch.int8)
    st.Z.copy_(nv.pack_nibbles(codes) if i4 else codes)
    st.c.uniform_(0.5, 1.5, generator=gen)
    st.B.uniform_(0.1, 1.0, generator=gen)


def _leap_pool(cfg, N, device, gen):
    """A full pool of the resolved `cfg` with ragged positions and random (finite) records, without running the
    reference."""
    st = nv.empty_state(N, cfg.HV, cfg.K, cfg.V, **cfg.reference_options, device=device)
    if cfg.format != "bf16":
        _random_codes(cfg, st, device, gen)
    else:
        st.Z.copy_(torch.randn(st.Z.shape, device=device, generator=gen) * 0.1)
    if cfg.rank:
        st.Kc.copy_(F.normalize(torch.randn(st.Kc.shape, device=device, generator=gen), dim=-1))
        st.Uc.copy_(torch.randn(st.Uc.shape, device=device, generator=gen))
    st.rk.copy_(F.normalize(torch.randn(st.rk.shape, device=device, generator=gen), dim=-1))
    st.ru.copy_(torch.randn(st.ru.shape, device=device, generator=gen) * 0.1)
    st.rg.copy_(F.logsigmoid(torch.randn(st.rg.shape, device=device, generator=gen) + 4))
    # staggered positions: exactly ceil/floor(N / window) requests at each position, so that every step of `window`
    # consecutive steps flushes N / window of them (a batch whose requests started at different times)
    pos = torch.arange(N, device=device, dtype=torch.int32) % cfg.window
    st.window_pos.copy_(pos[torch.randperm(N, device=device, generator=gen)])
    return st


def leap_bytes(cfg, N):
    """Average bytes a step moves: state read, half the records read, record write, the boundary amortised."""
    K, V, HV, P, R = cfg.K, cfg.V, cfg.HV, cfg.window, cfg.rank
    quantized = cfg.format != "bf16"
    zb = (0.5 if cfg.format == "int4" else 1) if quantized else 2
    state = K * V * zb + (4 * (K + V) if quantized else 0) + 2 * R * (K + V)
    gb = 4 if cfg.family == "gdn" else 4 * K
    rec = 2 * (K + V) + gb
    per_head = state + (P - 1) / 2 * rec + rec + (state + P * rec) / P + 2 * K * 2 / HV + 3 * V * 2
    return N * HV * per_head


def _steps_per_call(cfg) -> int:
    """Steps per timed call: `window` (twice that if odd). Even: the list counter's parity alternates per step, and a
    CUDA-graph replay must start on the parity whose counter the previous replay's last step zeroed."""
    return cfg.window if cfg.window % 2 == 0 else 2 * cfg.window


def bench_leap(cfg: KernelConfig, N, device="cuda", decoder=None, graphs=False):
    """µs per decode step of `cfg` (resolved for the local GPU) in the steady state: the timed function runs
    `_steps_per_call` consecutive steps (each on the next rotated pool, positions staggered so that each step flushes
    exactly N / window requests: every one of them pays its boundary in that step) and the time is divided by their
    number. Returns (total, decode launch alone — the boundary launch skipped —, bytes per step)."""
    from leapquant.kernels.decoder import LeapDecoder
    dec = decoder or LeapDecoder(cfg)
    cfg = dec.cfg
    gen = torch.Generator(device=device).manual_seed(1)
    nrot = _rotations(leap_bytes(cfg, N))
    pools = [_leap_pool(cfg, N, device, gen) for _ in range(nrot)]
    x = make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
    out = torch.empty(N, cfg.HV, cfg.V, dtype=getattr(torch, cfg.out_dtype), device=device)
    wnext = torch.empty(N, dtype=torch.int32, device=device)
    it = [0]
    nsteps = _steps_per_call(cfg)
    # one input set (it stays in L2, as a model's projections would), but a new request -> slot map each step: a slot
    # fed the same (k, v) step after step drifts to a state of rank ~1, whose power iteration has dependent columns
    idxs = [torch.randperm(N, device=device, generator=gen).to(torch.int32) for _ in range(nsteps)]

    def steps(boundary):
        def fn():
            for j in range(nsteps):
                it[0] += 1
                dec.step(pools[it[0] % nrot], *x, idxs[j], out=out, wnext=wnext, boundary=boundary)
        return fn
    fn = steps(True)
    fn()
    torch.cuda.synchronize()
    us = _do_bench(fn, graphs=graphs) / nsteps   # a replay (graphs) runs the same steps on the same pools
    us_nb = _do_bench(steps(False), graphs=graphs) / nsteps   # the decode launch alone: the boundary's exposed cost
    return us, us_nb, leap_bytes(cfg, N)


def bench_leap_layers(cfg: KernelConfig, N, layers=4, streams=1, boundary=True, device="cuda", graphs=False):
    """µs per layer and step of `layers` independent layers of `cfg` stepped in turn (as a model runs them). Each
    layer's boundary runs in line (`streams` 0) or on one of `streams` side streams, layer l on stream l mod `streams`
    (LeapDecoder.step's boundary_stream: it overlaps the next layers' decodes, and with more than one side stream
    the boundaries of different layers overlap each other too); `boundary=False` skips every boundary (the decodes
    alone: what the overlap could at best reach). A new request -> slot map each step, shared by the layers (a request
    keeps its slot in every layer), as `bench_leap` does. Returns (µs per layer-step, bytes per layer-step)."""
    from leapquant.kernels.decoder import LeapDecoder
    if isinstance(streams, bool) or not isinstance(streams, int) or streams < 0:
        raise InputError(f"streams must be an integer >= 0 (0: boundaries in line), got {streams!r}")
    if isinstance(layers, bool) or not isinstance(layers, int) or layers < 1:
        raise InputError(f"layers must be an integer >= 1, got {layers!r}")
    decs = [LeapDecoder(cfg) for _ in range(layers)]
    cfg = decs[0].cfg
    gen = torch.Generator(device=device).manual_seed(1)
    pools = [_leap_pool(cfg, N, device, gen) for _ in range(layers)]
    x = make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
    out = torch.empty(N, cfg.HV, cfg.V, dtype=getattr(torch, cfg.out_dtype), device=device)
    wnext = [torch.empty(N, dtype=torch.int32, device=device) for _ in range(layers)]
    sides = [torch.cuda.Stream(device=device) for _ in range(streams)]
    nsteps = _steps_per_call(cfg)
    idxs = [torch.randperm(N, device=device, generator=gen).to(torch.int32) for _ in range(nsteps)]

    def fn():
        for j in range(nsteps):
            for lay in range(layers):
                decs[lay].step(pools[lay], *x, idxs[j], out=out, wnext=wnext[lay], boundary=boundary,
                               boundary_stream=sides[lay % streams] if streams else None)
        for d in decs:
            d.join()
    fn()
    torch.cuda.synchronize()
    return _do_bench(fn, graphs=graphs) / (nsteps * layers), leap_bytes(cfg, N)


LAYER_ROWS = {"_noboundary": dict(streams=0, boundary=False), "": dict(streams=0), "_overlap": dict(streams=1),
              "_overlap_per_layer": dict(streams=None)}
"""The multi-layer rows (`bench(layers=L)`, name suffixes after `leap_<format>_vfirst_<L>layers`): the decodes alone
(every boundary skipped: first, so that the others get their `boundary_exposed` against it), boundaries in line, on
one side stream, on a side stream per layer (streams None: L)."""


def profile_steps(cfg: KernelConfig, N, steps=3, device="cuda"):
    """A few steady-state steps (N / window requests at their boundary each) on one pool, for ncu to capture."""
    from leapquant.kernels.decoder import LeapDecoder
    dec = LeapDecoder(cfg)
    gen = torch.Generator(device=device).manual_seed(1)
    st = _leap_pool(dec.cfg, N, device, gen)
    x = make_inputs(dec.cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
    idx = torch.randperm(N, device=device, generator=gen).to(torch.int32)
    for _ in range(steps):
        dec.step(st, *x, idx)
    torch.cuda.synchronize()


def bench_perstep(cfg, N, device="cuda", graphs=False):
    """(µs, bytes) of one per-step baseline step (`cfg`: a PerStepConfig) at batch N."""
    from leapquant.kernels.perstep import PerStepDecoder
    gen = torch.Generator(device=device).manual_seed(2)
    dec = PerStepDecoder(cfg)
    zb = 1 if cfg.format == "int8" else 2
    nbytes = N * cfg.HV * (2 * cfg.K * cfg.V * zb + 8 * cfg.V)
    nrot = _rotations(nbytes)
    pools = [nv.perstep_init(random_states(N, cfg.HV, cfg.K, cfg.V, device=device, gen=gen), family=cfg.family,
                             layout=cfg.layout, format=cfg.format) for _ in range(nrot)]
    x = make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
    idx = torch.randperm(N, device=device, generator=gen).to(torch.int32)
    out = torch.empty(N, cfg.HV, cfg.V, dtype=torch.bfloat16, device=device)
    it = [0]

    def fn():
        it[0] += 1
        dec.step(pools[it[0] % nrot], *x, idx, out=out)
    fn()
    if graphs:
        return _do_bench(lambda: [fn() for _ in range(nrot)], graphs=True) / nrot, nbytes
    return _do_bench(fn), nbytes


def extra_config(c, family, **kw):
    """An extra bench row's config for `family`: `c` is a dict of KernelConfig fields (an optional "families" entry
    names the families the row is for: None for the others) or a KernelConfig (only its family replaced); `kw`
    overrides fields of either (the device checks' small shapes)."""
    if isinstance(c, dict):
        fields = {f: v for f, v in c.items() if f != "families"}
        if family not in c.get("families", (family,)):
            return None
        return KernelConfig(**{**fields, "family": family, **kw})
    if not isinstance(c, KernelConfig):
        raise InputError(f"an extra row's config must be a dict of KernelConfig fields or a KernelConfig, got "
                         f"{type(c).__name__}")
    return replace(c, family=family, **kw)


def has_refit_twin(cfg: KernelConfig, arch: str | None = None) -> bool:
    """Whether `cfg` has compensators and its resolved boundary an ``iters = 0`` form (REFIT_TWIN_BOUNDARIES)."""
    from leapquant.kernels import registry
    if not cfg.rank:
        return False
    return (registry.resolve(cfg, arch) if arch else _resolved(cfg)).boundary in REFIT_TWIN_BOUNDARIES


class _Run:
    """One bench run's rows, the copy ceiling, the deadline and the row logger."""

    def __init__(self, log, deadline, on_row, graphs):
        self.log, self.deadline, self.on_row, self.graphs = log, deadline, on_row, graphs
        self.ceiling = copy_ceiling()
        log(f"copy ceiling {self.ceiling:.2f} TB/s")
        self.res = {"ceiling_tbs": self.ceiling, "rows": [], "skipped": [], "failed": [],
                    "gpu": torch.cuda.get_device_name(), "date": time.strftime("%Y-%m-%d %H:%M"),
                    "timing": "cuda graphs" if graphs else "eager launches"}

    def late(self, what) -> bool:
        if self.deadline is not None and time.time() > self.deadline:
            self.res["skipped"].append(what)
            self.log("skipped (deadline)", what)
            return True
        return False

    def fail(self, row, e):
        self.res["failed"].append({"row": row, "error": f"{type(e).__name__}: {e}"[:2000]})
        self.log("FAILED", self.res["failed"][-1])

    def add(self, family, N, kernel, us, nbytes, fla, extra=None):
        """A row; `fla`: (FLA's faster layout, K-first, V-first) µs at this family and batch."""
        best, kf, vf = fla
        tbs = nbytes / (us * 1e-6) / 1e12
        row = dict(model=family, batch=N, kernel=kernel, us=us, speedup_vs_fla=best / us,
                   speedup_vs_fla_kfirst=kf / us, speedup_vs_fla_vfirst=vf / us, tbs=tbs,
                   frac_ceiling=tbs / self.ceiling)
        row.update(extra or {})
        self.res["rows"].append(row)
        if self.on_row:
            self.on_row(self.res)
        self.log(f"{family} B={N:4d} {kernel:34s} {us:8.1f} us  x{best / us:5.2f} (kf x{kf / us:4.2f}, "
                 f"vf x{vf / us:4.2f})  {tbs:.2f} TB/s")

    def leap(self, family, N, name, cfg, fla):
        """Time `cfg` (`bench_leap`) as row `name`; a failure is listed and the run goes on."""
        try:
            us, us_nb, nb = bench_leap(cfg, N, graphs=self.graphs)
        except Exception as e:   # one broken row must not cost the other rows of a device run
            self.fail(f"{family} {N} {name}", e)
            return
        self.add(family, N, name, us, nb, fla, {"us_decode_only": us_nb, "boundary_exposed": (us - us_nb) / us,
                                                "p": cfg.window, "r": cfg.rank, "cfg": _resolved(cfg).tag})


def _resolved(cfg: KernelConfig) -> KernelConfig:
    """`cfg` resolved as a LeapDecoder on the local GPU resolves it."""
    from leapquant.kernels import registry
    from leapquant.kernels.decoder import local_arch
    return registry.resolve(cfg, local_arch())


def _layout_name(layout: str) -> str:
    return "vfirst" if layout == "v_first" else "kfirst"


def _fla_rows(run: _Run, family, N):
    """FLA's two layouts at (family, N) as rows; returns (best, K-first, V-first) µs, or None where FLA fails (no
    baseline, no ratios: the batch's other rows are skipped, and said so)."""
    try:
        t_kf, b_fla = bench_fla(family, N, layout="k_first", graphs=run.graphs)
        t_vf, _ = bench_fla(family, N, layout="v_first", graphs=run.graphs)
    except Exception as e:
        run.fail(f"{family} {N} fla", e)
        return None
    fla = (min(t_kf, t_vf), t_kf, t_vf)
    run.add(family, N, "fla_fp32_kfirst", t_kf, b_fla, fla)
    run.add(family, N, "fla_fp32_vfirst", t_vf, b_fla, fla)
    return fla


def _main_rows(run: _Run, family, N, fla, base: KernelConfig, layouts, extra):
    """`leap_<format>_<vfirst|kfirst>` for each layout, then the extra rows (`extra_config`)."""
    for layout in layouts:
        run.leap(family, N, f"leap_{base.format}_{_layout_name(layout)}", replace(base, layout=layout), fla)
    for name, c in extra:
        try:
            cfg = extra_config(c, family)
        except Exception as e:
            run.fail(f"{family} {N} {name}", e)
            continue
        if cfg is not None:
            run.leap(family, N, name, cfg, fla)


def _layer_rows(run: _Run, family, N, fla, base: KernelConfig, layers: int):
    """The multi-layer rows (`LAYER_ROWS`, and the last one's iters=0 twin where the boundary has one)."""
    rows = [(suffix, base, how) for suffix, how in LAYER_ROWS.items()]
    try:
        if has_refit_twin(base):   # the refit's own twin beside the overlapped form: refit_only_exposed
            rows.append(("_overlap_per_layer_it0", replace(base, iters=0), dict(streams=None)))
    except Exception as e:
        run.fail(f"{family} {N} layers", e)
        return
    us_alone = None   # the decodes alone (LAYER_ROWS' first row): the others' boundary_exposed
    for suffix, cfg, how in rows:
        name = f"leap_{base.format}_vfirst_{layers}layers{suffix}"
        kw = dict(how, streams=layers if how["streams"] is None else how["streams"])
        try:
            us, nb = bench_leap_layers(cfg, N, layers=layers, graphs=run.graphs, **kw)
            tag = _resolved(cfg).tag
        except Exception as e:
            run.fail(f"{family} {N} {name}", e)
            continue
        on = kw.get("boundary", True)
        # the tag names the layer setting, so that add_refit_exposed pairs these rows only among themselves
        info = {"layers": layers, "side_streams": kw["streams"], "boundary": on, "p": cfg.window, "r": cfg.rank,
                "cfg": f"{tag}-L{layers}s{kw['streams']}" + ("" if on else "-noboundary")}
        if not on:
            us_alone = us
        elif us_alone is not None:
            info["boundary_exposed"] = (us - us_alone) / us
        run.add(family, N, name, us, nb, fla, info)


def _ablation_rows(run: _Run, family, N, fla, base: KernelConfig):
    """Table 2's rows at one batch: the per-step INT8 / BF16 baselines, the per-window BF16 state, INT8 without
    compensators (rank 0: refit_exposed's twin) and, where the boundary has it, the iters=0 twin
    (refit_only_exposed's)."""
    from leapquant.kernels.perstep import PerStepConfig
    for fmt in ("int8", "bf16"):
        try:
            us, nb = bench_perstep(PerStepConfig(family=family, format=fmt, layout="v_first"), N, graphs=run.graphs)
        except Exception as e:
            run.fail(f"{family} {N} perstep_{fmt}_vfirst", e)
            continue
        run.add(family, N, f"perstep_{fmt}_vfirst", us, nb, fla)
    vf = replace(base, layout="v_first", format="int8")
    run.leap(family, N, "window_bf16_vfirst", replace(vf, format="bf16", rank=0), fla)
    run.leap(family, N, "window_int8_r0_vfirst", replace(vf, rank=0), fla)
    try:
        twin = has_refit_twin(vf)
    except Exception as e:
        run.fail(f"{family} {N} window_int8_it0_vfirst", e)
        return
    if twin:   # the compensators kept, no power iteration (where the boundary has no such form: no twin)
        run.leap(family, N, "window_int8_it0_vfirst", replace(vf, iters=0), fla)


def _sweep_rows(run: _Run, family, N, fla, base: KernelConfig, windows, ranks):
    """Table 3's rows: `sweep_p<window>_r<rank>` over `windows` at the base rank and `ranks` at the base window."""
    for w in windows:
        run.leap(family, N, f"sweep_p{w}_r{base.rank}", replace(base, window=w), fla)
    for r in ranks:
        run.leap(family, N, f"sweep_p{base.window}_r{r}", replace(base, rank=r), fla)


def _log_refit(run: _Run):
    for r in run.res["rows"]:
        if "refit_exposed" in r or "refit_only_exposed" in r:
            parts = [f"{name} {100 * r[key]:5.1f} %" for key, name in (("refit_only_exposed", "refit exposed"),
                                                                      ("refit_exposed", "with the compensators"))
                     if key in r]
            run.log(f"{r['model']} B={r['batch']:4d} {r['kernel']:34s} " + ", ".join(parts) + f" at r = {r['r']}")


def bench(families=("gdn", "kda"), batches=(32, 128, 256, 512), window=16, rank=4, format="int8",
          layouts=("v_first", "k_first"), fields=None, ablations=True, ablation_batch=256, sweeps=False,
          sweep_batch=256, sweep_windows=(4, 8, 16, 32), sweep_ranks=(2, 4, 8, 16), layers=0, extra=(),
          graphs=False, deadline=None, on_row=None, log=print):
    """Time every row; returns {"ceiling_tbs", "rows", "skipped", "failed", "gpu", "date", "timing"} (rows as the
    --json output).

    The LeapQuant rows run KernelConfig(family, window, rank, format, **fields) (`fields`: any other KernelConfig
    field, e.g. programs or tiles) in each of `layouts` (`leap_int8_vfirst`, `leap_int8_kfirst`, ...); `extra` is a
    list of (name, config: `extra_config`) rows timed at every batch. `ablations` adds Table 2's rows at
    `ablation_batch` (`_ablation_rows`), `sweeps` Table 3's at `sweep_batch`; `layers` > 1 adds, at every batch, the
    V-first config stepped over that many layers (`bench_leap_layers`: µs per layer-step, comparable with the
    one-layer rows): the rows of `LAYER_ROWS` and the last one's iters=0 twin. `graphs` times every row (FLA's too) as
    CUDA-graph replays. Rows past `deadline` (time.time()) are skipped and listed in "skipped", rows that raise are
    listed in "failed" (with the error) and the run goes on; `on_row(result)` is called after each row."""
    base_fields = dict(fields or {})
    run = _Run(log, deadline, on_row, graphs)
    for family in families:
        try:
            base = KernelConfig(**{**dict(window=window, rank=rank, format=format), **base_fields, "family": family})
        except InputError as e:
            run.fail(f"{family} config", e)
            continue
        for N in batches:
            if run.late(f"{family} {N}"):
                continue
            fla = _fla_rows(run, family, N)
            if fla is None:
                continue
            _main_rows(run, family, N, fla, base, layouts, extra)
            if layers > 1 and not run.late(f"{family} {N} layers"):
                _layer_rows(run, family, N, fla, replace(base, layout="v_first"), layers)
            if ablations and N == ablation_batch and not run.late(f"{family} ablations"):
                _ablation_rows(run, family, N, fla, base)
            if sweeps and N == sweep_batch and not run.late(f"{family} sweeps"):
                _sweep_rows(run, family, N, fla, replace(base, layout="v_first"), sweep_windows, sweep_ranks)
    add_refit_exposed(run.res["rows"])
    _log_refit(run)
    return run.res


def _without_rank(tag: str) -> str:
    return re.sub(r"-r\d+-", "-r*-", tag, count=1)


def add_refit_exposed(rows: list[dict]) -> None:
    """The refit metric, in two parts, on every row with twins in the same run (same model, batch and configuration):
    refit_only_exposed = (µs − µs of its `iters=0` twin) / µs — what fitting the compensators costs (the power
    iteration and its Gram–Schmidt; the twin keeps the stored K̂ and re-projects Û); refit_exposed = (µs − µs at
    rank 0) / µs — the refit together with having compensators at all (their reads in every decode step, Û's
    product, the residual's mma). Twins: `window_int8_it0_vfirst` and `window_int8_r0_vfirst`, timed with the
    ablations, or any rows whose configurations differ only there. Rows without a twin get none."""
    base = {(r["model"], r["batch"], _without_rank(r["cfg"])): r["us"] for r in rows if r.get("r") == 0 and "cfg" in r}
    fixed = {(r["model"], r["batch"], r["cfg"].replace("-it0", "", 1)): r["us"] for r in rows
             if r.get("r") and "-it0" in r.get("cfg", "")}
    for r in rows:
        if r.get("r") and "cfg" in r and "-it0" not in r["cfg"]:
            us0 = base.get((r["model"], r["batch"], _without_rank(r["cfg"])))
            if us0 is not None:
                r["refit_exposed"] = (r["us"] - us0) / r["us"]
            usi = fixed.get((r["model"], r["batch"], r["cfg"]))
            if usi is not None:
                r["refit_only_exposed"] = (r["us"] - usi) / r["us"]
