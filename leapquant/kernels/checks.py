"""Kernel-vs-reference checks: the compiled (or CPU-emulated) programs against the PyTorch reference (`naive.py`).

`check_decode` steps a LeapQuant pool through a :class:`~leapquant.kernels.decoder.LeapDecoder` and through
`naive.decode_step_ref` side by side over several windows; `check_perstep` does the same for the per-step baselines;
`check_ok` is the verdict the tests, the device runs and `leapquant kernels emulate` share.
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.kernels import naive as nv
from leapquant.kernels.config import KernelConfig

STARTS = ("random", "fresh", "zeroed")
"""The slots' first states a kernel check can start from (`check_decode`'s ``start``)."""


def make_inputs(family, N, H, HV, K, V, device="cuda", gen=None):
    """One step's random inputs: q, k [N, H, K] bf16 (k unit rows), v [N, HV, V] bf16, g [N, HV] (gdn) or
    [N, HV, K] (kda) fp32 log-decays near 0, beta [N, HV] fp32."""
    r = lambda *s: torch.randn(*s, device=device, generator=gen)  # noqa: E731
    q = r(N, H, K).bfloat16()
    k = F.normalize(r(N, H, K), dim=-1).bfloat16()
    v = r(N, HV, V).bfloat16()
    g = F.logsigmoid(r(N, HV) + 3.0) if family == "gdn" else F.logsigmoid(r(N, HV, K) + 4.0)
    beta = torch.sigmoid(r(N, HV))
    return q, k, v, g.float(), beta.float()


def random_states(slots, HV, K, V, outliers=False, device="cuda", gen=None):
    """FP32 states [slots, HV, K, V]; `outliers`: heavy key rows and value columns and a few huge entries."""
    S = torch.randn(slots, HV, K, V, device=device, generator=gen) * 0.1
    if outliers:
        S[:, :, :4] *= 30.0
        S[..., :3] *= 20.0
        S[:, :, 7, 9] = 150.0
    return S


def _rel(a, b):
    return ((a.float() - b.float()).norm() / b.float().norm().clamp_min(1e-30)).item()


def _codes(st):
    """The residual's codes as integers that step by one between neighbouring representable values: INT8 as is,
    INT4 unpacked, FP8 E4M3 as its sign-magnitude bit pattern (adjacent magnitudes differ by one)."""
    if st.format == "int4":
        return nv.unpack_nibbles(st.Z).to(torch.int32)
    if st.format == "fp8-e4m3":
        bits = st.Z.view(torch.uint8).to(torch.int32)
        return torch.where(bits >= 128, -(bits - 128), bits)
    return st.Z.to(torch.int32)


def code_flips(ker, ref):
    """Compare two quantized states code by code. Two correct implementations that sum in different orders round a
    value lying within float error of a rounding boundary to neighbouring codes; a wrong one differs by more, or
    in many codes. Returns (fraction of codes one step apart, number more than one step apart, ``ker`` with the
    one-step codes taken from ``ref`` — what the rest of its state is compared with)."""
    if ker.format == "bf16":
        return 0.0, 0, ker
    a, b = _codes(ker), _codes(ref)
    d = (a - b).abs()
    one = d == 1
    fixed = ker.clone()
    if one.any():
        if ker.format == "int4":
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


def _decoder(cfg, decoder):
    """(decoder, its resolved config): `decoder`, or a LeapDecoder of `cfg` (resolved for the local GPU)."""
    if not isinstance(cfg, KernelConfig):
        raise InputError(f"cfg must be a KernelConfig, got {type(cfg).__name__}")
    if decoder is None:
        from leapquant.kernels.decoder import LeapDecoder
        decoder = LeapDecoder(cfg)
    return decoder, decoder.cfg


def _start_pool(cfg, slots, start, outliers, ragged, device, gen):
    """The reference pool a check starts from (`check_decode`'s ``start``, ``ragged``)."""
    if start not in STARTS:
        raise InputError(f"start must be one of {list(STARTS)}, got {start!r}")
    if start != "random":
        ref = nv.empty_state(slots, cfg.HV, cfg.K, cfg.V, **cfg.reference_options, device=device)
    else:
        ref = nv.init_state(random_states(slots, cfg.HV, cfg.K, cfg.V, outliers, device, gen), **cfg.reference_options)
    if ragged:  # advance random subsets so every slot sits at its own window position
        for _ in range(cfg.window + 3):
            sub = torch.randperm(slots, device=device, generator=gen)[: max(1, slots // 2)].to(torch.int32)
            nv.decode_step_ref(ref, *make_inputs(cfg.family, sub.numel(), cfg.H, cfg.HV, cfg.K, cfg.V, device, gen),
                               sub)
    if start == "zeroed" and cfg.format != "bf16":
        ref.Kc.zero_()
        ref.Uc.zero_()
    return ref


def _compare_states(worst, ker, ref, slots, device):
    """Fold one comparison of the two pools' states into `worst` (`check_decode`'s fields)."""
    allslots = torch.arange(slots, device=device)
    assert torch.equal(ker.window_pos, ref.window_pos), "window positions differ"
    flips, jumps, fixed = code_flips(ker, ref)
    S_ref = nv.reconstruct(ref, allslots)
    worst["state"] = max(worst["state"], _rel(nv.reconstruct(ker, allslots), S_ref))
    worst["state_ties"] = max(worst["state_ties"], _rel(nv.reconstruct(fixed, allslots), S_ref))
    worst["flips"] = max(worst["flips"], flips)
    worst["jumps"] += jumps


def check_decode(cfg: KernelConfig, N=8, slots=None, windows=4, outliers=False, ragged=True, seed=0, decoder=None,
                 device="cuda", resync=True, start="random", progress=None):
    """Kernel vs reference over `windows` windows of `cfg` (resolved as its decoder resolves it; with `decoder`,
    that decoder's config is the one checked); returns a dict of worst relative errors.

    With ``resync`` (default) the reference restarts every step from the kernel's state, so each step — the
    boundaries included — is compared on the same input state; rounding ties that fall differently would otherwise
    make the two trajectories drift apart by about the quantization noise.

    ``state`` is the relative error of the reconstructed states; ``state_ties`` the same once codes one step apart
    (rounding ties of two summation orders, see `code_flips`) are taken from the reference, ``flips`` the largest
    fraction of such codes in a step, ``jumps`` the number of codes more than one step apart (not zero for correct
    kernels either: with outliers, refits that differ in float error move the residual by more than a step where
    the compensators pick it up again). ``dead_keys``: compensator key columns left all zero in the kernel's pool at
    the end. ``start`` (`STARTS`): every slot from a random state ("random"), as a new request ("fresh",
    ``LeapState.reset``) or with its buffers zeroed, keys too ("zeroed": what an engine that zeroes slots hands the
    kernels; the compensators are zeroed again once the reference has moved the slots to ragged positions, so that
    the kernel's boundaries meet zero keys; ``dead_keys`` then counts only the slots the kernel took through a
    boundary, ``crossed`` how many those were). ``progress(step, steps)`` is called after each step (the CPU
    emulation's steps take seconds to minutes). `check_ok` is the verdict."""
    dec, cfg = _decoder(cfg, decoder)
    gen = torch.Generator(device=device).manual_seed(seed)
    slots = slots or N + 3
    ref = _start_pool(cfg, slots, start, outliers, ragged, device, gen)
    crossed = torch.zeros(slots, dtype=torch.bool, device=device)   # slots the kernel took through a boundary
    ker = ref.clone()
    worst = {"out": 0.0, "state": 0.0, "state_ties": 0.0, "flips": 0.0, "jumps": 0, "nan": False}
    steps = windows * cfg.window + 1
    for t in range(steps):
        idx = torch.randperm(slots, device=device, generator=gen)[:N].to(torch.int32)
        x = make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
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
        if resync or t % 5 == 4 or t == steps - 1:
            _compare_states(worst, ker, ref, slots, device)
        if progress is not None:
            progress(t + 1, steps)
    worst["nan"] = bool(worst["nan"])
    counted = crossed if start == "zeroed" else torch.ones_like(crossed)
    worst["dead_keys"] = int((ker.Kc[counted] == 0).all(-1).sum()) if cfg.format != "bf16" else 0
    worst["crossed"] = int(crossed.sum())
    return worst


def check_overflowing_scales(cfg: KernelConfig, N=4, seed=0, decoder=None, device="cuda") -> dict:
    """The codes of a value row whose quotient q / B_j overflows to infinity (B_j below ~4e-37): every other row
    large, so that the smoothing scales c are ~20 and row 0 — tiny in the start states, no record adding to it (its
    value inputs zero) — ends the window with B_0 ~1e-38. The reference saturates those codes at ±q (round, clamp);
    the register boundaries take them off their float-trick fast path by a branch that no random state reaches. One
    window of N requests from window position 0, the reference resynced each step; returns the largest B_0 written,
    the fraction of codes one step apart (rounding ties, as in `code_flips`), the number more than a step apart,
    those that differ in row 0 (0 expected: the same quotients, saturated), and how many row-0 codes are ±q in the
    reference (the branch was taken)."""
    dec, cfg = _decoder(cfg, decoder)
    gen = torch.Generator(device=device).manual_seed(seed)
    S = random_states(N, cfg.HV, cfg.K, cfg.V, device=device, gen=gen) * 3e3
    S[..., 0] = torch.randn(N, cfg.HV, cfg.K, device=device, generator=gen).sign() * 3e-37
    ker = nv.init_state(S, **cfg.reference_options)
    idx = torch.arange(N, device=device, dtype=torch.int32)
    for _ in range(cfg.window):
        q, k, v, g, beta = make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
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
            "saturated_row0": int((row0(b).abs() == nv.QMAX[cfg.format]).sum())}


def check_perstep(cfg, N=8, steps=20, seed=0, device="cuda", decoder=None):
    """A per-step kernel (`cfg`: a :class:`~leapquant.kernels.perstep.PerStepConfig`) vs naive.perstep_step_ref over
    `steps` steps from random states; returns the worst relative errors of the outputs and the states."""
    from leapquant.kernels.perstep import PerStepConfig, PerStepDecoder
    if not isinstance(cfg, PerStepConfig):
        raise InputError(f"cfg must be a PerStepConfig, got {type(cfg).__name__}")
    gen = torch.Generator(device=device).manual_seed(seed)
    slots = N + 2
    dec = decoder or PerStepDecoder(cfg)
    ref = nv.perstep_init(random_states(slots, cfg.HV, cfg.K, cfg.V, device=device, gen=gen), family=cfg.family,
                          layout=cfg.layout, format=cfg.format)
    ker = ref.clone()
    worst = {"out": 0.0, "state": 0.0, "nan": False}
    for _ in range(steps):
        idx = torch.randperm(slots, device=device, generator=gen)[:N].to(torch.int32)
        x = make_inputs(cfg.family, N, cfg.H, cfg.HV, cfg.K, cfg.V, device, gen)
        o_ref = nv.perstep_step_ref(ref, *x, idx)
        out = torch.full((N, cfg.HV, cfg.V), float("nan"), dtype=getattr(torch, cfg.out_dtype), device=device)
        o = dec.step(ker, *x, idx, out=out)
        if o.is_cuda:
            torch.cuda.synchronize()
        worst["nan"] = bool(worst["nan"] or torch.isnan(o).any())
        worst["out"] = max(worst["out"], _rel(o, o_ref))
        worst["state"] = max(worst["state"], _rel(ker.state(), ref.state()))
    return worst
