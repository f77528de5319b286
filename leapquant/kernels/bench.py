"""Correctness checks and timings of the decode kernels against FLA's FP32 kernels (needs a CUDA GPU).

`check_decode` / `check_perstep` hold a kernel and the PyTorch reference (`naive.py`) together over
several windows; `bench` times every variant and FLA 0.6.0 `fused_recurrent_gated_delta_rule` /
`fused_recurrent_kda` (FP32 state, both layouts) in the same run, with the state buffers rotated past
L2, median of `triton.testing.do_bench`, and the copy ceiling measured in the same run.
"""
from __future__ import annotations

import math
import os
import re
import time
from dataclasses import replace

import torch
import torch.nn.functional as F

from leapquant.kernels import naive as nv

L2_BYTES = 60 * 2**20


def make_inputs(kind, N, H, HV, K, V, device="cuda", gen=None):
    r = lambda *s: torch.randn(*s, device=device, generator=gen)  # noqa: E731
    q = r(N, H, K).bfloat16()
    k = F.normalize(r(N, H, K), dim=-1).bfloat16()
    v = r(N, HV, V).bfloat16()
    g = F.logsigmoid(r(N, HV) + 3.0) if kind == "gdn" else F.logsigmoid(r(N, HV, K) + 4.0)
    beta = torch.sigmoid(r(N, HV))
    return q, k, v, g.float(), beta.float()


def random_states(slots, HV, K, V, outliers=False, device="cuda", gen=None):
    S = torch.randn(slots, HV, K, V, device=device, generator=gen) * 0.1
    if outliers:  # heavy key rows and value columns, a few huge entries (Fig. 6-like)
        S[:, :, :4] *= 30.0
        S[..., :3] *= 20.0
        S[:, :, 7, 9] = 150.0
    return S


def _rel(a, b):
    return ((a.float() - b.float()).norm() / b.float().norm().clamp_min(1e-30)).item()


def _codes(st):
    """The residual's codes as integers that step by one between neighbouring representable values: INT8 as is,
    INT4 unpacked, FP8 E4M3 as its sign-magnitude bit pattern (adjacent magnitudes differ by one)."""
    if st.zfmt == "int4":
        return nv.unpack_nibbles(st.Z).to(torch.int32)
    if st.zfmt == "fp8e4m3":
        bits = st.Z.view(torch.uint8).to(torch.int32)
        return torch.where(bits >= 128, -(bits - 128), bits)
    return st.Z.to(torch.int32)


def code_flips(ker, ref):
    """Compare two quantized states code by code. Two correct implementations that sum in different orders round a
    value lying within float error of a rounding boundary to neighbouring codes; a wrong one differs by more, or
    in many codes. Returns (fraction of codes one step apart, number more than one step apart, ``ker`` with the
    one-step codes taken from ``ref`` — what the rest of its state is compared with)."""
    if ker.mode != "leap":
        return 0.0, 0, ker
    a, b = _codes(ker), _codes(ref)
    d = (a - b).abs()
    one = d == 1
    fixed = ker.clone()
    if one.any():
        if ker.zfmt == "int4":
            fixed.Z = nv.pack_nibbles(torch.where(one, b, a).to(torch.int8))
        else:
            fixed.Z = torch.where(one, ref.Z.view(torch.uint8), ker.Z.view(torch.uint8)).view(ker.Z.dtype)
    return one.float().mean().item(), int((d > 1).sum()), fixed


def check_ok(w, tol=1e-3) -> bool:
    """The kernel check's verdict (`check_decode`'s dict): outputs within `tol`, no NaN, no dead compensator key, and
    the reconstructed states within `tol` — or, for coarse grids (INT4: a step is 1/7 of a column's scale, one tie
    moves a 16K-element head by ~3e-3), within `tol` once codes one step apart are set aside, such codes being at most
    a `tol` fraction of all."""
    return (not w["nan"] and w["out"] <= tol and not w["dead_keys"]
            and (w["state"] <= tol or (w["state_ties"] <= tol and w["flips"] <= tol)))


STARTS = ("random", "fresh", "zeroed")
"""The slots' first states a kernel check can start from (`check_decode`'s ``start``)."""


def check_decode(cfg, N=8, slots=None, windows=4, outliers=False, ragged=True, seed=0, decoder=None, device="cuda",
                 resync=True, start="random"):
    """Kernel vs reference over `windows` windows; returns dict of worst relative errors.

    With ``resync`` (default) the reference restarts every step from the kernel's state, so each step —
    the boundaries included — is compared on the same input state; INT8 rounding ties that fall
    differently would otherwise make the two trajectories drift apart by about the quantization noise
    (free-running drift over four windows measured 1–2e-3 on the H200, see NOTES.md).

    ``state`` is the relative error of the reconstructed states; ``state_ties`` the same once codes one step apart
    (rounding ties of two summation orders, see `code_flips`) are taken from the reference, ``flips`` the largest
    fraction of such codes in a step, ``jumps`` the number of codes more than one step apart (not zero for correct
    kernels either: with outliers, refits that differ in float error move the residual by more than a step where
    the compensators pick it up again). ``dead_keys``: compensator key columns left all zero in the kernel's pool at
    the end (a request without those compensators for ever). ``start`` (`STARTS`): every slot from a random state
    ("random"), as a new request ("fresh", ``LeapState.reset``: the zero state with the cold-start keys) or with its
    buffers zeroed, keys too ("zeroed": what an engine that zeroes slots hands the kernels) — and there, once the
    reference has moved the slots to ragged window positions, their compensators zeroed again, so that the kernel's
    boundaries meet zero keys; ``dead_keys`` then counts the slots the kernel took through a boundary (the others
    keep their zero keys untouched), ``crossed`` how many slots those were. `check_ok` is the verdict."""
    from leapquant.kernels.decode import LeapDecoder
    gen = torch.Generator(device=device).manual_seed(seed)
    slots = slots or N + 3
    dec = decoder or LeapDecoder(cfg)
    if start not in STARTS:
        raise ValueError(f"start must be one of {STARTS}, got {start!r}")
    if start != "random":
        ref = nv.empty_state(slots, cfg.HV, cfg.K, cfg.V, **cfg.reference_options, device=device)
    else:
        ref = nv.init_state(random_states(slots, cfg.HV, cfg.K, cfg.V, outliers, device, gen), **cfg.reference_options)
    if ragged:  # advance random subsets so every slot sits at its own window position
        for _ in range(cfg.p + 3):
            sub = torch.randperm(slots, device=device, generator=gen)[: max(1, slots // 2)].to(torch.int32)
            nv.decode_step_ref(ref, *make_inputs(cfg.kind, sub.numel(), cfg.H, cfg.HV, cfg.K, cfg.V, device, gen), sub)
    if start == "zeroed" and cfg.mode == "leap":
        ref.Kc.zero_()
        ref.Uc.zero_()
    crossed = torch.zeros(slots, dtype=torch.bool, device=device)   # slots the kernel took through a boundary
    ker = ref.clone()
    worst = {"out": 0.0, "state": 0.0, "state_ties": 0.0, "flips": 0.0, "jumps": 0, "nan": False, "unwritten": False}
    for t in range(windows * cfg.p + 1):
        idx = torch.randperm(slots, device=device, generator=gen)[:N].to(torch.int32)
        x = make_inputs(cfg.kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
        if resync:
            ref = ker.clone()
        o_ref = nv.decode_step_ref(ref, *x, idx)
        out = torch.full((N, cfg.HV, cfg.V), float("nan"), dtype=getattr(torch, cfg.out_dtype), device=device)
        o = dec.step(ker, *x, idx, out=out)
        if o.is_cuda:
            torch.cuda.synchronize()
        crossed[idx.long()[ker.window_pos[idx.long()] == 0]] = True
        worst["nan"] |= bool(torch.isnan(o).any())
        worst["out"] = max(worst["out"], _rel(o, o_ref))
        if resync or t % 5 == 4 or t == windows * cfg.p:
            allslots = torch.arange(slots, device=device)
            assert torch.equal(ker.window_pos, ref.window_pos), "window positions differ"
            assert ref.windows is None or torch.equal(ker.windows, ref.windows), "window counts differ"
            flips, jumps, fixed = code_flips(ker, ref)
            S_ref = nv.reconstruct(ref, allslots)
            worst["state"] = max(worst["state"], _rel(nv.reconstruct(ker, allslots), S_ref))
            worst["state_ties"] = max(worst["state_ties"], _rel(nv.reconstruct(fixed, allslots), S_ref))
            worst["flips"] = max(worst["flips"], flips)
            worst["jumps"] += jumps
    worst["nan"] = bool(worst["nan"])
    counted = crossed if start == "zeroed" else torch.ones_like(crossed)
    worst["dead_keys"] = int((ker.Kc[counted] == 0).all(-1).sum()) if cfg.mode == "leap" else 0
    worst["crossed"] = int(crossed.sum())
    return worst


def check_overflowing_scales(cfg, N=4, seed=0, decoder=None, device="cuda") -> dict:
    """The codes of a value row whose quotient q / B_j overflows to infinity (B_j below ~4e-37): every other row
    large, so that the smoothing scales c are ~20 and row 0 — tiny in the start states, no record adding to it (its
    value inputs zero) — ends the window with B_0 ~1e-38. The reference saturates those codes at ±q (round, clamp);
    v12 takes them off its float-trick fast path by a branch that no random state reaches. One window of N requests
    from window position 0, the reference resynced each step; returns the largest B_0 written, the fraction of codes
    one step apart (rounding ties of two summation orders, as in `code_flips`), the number more than a step apart,
    those that differ in row 0 (0 expected: the same quotients, saturated), and how many row-0 codes are ±q in the
    reference (the branch was taken)."""
    from leapquant.kernels.decode import LeapDecoder
    gen = torch.Generator(device=device).manual_seed(seed)
    dec = decoder or LeapDecoder(cfg)
    S = random_states(N, cfg.HV, cfg.K, cfg.V, device=device, gen=gen) * 3e3
    S[..., 0] = torch.randn(N, cfg.HV, cfg.K, device=device, generator=gen).sign() * 3e-37
    ker = nv.init_state(S, **cfg.reference_options)
    idx = torch.arange(N, device=device, dtype=torch.int32)
    for _ in range(cfg.p):
        q, k, v, g, beta = make_inputs(cfg.kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
        v[..., 0] = 0
        ref = ker.clone()
        nv.decode_step_ref(ref, q, k, v, g, beta, idx)
        dec.step(ker, q, k, v, g, beta, idx)
        if device != "cpu":
            torch.cuda.synchronize()
    assert bool((ker.window_pos == 0).all()), "one window from position 0 ends at a boundary"
    a, b = _codes(ker), _codes(ref)
    row0 = (lambda z: z[:, :, 0]) if cfg.v_first else (lambda z: z[..., 0])
    return {"B0": ref.B[:, :, 0].abs().max().item(), "flips": ((a - b).abs() == 1).float().mean().item(),
            "jumps": int(((a - b).abs() > 1).sum()),
            "differ_row0": int((row0(a) != row0(b)).sum()),
            "saturated_row0": int((row0(b).abs() == nv.QMAX[cfg.zfmt]).sum())}


def check_perstep(cfg, N=8, steps=20, seed=0, device="cuda", decoder=None):
    from leapquant.kernels.decode import PerStepDecoder
    gen = torch.Generator(device=device).manual_seed(seed)
    slots = N + 2
    dec = decoder or PerStepDecoder(cfg)
    ref = nv.perstep_init(random_states(slots, cfg.HV, cfg.K, cfg.V, device=device, gen=gen), kind=cfg.kind,
                          v_first=cfg.v_first, mode=cfg.mode)
    ker = ref.clone()
    worst = {"out": 0.0, "state": 0.0, "nan": False}
    for _ in range(steps):
        idx = torch.randperm(slots, device=device, generator=gen)[:N].to(torch.int32)
        x = make_inputs(cfg.kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
        o_ref = nv.perstep_step_ref(ref, *x, idx)
        out = torch.full((N, cfg.HV, cfg.V), float("nan"), dtype=getattr(torch, cfg.out_dtype), device=device)
        o = dec.step(ker, *x, idx, out=out)
        if o.is_cuda:
            torch.cuda.synchronize()
        worst["nan"] = bool(worst["nan"] or torch.isnan(o).any())
        worst["out"] = max(worst["out"], _rel(o, o_ref))
        worst["state"] = max(worst["state"], _rel(ker.state(), ref.state()))
    return worst


# ------------------------------------------------------------------------------------------ timing
def _do_bench(fn, warmup=25, rep=200, graphs=False):
    """Median µs of `fn`. `graphs`: `fn` captured once in a CUDA graph and replayed (triton's
    do_bench_cudagraph), so that host time — Python, launch overhead — cannot stretch a short kernel's
    measurement (at batch 32 a step's GPU time is ~40 µs, comparable to its Python; as serving engines run
    decode steps in CUDA graphs). Without it, launches come from Python and a busy CPU shows in the time."""
    import triton.testing
    if graphs:
        return triton.testing.do_bench_cudagraph(fn, rep=rep, return_mode="median") * 1e3
    return triton.testing.do_bench(fn, warmup=warmup, rep=rep, return_mode="median") * 1e3  # µs


def copy_ceiling(device="cuda"):
    a = torch.empty(2 * 2**30 // 4, dtype=torch.float32, device=device).normal_()
    b = torch.empty_like(a)
    us = _do_bench(lambda: b.copy_(a))
    return 2 * a.numel() * 4 / (us * 1e-6) / 1e12  # TB/s


def _rotations(bytes_one):
    return max(2, math.ceil(3 * L2_BYTES / max(bytes_one, 1)))


def bench_fla(kind, N, H=32, HV=32, K=128, V=128, v_first=False, device="cuda", graphs=False):
    from fla.ops.gated_delta_rule import fused_recurrent_gated_delta_rule
    from fla.ops.kda import fused_recurrent_kda
    q, k, v, g, beta = make_inputs(kind, N, H, HV, K, V, device)
    q, k, v, g, beta = (x.unsqueeze(1) for x in (q, k, v, g, beta))
    shape = (N, HV, V, K) if v_first else (N, HV, K, V)
    nrot = _rotations(N * HV * K * V * 4)
    states = [torch.randn(shape, device=device) * 0.1 for _ in range(nrot)]
    it = [0]
    if kind == "gdn":
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


def _leap_pool(cfg, N, device, gen):
    """A full pool with ragged positions and random (finite) records, without running the reference."""
    st = nv.empty_state(N, cfg.HV, cfg.K, cfg.V, **cfg.reference_options, device=device)
    if st.windows is not None:   # requests that started at different times: every refit phase in every step
        st.windows.copy_(torch.randint(0, cfg.refit_every, (N, 1), device=device, generator=gen).expand_as(st.windows))
    if cfg.mode == "leap":   # valid codes of the residual's format (INT4 packed two per byte)
        i4 = cfg.zfmt == "int4"
        shape, q = (*st.Z.shape[:-1], st.Z.shape[-1] * (2 if i4 else 1)), int(nv.QMAX[cfg.zfmt])
        if cfg.zfmt == "fp8e4m3":
            codes = ((torch.rand(shape, device=device, generator=gen) * 2 - 1) * q).to(st.Z.dtype)
        else:
            codes = torch.randint(-q, q + 1, shape, device=device, generator=gen).to(torch.int8)
        st.Z.copy_(nv.pack_nibbles(codes) if i4 else codes)
        st.c.uniform_(0.5, 1.5, generator=gen)
        st.B.uniform_(0.1, 1.0, generator=gen)
    else:
        st.Z.copy_(torch.randn(st.Z.shape, device=device, generator=gen) * 0.1)
    if cfg.r:
        st.Kc.copy_(F.normalize(torch.randn(st.Kc.shape, device=device, generator=gen), dim=-1))
        st.Uc.copy_(torch.randn(st.Uc.shape, device=device, generator=gen))
    st.rk.copy_(F.normalize(torch.randn(st.rk.shape, device=device, generator=gen), dim=-1))
    st.ru.copy_(torch.randn(st.ru.shape, device=device, generator=gen) * 0.1)
    st.rg.copy_(F.logsigmoid(torch.randn(st.rg.shape, device=device, generator=gen) + 4))
    # staggered positions: exactly ceil/floor(N/p) requests at each position, so that every step of p
    # consecutive steps flushes N/p of them (steady state of a batch whose requests started at different times)
    pos = torch.arange(N, device=device, dtype=torch.int32) % cfg.p
    st.window_pos.copy_(pos[torch.randperm(N, device=device, generator=gen)])
    return st


def leap_bytes(cfg, N):
    """Average bytes a step moves: state read, half the records read, record write, the boundary amortised."""
    K, V, HV, p, r = cfg.K, cfg.V, cfg.HV, cfg.p, cfg.r
    zb = (0.5 if cfg.zfmt == "int4" else 1) if cfg.mode == "leap" else 2
    state = K * V * zb + (4 * (K + V) if cfg.mode == "leap" else 0) + 2 * r * (K + V)
    gb = 4 if cfg.kind == "gdn" else 4 * K
    rec = 2 * (K + V) + gb
    per_head = state + (p - 1) / 2 * rec + rec + (state + p * rec) / p + 2 * K * 2 / HV + 3 * V * 2
    return N * HV * per_head


def bench_leap(cfg, N, device="cuda", decoder=None, graphs=False):
    """µs per decode step in the steady state: the timed function runs p consecutive steps (2p if p is odd; each
    on the next rotated pool, positions staggered so that each step flushes exactly N/p requests: every one of
    them pays its boundary in that step) and the time is divided by their number. Returns (total, decode launch
    alone — the boundary launch skipped —, bytes per step)."""
    from leapquant.kernels.decode import LeapDecoder
    gen = torch.Generator(device=device).manual_seed(1)
    dec = decoder or LeapDecoder(cfg)
    nrot = _rotations(leap_bytes(cfg, N))
    pools = [_leap_pool(cfg, N, device, gen) for _ in range(nrot)]
    x = make_inputs(cfg.kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
    out = torch.empty(N, cfg.HV, cfg.V, dtype=torch.bfloat16, device=device)
    wnext = torch.empty(N, dtype=torch.int32, device=device)
    it = [0]

    # an even number of steps per timed call: the list counter's parity alternates per step, and a CUDA-graph replay
    # must start on the parity whose counter the previous replay's last step zeroed
    nsteps = cfg.p if cfg.p % 2 == 0 else 2 * cfg.p
    # one input set (it stays in L2, as a model's projections would), but a new request -> slot map each step: a slot
    # fed the same (k, v) step after step drifts to a state of rank ~1, whose power iteration has dependent columns
    # (session 17: 45 % of bchol's orthonormalisations fell back to MGS); with nsteps maps each slot sees nsteps inputs
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
    # the refit's exposed cost: decode launch alone (boundary skipped)
    us_nb = _do_bench(steps(False), graphs=graphs) / nsteps
    return us, us_nb, leap_bytes(cfg, N)


def bench_leap_layers(cfg, N, layers=4, streams=1, boundary=True, device="cuda", graphs=False):
    """µs per layer and step of `layers` independent layers stepped in turn (as a model runs them). Each layer's
    boundary runs in line (`streams` 0) or on one of `streams` side streams, layer l on stream l mod `streams`
    (LeapDecoder.step's boundary_stream: it overlaps the next layers' decodes, and with more than one side stream
    the boundaries of different layers overlap each other too); `boundary=False` skips every boundary (the decodes
    alone: what the overlap could at best reach). A new request -> slot map each step, shared by the layers (a request
    keeps its slot in every layer), as `bench_leap` does. Returns (µs per layer-step, bytes per layer-step)."""
    from leapquant.kernels.decode import LeapDecoder
    if isinstance(streams, bool) or not isinstance(streams, int) or streams < 0:
        raise ValueError(f"streams must be an integer >= 0 (0: boundaries in line), got {streams!r}")
    if isinstance(layers, bool) or not isinstance(layers, int) or layers < 1:
        raise ValueError(f"layers must be an integer >= 1, got {layers!r}")
    gen = torch.Generator(device=device).manual_seed(1)
    decs = [LeapDecoder(cfg) for _ in range(layers)]
    pools = [_leap_pool(cfg, N, device, gen) for _ in range(layers)]
    x = make_inputs(cfg.kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
    out = torch.empty(N, cfg.HV, cfg.V, dtype=torch.bfloat16, device=device)
    wnext = [torch.empty(N, dtype=torch.int32, device=device) for _ in range(layers)]
    sides = [torch.cuda.Stream(device=device) for _ in range(streams)]
    nsteps = cfg.p if cfg.p % 2 == 0 else 2 * cfg.p   # even: the list counters' parity survives graph replays
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
"""The multi-layer rows (`bench(layers=L)`, name suffixes after `leap_<zfmt>_vfirst_<L>layers`): the decodes alone
(every boundary skipped: first, so that the others get their `boundary_exposed` against it), boundaries in line, on
one side stream, on a side stream per layer (streams None: L)."""


def profile_steps(cfg, N, steps=3, device="cuda"):
    """A few steady-state steps (N/p requests at their boundary each) on one pool, for ncu to capture."""
    from leapquant.kernels.decode import LeapDecoder
    gen = torch.Generator(device=device).manual_seed(1)
    dec = LeapDecoder(cfg)
    st = _leap_pool(cfg, N, device, gen)
    x = make_inputs(cfg.kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
    idx = torch.randperm(N, device=device, generator=gen).to(torch.int32)
    for _ in range(steps):
        dec.step(st, *x, idx)
    torch.cuda.synchronize()


def bench_perstep(cfg, N, device="cuda", graphs=False):
    from leapquant.kernels.decode import PerStepDecoder
    gen = torch.Generator(device=device).manual_seed(2)
    dec = PerStepDecoder(cfg)
    zb = 1 if cfg.mode == "int8" else 2
    nbytes = N * cfg.HV * (2 * cfg.K * cfg.V * zb + 8 * cfg.V)
    nrot = _rotations(nbytes)
    pools = [nv.perstep_init(random_states(N, cfg.HV, cfg.K, cfg.V, device=device, gen=gen), kind=cfg.kind,
                             v_first=cfg.v_first, mode=cfg.mode) for _ in range(nrot)]
    x = make_inputs(cfg.kind, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
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


def extra_config(c, kind, **kw):
    """An extra bench row's config for `kind`: `c` is a dict of DecodeConfig fields (the defaults that depend on
    the kind — threads, shapes — resolved for it; an optional "kinds" entry names the families the row is for: None
    for the others) or a DecodeConfig (taken as it is, only its kind replaced)."""
    from leapquant.kernels.decode import DecodeConfig
    if isinstance(c, dict):
        fields = {f: v for f, v in c.items() if f != "kinds"}
        if kind not in c.get("kinds", (kind,)):
            return None
        return DecodeConfig(**{**fields, "kind": kind, **kw})
    return replace(c, kind=kind, **kw)


def bench(kinds=("gdn", "kda"), batches=(32, 128, 256, 512), p=16, r=4, ablations=True, ablation_batch=256,
          sweeps=False, sweep_batch=256, layouts=(True, False), BV=None, threads=None, log=print,
          sweep_p=(4, 8, 16, 32), sweep_r=(2, 4, 8, 16), full_grid=False, extra=(), deadline=None, on_row=None,
          zfmt="int8", bv5=None, bv6=None, graphs=False, layers=0):
    """Time every variant; returns {"ceiling_tbs": float, "rows": [...]} (rows as the --json output).

    `zfmt` (a key of `decode.ZDT`: "int8", "int4", "fp8e4m3") and `bv5` pick the leapquant rows' residual format and boundary version
    (`DecodeConfig`; bv5 None = the default v5, False = v4); their names say which (`leap_int8_vfirst`,
    `leap_fp8e4m3_kfirst_b4`, ...).
    `full_grid` adds the v2 boundary (grid (HV, N), early exit) next to the compact one (V-first);
    `graphs` times every row (FLA's too) as CUDA-graph replays (`_do_bench`); `layers` > 1 adds, at every batch, the
    default V-first config stepped over that many layers (`bench_leap_layers`: µs per layer-step, comparable with the
    one-layer rows): the rows of `LAYER_ROWS` — decodes alone, boundaries in line, on one side stream, on one per
    layer — and the last one's `iters=0` twin;
    `extra` is a list of (name, DecodeConfig or dict of its fields: `extra_config`) rows timed at every batch; rows past `deadline`
    (time.time()) are skipped and listed in "skipped", rows that raise are listed in "failed" (with the error) and the
    run goes on; `on_row(result)` is called after each row."""
    from leapquant.kernels.decode import DecodeConfig, PerStepConfig
    ceiling = copy_ceiling()
    log(f"copy ceiling {ceiling:.2f} TB/s")
    rows = []
    skipped = []
    failed = []
    res = {"ceiling_tbs": ceiling, "rows": rows, "skipped": skipped, "failed": failed, "gpu": torch.cuda.get_device_name(),
           "date": time.strftime("%Y-%m-%d %H:%M"), "timing": "cuda graphs" if graphs else "eager launches"}

    def late(what):
        if deadline is not None and time.time() > deadline:
            skipped.append(what)
            log("skipped (deadline)", what)
            return True
        return False

    def add(model, N, kernel, us, nbytes, fla_best, fla_kf, fla_vf, extra=None):
        row = dict(model=model, batch=N, kernel=kernel, us=us, speedup_vs_fla=fla_best / us,
                   speedup_vs_fla_kfirst=fla_kf / us, speedup_vs_fla_vfirst=fla_vf / us,
                   tbs=nbytes / (us * 1e-6) / 1e12, frac_ceiling=nbytes / (us * 1e-6) / 1e12 / ceiling)
        if extra:
            row.update(extra)
        rows.append(row)
        if on_row:
            on_row(res)
        log(f"{model} B={N:4d} {kernel:34s} {us:8.1f} us  x{fla_best / us:5.2f} (kf x{fla_kf / us:4.2f}, vf x{fla_vf / us:4.2f})"
            f"  {row['tbs']:.2f} TB/s")

    for kind in kinds:
        for N in batches:
            if late(f"{kind} {N}"):
                continue
            try:
                t_kf, b_fla = bench_fla(kind, N, v_first=False, graphs=graphs)
                t_vf, _ = bench_fla(kind, N, v_first=True, graphs=graphs)
            except Exception as e:   # no baseline, no ratios: the whole batch is skipped, and said so
                failed.append({"row": f"{kind} {N} fla", "error": f"{type(e).__name__}: {e}"[:2000]})
                log("FAILED", failed[-1])
                continue
            best = min(t_kf, t_vf)
            add(kind, N, "fla_fp32_kfirst", t_kf, b_fla, best, t_kf, t_vf)
            add(kind, N, "fla_fp32_vfirst", t_vf, b_fla, best, t_kf, t_vf)
            variants = [(f"leap_{zfmt}_{'vfirst' if vf else 'kfirst'}" + ("_b4" if bv5 is False else ""),
                         DecodeConfig(kind=kind, p=p, r=r, v_first=vf, BV=BV, threads=threads, zfmt=zfmt, bv5=bv5,
                                      bv6=bv6))
                        for vf in layouts]
            if full_grid:
                variants.append(("leap_int8_vfirst_v2grid",
                                 DecodeConfig(kind=kind, p=p, r=r, v_first=True, BV=BV, threads=threads, compact=False)))
            variants += [(name, cfg) for name, c in extra if (cfg := extra_config(c, kind)) is not None]
            for name, cfg in variants:
                try:
                    us, us_nb, nb = bench_leap(cfg, N, graphs=graphs)
                except Exception as e:   # one broken variant must not cost the other rows of a device run
                    failed.append({"row": f"{kind} {N} {name}", "error": f"{type(e).__name__}: {e}"[:2000]})
                    log("FAILED", failed[-1])
                    continue
                add(kind, N, name, us, nb, best, t_kf, t_vf,
                    {"us_decode_only": us_nb, "boundary_exposed": (us - us_nb) / us, "p": cfg.p, "r": cfg.r,
                     "cfg": cfg.tag})
            if layers > 1 and not late(f"{kind} {N} layers"):
                base = DecodeConfig(kind=kind, p=p, r=r, v_first=True, BV=BV, threads=threads, zfmt=zfmt)
                rows_here = [(suffix, base, how) for suffix, how in LAYER_ROWS.items()]
                if r and base.bv12:   # the refit's own twin (iters 0) beside the fastest form: refit_only_exposed
                    rows_here.append(("_overlap_per_layer_it0", replace(base, iters=0), dict(streams=None)))
                us_alone = None   # the decodes alone (LAYER_ROWS' first row): the others' boundary_exposed
                for suffix, cfg, how in rows_here:
                    name = f"leap_{zfmt}_vfirst_{layers}layers{suffix}"
                    kw = dict(how, streams=layers if how["streams"] is None else how["streams"])
                    try:
                        us, nb = bench_leap_layers(cfg, N, layers=layers, graphs=graphs, **kw)
                    except Exception as e:
                        failed.append({"row": f"{kind} {N} {name}", "error": f"{type(e).__name__}: {e}"[:2000]})
                        log("FAILED", failed[-1])
                        continue
                    on = kw.get("boundary", True)
                    # the tag names the layer setting, so that add_refit_exposed pairs these rows only among themselves
                    info = {"layers": layers, "side_streams": kw["streams"], "boundary": on, "p": cfg.p, "r": cfg.r,
                            "cfg": f"{cfg.tag}-L{layers}s{kw['streams']}" + ("" if on else "-noboundary")}
                    if not on:
                        us_alone = us
                    elif us_alone is not None:
                        info["boundary_exposed"] = (us - us_alone) / us
                    add(kind, N, name, us, nb, best, t_kf, t_vf, info)
            if ablations and N == ablation_batch and not late(f"{kind} ablations"):
                for mode in ("int8", "bf16"):
                    us, nb = bench_perstep(PerStepConfig(kind=kind, mode=mode, v_first=True), N, graphs=graphs)
                    add(kind, N, f"perstep_{mode}_vfirst", us, nb, best, t_kf, t_vf)
                cfg = DecodeConfig(kind=kind, p=p, r=0, mode="window_bf16", v_first=True, BV=BV, threads=threads)
                us, us_nb, nb = bench_leap(cfg, N, graphs=graphs)
                add(kind, N, "window_bf16_vfirst", us, nb, best, t_kf, t_vf,
                    {"us_decode_only": us_nb, "boundary_exposed": (us - us_nb) / us})
                cfg = DecodeConfig(kind=kind, p=p, r=0, v_first=True, BV=BV, threads=threads)
                us, us_nb, nb = bench_leap(cfg, N, graphs=graphs)
                add(kind, N, "window_int8_r0_vfirst", us, nb, best, t_kf, t_vf,
                    {"us_decode_only": us_nb, "boundary_exposed": (us - us_nb) / us, "p": p, "r": 0, "cfg": cfg.tag})
                # the refit's own twin: the compensators kept, no power iteration (iters 0 runs on the v12 boundary
                # only: where it does not fit, e.g. r 16, the rows get no refit_only_exposed)
                cfg = DecodeConfig(kind=kind, p=p, r=r, v_first=True, BV=BV, threads=threads)
                if r and cfg.bv12:
                    cfg = replace(cfg, iters=0)
                    us, us_nb, nb = bench_leap(cfg, N, graphs=graphs)
                    add(kind, N, "window_int8_it0_vfirst", us, nb, best, t_kf, t_vf,
                        {"us_decode_only": us_nb, "boundary_exposed": (us - us_nb) / us, "p": p, "r": r, "cfg": cfg.tag})
            if sweeps and N == sweep_batch and not late(f"{kind} sweeps"):
                for pp in sweep_p:
                    cfg = DecodeConfig(kind=kind, p=pp, r=r, v_first=True, BV=BV, threads=threads, zfmt=zfmt, bv5=bv5)
                    us, us_nb, nb = bench_leap(cfg, N, graphs=graphs)
                    add(kind, N, f"sweep_p{pp}_r{r}", us, nb, best, t_kf, t_vf,
                        {"us_decode_only": us_nb, "boundary_exposed": (us - us_nb) / us, "p": pp, "r": r, "cfg": cfg.tag})
                for rr in sweep_r:
                    cfg = DecodeConfig(kind=kind, p=p, r=rr, v_first=True, BV=BV, threads=threads, zfmt=zfmt, bv5=bv5)
                    us, us_nb, nb = bench_leap(cfg, N, graphs=graphs)
                    add(kind, N, f"sweep_p{p}_r{rr}", us, nb, best, t_kf, t_vf,
                        {"us_decode_only": us_nb, "boundary_exposed": (us - us_nb) / us, "p": p, "r": rr, "cfg": cfg.tag})
    add_refit_exposed(rows)
    for r in rows:
        if "refit_exposed" in r or "refit_only_exposed" in r:
            parts = [f"{name} {100 * r[key]:5.1f} %" for key, name in (("refit_only_exposed", "refit exposed"),
                                                                      ("refit_exposed", "with the compensators"))
                     if key in r]
            log(f"{r['model']} B={r['batch']:4d} {r['kernel']:34s} " + ", ".join(parts)
                + f" at r = {r['r']} (goal <= 7 % for r <= 8)")
    return res


def _without_rank(tag: str) -> str:
    return re.sub(r"-r\d+-", "-r*-", tag, count=1)


def add_refit_exposed(rows: list[dict]) -> None:
    """The issue's refit metric, in two parts, on every row with twins in the same run (same model, batch and
    configuration): refit_only_exposed = (µs − µs of its `iters=0` twin) / µs — what fitting the compensators costs
    (the power iteration and its Gram–Schmidt; the twin keeps the stored K̂ and re-projects Û), the goal's ≤ 7 % for
    r ≤ 8; refit_exposed = (µs − µs at r = 0) / µs — the refit together with having compensators at all (their reads
    in every decode step, Û's product, the residual's mma). Twins: `window_int8_it0_vfirst` and
    `window_int8_r0_vfirst`, timed with the ablations. Rows without a twin get none."""
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


def render_table(result):
    from rich.table import Table
    t = Table(title=f"decode, 32 heads, dk=dv=128 — {result.get('gpu', '')}, copy {result['ceiling_tbs']:.2f} TB/s")
    for c in ("model", "batch", "kernel", "µs", "× FLA best", "× FLA K-first", "× FLA V-first", "TB/s", "boundary %",
              "refit %", "vs r=0 %"):
        t.add_column(c)
    for r in result["rows"]:
        pct = ["" if r.get(k) is None else f"{100 * r[k]:.1f}"
               for k in ("boundary_exposed", "refit_only_exposed", "refit_exposed")]
        t.add_row(r["model"], str(r["batch"]), r["kernel"], f"{r['us']:.1f}", f"{r['speedup_vs_fla']:.2f}",
                  f"{r['speedup_vs_fla_kfirst']:.2f}", f"{r['speedup_vs_fla_vfirst']:.2f}", f"{r['tbs']:.2f}", *pct)
    return t


def plot(result, path):
    """Bar chart of every kernel's speed-up over FLA's faster layout per model and batch; where the result has Table 3
    sweep rows, a second figure beside it (`<path stem>_sweeps.png`): speed-up against p and against r. Returns the
    paths written (atomically)."""
    from leapquant.plots import plt, save_figure
    rows = [r for r in result["rows"] if not r["kernel"].startswith("sweep")]
    if not rows:
        raise ValueError("plot: the result has no timed rows (every row skipped by the deadline?)")
    models = sorted({r["model"] for r in rows})
    fig, axes = plt.subplots(1, len(models), figsize=(7 * len(models), 4.6), squeeze=False)
    for ax, m in zip(axes[0], models):
        rs = [r for r in rows if r["model"] == m]
        kernels = list(dict.fromkeys(r["kernel"] for r in rs))
        batches = sorted({r["batch"] for r in rs})
        w = 0.8 / len(kernels)
        for i, kname in enumerate(kernels):
            xs, ys = [], []
            for j, b in enumerate(batches):
                for r in rs:
                    if r["kernel"] == kname and r["batch"] == b:
                        xs.append(j + i * w)
                        ys.append(r["speedup_vs_fla"])
            ax.bar(xs, ys, w, label=kname)
        ax.set_xticks([j + 0.4 - w / 2 for j in range(len(batches))], [str(b) for b in batches])
        ax.axhline(1.0, color="k", lw=0.5)
        ax.set_title(f"{m}: speed-up over FLA FP32 (faster layout)")
        ax.set_xlabel("batch")
        ax.set_ylim(0, 1.05 * max(r["speedup_vs_fla"] for r in rs))
        # below the axes, in columns: with the multi-layer rows a legend inside would cover the bars
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False)
    fig.tight_layout()
    written = [save_figure(fig, path)]
    sweeps = sweep_points(result["rows"])
    if sweeps:
        stem, ext = os.path.splitext(str(path))
        written.append(plot_sweeps(sweeps, f"{stem}_sweeps{ext or '.png'}"))
    return written


def sweep_points(rows):
    """Table 3's points: the sweep rows, and the default V-first row at their batch where no sweep row has its (p, r)
    — a sweep run that skips the default's own p and r (it is timed anyway) still draws it."""
    sweeps = [r for r in rows if r["kernel"].startswith("sweep")]
    if not sweeps:
        return []
    have = {(r["model"], r["p"], r["r"]) for r in sweeps}
    return sweeps + [r for r in rows if r["kernel"] == "leap_int8_vfirst" and r["batch"] == sweeps[0]["batch"]
                     and "p" in r and (r["model"], r["p"], r["r"]) not in have]


def plot_sweeps(rows, path):
    """Table 3 as two panels: speed-up over FLA against p (at the default r) and against r (at the default p), one line
    per model, the exposed boundary share written beside each point."""
    from leapquant.plots import plt, save_figure
    p_def = max(set(r["p"] for r in rows), key=lambda v: sum(1 for r in rows if r["p"] == v))
    r_def = max(set(r["r"] for r in rows), key=lambda v: sum(1 for r in rows if r["r"] == v))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, (axis, fixed, fixed_val) in zip(axes, (("p", "r", r_def), ("r", "p", p_def))):
        for m in sorted({r["model"] for r in rows}):
            pts = sorted((r[axis], r["speedup_vs_fla"], r.get("boundary_exposed")) for r in rows
                         if r["model"] == m and r[fixed] == fixed_val)
            ax.plot([x for x, _, _ in pts], [y for _, y, _ in pts], marker="o", label=m)
            for x, y, be in pts:
                if be is not None:
                    ax.annotate(f"{100 * be:.0f}%", (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
        ax.set_xscale("log", base=2)
        ticks = sorted({r[axis] for r in rows if r[fixed] == fixed_val})
        ax.set_xticks(ticks, [str(t) for t in ticks])
        ax.minorticks_off()
        ax.axhline(1.0, color="k", lw=0.5)
        ax.set_xlabel(axis)
        ax.set_ylabel("speed-up over FLA FP32")
        ax.set_title(f"{axis} sweep ({fixed} = {fixed_val}, batch {rows[0]['batch']}; % = boundary exposed)")
        ax.legend(fontsize=8)
    fig.tight_layout()
    return save_figure(fig, path)
