"""End-to-end decode of a hybrid decoder with Qwen3-Next-80B-A3B's layer shapes, its Gated DeltaNet states kept two ways
in the same run: FP32 (FLA 0.6.0's fused_recurrent kernel, the state updated in place) and LeapQuant (`StateCache`
from a recipe). Tokens per second at each batch, the states' memory per request (with prefix-caching checkpoints) and
the largest batch that fits a memory budget each way. Needs a CUDA GPU, except `--device cpu --tiny`.

    python benchmarks/serving_e2e.py --out $OUT --batches 64,256 --budget-s 300
    python benchmarks/serving_e2e.py --device cpu --tiny --out /tmp/e2e --json      # the logic, on a CPU

The model (random BF16 weights; transformers' Qwen3NextConfig defaults): hidden 2048; `--layers` layers (default 12),
every 4th full attention (`layer_types`), the others Gated DeltaNet. A GDN layer's decode step: RMSNorm, in_proj_qkvz
and in_proj_ba, the causal conv1d update (kernel 4) on its conv state with SiLU, the gates g = -exp(A_log) ·
softplus(a + dt_bias) and beta = sigmoid(b), the recurrent step (16 key heads, 32 value heads, 128 x 128), the gated
RMSNorm and out_proj. An attention layer: 16 query heads and 2 KV heads of 256 with the output gate, q/k norms and
partial RoPE (a quarter of the head), over a KV cache of `--context` tokens (the new token's key and value overwrite
its last position, so every step attends to `--context` tokens) through F.scaled_dot_product_attention. The MLP is a
dense SwiGLU of the MoE's *active* width, 10 routed experts x 512 + the shared expert's 512 = 5632: routing (512
experts) is replaced by its active parameters because which experts a token picks is orthogonal to the state. A routed
MoE at batch 64+ touches most of its experts and reads more weights per step than this stand-in, so a real step is
slower and the states' share of it smaller than here. Left out, the same for both backends: embedding lookup, LM head,
sampling. Inputs are random embeddings, the same for both backends.

Per batch: the FP32 backend decodes `--prefill-tokens` tokens from the zero state (the prefilled states), which
`StateCache.admit` quantizes into the LeapQuant backend (window positions then staggered, slot mod window, as requests
that arrived at different times: each step flushes N / window of them — the zero records before a position change
nothing); both decode `--compare-tokens` identical tokens and the relative difference of the last layer's outputs is
recorded (the method's error through the whole model, not a pass/fail); then each is timed: eagerly (LeapQuant through
`StateCache.step`, which checks the slots on the host and copies them to the device each layer) and as CUDA-graph
replays of TOKENS_PER_GRAPH tokens (an even number: the decoders alternate their boundary-list counter per step). A
capture cannot run StateCache.step's host check and slot copy, so the captured LeapQuant step is the call that
StateCache.step makes after them: the layer's LeapDecoder.step on its pool with the slot ids already on the device.
Both backends time the same number of tokens (sized by the slower one's call, a whole number of windows), and the
outputs are compared again after the replays. The LeapQuant states follow `--recipe FILE` (its first layers, one per
GDN layer) or, by default, Recipe.from_kernel with these GDN shapes for `--target` h200 (the registry's default
kernel: INT8, window 16, rank 4); its launches are compiled first, on all cores.

Output: $OUT/serving_e2e.json (rewritten atomically as rows come; every row with its command), serving_e2e.png (tokens/s
by batch, memory per request), serving_e2e_log.txt; a table on stdout (`--json`: the JSON there, the table on stderr);
progress on stderr. No phase starts later than `--budget-s` after the start (the compile counts): what was skipped is
listed.
"""
import argparse
import contextlib
import json
import math
import os
import shlex
import statistics
import sys
import time
from dataclasses import asdict, dataclass

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

from leapquant.errors import InputError  # noqa: E402
from leapquant.files import check_output_dir, write_text_atomic  # noqa: E402
from leapquant.recipe import Recipe  # noqa: E402
from leapquant.recipe_fields import MODELS, ModelShape  # noqa: E402
from leapquant.serving.cache import StateCache, gdn_gates  # noqa: E402
from leapquant.validation import int_list_arg  # noqa: E402

TOKENS_PER_GRAPH = 2
"""Tokens per captured graph: even, so that a replay starts on the boundary-list counter the previous one zeroed."""
MODEL = "qwen3-next-80b-a3b"
MLP_NOTE = ("dense SwiGLU of the MoE's active width (10 routed experts x 512 + shared 512): routing over 512 experts "
            "replaced by its active parameters (expert choice is orthogonal to the state; a routed MoE at these "
            "batches reads more expert weights per step, so real steps are slower and the states' share smaller)")


# ---- shapes ------------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Shape:
    """The decoder's shapes: `layers` benchmarked, `model_layers` in the whole model (the memory figures)."""
    name: str
    hidden: int
    H: int
    HV: int
    K: int
    V: int
    conv: int
    heads: int
    kv_heads: int
    head_dim: int
    rotary: int
    rope_theta: float
    mlp: int
    layers: int
    model_layers: int
    interval: int = 4
    eps: float = 1e-6

    def attention(self, i: int) -> bool:
        return (i + 1) % self.interval == 0

    def count(self, layers: int, attention: bool) -> int:
        return sum(self.attention(i) == attention for i in range(layers))

    @property
    def conv_dim(self) -> int:
        return 2 * self.H * self.K + self.HV * self.V

    def state_shape(self, layers: int, name: str) -> ModelShape:
        return ModelShape(name=name, family="gdn", layers=layers, H=self.H, HV=self.HV, K=self.K, V=self.V)


def qwen3_next(layers: int) -> Shape:
    """Qwen3NextConfig's defaults (Qwen3-Next-80B-A3B): 48 layers, every 4th full attention."""
    return Shape(MODEL, hidden=2048, H=16, HV=32, K=128, V=128, conv=4, heads=16, kv_heads=2, head_dim=256,
                 rotary=64, rope_theta=1e7, mlp=10 * 512 + 512, layers=layers, model_layers=48)


def tiny(layers: int) -> Shape:
    return Shape("tiny", hidden=64, H=2, HV=4, K=32, V=32, conv=4, heads=4, kv_heads=2, head_dim=16, rotary=4,
                 rope_theta=1e4, mlp=96, layers=layers, model_layers=layers)


# ---- the decoder -------------------------------------------------------------------------------------------------
def rms(x, w, eps=1e-6):
    return F.rms_norm(x.float(), (x.shape[-1],), w.float(), eps).to(x.dtype)


def l2norm(x):
    """FLA's use_qk_l2norm_in_kernel: x / sqrt(sum x^2 + 1e-6), FP32."""
    x = x.float()
    return x * torch.rsqrt((x * x).sum(-1, keepdim=True) + 1e-6)


def make_weights(s: Shape, device, dtype, seed: int) -> list[dict]:
    """Random weights, each matrix N(0, 1 / fan_in); the gates as Mamba-2's init (A in [1, 16], softplus(dt_bias) in
    [1e-3, 1e-1]) with `a` small, so that the states keep tens to hundreds of tokens."""
    gen = torch.Generator(device=device).manual_seed(seed)

    def mat(out, inp, scale=1.0):
        return (torch.randn(out, inp, device=device, generator=gen) * (scale * inp ** -0.5)).to(dtype)

    def ones(n):
        return torch.ones(n, device=device, dtype=dtype)
    D, layers = s.hidden, []
    for i in range(s.layers):
        w = dict(ln1=ones(D), ln2=ones(D), gate_up=mat(2 * s.mlp, D), down=mat(D, s.mlp))
        if s.attention(i):
            w.update(kind="attn", q=mat(2 * s.heads * s.head_dim, D), k=mat(s.kv_heads * s.head_dim, D),
                     v=mat(s.kv_heads * s.head_dim, D), o=mat(D, s.heads * s.head_dim), q_norm=ones(s.head_dim),
                     k_norm=ones(s.head_dim))
        else:
            dt = torch.exp(torch.empty(s.HV, device=device).uniform_(math.log(1e-3), math.log(1e-1), generator=gen))
            w.update(kind="gdn", qkvz=mat(2 * s.H * s.K + 2 * s.HV * s.V, D), ba=mat(2 * s.HV, D, 0.3),
                     conv=mat(s.conv_dim, s.conv), out=mat(D, s.HV * s.V), norm=ones(s.V),
                     A_log=torch.log(torch.empty(s.HV, device=device).uniform_(1, 16, generator=gen)),
                     dt_bias=torch.log(torch.expm1(dt)))
        layers.append(w)
    return layers


def conv_update(x, state, weight):
    """The causal conv1d's decode step: x [N, C] after the state's [N, C, W-1] last inputs (updated in place); SiLU."""
    window = torch.cat([state, x[:, :, None]], dim=-1)
    state.copy_(window[:, :, 1:])
    return F.silu((window.float() * weight.float()).sum(-1)).to(x.dtype)


def rotate(x, cos, sin):
    """Partial RoPE (rotate-half) on the first len(cos) features of each head."""
    r = cos.shape[-1]
    xr, rest = x[..., :r].float(), x[..., r:]
    xr = xr * cos + torch.cat([-xr[..., r // 2:], xr[..., :r // 2]], -1) * sin
    return torch.cat([xr.to(x.dtype), rest], -1)


class Decoder:
    """The hybrid decoder at batch N: the weights, the KV cache of every attention layer (random keys and values of
    `context` tokens, shared by the backends), and one token's step through every layer with a state backend."""

    def __init__(self, s: Shape, weights, N: int, context: int, device, dtype, seed: int):
        self.s, self.w, self.N, self.dtype = s, weights, N, dtype
        gen = torch.Generator(device=device).manual_seed(seed + 1)
        kv = (N, s.kv_heads, context, s.head_dim)
        self.kv = [(torch.randn(kv, device=device, generator=gen).to(dtype),
                    torch.randn(kv, device=device, generator=gen).to(dtype)) for _ in range(s.count(s.layers, True))]
        inv = 1.0 / (s.rope_theta ** (torch.arange(0, s.rotary, 2, device=device).float() / s.rotary))
        ang = torch.cat([inv, inv]) * (context - 1)
        self.cos, self.sin = ang.cos(), ang.sin()
        self.final = torch.ones(s.hidden, device=device, dtype=dtype)

    def new_conv(self) -> list[torch.Tensor]:
        s = self.s
        return [torch.zeros(self.N, s.conv_dim, s.conv - 1, device=self.final.device, dtype=self.dtype)
                for _ in range(s.count(s.layers, False))]

    def token(self, x, backend, conv) -> torch.Tensor:
        """One decode step: x [N, hidden] -> the last layer's output after the final norm [N, hidden]."""
        gi = ai = 0
        for w in self.w:
            if w["kind"] == "gdn":
                x = x + self.gdn(w, rms(x, w["ln1"]), conv[gi], backend, gi)
                gi += 1
            else:
                x = x + self.attention(w, rms(x, w["ln1"]), self.kv[ai])
                ai += 1
            gu = rms(x, w["ln2"]) @ w["gate_up"].T
            x = x + (F.silu(gu[:, :self.s.mlp]) * gu[:, self.s.mlp:]) @ w["down"].T
        return rms(x, self.final)

    def gdn(self, w, x, conv_state, backend, layer):
        s, N = self.s, x.shape[0]
        qkvz, ba = x @ w["qkvz"].T, x @ w["ba"].T
        qkv = conv_update(qkvz[:, :s.conv_dim], conv_state, w["conv"])
        hk = s.H * s.K
        q = qkv[:, :hk].reshape(N, s.H, s.K)
        k = qkv[:, hk:2 * hk].reshape(N, s.H, s.K)
        v = qkv[:, 2 * hk:].reshape(N, s.HV, s.V)
        g, beta = gdn_gates(ba[:, :s.HV], ba[:, s.HV:], w["A_log"], w["dt_bias"])
        o = backend.step(layer, q, k, v, g, beta).to(self.dtype)
        z = qkvz[:, s.conv_dim:].reshape(N, s.HV, s.V)
        o = (F.rms_norm(o.float(), (s.V,), w["norm"].float(), s.eps) * F.silu(z.float())).to(self.dtype)
        return o.reshape(N, s.HV * s.V) @ w["out"].T

    def attention(self, w, x, cache):
        s, N = self.s, x.shape[0]
        qg = (x @ w["q"].T).view(N, s.heads, 2 * s.head_dim)
        q, gate = rms(qg[..., :s.head_dim], w["q_norm"]), qg[..., s.head_dim:]
        k = rms((x @ w["k"].T).view(N, s.kv_heads, s.head_dim), w["k_norm"])
        v = (x @ w["v"].T).view(N, s.kv_heads, s.head_dim)
        q, k = rotate(q, self.cos, self.sin), rotate(k, self.cos, self.sin)
        kc, vc = cache
        kc[:, :, -1], vc[:, :, -1] = k, v
        # grouped-query decode: the query heads of each KV head as its queries (every SDPA backend takes it)
        o = F.scaled_dot_product_attention(q.reshape(N, s.kv_heads, s.heads // s.kv_heads, s.head_dim), kc, vc)
        o = o.reshape(N, s.heads * s.head_dim) * torch.sigmoid(gate.reshape(N, -1))
        return o @ w["o"].T


# ---- the state backends ------------------------------------------------------------------------------------------
def fla_inplace(q, k, v, g, beta, S, scale):
    """FLA 0.6.0's fused_recurrent_gated_delta_rule forward kernel launched as its wrapper launches it, with the final
    state written over the initial one (ht = h0: each program loads its [BK, BV] tile of the state first and stores it
    last, so in place is safe; FLA 0.6.0's Python API has no in-place option and would allocate a new state each
    step). q, k [N, 1, H, K], v [N, 1, HV, V] BF16, g, beta [N, 1, HV] FP32, S [N, HV, K, V] FP32. Returns o."""
    import triton
    from fla.ops.gated_delta_rule.fused_recurrent import fused_recurrent_gated_delta_rule_fwd_kernel as kernel
    N, T, H, K = k.shape
    HV, V = v.shape[2], v.shape[3]
    BK, BV = triton.next_power_of_2(K), min(8, triton.next_power_of_2(V))
    o = torch.empty_like(v)
    kernel[(triton.cdiv(V, BV) * N * HV,)](
        q=q, k=k, v=v, g=g, gk=None, gv=None, beta=beta, A_log=None, dt_bias=None, o=o, h0=S, ht=S, cu_seqlens=None,
        scale=scale, T=T, H=H, HV=HV, K=K, V=V, BK=BK, BV=BV, IS_BETA_HEADWISE=True, USE_QK_L2NORM_IN_KERNEL=True,
        APPLY_BETA_SIGMOID=False, ALLOW_NEG_EIGVAL=False, STATE_V_FIRST=False, num_warps=1, num_stages=3)
    return o


def torch_step(S, q, k, v, g, beta, scale):
    """The FP32 Gated DeltaNet step in plain PyTorch (the CPU's FP32 backend), S [N, HV, K, V] updated in place."""
    rep = S.shape[1] // q.shape[1]
    q = l2norm(q).repeat_interleave(rep, 1) * scale
    k = l2norm(k).repeat_interleave(rep, 1)
    S.mul_(torch.exp(g)[..., None, None])
    u = beta[..., None] * (v.float() - torch.einsum("nhkv,nhk->nhv", S, k))
    S.add_(k[..., :, None] * u[..., None, :])
    return torch.einsum("nhkv,nhk->nhv", S, q)


class Fp32States:
    """FP32 states [N, HV, K, V] (K-first, FLA's layout), one per GDN layer; `impl` "fla-inplace" (fla_inplace),
    "fla" (FLA's API: a new final state each step, copied back) or "torch" (torch_step)."""
    name = "fp32"

    def __init__(self, s: Shape, N: int, device, impl: str):
        self.S = [torch.zeros(N, s.HV, s.K, s.V, device=device) for _ in range(s.count(s.layers, False))]
        self.impl, self.scale, self.capturing, self.last = impl, s.K ** -0.5, False, {}

    def step(self, layer, q, k, v, g, beta):
        S = self.S[layer]
        if self.impl == "torch":
            o = torch_step(S, q, k, v, g, beta, self.scale)
        else:
            q, k, v = (x.unsqueeze(1).contiguous() for x in (q, k, v))
            g, beta = g.unsqueeze(1).contiguous(), beta.unsqueeze(1).contiguous()
            if self.impl == "fla-inplace":
                o = fla_inplace(q, k, v, g, beta, S, self.scale)[:, 0]
            else:
                from fla.ops.gated_delta_rule import fused_recurrent_gated_delta_rule
                o, ht = fused_recurrent_gated_delta_rule(q, k, v, g=g, beta=beta, scale=self.scale, initial_state=S,
                                                         output_final_state=True, use_qk_l2norm_in_kernel=True)
                S.copy_(ht)
                o = o[:, 0]
        if not self.capturing:
            self.last[layer] = o
        return o


class LeapStates:
    """LeapQuant states: a StateCache of N slots from `recipe` (one recipe layer per GDN layer). Eager steps go through
    StateCache.step; while `capturing`, through the LeapDecoder.step call it makes (slot ids already on the device)."""
    name = "leapquant"

    def __init__(self, recipe: Recipe, N: int, device):
        self.cache = StateCache(recipe, slots=N, device=device)
        self.slots = self.cache.allocate(N)
        self.idx = self.slots.to(self.cache.device, torch.int32)
        self.capturing, self.last = False, {}

    def admit(self, states: list[torch.Tensor], stagger: bool) -> None:
        """The prefilled FP32 states quantized in (window position 0); `stagger`: positions slot mod window (the zero
        records before them change nothing), the steady state of requests that arrived at different times."""
        self.cache.admit(self.slots, states)
        if stagger:
            for pool in self.cache.pools:
                pos = torch.arange(self.slots.numel(), device=self.cache.device) % pool.window
                pool.window_pos[self.idx.long()] = pos.to(torch.int32)

    def step(self, layer, q, k, v, g, beta):
        q, k = l2norm(q), l2norm(k)
        if not self.capturing:
            o = self.cache.step(layer, q, k, v, g, beta, self.slots)
            self.last[layer] = o
            return o
        dec = self.cache.decoders[layer]
        return dec.step(self.cache.pools[layer], q.bfloat16(), k.bfloat16(), v.bfloat16(), g, beta, self.idx)

    def pool_bytes_per_request(self) -> int:
        pools = self.cache.pools
        return sum(getattr(p, f).element_size() * getattr(p, f).numel() for p in pools for f in
                   ("Z", "c", "B", "Kc", "Uc", "rk", "ru", "rg", "window_pos")) // self.slots.numel()


def check_fla_inplace(s: Shape, device) -> dict:
    """fla_inplace against FLA's API on a few random requests: the same kernel, so the same bits."""
    from fla.ops.gated_delta_rule import fused_recurrent_gated_delta_rule
    gen = torch.Generator(device=device).manual_seed(7)
    N = 3
    q, k = (torch.randn(N, 1, s.H, s.K, device=device, generator=gen).bfloat16() for _ in range(2))
    v = torch.randn(N, 1, s.HV, s.V, device=device, generator=gen).bfloat16()
    g = F.logsigmoid(torch.randn(N, 1, s.HV, device=device, generator=gen) + 3)
    beta = torch.rand(N, 1, s.HV, device=device, generator=gen)
    S = torch.randn(N, s.HV, s.K, s.V, device=device, generator=gen) * 0.1
    o_ref, S_ref = fused_recurrent_gated_delta_rule(q, k, v, g=g, beta=beta, initial_state=S.clone(),
                                                    output_final_state=True, use_qk_l2norm_in_kernel=True)
    o = fla_inplace(q, k, v, g, beta, S, s.K ** -0.5)
    return {"same_output": bool(torch.equal(o, o_ref)), "same_state": bool(torch.equal(S, S_ref))}


# ---- recipes -----------------------------------------------------------------------------------------------------
def slice_recipe(recipe: Recipe, layers: int) -> Recipe:
    """`recipe` restricted to its first `layers` layers (the benchmarked GDN layers), memory recomputed."""
    m = recipe.model
    if m.layers == layers:
        return recipe
    if m.layers < layers:
        raise InputError(f"--recipe has {m.layers} layers; the decoder's {layers} GDN layers need as many")
    data = recipe.model_dump(mode="json")
    data["model"]["layers"] = layers
    data["overrides"] = [{**o, "layers": [i for i in o["layers"] if i < layers]} for o in data["overrides"]
                         if any(i < layers for i in o["layers"])]
    data["memory"] = None
    draft = Recipe.from_json(json.dumps(data), "--recipe (sliced)")
    data["memory"] = draft.memory_needed().model_dump(mode="json")
    out = Recipe.from_json(json.dumps(data), "--recipe (sliced)")
    out._folder = recipe._folder     # its kernel files, if it ships them, are read from the loaded recipe's folder
    return out


def recipes(args, s: Shape) -> tuple[Recipe, Recipe, str]:
    """(the benchmarked GDN layers' recipe, the whole model's recipe for the memory figures, where they came from)."""
    n_gdn, full_gdn = s.count(s.layers, False), s.count(s.model_layers, False)
    if args.recipe:
        r = Recipe.load(args.recipe)
        m = r.model
        if (m.family, m.H, m.HV, m.K, m.V) != ("gdn", s.H, s.HV, s.K, s.V):
            raise InputError(f"--recipe is for {m.family} H={m.H} HV={m.HV} K={m.K} V={m.V}; the decoder's GDN layers "
                             f"are gdn H={s.H} HV={s.HV} K={s.K} V={s.V}")
        return slice_recipe(r, n_gdn), r, args.recipe
    kernel = dict(window=4, rank=2) if args.tiny else {}
    how = f"Recipe.from_kernel({s.name} shapes, {args.target!r}" + (", window=4, rank=2)" if args.tiny else ")")
    if not args.tiny:
        assert s.state_shape(full_gdn, MODEL) == MODELS[MODEL], "the model's GDN layers are MODELS[MODEL]'s"
    return (Recipe.from_kernel(s.state_shape(n_gdn, s.name), args.target, **kernel),
            Recipe.from_kernel(s.state_shape(full_gdn, s.name), args.target, **kernel), how)


# ---- memory ------------------------------------------------------------------------------------------------------
def export_bytes(cache: StateCache) -> tuple[int, int]:
    """(bytes of one request's StateCache.export, of its boundary part alone: no record buffers) over every layer."""
    ck = cache.export(cache.allocate(1))
    total = sum(t.numel() * t.element_size() for t in ck.values())
    records = sum(t.numel() * t.element_size() for name, t in ck.items() if name.split(".")[1] in ("rk", "ru", "rg"))
    return total, total - records


def memory(args, s: Shape, full: Recipe) -> dict:
    """Bytes per request of the whole model's states, conv states, KV cache and prefix-caching checkpoints, and the
    largest batch within --budget-gib each way."""
    gdn, attn = full.model.layers, s.count(s.model_layers, True)
    fp32 = gdn * s.HV * s.K * s.V * 4
    leap_cache = StateCache(full, slots=1, device="cpu")
    leap = leap_cache.bytes_per_request
    conv = gdn * s.conv_dim * (s.conv - 1) * 2
    kv = lambda ctx: attn * s.kv_heads * s.head_dim * 2 * 2 * ctx  # noqa: E731
    exp, exp_boundary = export_bytes(leap_cache)
    n_ck = args.prompt_tokens // args.checkpoint_every
    budget = int(args.budget_gib * 2**30)
    out = dict(state_layers=gdn, attention_layers=attn, fp32_bytes_per_element=4.0,
               leap_bytes_per_element=full.memory.bytes_per_element, fp32_state_bytes=fp32, leap_state_bytes=leap,
               state_ratio=fp32 / leap, conv_state_bytes=conv, kv_bytes_at_context=kv(args.context),
               kv_bytes_at_prompt=kv(args.prompt_tokens), context=args.context, prompt_tokens=args.prompt_tokens,
               checkpoint_every=args.checkpoint_every, checkpoints_per_request=n_ck,
               fp32_checkpoint_bytes=fp32 + conv, leap_checkpoint_bytes=exp + conv,
               leap_checkpoint_bytes_boundary_only=exp_boundary + conv, budget_gib=args.budget_gib,
               note="per request over the whole model's layers; conv states BF16, KV cache BF16; a checkpoint is "
                    "the state (FP32: 4 bytes per element; LeapQuant: StateCache.export, the record buffers included, "
                    "'boundary_only' without them: they are empty at a window boundary) and the conv state")
    cases = {"states": (fp32, leap, "recurrent states only (StateCache.requests_within)"),
             "decode": (fp32 + conv + kv(args.context), leap + conv + kv(args.context),
                        f"states + conv states + KV cache at --context {args.context}"),
             "prompt": (fp32 + conv + kv(args.prompt_tokens), leap + conv + kv(args.prompt_tokens),
                        f"states + conv states + KV cache at --prompt-tokens {args.prompt_tokens}"),
             "prefix_cache": (fp32 + conv + kv(args.prompt_tokens) + n_ck * (fp32 + conv),
                              leap + conv + kv(args.prompt_tokens) + n_ck * (exp + conv),
                              f"the 'prompt' case + {n_ck} checkpoints (every {args.checkpoint_every} tokens)")}
    rows = []
    for case, (bf, bl, what) in cases.items():
        nf = budget // bf
        nl = leap_cache.requests_within(budget) if case == "states" else budget // bl
        rows += [dict(kind="budget", case=case, backend="fp32", bytes_per_request=bf, max_batch=nf, what=what),
                 dict(kind="budget", case=case, backend="leapquant", bytes_per_request=bl, max_batch=nl, what=what,
                      vs_fp32=nl / max(nf, 1))]
    return {"memory": out, "budget": rows}


# ---- timing ------------------------------------------------------------------------------------------------------
def sync(device):
    if device.type == "cuda":
        torch.cuda.synchronize(device)


def seconds(fn, calls: int, device) -> float:
    """Wall seconds of `calls` calls of fn (CUDA events on a GPU: the stream's time from first to last launch)."""
    if device.type == "cuda":
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(calls):
            fn()
        b.record()
        b.synchronize()
        return a.elapsed_time(b) / 1e3
    t = time.perf_counter()
    for _ in range(calls):
        fn()
    return time.perf_counter() - t


def calls_for(per_call_s: float, tokens_per_call: int, target_s: float, multiple: int) -> int:
    """Calls to time in one repeat: about `target_s` at `per_call_s` each, covering a whole multiple of `multiple`
    tokens (whole windows of the LeapQuant states: every request through its boundary equally often)."""
    calls = max(1, math.ceil(target_s / max(per_call_s, 1e-9)))
    step = max(1, multiple // math.gcd(multiple, tokens_per_call))
    return step * math.ceil(calls / step)


def second_call_s(fn, device) -> float:
    """Seconds of fn's second call (the first may upload a CUDA graph or warm a cache)."""
    seconds(fn, 1, device)
    return seconds(fn, 1, device)


def timed(fn, calls: int, repeats: int, device) -> list[float]:
    out = []
    for _ in range(repeats):
        out.append(seconds(fn, calls, device))
    return out


def rel(a, b) -> float:
    return ((a.float() - b.float()).norm() / b.float().norm().clamp_min(1e-30)).item()


# ---- one run -----------------------------------------------------------------------------------------------------
class Run:
    """The result being built, the deadline, the log (stderr and serving_e2e_log.txt) and the atomic saves."""

    def __init__(self, args, out, t0: float):
        self.args, self.out, self.t0 = args, out, t0
        self.command = "python benchmarks/serving_e2e.py " + " ".join(shlex.quote(a) for a in args.argv)
        self.log = open(out / "serving_e2e_log.txt", "a")
        self.res = {"command": self.command, "rows": [], "accuracy": [], "skipped": [], "failed": []}

    def say(self, msg: str) -> None:
        line = f"[{time.time() - self.t0:6.1f}s] {msg}"
        print(line, file=sys.stderr, flush=True)
        print(line, file=self.log, flush=True)

    def late(self, what: str, need_s: float = 0.0) -> bool:
        left = self.t0 + self.args.budget_s - time.time()
        if left <= need_s:
            self.res["skipped"].append(what)
            self.say(f"skipped (budget, {left:.0f} s left): {what}")
            return True
        return False

    def fail(self, what: str, e: BaseException) -> None:
        self.res["failed"].append({"what": what, "error": f"{type(e).__name__}: {e}"[:2000]})
        self.say(f"FAILED {what}: {type(e).__name__}: {e}")

    def add(self, key: str, row: dict) -> dict:
        row = {**row, "command": self.command}
        self.res[key].append(row)
        self.save()
        return row

    def save(self) -> None:
        self.res["elapsed_s"] = time.time() - self.t0
        write_text_atomic(self.out / "serving_e2e.json", json.dumps(self.res, indent=1) + "\n")


def compile_kernels(run: Run, recipe: Recipe) -> bool:
    """Every launch the recipe's decoders run, compiled on all cores for its target (the keys LeapDecoder looks up)
    before any StateCache is built on the GPU; False where one fails (the LeapQuant rows are then skipped)."""
    from concurrent.futures import ThreadPoolExecutor

    from leapquant.kernels import registry
    from leapquant.kernels.artifact import step_configs
    from leapquant.kernels.compile_check import quiet_tilelang
    from leapquant.kernels.decoder import compiled
    if any(a.role == "cubin" for a in recipe.artifacts):
        run.say("the recipe ships its kernel files: nothing to compile")
        return True
    arch, t = recipe.target.arch, time.time()
    jobs = dict.fromkeys(c for layer in range(recipe.model.layers)
                         for c in step_configs(recipe.to_kernel_config(layer)).values())
    try:
        with quiet_tilelang():
            built = {key: registry.programs(key[1])[getattr(key[0], key[1])].build(key[0]) for key in jobs}
            with ThreadPoolExecutor(max(1, min(len(built), os.cpu_count() or 1))) as pool:
                list(pool.map(lambda key: compiled(key[0], key[1], arch, prim_func=built[key]), built))
    except Exception as e:  # noqa: BLE001 - recorded; the FP32 rows still run
        run.fail("compile", e)
        return False
    run.res["compile_s"] = time.time() - t
    run.say(f"compiled {len(jobs)} launches for {arch} in {run.res['compile_s']:.1f} s: "
            + ", ".join(sorted({c.tag for c, _ in jobs})))
    return True


def capture(dec: Decoder, backend, conv, xin, ys):
    """A CUDA graph of TOKENS_PER_GRAPH tokens (static inputs xin, outputs ys), after the same tokens run eagerly on a
    side stream through the captured path (PyTorch's warm-up before a capture)."""
    backend.capturing = True
    try:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):
            for t in range(TOKENS_PER_GRAPH):
                ys[t].copy_(dec.token(xin[t], backend, conv))
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            for t in range(TOKENS_PER_GRAPH):
                ys[t].copy_(dec.token(xin[t], backend, conv))
    finally:
        backend.capturing = False
    return graph


def time_rows(run: Run, N: int, method: str, fns: dict, tokens_per_call: int, window: int, device) -> int:
    """Rows of tokens/s of each backend's fn, timed over the same calls for both (sized by the slower one's second
    call: the first may upload a graph); returns the tokens each backend advanced (those two calls included)."""
    a = run.args
    per = max(second_call_s(fn, device) for fn in fns.values())
    calls = calls_for(per, tokens_per_call, a.time_per_repeat, window)
    base = None
    for name, fn in fns.items():
        secs = timed(fn, calls, a.repeats, device)
        med, tokens = statistics.median(secs), calls * tokens_per_call
        row = dict(kind="decode", batch=N, backend=name, method=method, tokens_per_s=N * tokens / med,
                   ms_per_step=1e3 * med / tokens, steps_timed=tokens, repeats=len(secs),
                   spread=(max(secs) - min(secs)) / med)
        if name == "fp32":
            base = row["ms_per_step"]
        elif base is not None:
            row["speedup_vs_fp32"] = base / row["ms_per_step"]
        run.add("rows", row)
        run.say(f"N={N:4d} {method:10s} {name:9s} {row['tokens_per_s']:10.0f} tok/s  {row['ms_per_step']:7.3f} ms/step"
                + (f"  x{row['speedup_vs_fp32']:.2f}" if "speedup_vs_fp32" in row else ""))
    return tokens_per_call * (2 + calls * a.repeats)


def accuracy(run: Run, N: int, phase: str, tokens: int, y: dict, backends: dict | None = None) -> None:
    """The relative difference of the backends' last-layer outputs (and, after eager steps, of the last GDN layer's
    recurrent outputs) after the same `tokens` tokens since the admission."""
    row = dict(batch=N, phase=phase, tokens_since_admit=tokens,
               rel_diff_last_layer_output=rel(y["leapquant"], y["fp32"]))
    if backends is not None and all(b.last for b in backends.values()):
        fp, lq = backends["fp32"].last, backends["leapquant"].last
        row["rel_diff_gdn_recurrent_outputs"] = [rel(lq[i], fp[i]) for i in sorted(fp)]
    run.add("accuracy", row)
    run.say(f"N={N:4d} {phase}: last-layer outputs differ by {row['rel_diff_last_layer_output']:.2e} (relative) "
            f"after {tokens} tokens")


def prefill_and_compare(run: Run, dec: Decoder, recipe: Recipe, xs, device):
    """The FP32 backend's prefill, the LeapQuant backend admitted from it, and the compared tokens; returns
    ({name: backend}, {name: conv states}, tokens since the admission)."""
    a, N = run.args, dec.N
    fp = Fp32States(dec.s, N, device, run.res["fp32_impl"])
    conv = {"fp32": dec.new_conv()}
    for t in range(a.prefill_tokens):
        dec.token(xs[t % len(xs)], fp, conv["fp32"])
    leap = LeapStates(recipe, N, device)
    leap.admit([S.clone() for S in fp.S], a.stagger)
    conv["leapquant"] = [c.clone() for c in conv["fp32"]]
    backends = {"fp32": fp, "leapquant": leap}
    run.add("rows", dict(kind="state_memory", batch=N, fp32_bytes_per_request=sum(S[0].numel() * 4 for S in fp.S),
                         leap_bytes_per_request=leap.pool_bytes_per_request(),
                         leap_recipe_bytes_per_request=recipe.memory.bytes_per_request, layers=len(fp.S),
                         note="the benchmarked GDN layers; the pools also hold window_pos (4 bytes per layer)"))
    y = {}
    for t in range(a.compare_tokens):
        x = xs[(a.prefill_tokens + t) % len(xs)]
        y = {name: dec.token(x, b, conv[name]) for name, b in backends.items()}
    if y:
        accuracy(run, N, "compare (eager)", a.compare_tokens, y, backends)
    return backends, conv, a.compare_tokens


def bench_batch(run: Run, s: Shape, weights, recipe: Recipe, N: int, device, dtype) -> None:
    """Every phase at batch N: prefill, admission and comparison, eager timing, CUDA-graph timing."""
    a = run.args
    dec = Decoder(s, weights, N, a.context, device, dtype, a.seed)
    gen = torch.Generator(device=device).manual_seed(a.seed + 2)
    xs = torch.randn(8, N, s.hidden, device=device, generator=gen).to(dtype)
    backends, conv, tokens = prefill_and_compare(run, dec, recipe, xs, device)
    window = backends["leapquant"].cache.configs[0].window
    if run.late(f"N={N} eager timing"):
        return
    fns = {name: (lambda b=b, c=conv[name]: dec.token(xs[0], b, c)) for name, b in backends.items()}
    tokens += time_rows(run, N, "eager", fns, 1, window, device)
    if device.type == "cuda" and a.graphs and not run.late(f"N={N} cuda graphs"):
        graph_rows(run, dec, backends, conv, xs, window, tokens)


def graph_rows(run: Run, dec: Decoder, backends: dict, conv: dict, xs, window: int, tokens: int) -> None:
    """Both backends captured (TOKENS_PER_GRAPH tokens each) and timed as replays; the outputs compared after."""
    N = dec.N
    xin = xs[:TOKENS_PER_GRAPH].clone()
    ys = {name: torch.empty_like(xin) for name in backends}
    graphs = {}
    for name, b in backends.items():
        try:
            graphs[name] = capture(dec, b, conv[name], xin, ys[name])
        except Exception as e:  # noqa: BLE001 - recorded; the eager rows stand
            run.fail(f"N={N} capture {name}", e)
    if len(graphs) < len(backends):
        return
    tokens += TOKENS_PER_GRAPH       # the warm-up before each capture
    tokens += time_rows(run, N, "cuda-graph", {n: g.replay for n, g in graphs.items()}, TOKENS_PER_GRAPH, window,
                        xin.device)
    accuracy(run, N, "after cuda-graph replays", tokens, {n: y[-1] for n, y in ys.items()})


# ---- output ------------------------------------------------------------------------------------------------------
def mib(n: float) -> str:
    return f"{n / 2**20:,.2f} MiB"


def table(res: dict) -> str:
    """The run as text: decode rows, accuracy, memory per request, the budget's largest batches."""
    m, mem = res["model"], res["memory"]
    lines = [f"{m['name']}: {m['layers']} layers ({m['gdn_layers']} GDN + {m['attention_layers']} attention), "
             f"context {mem['context']}, {res['device']}; MLP: {m['mlp']}",
             f"{'batch':>5}  {'method':10}  {'backend':9}  {'tokens/s':>10}  {'ms/step':>8}  {'vs fp32':>7}"]
    for r in (r for r in res["rows"] if r["kind"] == "decode"):
        sp = f"x{r['speedup_vs_fp32']:.2f}" if "speedup_vs_fp32" in r else ""
        lines.append(f"{r['batch']:5d}  {r['method']:10}  {r['backend']:9}  {r['tokens_per_s']:10.0f}  "
                     f"{r['ms_per_step']:8.3f}  {sp:>7}")
    for a in res["accuracy"]:
        gdn = a.get("rel_diff_gdn_recurrent_outputs")
        lines.append(f"batch {a['batch']}, {a['phase']}, {a['tokens_since_admit']} tokens: last-layer outputs differ "
                     f"by {a['rel_diff_last_layer_output']:.2e} (relative, LeapQuant vs FP32)"
                     + (f"; GDN recurrent outputs {min(gdn):.1e} .. {max(gdn):.1e}" if gdn else ""))
    n_ck = mem["checkpoints_per_request"]
    lines += [f"per request over {mem['state_layers']} GDN layers: states FP32 {mib(mem['fp32_state_bytes'])}, "
              f"LeapQuant {mib(mem['leap_state_bytes'])} (x{mem['state_ratio']:.2f} smaller, "
              f"{mem['leap_bytes_per_element']:.4f} B/element); conv states {mib(mem['conv_state_bytes'])}; "
              f"KV cache {mib(mem['kv_bytes_at_context'])} at {mem['context']} tokens",
              f"prefix cache, {n_ck} checkpoints (every {mem['checkpoint_every']} of {mem['prompt_tokens']} tokens): "
              f"FP32 {mib(n_ck * mem['fp32_checkpoint_bytes'])}, LeapQuant {mib(n_ck * mem['leap_checkpoint_bytes'])}"
              f" ({mib(n_ck * mem['leap_checkpoint_bytes_boundary_only'])} without the empty record buffers)",
              f"largest batch within {mem['budget_gib']} GiB:"]
    by_case = {}
    for r in res["budget"]:
        by_case.setdefault(r["case"], {})[r["backend"]] = r
    for case, d in by_case.items():
        lines.append(f"  {case:12} FP32 {d['fp32']['max_batch']:8d}   LeapQuant {d['leapquant']['max_batch']:8d}"
                     f"   x{d['leapquant']['vs_fp32']:.2f}   ({d['fp32']['what']})")
    for what in res["skipped"]:
        lines.append(f"skipped: {what}")
    for f in res["failed"]:
        lines.append(f"failed: {f['what']}: {f['error'][:200]}")
    return "\n".join(lines)


def plot(res: dict, path) -> None:
    """Tokens/s by batch for both backends (graph replays solid, eager dashed); memory per request as bars."""
    from leapquant.plots import plt, save_figure
    mem = res["memory"]
    fig, (ax, bx) = plt.subplots(1, 2, figsize=(11.5, 4.3))
    colors = {"fp32": "tab:gray", "leapquant": "tab:blue"}
    for backend, color in colors.items():
        for method, style in (("cuda-graph", "-"), ("eager", "--")):
            pts = sorted((r["batch"], r["tokens_per_s"]) for r in res["rows"] if r["kind"] == "decode"
                         and r["backend"] == backend and r["method"] == method)
            if pts:
                ax.plot(*zip(*pts), style, color=color, marker="o", label=f"{backend} ({method})")
    batches = sorted({r["batch"] for r in res["rows"] if r["kind"] == "decode"})
    if len(batches) > 1:
        ax.set_xscale("log", base=2)
    ax.set_xticks(batches, [str(b) for b in batches])
    ax.set_xlabel("batch (requests)")
    ax.set_ylabel("decode tokens / s")
    ax.set_title(f"{res['model']['layers']} layers, context {mem['context']}", fontsize=10)
    ax.grid(True, alpha=0.3)
    if ax.lines:
        ax.legend(fontsize=8)
    n_ck = mem["checkpoints_per_request"]
    cats = ["recurrent states", f"{n_ck} checkpoints", f"KV @ {mem['context']}"]
    vals = {"fp32": [mem["fp32_state_bytes"], n_ck * mem["fp32_checkpoint_bytes"], mem["kv_bytes_at_context"]],
            "leapquant": [mem["leap_state_bytes"], n_ck * mem["leap_checkpoint_bytes"], mem["kv_bytes_at_context"]]}
    for i, (backend, v) in enumerate(vals.items()):
        bx.bar([j + 0.4 * i for j in range(len(cats))], [x / 2**20 for x in v], 0.4, color=colors[backend],
               label=backend)
    bx.set_xticks([j + 0.2 for j in range(len(cats))], cats)
    bx.set_ylabel("MiB per request")
    fit = {r["backend"]: r["max_batch"] for r in res["budget"] if r["case"] == "decode"}
    bx.set_title(f"per request, {mem['state_layers']} GDN + {mem['attention_layers']} attention layers\nwithin "
                 f"{mem['budget_gib']:g} GiB (decode case): FP32 {fit['fp32']}, LeapQuant {fit['leapquant']} requests",
                 fontsize=9)
    bx.legend(fontsize=8)
    save_figure(fig, path)


# ---- main --------------------------------------------------------------------------------------------------------
FULL = dict(layers=12, batches=[64, 256], context=1024, prompt_tokens=8192, checkpoint_every=1024, prefill_tokens=32,
            compare_tokens=32, time_per_repeat=0.3, repeats=3, min_batch_s=20.0)
TINY = dict(layers=4, batches=[2], context=16, prompt_tokens=64, checkpoint_every=16, prefill_tokens=8,
            compare_tokens=8, time_per_repeat=0.02, repeats=2, min_batch_s=0.0)


def parse(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=os.environ.get("OUT", "."), help="folder of the results (default $OUT)")
    ap.add_argument("--device", default="cuda", help="cuda (the benchmark) or cpu (with --tiny: the logic)")
    ap.add_argument("--tiny", action="store_true", help="tiny shapes, few layers, batch 2, a few steps")
    ap.add_argument("--layers", type=int, help="decoder layers, every 4th attention (default 12; tiny 4)")
    ap.add_argument("--batches", type=int_list_arg, help="requests per step (default 64,256; tiny 2)")
    ap.add_argument("--context", type=int, help="tokens in each attention layer's KV cache (default 1024)")
    ap.add_argument("--prompt-tokens", type=int, help="prompt length of the prefix-cache figures (default 8192)")
    ap.add_argument("--checkpoint-every", type=int, help="tokens between prefix-cache checkpoints (default 1024)")
    ap.add_argument("--budget-gib", type=float, default=40.0, help="memory for states + KV cache (default 40)")
    ap.add_argument("--budget-s", type=float, default=300.0, help="no phase starts after this many seconds")
    ap.add_argument("--recipe", help="a recipe file (default: Recipe.from_kernel(Qwen3-Next's shapes, --target))")
    ap.add_argument("--target", default="h200", help="GPU of the default recipe (default h200)")
    ap.add_argument("--prefill-tokens", type=int, help="FP32 tokens before the admission (default 32)")
    ap.add_argument("--compare-tokens", type=int, help="tokens both backends decode before timing (default 32)")
    ap.add_argument("--time-per-repeat", type=float, help="seconds per timed repeat (default 0.3)")
    ap.add_argument("--repeats", type=int, help="timed repeats, the median reported (default 3)")
    ap.add_argument("--min-batch-s", type=float, help="a batch starts only with this much budget left (default 20)")
    ap.add_argument("--fp32-impl", default="auto", choices=("auto", "fla-inplace", "fla", "torch"),
                    help="FP32 step: FLA's kernel in place, FLA's API (+ a copy back), plain PyTorch (auto: "
                         "fla-inplace on a GPU, torch on a CPU)")
    ap.add_argument("--no-graphs", dest="graphs", action="store_false", help="eager timing only")
    ap.add_argument("--no-stagger", dest="stagger", action="store_false",
                    help="keep every admitted request at window position 0 (all flush in the same step)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true", help="print the JSON on stdout (the table then on stderr)")
    args = ap.parse_args(argv)
    for k, v in (TINY if args.tiny else FULL).items():
        if getattr(args, k) is None:
            setattr(args, k, v)
    args.argv = list(sys.argv[1:] if argv is None else argv)
    if args.device.startswith("cuda") and not torch.cuda.is_available():
        ap.error("--device cuda: no CUDA GPU is visible (on a CPU: --device cpu --tiny)")
    for name in ("layers", "context", "prompt_tokens", "checkpoint_every", "repeats"):
        if getattr(args, name) < 1:
            ap.error(f"--{name.replace('_', '-')} must be >= 1")
    if not args.batches or min(args.batches) < 1:
        ap.error("--batches must be integers >= 1")
    if args.fp32_impl == "auto":
        args.fp32_impl = "fla-inplace" if args.device.startswith("cuda") else "torch"
    return args


def header(args, s: Shape, device, how: str, recipe: Recipe) -> dict:
    import importlib.metadata as md
    ver = {}
    for pkg in ("torch", "fla-core", "triton", "tilelang"):
        with contextlib.suppress(md.PackageNotFoundError):
            ver[pkg] = md.version(pkg)
    cfg = recipe.to_kernel_config(0)
    return dict(device=torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
                date=time.strftime("%Y-%m-%d %H:%M"), versions=ver,
                model={**asdict(s), "gdn_layers": s.count(s.layers, False),
                       "attention_layers": s.count(s.layers, True), "mlp": MLP_NOTE,
                       "left_out": "embedding lookup, LM head, sampling (the same for both backends)"},
                recipe={"from": how, "kernel": cfg.tag, "window": cfg.window, "rank": cfg.rank, "format": cfg.format,
                        "bytes_per_request_benchmarked_layers": recipe.memory.bytes_per_request},
                fp32_impl=args.fp32_impl, stagger=args.stagger,
                timing=("median of --repeats repeats; CUDA events around back-to-back calls on a GPU (graph "
                        "replays of %d tokens, or eager token steps), perf_counter on a CPU; both backends time "
                        "the same calls; tokens/s = batch x tokens / seconds" % TOKENS_PER_GRAPH))


def run_all(args, out) -> dict:
    t0 = time.time()
    device, dtype = torch.device(args.device), torch.bfloat16
    if device.type == "cuda" and device.index is None:     # StateCache compares devices: cuda != cuda:0
        device = torch.device("cuda", torch.cuda.current_device())
    if args.tiny and device.type == "cpu":
        torch.set_num_threads(1)        # tiny shapes: one thread (spare cores spin otherwise on a busy machine)
    s = tiny(args.layers) if args.tiny else qwen3_next(args.layers)
    if s.count(s.layers, False) < 1:
        raise SystemExit("--layers: the decoder needs at least one GDN layer")
    run = Run(args, out, t0)
    run.say(f"start: {run.command}")
    try:
        recipe, full, how = recipes(args, s)
    except InputError as e:
        raise SystemExit(str(e)) from None
    run.res.update(header(args, s, device, how, recipe))
    mem = memory(args, s, full)
    for r in [mem["memory"], *mem["budget"]]:
        r["command"] = run.command
    run.res.update(mem)
    run.save()
    run.say(f"memory per request: FP32 {mib(run.res['memory']['fp32_state_bytes'])}, LeapQuant "
            f"{mib(run.res['memory']['leap_state_bytes'])} over {full.model.layers} GDN layers")
    leap_ok = True
    if device.type == "cuda":
        leap_ok = compile_kernels(run, recipe)
        if args.fp32_impl == "fla-inplace":
            try:
                run.res["fla_inplace_check"] = check_fla_inplace(s, device)
                ok = all(run.res["fla_inplace_check"].values())
            except Exception as e:  # noqa: BLE001 - FLA's API then, with a copy back
                run.fail("fla in-place launch", e)
                ok = False
            if not ok:
                run.res["fp32_impl"] = "fla"
                run.say("FLA's kernel in place does not match its API here: FP32 steps through the API (+ a copy)")
    weights = make_weights(s, device, dtype, args.seed)
    for N in args.batches:
        if not leap_ok:
            run.res["skipped"].append(f"N={N} (the LeapQuant kernels did not compile)")
            continue
        if run.late(f"N={N}", args.min_batch_s):
            continue
        run.say(f"batch {N}")
        try:
            bench_batch(run, s, weights, recipe, N, device, dtype)
        except Exception as e:  # noqa: BLE001 - recorded; the next batch runs
            run.fail(f"N={N}", e)
        if device.type == "cuda":
            peak = torch.cuda.max_memory_allocated() / 2**30
            run.add("rows", dict(kind="gpu_memory", batch=N, peak_allocated_gib=peak))
            run.say(f"N={N}: peak GPU memory allocated {peak:.1f} GiB")
            torch.cuda.empty_cache()
            torch.cuda.reset_peak_memory_stats()
    plot(run.res, out / "serving_e2e.png")
    run.say("done")
    run.save()
    return run.res


def main(argv=None) -> dict:
    args = parse(argv)
    try:
        out = check_output_dir(args.out, "--out")
    except InputError as e:
        raise SystemExit(str(e)) from None
    out.mkdir(parents=True, exist_ok=True)
    with contextlib.redirect_stdout(sys.stderr):       # stray prints (TileLang, FLA) stay off the JSON
        res = run_all(args, out)
    text = table(res)
    print(text, file=sys.stderr if args.json else sys.stdout)
    if args.json:
        print(json.dumps(res, indent=1))
    return res


if __name__ == "__main__":
    main()
