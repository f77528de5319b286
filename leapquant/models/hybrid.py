"""Byte-level hybrid LMs whose linear-attention layers are Gated DeltaNet or KDA (heads of dk = dv = 128),
with one causal softmax-attention layer (a 3:1 hybrid, as Qwen3-Next / Kimi Linear).

Every linear-attention layer is split in two halves so that its recurrent state can be kept by any
leapquant pipeline: `LinearMixer.inputs(x)` gives the recurrence inputs for all tokens in FLA's layout
(q, k, v [B, T, H, 128], g (log decay), beta; q and k already L2-normalised), and `LinearMixer.output(o, x)`
maps the recurrence's outputs back to the residual stream. `LinearMixer.forward` joins them with a
recurrence backend: FLA's chunked kernels on the GPU (training), or a plain PyTorch token loop (CPU;
the reference the FP32-state path is tested against).

The softmax-attention layer uses RoPE; over documents longer than the training context it attends to
the last `attn_window` tokens (the training context), i.e. it is full attention within every training
sequence and a sliding window beyond.
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.validation import check_positive_int


@dataclass
class HybridConfig:
    kind: str = "gdn"                  # "gdn" or "kda": the linear-attention layers
    vocab: int = 256
    d_model: int = 256
    n_layers: int = 4
    n_heads: int = 2
    head_dim: int = 128                # dk = dv
    d_ff: int = 384
    attn_layers: list[int] = field(default_factory=lambda: [3])
    conv_size: int = 4
    attn_window: int = 2048
    gate_rank: int = 32                # KDA's low-rank per-channel gate projection
    kda_lower_bound: float = -5.0      # KDA log decay = lower_bound * sigmoid(.) in [lower_bound, 0)

    def __post_init__(self) -> None:
        if self.kind not in ("gdn", "kda"):
            raise InputError(f"kind must be 'gdn' or 'kda', got {self.kind!r}")
        for name in ("vocab", "d_model", "n_layers", "n_heads", "head_dim", "d_ff", "conv_size", "attn_window",
                     "gate_rank"):
            check_positive_int(name, getattr(self, name))
        if self.head_dim % 2:
            raise InputError(f"head_dim must be even (RoPE rotates pairs of channels), got {self.head_dim}")
        if not isinstance(self.attn_layers, list) or not all(
                isinstance(i, int) and not isinstance(i, bool) and 0 <= i < self.n_layers for i in self.attn_layers):
            raise InputError(f"attn_layers must be a list of layer indices in [0, {self.n_layers}), "
                             f"got {self.attn_layers!r}")
        if not isinstance(self.kda_lower_bound, (int, float)) or not self.kda_lower_bound < 0:
            raise InputError(f"kda_lower_bound must be a negative number, got {self.kda_lower_bound!r}")

    @property
    def linear_layers(self) -> list[int]:
        return [i for i in range(self.n_layers) if i not in self.attn_layers]


def l2norm(x: torch.Tensor, eps: float = 1e-6) -> torch.Tensor:
    """FLA's L2 norm: x / sqrt(Σx² + eps), in float32."""
    x32 = x.float()
    return (x32 * torch.rsqrt((x32 * x32).sum(-1, keepdim=True) + eps)).to(x.dtype)


class ShortConv(nn.Module):
    """Causal depthwise convolution followed by SiLU (FLA's ShortConvolution)."""

    def __init__(self, dim: int, size: int) -> None:
        super().__init__()
        self.size = size
        self.weight = nn.Parameter(torch.randn(dim, 1, size) / math.sqrt(size))

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # [B, T, D]
        y = F.conv1d(F.pad(x.transpose(1, 2), (self.size - 1, 0)), self.weight.to(x.dtype), groups=x.shape[-1])
        return F.silu(y.transpose(1, 2))


def naive_recurrence(kind: str, q, k, v, g, beta, scale: float, initial_state=None):
    """The delta rule token by token in float32 (autograd-safe): o [B, T, H, V], final S [B, H, K, V].

    GDN: S_t = α_t (I − β_t k_t k_tᵀ) S_{t-1} + β_t k_t v_tᵀ;  KDA: (I − β_t k_t k_tᵀ) Diag(α_t) S_{t-1} + β_t k_t v_tᵀ.
    """
    B, T, H, K = q.shape
    V = v.shape[-1]
    q, k, v, g, beta = (x.float() for x in (q, k, v, g, beta))
    S = q.new_zeros(B, H, K, V) if initial_state is None else initial_state.float()
    out = []
    for t in range(T):
        a = torch.exp(g[:, t])
        S = S * (a[..., None, None] if kind == "gdn" else a[..., None])
        kt = k[:, t]
        u = beta[:, t, :, None] * (v[:, t] - torch.einsum("bhkv,bhk->bhv", S, kt))
        S = S + kt[..., None] * u[..., None, :]
        out.append(torch.einsum("bhkv,bhk->bhv", S, q[:, t] * scale))
    return torch.stack(out, 1), S


def fla_recurrence(kind: str, q, k, v, g, beta, scale: float):
    """FLA's chunked kernels (GPU): bf16 q, k, v, beta; FP32 log decays."""
    dt = torch.bfloat16
    q, k, v, beta = q.to(dt), k.to(dt), v.to(dt), beta.to(dt)
    if kind == "gdn":
        from fla.ops.gated_delta_rule import chunk_gated_delta_rule
        o, _ = chunk_gated_delta_rule(q, k, v, g.float(), beta, scale=scale)
    else:
        from fla.ops.kda import chunk_kda
        o, _ = chunk_kda(q, k, v, g.float(), beta, scale=scale)
    return o


class LinearMixer(nn.Module):
    """A GDN or KDA layer: projections, short convolutions, gates, recurrence, per-head norm, output."""

    def __init__(self, cfg: HybridConfig) -> None:
        super().__init__()
        self.cfg = cfg
        d, H, D = cfg.d_model, cfg.n_heads, cfg.head_dim
        self.q_proj, self.k_proj, self.v_proj = (nn.Linear(d, H * D, bias=False) for _ in range(3))
        self.q_conv, self.k_conv, self.v_conv = (ShortConv(H * D, cfg.conv_size) for _ in range(3))
        self.b_proj = nn.Linear(d, H, bias=True)
        if cfg.kind == "gdn":
            self.a_proj = nn.Linear(d, H, bias=False)
            self.A_log = nn.Parameter(torch.log(torch.empty(H).uniform_(1, 16)))
            dt = torch.exp(torch.empty(H).uniform_(math.log(1e-3), math.log(1e-1)))
            self.dt_bias = nn.Parameter(dt + torch.log(-torch.expm1(-dt)))   # softplus⁻¹(dt)
        else:
            self.f_down = nn.Linear(d, cfg.gate_rank, bias=False)
            self.f_up = nn.Linear(cfg.gate_rank, H * D, bias=False)
            # initial decays exp(lb·σ(bias)) spread over ~(0.9, 0.9995)
            frac = torch.exp(torch.empty(H * D).uniform_(math.log(1e-4), math.log(2e-2)))
            self.f_bias = nn.Parameter(torch.log(frac / (1 - frac)))
        self.o_norm = nn.RMSNorm(D, eps=1e-5)
        self.o_proj = nn.Linear(H * D, d, bias=False)
        self.scale = D ** -0.5

    def inputs(self, x: torch.Tensor) -> dict[str, torch.Tensor]:
        """Recurrence inputs for every token, FLA layout: q, k, v [B, T, H, D], g, beta."""
        B, T, _ = x.shape
        H, D = self.cfg.n_heads, self.cfg.head_dim
        q = l2norm(self.q_conv(self.q_proj(x)).view(B, T, H, D))
        k = l2norm(self.k_conv(self.k_proj(x)).view(B, T, H, D))
        v = self.v_conv(self.v_proj(x)).view(B, T, H, D)
        beta = torch.sigmoid(self.b_proj(x).float())
        if self.cfg.kind == "gdn":
            g = -torch.exp(self.A_log.float()) * F.softplus(self.a_proj(x).float() + self.dt_bias.float())
        else:
            f = self.f_up(self.f_down(x)).float() + self.f_bias.float()
            g = (self.cfg.kda_lower_bound * torch.sigmoid(f)).view(B, T, H, D)
        return {"q": q, "k": k, "v": v, "g": g, "beta": beta}

    def output(self, o: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
        """Recurrence output o [B, T, H, D] -> the layer's contribution to the residual stream [B, T, d]."""
        B, T = o.shape[:2]
        o = self.o_norm(o.to(self.o_proj.weight.dtype))
        return self.o_proj(o.reshape(B, T, -1))

    def forward(self, x: torch.Tensor, backend: str = "naive") -> torch.Tensor:
        i = self.inputs(x)
        if backend == "fla":
            o = fla_recurrence(self.cfg.kind, i["q"], i["k"], i["v"], i["g"], i["beta"], self.scale)
        else:
            o, _ = naive_recurrence(self.cfg.kind, i["q"], i["k"], i["v"], i["g"], i["beta"], self.scale)
        return self.output(o, x)


def rope(x: torch.Tensor, offset: int = 0, base: float = 10000.0) -> torch.Tensor:
    """Rotary position embedding on [B, T, H, D] (rotate-half convention), positions offset.. ."""
    T, D = x.shape[1], x.shape[-1]
    inv = base ** (-torch.arange(0, D, 2, device=x.device, dtype=torch.float32) / D)
    ang = torch.arange(offset, offset + T, device=x.device, dtype=torch.float32)[:, None] * inv[None]
    cos, sin = ang.cos()[None, :, None, :], ang.sin()[None, :, None, :]
    x1, x2 = x.float().chunk(2, -1)
    return torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1).to(x.dtype)


class Attention(nn.Module):
    """Causal softmax attention with RoPE; a sliding window of `attn_window` tokens beyond it."""

    def __init__(self, cfg: HybridConfig) -> None:
        super().__init__()
        self.cfg = cfg
        d, H, D = cfg.d_model, cfg.n_heads, cfg.head_dim
        self.qkv = nn.Linear(d, 3 * H * D, bias=False)
        self.o_proj = nn.Linear(H * D, d, bias=False)

    def forward(self, x: torch.Tensor, block: int = 1024) -> torch.Tensor:
        B, T, _ = x.shape
        H, D, W = self.cfg.n_heads, self.cfg.head_dim, self.cfg.attn_window
        q, k, v = self.qkv(x).view(B, T, 3, H, D).unbind(2)
        q, k = rope(q), rope(k)
        q, k, v = (t.transpose(1, 2) for t in (q, k, v))             # [B, H, T, D]
        if T <= W:
            o = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        else:                                                         # sliding window, a block of queries at a time
            outs = []
            for t0 in range(0, T, block):
                t1 = min(t0 + block, T)
                s0 = max(0, t0 - W + 1)
                i = torch.arange(t0, t1, device=x.device)[:, None]
                j = torch.arange(s0, t1, device=x.device)[None, :]
                mask = (j <= i) & (i - j < W)
                outs.append(F.scaled_dot_product_attention(q[:, :, t0:t1], k[:, :, s0:t1], v[:, :, s0:t1],
                                                           attn_mask=mask))
            o = torch.cat(outs, 2)
        return self.o_proj(o.transpose(1, 2).reshape(B, T, H * D))


class MLP(nn.Module):
    def __init__(self, cfg: HybridConfig) -> None:
        super().__init__()
        self.gate_up = nn.Linear(cfg.d_model, 2 * cfg.d_ff, bias=False)
        self.down = nn.Linear(cfg.d_ff, cfg.d_model, bias=False)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        g, u = self.gate_up(x).chunk(2, -1)
        return self.down(F.silu(g) * u)


class Block(nn.Module):
    def __init__(self, cfg: HybridConfig, index: int) -> None:
        super().__init__()
        self.is_attention = index in cfg.attn_layers
        self.norm1 = nn.RMSNorm(cfg.d_model, eps=1e-5)
        self.mixer = Attention(cfg) if self.is_attention else LinearMixer(cfg)
        self.norm2 = nn.RMSNorm(cfg.d_model, eps=1e-5)
        self.mlp = MLP(cfg)


class HybridLM(nn.Module):
    """Embedding, blocks (pre-norm mixer + SwiGLU MLP), final norm, tied output head."""

    def __init__(self, cfg: HybridConfig) -> None:
        super().__init__()
        self.cfg = cfg
        self.embed = nn.Embedding(cfg.vocab, cfg.d_model)
        nn.init.normal_(self.embed.weight, std=0.02)
        self.blocks = nn.ModuleList(Block(cfg, i) for i in range(cfg.n_layers))
        self.norm = nn.RMSNorm(cfg.d_model, eps=1e-5)
        for name, p in self.named_parameters():
            if name.endswith("o_proj.weight") or name.endswith("down.weight"):
                nn.init.normal_(p, std=0.02 / math.sqrt(2 * cfg.n_layers))

    def logits(self, h: torch.Tensor) -> torch.Tensor:
        return self.norm(h) @ self.embed.weight.T.to(h.dtype)

    family = property(lambda self: self.cfg.kind)

    def linear_layers(self) -> list[int]:
        return self.cfg.linear_layers

    def state_shape(self) -> tuple[int, int, int]:
        """(heads, dk, dv) of every linear-attention layer's state."""
        return self.cfg.n_heads, self.cfg.head_dim, self.cfg.head_dim

    def forward(self, tokens: torch.Tensor, backend: str = "naive", recur=None) -> torch.Tensor:
        """Logits [B, T, 256]. `recur`, if given, replaces every linear layer's recurrence:
        recur(layer_index, inputs, scale) -> o [B, T, H, V] (inputs: FLA-layout dict q, k, v, g, beta)."""
        h = self.embed(tokens)
        for i, blk in enumerate(self.blocks):
            x = blk.norm1(h)
            if blk.is_attention:
                h = h + blk.mixer(x)
            elif recur is not None:
                m = blk.mixer
                h = h + m.output(recur(i, m.inputs(x), m.scale), x)
            else:
                h = h + blk.mixer(x, backend)
            h = h + blk.mlp(blk.norm2(h))
        return self.logits(h)

    def num_params(self) -> int:
        return sum(p.numel() for p in self.parameters())


# ---- weights on disk ------------------------------------------------------------------------------

def save(model: HybridLM, path: str | Path, dtype: torch.dtype = torch.bfloat16, extra: dict | None = None) -> Path:
    """Write the weights (in `dtype`) with the config in the metadata, atomically (temporary file, fsync, rename)."""
    from safetensors.torch import save_file

    from leapquant.files import atomic_path

    path = Path(path)
    tensors = {k: v.detach().to("cpu", dtype).contiguous() for k, v in model.state_dict().items()}
    meta = {"leapquant_model": "hybrid", "config": json.dumps(asdict(model.cfg)), **(extra or {})}
    with atomic_path(path) as tmp:
        save_file(tensors, str(tmp), metadata={k: str(v) for k, v in meta.items()})
    return path


_FLOAT_DTYPES = ("F16", "BF16", "F32", "F64")


def _config(path: Path, meta: dict) -> HybridConfig:
    """The HybridConfig in a weight file's metadata; InputError naming the file if it is missing or malformed."""
    if "config" not in meta:
        raise InputError(f"model file {str(path)!r}: metadata has no 'config'")
    try:
        cfg = json.loads(meta["config"])
    except json.JSONDecodeError as e:
        raise InputError(f"model file {str(path)!r}: metadata config is not valid JSON ({e})") from None
    if not isinstance(cfg, dict):
        raise InputError(f"model file {str(path)!r}: metadata config must be a JSON object, got {type(cfg).__name__}")
    try:
        return HybridConfig(**cfg)
    except TypeError as e:     # an unknown field
        raise InputError(f"model file {str(path)!r}: metadata config: {e}") from None
    except InputError as e:
        raise InputError(f"model file {str(path)!r}: metadata config: {e}") from None


def load(path: str | Path, dtype: torch.dtype = torch.float32, device: str = "cpu") -> HybridLM:
    """A hybrid LM from `save`'s file. The file is checked whole before it is used: a file that is not a safetensors
    file, not a leapquant hybrid model, a config that is not one, tensors missing, extra, of another shape or of a
    non-floating dtype are InputErrors naming the file."""
    from safetensors import SafetensorError, safe_open

    path = Path(path)
    if path.is_dir():
        raise InputError(f"model file {str(path)!r} is a folder; expected a safetensors file")
    if not path.is_file():
        raise InputError(f"model file {str(path)!r} does not exist")
    try:
        with safe_open(str(path), "pt") as f:
            meta = f.metadata() or {}
            if meta.get("leapquant_model") != "hybrid":
                raise InputError(f"{str(path)!r} is not a leapquant hybrid model (metadata leapquant_model missing)")
            cfg = _config(path, meta)
            model = HybridLM(cfg)
            want = {k: list(v.shape) for k, v in model.state_dict().items()}
            have = {k: (list(f.get_slice(k).get_shape()), f.get_slice(k).get_dtype()) for k in f.keys()}
            _check_tensors(path, want, have)
            state = {k: f.get_tensor(k).to(dtype) for k in f.keys()}
    except SafetensorError as e:
        raise InputError(f"model file {str(path)!r} is not a readable safetensors file ({e})") from None
    except OSError as e:
        raise InputError(f"model file {str(path)!r} cannot be read ({e.strerror or e})") from None
    model.load_state_dict(state)
    return model.to(device).eval()


def _check_tensors(path: Path, want: dict[str, list[int]], have: dict[str, tuple[list[int], str]]) -> None:
    missing, extra = sorted(want.keys() - have.keys()), sorted(have.keys() - want.keys())
    if missing or extra:
        raise InputError(f"model file {str(path)!r} does not match its config: "
                         + "; ".join(x for x in (missing and f"missing tensor(s) {missing[:5]}",
                                                 extra and f"unexpected tensor(s) {extra[:5]}") if x))
    for k, shape in want.items():
        got, dtype = have[k]
        if got != shape:
            raise InputError(f"model file {str(path)!r}: tensor {k!r} has shape {got}; its config needs {shape}")
        if dtype not in _FLOAT_DTYPES:
            raise InputError(f"model file {str(path)!r}: tensor {k!r} has dtype {dtype}; expected one of "
                             f"{', '.join(_FLOAT_DTYPES)}")
