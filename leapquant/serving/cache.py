"""`StateCache`: every linear-attention layer's LeapQuant states of a model, from a recipe, in slots that an engine
allocates, frees and resets; requests are admitted from prefilled FP32 states in one batched call per layer; a
request's states are exported and imported in their quantized form (a prefix-caching checkpoint: boundary state and
records, the recipe's bytes per element, not 4); each layer's decode step runs the recipe's kernels on a GPU and the
PyTorch reference of the same arithmetic (`leapquant.kernels.naive.decode_step_ref`) on a CPU.

    cache = StateCache(Recipe.load("recipe.json"), slots=256)
    s = cache.allocate(2)                       # slot ids, int64 [2]
    cache.admit(s, [S_layer0, S_layer1, ...])   # each [2, HV, K, V] FP32, as FLA's chunked prefill returns them
    o = cache.step(0, q, k, v, g, beta, s)      # q, k [2, H, K]; v [2, HV, V]; g, beta as FLA's fused_recurrent

vLLM's packed decodes run on the same cache: `step_packed` (GDN) and `step_packed_kda` (KDA).
"""
from __future__ import annotations

import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.kernels import naive as nv

FIELDS = ("Z", "c", "B", "Kc", "Uc", "rk", "ru", "rg", "window_pos")
"""A slot's tensors in every layer's pool: what a checkpoint holds."""


class StateCache:
    """The states of `slots` requests for every layer of `recipe`'s model (its kernel configuration per layer).
    `device`: where the pools live; on a CUDA device each layer steps through the recipe's kernels (its shipped
    cubins where it has them, `Recipe.decoders`)."""

    def __init__(self, recipe, slots: int, device: str | torch.device = "cpu"):
        from leapquant.recipe import Recipe
        if not isinstance(recipe, Recipe):
            raise InputError(f"recipe must be a leapquant Recipe, got {type(recipe).__name__}")
        if recipe.kernel is None:
            raise InputError(f"recipe {recipe.model.name!r} has no kernel configuration (a simulation-only recipe); "
                             f"the cache keeps states in the kernels' layout")
        if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
            raise InputError(f"slots must be an integer >= 1, got {slots!r}")
        self.recipe, self.slots, self.device = recipe, slots, torch.device(device)
        if self.device.type == "cuda" and self.device.index is None:     # tensors report cuda:<index>
            self.device = torch.device("cuda", torch.cuda.current_device())
        m = recipe.model
        self.configs = [recipe.to_kernel_config(layer) for layer in range(m.layers)]
        self.pools = [nv.empty_state(slots, m.HV, m.K, m.V, **cfg.reference_options, device=self.device)
                      for cfg in self.configs]
        self.decoders = recipe.decoders() if self.device.type == "cuda" else None
        self._free = list(range(slots))
        self._used = torch.zeros(slots, dtype=torch.bool)

    @classmethod
    def over(cls, recipe, pools: dict[int, nv.LeapState]) -> "StateCache":
        """A cache on an engine's own memory: `pools[layer]` is a LeapState whose tensors are views of the engine's
        state tensors ([slots, ...] each), for the layers this process holds; every slot is the engine's (it
        allocates and frees them, not this cache) and the other layers are refused by name."""
        from leapquant.recipe import Recipe
        if not isinstance(recipe, Recipe) or recipe.kernel is None:
            raise InputError("recipe must be a leapquant Recipe with a kernel configuration")
        m = recipe.model
        if not isinstance(pools, dict) or not pools or not all(isinstance(p, nv.LeapState) for p in pools.values()):
            raise InputError("pools must be a non-empty dict {layer: LeapState}")
        slots = {p.window_pos.shape[0] for p in pools.values()}
        if len(slots) != 1:
            raise InputError(f"pools must have one slot count, got {sorted(slots)}")
        self = cls.__new__(cls)
        self.recipe, self.slots = recipe, slots.pop()
        self.device = next(iter(pools.values())).window_pos.device
        self.configs = [recipe.to_kernel_config(layer) for layer in range(m.layers)]
        self.pools = [None] * m.layers
        for layer, pool in pools.items():
            self.pools[self._layer(layer)] = pool
        self.decoders = recipe.decoders() if self.device.type == "cuda" else None
        self._free, self._used = [], torch.ones(self.slots, dtype=torch.bool)
        return self

    # ---- slots -------------------------------------------------------------------------------------------------
    def allocate(self, n: int) -> torch.Tensor:
        """`n` free slots as fresh requests (the zero state); InputError if fewer are free."""
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise InputError(f"n must be an integer >= 1, got {n!r}")
        if n > len(self._free):
            raise InputError(f"{n} slots requested, {len(self._free)} of {self.slots} free")
        got, self._free = self._free[:n], self._free[n:]
        slots = torch.tensor(got, dtype=torch.long)
        self._used[slots] = True
        self.reset(slots)
        return slots

    def free(self, slots) -> None:
        """Give `slots` back; a slot not allocated is refused by number."""
        s = self._check(slots, "slots")
        self._used[s] = False
        self._free.extend(s.tolist())

    def reset(self, slots) -> None:
        """Make allocated `slots` fresh requests in every layer."""
        s = self._check(slots, "slots").to(self.device)
        for pool in self.pools:
            pool.reset(s)

    def _check(self, slots, name: str, every_layer: bool = True) -> torch.Tensor:
        """`slots` as int64 CPU ids, each in range and allocated; InputError naming them otherwise. With
        `every_layer`, every layer's pool must be here (a cache `over` some of an engine's layers steps and reads
        those layers only)."""
        held = [i for i, p in enumerate(self.pools) if p is not None]
        if every_layer and len(held) != len(self.pools):
            raise InputError(f"this cache holds layers {held} of {len(self.pools)} only; allocate, free, reset, "
                             f"admit, export and load need every layer")
        if not isinstance(slots, torch.Tensor) or slots.dtype.is_floating_point or slots.dim() != 1:
            raise InputError(f"{name} must be a 1-D integer tensor of slot ids")
        s = slots.detach().to("cpu", torch.long)
        bad = s[(s < 0) | (s >= self.slots)]
        if bad.numel():
            raise InputError(f"{name}: slot {bad[0].item()} is out of range [0, {self.slots})")
        if s.unique().numel() != s.numel():
            raise InputError(f"{name}: a slot appears twice")
        idle = s[~self._used[s]]
        if idle.numel():
            raise InputError(f"{name}: slot {idle[0].item()} is not allocated (freed, or never allocated)")
        return s

    def _layer(self, layer: int) -> int:
        if isinstance(layer, bool) or not isinstance(layer, int) or not 0 <= layer < len(self.pools):
            raise InputError(f"layer must be an integer in [0, {len(self.pools)}), got {layer!r}")
        return layer

    def _pool(self, layer: int) -> nv.LeapState:
        pool = self.pools[self._layer(layer)]
        if pool is None:
            raise InputError(f"layer {layer}'s states are not in this cache (StateCache.over was given "
                             f"{[i for i, p in enumerate(self.pools) if p is not None]})")
        return pool

    # ---- states ------------------------------------------------------------------------------------------------
    def admit(self, slots, states: list[torch.Tensor]) -> None:
        """Start allocated `slots` from prefilled FP32 states: `states[layer]` [n, HV, K, V] (FLA's K-first state of
        each request), quantized in one batched call per layer (window position 0, a cold-start refit)."""
        self._check(slots, "slots")
        if not isinstance(states, (list, tuple)) or len(states) != len(self.pools):
            raise InputError(f"states must be a list of {len(self.pools)} tensors, one per layer")
        for layer, S in enumerate(states):
            self._checked_state(layer, slots, S, f"states[{layer}]")
        for layer, S in enumerate(states):
            self.admit_layer(layer, slots, S)

    def admit_layer(self, layer: int, slots, S: torch.Tensor) -> None:
        """`admit` for one layer: S [n, HV, K, V] FP32 quantized into `slots` of `layer` (an engine that prefills
        layer by layer, and a cache `over` some of an engine's layers)."""
        s = self._check(slots, "slots", every_layer=False).to(self.device)
        self._checked_state(layer, slots, S, "S")
        self._pool(layer).write_boundary(s, S.float(), None)

    def _checked_state(self, layer: int, slots, S, name: str) -> None:
        m = self.recipe.model
        self._layer(layer)
        want = (len(slots), m.HV, m.K, m.V)
        if not isinstance(S, torch.Tensor) or tuple(S.shape) != want or not S.dtype.is_floating_point:
            raise InputError(f"{name} must be a float tensor of shape {list(want)}, got "
                             f"{list(S.shape) if isinstance(S, torch.Tensor) else type(S).__name__}")
        if S.device != self.device:
            raise InputError(f"{name} is on {S.device}, the cache on {self.device}")
        if not torch.isfinite(S).all():
            raise InputError(f"{name} holds NaN or Inf")

    def read_state(self, layer: int, slots) -> torch.Tensor:
        """The FP32 state [n, HV, K, V] of `slots` in `layer` as the next token reads it (boundary + records)."""
        s = self._check(slots, "slots", every_layer=False).to(self.device)
        return nv.reconstruct(self._pool(layer), s)

    def export(self, slots) -> dict[str, torch.Tensor]:
        """A checkpoint of `slots` in the quantized form: {"<layer>.<field>": tensor [n, ...]} (CPU copies)."""
        s = self._check(slots, "slots").to(self.device)
        return {f"{layer}.{f}": getattr(pool, f)[s].to("cpu", copy=True) for layer, pool in enumerate(self.pools)
                for f in FIELDS}

    def load(self, slots, checkpoint: dict[str, torch.Tensor]) -> None:
        """Continue allocated `slots` from a checkpoint `export` made (of as many requests, the same recipe)."""
        s = self._check(slots, "slots").to(self.device)
        want = {f"{layer}.{f}" for layer in range(len(self.pools)) for f in FIELDS}
        if not isinstance(checkpoint, dict) or set(checkpoint) != want:
            raise InputError("checkpoint must be the dict StateCache.export returns for this recipe's layers")
        for layer, pool in enumerate(self.pools):
            for f in FIELDS:
                t, dst = checkpoint[f"{layer}.{f}"], getattr(pool, f)
                if tuple(t.shape) != (s.numel(), *dst.shape[1:]) or t.dtype != dst.dtype:
                    raise InputError(f"checkpoint[{layer}.{f}] must be {dst.dtype} of shape "
                                     f"{[s.numel(), *dst.shape[1:]]}, got {t.dtype} {list(t.shape)}")
        for layer, pool in enumerate(self.pools):
            for f in FIELDS:
                getattr(pool, f)[s] = checkpoint[f"{layer}.{f}"].to(self.device)

    # ---- memory ------------------------------------------------------------------------------------------------
    @property
    def bytes_per_request(self) -> int:
        """Bytes of one request's states over every layer and head (boundary states and record buffers)."""
        return self.recipe.memory.bytes_per_request

    def requests_within(self, budget_bytes: int) -> int:
        """How many requests' states fit `budget_bytes`."""
        if isinstance(budget_bytes, bool) or not isinstance(budget_bytes, int) or budget_bytes < 0:
            raise InputError(f"budget_bytes must be an integer >= 0, got {budget_bytes!r}")
        return budget_bytes // self.bytes_per_request

    # ---- decode ------------------------------------------------------------------------------------------------
    def step(self, layer: int, q, k, v, g, beta, slots, scale: float | None = None) -> torch.Tensor:
        """One token of each request in `slots` through `layer` (FLA's fused_recurrent convention, one token):
        q, k [N, H, K] (L2-normalised), v [N, HV, V], g [N, HV] (GDN) or [N, HV, K] (KDA) log-decays, beta [N, HV].
        Returns o [N, HV, V] (FP32 on a CPU, the kernel's output dtype on a GPU)."""
        s = self._check(slots, "slots", every_layer=False)
        layer = self._layer(layer)
        cfg, m = self.configs[layer], self.recipe.model
        N = s.numel()
        gshape = (N, m.HV) if cfg.family == "gdn" else (N, m.HV, m.K)
        for name, x, shape in (("q", q, (N, m.H, m.K)), ("k", k, (N, m.H, m.K)), ("v", v, (N, m.HV, m.V)),
                               ("g", g, gshape), ("beta", beta, (N, m.HV))):
            if not isinstance(x, torch.Tensor) or tuple(x.shape) != shape or not x.dtype.is_floating_point:
                raise InputError(f"{name} must be a float tensor of shape {list(shape)}, got "
                                 f"{list(x.shape) if isinstance(x, torch.Tensor) else type(x).__name__}")
            if x.device != self.device:
                raise InputError(f"{name} is on {x.device}, the cache on {self.device}")
        idx = s.to(self.device, torch.int32)
        if self.decoders is None:
            return nv.decode_step_ref(self._pool(layer), q, k, v, g, beta, idx, scale)
        return self.decoders[layer].step(self._pool(layer), q.bfloat16(), k.bfloat16(), v.bfloat16(), g, beta, idx,
                                         scale)


PAD_SLOT_ID = -1
"""vLLM's null entry of `ssm_state_indices`: that row of the batch has no request and is skipped."""


def l2norm(x: torch.Tensor) -> torch.Tensor:
    """x / sqrt(sum(x²) + 1e-6) over the last axis, FP32: FLA's and vLLM's in-kernel L2 norm of q and k."""
    x = x.float()
    return x * torch.rsqrt((x * x).sum(-1, keepdim=True) + 1e-6)


def _live_rows(m, mixed_qkv: torch.Tensor, indices: torch.Tensor):
    """(rows of `indices` that name a slot, and their q, k (L2-normalised), v unpacked from `mixed_qkv`); rows is
    None where every row is PAD_SLOT_ID."""
    live = indices != PAD_SLOT_ID
    if not live.any():
        return None, None, None, None
    rows = live.nonzero()[:, 0]
    x = mixed_qkv[rows].float()
    q = l2norm(x[:, :m.H * m.K].view(-1, m.H, m.K))
    k = l2norm(x[:, m.H * m.K:2 * m.H * m.K].view(-1, m.H, m.K))
    return rows, q, k, x[:, 2 * m.H * m.K:].view(-1, m.HV, m.V)


def gdn_gates(a: torch.Tensor, b: torch.Tensor, A_log: torch.Tensor, dt_bias: torch.Tensor):
    """Gated DeltaNet's gates as the engines compute them (FLA's / vLLM's fused_gdn_gating): the log-decay
    g = -exp(A_log) · softplus(a + dt_bias) and beta = sigmoid(b); a, b [N, HV], A_log, dt_bias [HV]. FP32."""
    x = a.float() + dt_bias.float()
    return -torch.exp(A_log.float()) * F.softplus(x, beta=1.0, threshold=20.0), torch.sigmoid(b.float())


def step_packed(cache: StateCache, layer: int, mixed_qkv, a, b, A_log, dt_bias, scale: float, out,
                ssm_state_indices) -> torch.Tensor:
    """vLLM's packed GDN decode on the cache: mixed_qkv [N, 2·H·K + HV·V] (q, k, v side by side), a, b [N, HV],
    A_log, dt_bias [HV], out [N, HV, V] written in place for the rows whose `ssm_state_indices` entry is a slot
    (PAD_SLOT_ID rows are skipped and left as they were); q and k are L2-normalised here, as the kernel's
    use_qk_l2norm_in_kernel does. Returns `out`."""
    m = cache.recipe.model
    if m.family != "gdn":
        raise InputError(f"step_packed is Gated DeltaNet's convention; the recipe's model is {m.family}")
    N = ssm_state_indices.shape[0] if isinstance(ssm_state_indices, torch.Tensor) else -1
    width = 2 * m.H * m.K + m.HV * m.V
    if not isinstance(mixed_qkv, torch.Tensor) or tuple(mixed_qkv.shape) != (N, width):
        raise InputError(f"mixed_qkv must have shape [{N}, {width}] (q, k, v of {m.H}, {m.H}, {m.HV} heads), got "
                         f"{list(mixed_qkv.shape) if isinstance(mixed_qkv, torch.Tensor) else mixed_qkv!r}")
    if not isinstance(out, torch.Tensor) or tuple(out.shape) != (N, m.HV, m.V):
        raise InputError(f"out must have shape [{N}, {m.HV}, {m.V}]")
    for name, x, shape in (("a", a, (N, m.HV)), ("b", b, (N, m.HV)), ("A_log", A_log, (m.HV,)),
                           ("dt_bias", dt_bias, (m.HV,))):
        if not isinstance(x, torch.Tensor) or tuple(x.shape) != shape:
            raise InputError(f"{name} must have shape {list(shape)}")
    rows, q, k, v = _live_rows(m, mixed_qkv, ssm_state_indices)
    if rows is None:
        return out
    g, beta = gdn_gates(a[rows], b[rows], A_log, dt_bias)
    o = cache.step(layer, q, k, v, g, beta, ssm_state_indices[rows].long(), scale)
    out[rows] = o.to(out.dtype)
    return out


def kda_gates(raw_g: torch.Tensor, A_log: torch.Tensor, dt_bias: torch.Tensor, lower_bound: float | None = None):
    """KDA's per-channel log-decay as the engines compute it (FLA's kda gate, vLLM's packed decode): with x = raw_g +
    dt_bias, g = -exp(A_log) · softplus(x), or lower_bound · sigmoid(exp(A_log) · x) with a lower bound; raw_g
    [N, HV, K], A_log [HV], dt_bias [HV · K]. FP32 [N, HV, K]."""
    N, HV, K = raw_g.shape
    x = raw_g.float() + dt_bias.float().view(HV, K)
    a = torch.exp(A_log.float()).view(HV, 1)
    if lower_bound is None:
        return -a * F.softplus(x, beta=1.0, threshold=20.0)
    return lower_bound * torch.sigmoid(a * x)


def step_packed_kda(cache: StateCache, layer: int, mixed_qkv, raw_g, raw_beta, A_log, dt_bias,
                    lower_bound: float | None, scale: float, out, state_indices) -> torch.Tensor:
    """vLLM's packed KDA decode on the cache: mixed_qkv [N, 2·H·K + HV·V], raw_g [N, HV, K] (vLLM's [1, N, HV, K]
    without its leading 1), raw_beta [N, HV], A_log [HV], dt_bias [HV · K], out [N, HV, V] written in place for the
    rows whose `state_indices` entry is a slot (PAD_SLOT_ID rows skipped); the gates (`kda_gates`), beta = sigmoid
    and the L2 norm of q and k as the engine's kernel computes them. Returns `out`."""
    m = cache.recipe.model
    if m.family != "kda":
        raise InputError(f"step_packed_kda is KDA's convention; the recipe's model is {m.family}")
    N = state_indices.shape[0] if isinstance(state_indices, torch.Tensor) else -1
    width = 2 * m.H * m.K + m.HV * m.V
    for name, x, shape in (("mixed_qkv", mixed_qkv, (N, width)), ("raw_g", raw_g, (N, m.HV, m.K)),
                           ("raw_beta", raw_beta, (N, m.HV)), ("A_log", A_log, (m.HV,)),
                           ("dt_bias", dt_bias, (m.HV * m.K,)), ("out", out, (N, m.HV, m.V))):
        if not isinstance(x, torch.Tensor) or tuple(x.shape) != shape:
            raise InputError(f"{name} must have shape {list(shape)}, got "
                             f"{list(x.shape) if isinstance(x, torch.Tensor) else type(x).__name__}")
    rows, q, k, v = _live_rows(m, mixed_qkv, state_indices)
    if rows is None:
        return out
    g = kda_gates(raw_g[rows], A_log, dt_bias, lower_bound)
    o = cache.step(layer, q, k, v, g, torch.sigmoid(raw_beta[rows].float()), state_indices[rows].long(), scale)
    out[rows] = o.to(out.dtype)
    return out
