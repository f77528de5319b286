"""`LeapDecoder`: steps a pool of LeapQuant states through the compiled decode and boundary programs.

One step is two launches. The decode program reads each request's boundary state, compensators and buffered
records, writes o and appends the token's record; a request whose window fills is appended to a device list (an
atomic counter of parity ``par``; the decode zeroes the other parity's counter for the next step, so there is no host
synchronisation). The boundary program takes that list's entries: it rebuilds S_p, refits the compensators,
quantizes, and advances every request's window position. Batch N and the number of slots are symbolic: one compiled
pair serves every batch.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.config import KernelConfig
from leapquant.kernels.decode.persistent import PIPE_MAXIT, persistent_groups
from leapquant.kernels.decode.warp import warp_groups
from leapquant.kernels.tl import compile_target

WORD_DECODES = ("warp", "persistent")
"""Decode programs that read Z as int32 words and take a request-group count (the shape of their last argument)."""


_COMPILED: dict = {}


def compiled(cfg: KernelConfig, role: str, target: str | None = None, prim_func=None):
    """The `role` ("decode" | "boundary") program of the resolved `cfg`, compiled for the local GPU or `target` (kept
    for the process). `prim_func`: the program already built (callers that build in one thread, compile in many)."""
    key = (cfg, role, target)
    if key not in _COMPILED:
        func = prim_func if prim_func is not None else registry.programs(role)[getattr(cfg, role)].build(cfg)
        _COMPILED[key] = compile_target(func, target)
    return _COMPILED[key]


def prepare_inputs(q, k, v, g, beta, state_indices):
    """The step's inputs as the kernels read them: contiguous, g and beta FP32, state_indices int32."""
    import torch
    return (q.contiguous(), k.contiguous(), v.contiguous(), g.float().contiguous(), beta.float().contiguous(),
            state_indices.to(torch.int32).contiguous())


def local_arch(device=None) -> str:
    """The architecture name of the local CUDA GPU (``sm_90`` for an H100 / H200)."""
    import torch
    major, minor = torch.cuda.get_device_capability(device)
    return f"sm_{major}{minor}"


@dataclass
class StepKernels:
    """The launches a LeapDecoder step uses: compiled GPU kernels, or any callables with their arguments
    (`cpu_emulation.emulated_decoder` passes CPU-emulated ones; tests pass fakes). `small_boundary` (steps below
    cfg.small_batch requests, where the boundary program has a small-batch form) is compiled when first needed."""

    decode: Callable
    boundary: Callable
    small_boundary: Callable | None = None


class LeapDecoder:
    """Runs a layer's decode steps on a :class:`leapquant.kernels.naive.LeapState` pool (on the GPU). A request enters a
    slot through ``LeapState.reset`` (the zero state) or ``write_boundary`` (a prefilled state); a slot whose buffers
    were zeroed instead is safe too wherever the boundary refits (iters >= 1): its Gram–Schmidt completes zero keys by
    e_a."""

    def __init__(self, cfg: KernelConfig, target: str | None = None, kernels: StepKernels | None = None):
        """`cfg` is resolved for `target` (default: the local GPU's architecture); `kernels`: launches to use in
        place of the compiled GPU kernels (the CPU emulation's, or fakes)."""
        if not isinstance(cfg, KernelConfig):
            raise InputError(f"cfg must be a KernelConfig, got {type(cfg).__name__}")
        if kernels is None:
            import torch
            if not torch.cuda.is_available():
                raise InputError("LeapDecoder compiles CUDA kernels and needs a CUDA GPU (none is visible). On a CPU, "
                                 "leapquant.kernels.naive.decode_step_ref computes the same arithmetic, and "
                                 "leapquant.kernels.cpu_emulation.emulated_decoder runs the generated CUDA")
        self.cfg = registry.resolve(cfg, target or (local_arch() if kernels is None else "sm_90"))
        self._target = target
        self._pending = None     # the event of a boundary launched on a side stream (step's boundary_stream)
        self._in_flight = ()     # that boundary's temporaries (this step's idx, wnext), held until join()
        if kernels is None:
            kernels = StepKernels(compiled(self.cfg, "decode", target), compiled(self.cfg, "boundary", target))
        self.kernels = kernels
        self._dummy = {}
        self._lists = {}   # device -> (counters int32[2], list int32[cap], grid dummy int32[cap])
        self._par = 0      # which counter this step appends to (the decode zeroes the other one)
        self.cap = None    # fixed boundary grid C (tests: C = 1 makes one program take several requests)
        self.groups = None  # fixed number of request groups GP of a word decode (tests: few groups, long walks)
        self._sms = {}      # device -> SM count

    def _comp(self, st):
        """(Kc, Uc), or one-row zero stand-ins at rank 0 (the programs' signatures keep a rank axis of at least 1)."""
        if st.rank > 0:
            return st.Kc, st.Uc
        key = (st.Kc.shape[0], st.Kc.device)
        if key not in self._dummy:
            import torch
            n, hv, _, K = st.Kc.shape
            V = st.Uc.shape[-1]
            self._dummy[key] = (torch.zeros(n, hv, 1, K, dtype=torch.float16, device=st.Kc.device),
                                torch.zeros(n, hv, 1, V, dtype=torch.float16, device=st.Kc.device))
        return self._dummy[key]

    def boundary_programs(self, N: int, sms: int | None = None, per_sm: int = 2) -> int:
        """C, the boundary grid's second dimension: the expected N / window requests at their window's end plus about
        two standard deviations of slack (more than C in one step are taken in further rounds); the walking program
        at most about `per_sm` programs per SM of `sms` over the HV heads."""
        if isinstance(per_sm, bool) or not isinstance(per_sm, int) or per_sm < 1:
            raise InputError(f"per_sm must be an integer >= 1, got {per_sm!r}")
        if self.cap is not None:
            return max(1, min(N, self.cap))
        mean = -(-N // self.cfg.window)
        C = max(1, min(N, mean + max(2, int(math.ceil(2 * math.sqrt(mean))))))
        if self.cfg.boundary == "walk":
            if sms is None:
                raise InputError("the walk boundary sizes its grid by the GPU: boundary_programs needs sms")
            C = min(C, max(1, round(per_sm * sms / self.cfg.HV)))
        return C

    def decode_groups(self, N: int, sms: int) -> int:
        """GP, the request groups of a word decode at batch N on `sms` SMs (self.groups where set)."""
        GP = self.groups
        if GP is None:
            GP = (warp_groups if self.cfg.decode == "warp" else persistent_groups)(self.cfg, N, sms)
        GP = min(GP, N)
        if self.cfg.decode == "persistent" and -(-N // GP) > PIPE_MAXIT:   # its slot list lives in shared memory
            raise InputError(f"groups = {GP} leaves more than {PIPE_MAXIT} requests per program at batch {N}; "
                             f"expected groups >= {-(-N // PIPE_MAXIT)}")
        return GP

    def _sm_count(self, device) -> int:
        if device not in self._sms:
            import torch
            self._sms[device] = torch.cuda.get_device_properties(device).multi_processor_count
        return self._sms[device]

    def _buffers(self, N, device):
        import torch
        cur = self._lists.get(device)
        if cur is None or cur[1].numel() < N:
            cap = max(N, 64 if cur is None else 2 * cur[1].numel())
            cnt = torch.zeros(2, dtype=torch.int32, device=device)
            if cur is not None:
                cnt.copy_(cur[0])
            cur = (cnt, torch.empty(cap, dtype=torch.int32, device=device),
                   torch.zeros(cap, dtype=torch.int32, device=device))
            self._lists[device] = cur
        return cur

    def check_pool(self, st) -> None:
        """InputError naming the field where the pool `st` was not made for this decoder's arithmetic."""
        want = self.cfg.reference_options
        for name, value in want.items():
            if getattr(st, name, None) != value:
                raise InputError(f"st.{name} must be {value!r} for this decoder (naive.empty_state(..., "
                                 f"**cfg.reference_options)), got {getattr(st, name, None)!r}")

    def step(self, st, q, k, v, g, beta, state_indices, scale: float | None = None, out=None, wnext=None,
             boundary: bool = True, boundary_stream=None):
        """One token per request: q, k [N, H, K] bf16, v [N, HV, V] bf16, g [N, HV] (gdn) or [N, HV, K] (kda) fp32
        log-decays, beta [N, HV] fp32, state_indices [N] int32 (the requests' slots). Updates `st` in place; returns
        o [N, HV, V] (cfg.out_dtype). `boundary=False` (timing only) skips the boundary launch.

        `boundary_stream` (a torch.cuda.Stream): the boundary launch goes there, after this step's decode, so that it
        overlaps what the caller runs next — a model's other layers: only this layer's next step needs it, and that
        step (or `join()`) makes the current stream wait for it first. A CUDA-graph capture must `join()` before it
        ends."""
        import torch
        self.join()
        self.check_pool(st)
        q, k, v, g, beta, idx = prepare_inputs(q, k, v, g, beta, state_indices)
        N, H, K = q.shape
        scale = K ** -0.5 if scale is None else float(scale)
        if out is None:
            out = torch.empty(N, v.shape[1], v.shape[2], dtype=getattr(torch, self.cfg.out_dtype), device=q.device)
        if wnext is None:
            wnext = torch.empty(N, dtype=torch.int32, device=q.device)
        Kc, Uc = self._comp(st)
        cnt, lst, gsz = self._buffers(N, q.device)
        par = self._par
        self._par = 1 - par
        self._decode(st, q, k, v, g, beta, scale, idx, Kc, Uc, out, wnext, cnt, par, lst, gsz)
        if boundary:
            C = self.boundary_programs(N, self._sm_count(q.device) if self.cfg.boundary == "walk" else None)
            args = (idx, wnext, st.window_pos, cnt, par, lst[:N], gsz[:C], st.Z, st.c, st.B, Kc, Uc, st.rk, st.ru,
                    st.rg)
            self._launch_boundary(self.boundary_kernel(N), args, boundary_stream, (idx, wnext), q.device)
        return out

    def _decode(self, st, q, k, v, g, beta, scale, idx, Kc, Uc, out, wnext, cnt, par, lst, gsz):
        import torch
        N = q.shape[0]
        tail = (st.rk, st.ru, st.rg, out, wnext, cnt, par, lst[:N])
        if self.cfg.decode not in WORD_DECODES:
            self.kernels.decode(q, k, v, g, beta, scale, idx, st.window_pos, st.Z, st.c, st.B, Kc, Uc, *tail)
            return
        for name, t, a in (("q", q, 16), ("k", k, 16), ("v", v, 16), ("g", g, 4 if self.cfg.family == "gdn" else 16),
                           ("beta", beta, 4)):   # their cp.async copies read 16 bytes at a time (4 for g, beta)
            if t.data_ptr() % a:
                raise InputError(f"{name} must start at a {a}-byte aligned address for the {self.cfg.decode} decode "
                                 f"(a view with a storage offset? pass {name}.clone())")
        GP = self.decode_groups(N, self._sm_count(q.device))
        self.kernels.decode(q, k, v, g, beta, scale, idx, st.window_pos, st.Z.view(torch.int32), st.c, st.B, Kc, Uc,
                            *tail, gsz[:GP])

    def _launch_boundary(self, kernel, args, stream, temporaries, device):
        import torch
        if stream is None:
            kernel(*args)
            return
        stream.wait_stream(torch.cuda.current_stream(device))
        with torch.cuda.stream(stream):
            kernel(*args)
        # this step's temporaries are read on the other stream: eagerly, record_stream keeps the allocator from
        # reusing them before that stream is done; under a CUDA-graph capture (no record_stream there) a later
        # allocation of the same capture could take their memory while the boundary node still reads it — so the
        # decoder holds them until join()
        if not torch.cuda.is_current_stream_capturing():
            for t in temporaries:
                t.record_stream(stream)
        self._in_flight = temporaries
        self._pending = torch.cuda.Event()
        self._pending.record(stream)

    def boundary_kernel(self, N: int):
        """The boundary kernel a step of N requests runs: below cfg.small_batch the program's small-batch form
        (registry.small_batch_boundary; compiled when first needed), else the configured one."""
        small = registry.small_batch_boundary(self.cfg)
        if small is self.cfg or N >= self.cfg.small_batch:
            return self.kernels.boundary
        if self.kernels.small_boundary is None:
            self.kernels.small_boundary = compiled(small, "boundary", self._target)
        return self.kernels.small_boundary

    def join(self):
        """Make the current stream wait for a boundary launched on a `boundary_stream` (no-op without one)."""
        if self._pending is not None:
            import torch
            torch.cuda.current_stream().wait_event(self._pending)
            self._pending = None
            self._in_flight = ()
