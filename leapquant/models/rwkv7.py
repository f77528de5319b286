"""RWKV-7 "Goose" (Peng et al. 2025, arXiv 2503.14456): a loader for rwkv.cpp files and the forward pass.

File layout (rwkv.cpp, version 100/101, little-endian): six int32 — magic 0x67676d66, version, n_vocab,
n_embed, n_layer, data type (0 = FP32) — then records until the end of the file: int32 number of dims,
int32 key length, int32 data type, the dims (int32, reversed relative to PyTorch), the UTF-8 key, the
data. The six token-shift mixes are one tensor `att.x_rwkvag`; LoRA matrices are stored transposed (as
linear-layer weights: y = x @ Wᵀ); `ln0` exists only in block 0. Only FP32 files are supported.

Time mixing of one layer (head size N, H heads; per token, x the ln1-normalised input, x' the previous
token's, xx = x' − x, x_* = x + xx ⊙ μ_*):
    r = W_r x_r;  k = W_k x_k;  v = W_v x_v
    w = exp(−e^{−1/2} σ(w0 + tanh(x_w A_w) B_w))      (log w = −e^{−1/2} σ(·): `w` input of the spec)
    a = σ(a0 + x_a A_a B_a);   g = σ(x_g A_g) B_g
    κ̂ = normalize_per_head(k ⊙ k_k);   k ← k ⊙ (1 + (a − 1) ⊙ k_a)
    v ← v + (v_first − v) ⊙ σ(v0 + x_v A_v B_v)  (layers > 0; v_first = layer 0's v)
    wkv_t = wkv_{t−1} (diag(w_t) − κ̂_tᵀ (a_t ⊙ κ̂_t)) + v_tᵀ k_t,  o = wkv_t r_t      (state V×K per head)
    out = W_o ((GroupNorm_H(o) + (Σ_head r ⊙ k ⊙ r_k) v) ⊙ g)
Channel mixing: k = relu(W_k (x + xx ⊙ μ_k))², out = W_v k. The recurrence is leapquant's `rwkv7` spec
(q = r, k = k, v = v, w = log w, kk = κ̂, a = a, scale = 1), which stores S = wkvᵀ.
"""
from __future__ import annotations

import math
import struct
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F

from leapquant.errors import InputError

MAGIC = 0x67676D66
VERSIONS = (100, 101)
_TMIX = ("receptance.weight", "key.weight", "value.weight", "output.weight", "x_rwkvag", "w0", "w1", "w2",
         "a0", "a1", "a2", "g1", "g2", "k_k", "k_a", "r_k", "ln_x.weight", "ln_x.bias")


def read_rwkv_cpp(path: str | Path) -> tuple[dict, dict[str, torch.Tensor]]:
    """(header, tensors) of an rwkv.cpp FP32 file; raises InputError naming what is wrong."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"RWKV model file {str(path)!r} does not exist")
    data = path.read_bytes()
    if len(data) < 24:
        raise InputError(f"{path.name}: {len(data)} bytes is too short for the 24-byte rwkv.cpp header")
    magic, version, n_vocab, n_embed, n_layer, dtype = struct.unpack("<6i", data[:24])
    if magic != MAGIC:
        raise InputError(f"{path.name}: bad magic 0x{magic & 0xffffffff:08x}, expected 0x{MAGIC:08x} "
                         "(not an rwkv.cpp file)")
    if version not in VERSIONS:
        raise InputError(f"{path.name}: rwkv.cpp format version {version} is not supported (expected {VERSIONS})")
    if dtype != 0:
        raise InputError(f"{path.name}: data type {dtype} is not supported; only FP32 (0) files are")
    if not (n_vocab > 0 and n_embed > 0 and n_layer > 0):
        raise InputError(f"{path.name}: header sizes must be positive, got vocab {n_vocab}, embed {n_embed}, "
                         f"layers {n_layer}")
    header = {"version": version, "n_vocab": n_vocab, "n_embed": n_embed, "n_layer": n_layer}
    tensors: dict[str, torch.Tensor] = {}
    off = 24
    while off < len(data):
        if off + 12 > len(data):
            raise InputError(f"{path.name}: truncated tensor record at byte {off}")
        nd, klen, tdt = struct.unpack("<3i", data[off:off + 12])
        off += 12
        if not (0 < nd <= 4) or not (0 < klen < 1024):
            raise InputError(f"{path.name}: corrupt tensor record at byte {off - 12} (dims {nd}, key length {klen})")
        if tdt != 0:
            raise InputError(f"{path.name}: tensor at byte {off - 12} has data type {tdt}; only FP32 (0) is supported")
        if off + 4 * nd + klen > len(data):
            raise InputError(f"{path.name}: truncated tensor record at byte {off - 12}")
        dims = struct.unpack(f"<{nd}i", data[off:off + 4 * nd])[::-1]
        if min(dims) < 1:
            raise InputError(f"{path.name}: corrupt tensor record at byte {off - 12} (dims {list(dims)})")
        off += 4 * nd
        try:
            key = data[off:off + klen].decode("utf-8")
        except UnicodeDecodeError:
            raise InputError(f"{path.name}: corrupt tensor record at byte {off - 12 - 4 * nd} (its key is not "
                             "UTF-8)") from None
        off += klen
        n = int(np.prod(dims))
        if off + 4 * n > len(data):
            raise InputError(f"{path.name}: tensor {key!r} of shape {list(dims)} runs past the end of the file")
        tensors[key] = torch.from_numpy(np.frombuffer(data, dtype="<f4", count=n, offset=off).copy()).view(*dims)
        off += 4 * n
    need = ["emb.weight", "ln_out.weight", "ln_out.bias", "head.weight", "blocks.0.ln0.weight", "blocks.0.ln0.bias"]
    for i in range(n_layer):
        need += [f"blocks.{i}.{n}" for n in ("ln1.weight", "ln1.bias", "ln2.weight", "ln2.bias", "ffn.x_k",
                                              "ffn.key.weight", "ffn.value.weight")]
        need += [f"blocks.{i}.att.{n}" for n in _TMIX]
        if i > 0:
            need += [f"blocks.{i}.att.{n}" for n in ("v0", "v1", "v2")]
    missing = [k for k in need if k not in tensors]
    if missing:
        raise InputError(f"{path.name}: missing tensor(s) {missing[:5]}{' ...' if len(missing) > 5 else ''}")
    _check_shapes(path, header, tensors)
    return header, tensors


_PER_CHANNEL = ("w0", "a0", "v0", "k_k", "k_a", "r_k")
"""Time-mixing parameters of one number per channel (stored [1, 1, C] or [1, C]: the forward pass reads C)."""
_LORA = ("w", "a", "g", "v")
"""Low-rank pairs `{x}1` [D, C], `{x}2` [C, D] of the time mixing."""


def _check_shapes(path: Path, header: dict, tensors: dict[str, torch.Tensor]) -> None:
    """Every tensor the forward pass reads has the shape the header's sizes give it; InputError naming it if not."""
    C, V = header["n_embed"], header["n_vocab"]

    def need(key: str, ok: bool, expected: str) -> None:
        if key in tensors and not ok:
            raise InputError(f"{path.name}: tensor {key!r} has shape {list(tensors[key].shape)}, expected {expected} "
                             f"(header: vocab {V}, embed {C})")

    def shape(key: str, *want: int) -> None:
        need(key, tuple(tensors[key].shape) == want if key in tensors else True, str(list(want)))

    def numel(key: str, n: int) -> None:
        need(key, tensors[key].numel() == n if key in tensors else True, f"{n} numbers")

    shape("emb.weight", V, C)
    shape("head.weight", V, C)
    for key in ("ln_out.weight", "ln_out.bias", "blocks.0.ln0.weight", "blocks.0.ln0.bias"):
        shape(key, C)
    for i in range(header["n_layer"]):
        b = f"blocks.{i}."
        for key in ("ln1.weight", "ln1.bias", "ln2.weight", "ln2.bias", "att.ln_x.weight", "att.ln_x.bias"):
            shape(b + key, C)
        for key in ("receptance", "key", "value", "output"):
            shape(f"{b}att.{key}.weight", C, C)
        numel(b + "att.x_rwkvag", 6 * C)
        numel(b + "ffn.x_k", C)
        for key in _PER_CHANNEL:
            numel(f"{b}att.{key}", C)
        for x in _LORA:
            one = tensors.get(f"{b}att.{x}1")
            if one is not None:
                need(f"{b}att.{x}1", one.dim() == 2 and one.shape[1] == C, f"[D, {C}]")
                shape(f"{b}att.{x}2", C, one.shape[0])
        ff = tensors[b + "ffn.key.weight"]
        need(b + "ffn.key.weight", ff.dim() == 2 and ff.shape[1] == C, f"[F, {C}]")
        shape(b + "ffn.value.weight", C, ff.shape[0])


class RWKV7:
    """An RWKV-7 LM (inference). `forward(tokens [B, T], recur=None)` -> logits [B, T, vocab]."""

    family = "rwkv7"

    def __init__(self, header: dict, tensors: dict[str, torch.Tensor], head_size: int = 64) -> None:
        self.n_layer, self.C, self.vocab = header["n_layer"], header["n_embed"], header["n_vocab"]
        if self.C % head_size:
            raise InputError(f"embedding {self.C} is not a multiple of the head size {head_size}")
        self.N, self.H = head_size, self.C // head_size
        self.w = {k: v.float() for k, v in tensors.items()}

    @classmethod
    def load(cls, path: str | Path, head_size: int = 64) -> "RWKV7":
        return cls(*read_rwkv_cpp(path), head_size=head_size)

    def linear_layers(self) -> list[int]:
        return list(range(self.n_layer))

    def state_shape(self) -> tuple[int, int, int]:
        return self.H, self.N, self.N

    def to(self, device) -> "RWKV7":
        self.w = {k: v.to(device) for k, v in self.w.items()}
        return self

    def eval(self) -> "RWKV7":
        return self

    def __call__(self, tokens, recur=None):
        return self.forward(tokens, recur)

    # ---- layers ------------------------------------------------------------------------------------
    def _ln(self, x, name):
        return F.layer_norm(x, (self.C,), self.w[name + ".weight"], self.w[name + ".bias"], eps=1e-5)

    @staticmethod
    def _shift(x):
        return F.pad(x, (0, 0, 1, 0))[:, :-1]

    def tmix_inputs(self, i: int, x: torch.Tensor, v_first: torch.Tensor | None):
        """The recurrence inputs (FLA layout [B, T, H, N]) of layer i, and what the output needs."""
        p = f"blocks.{i}.att."
        w = self.w
        B, T, _ = x.shape
        xx = self._shift(x) - x
        mu = w[p + "x_rwkvag"].view(6, self.C)
        xr, xw, xk, xv, xa, xg = (x + xx * mu[j] for j in range(6))
        r = xr @ w[p + "receptance.weight"].T
        k = xk @ w[p + "key.weight"].T
        v = xv @ w[p + "value.weight"].T
        logw = -math.exp(-0.5) * torch.sigmoid(w[p + "w0"].view(self.C)
                                               + torch.tanh(xw @ w[p + "w1"].T) @ w[p + "w2"].T)
        a = torch.sigmoid(w[p + "a0"].view(self.C) + (xa @ w[p + "a1"].T) @ w[p + "a2"].T)
        g = torch.sigmoid(xg @ w[p + "g1"].T) @ w[p + "g2"].T
        kk = F.normalize((k * w[p + "k_k"].view(self.C)).view(B, T, self.H, self.N), dim=-1, p=2.0)
        k = k * (1 + (a - 1) * w[p + "k_a"].view(self.C))
        if i == 0:
            v_first = v
        else:
            v = v + (v_first - v) * torch.sigmoid(w[p + "v0"].view(self.C) + (xv @ w[p + "v1"].T) @ w[p + "v2"].T)
        hs = lambda t: t.reshape(B, T, self.H, self.N)  # noqa: E731
        inputs = {"q": hs(r), "k": hs(k), "v": hs(v), "w": hs(logw), "kk": kk, "a": hs(a)}
        return inputs, g, v_first

    def tmix_output(self, i: int, o: torch.Tensor, inputs: dict, g: torch.Tensor) -> torch.Tensor:
        p = f"blocks.{i}.att."
        B, T = o.shape[:2]
        o = F.group_norm(o.reshape(B * T, self.C).float(), self.H, self.w[p + "ln_x.weight"], self.w[p + "ln_x.bias"],
                         eps=64e-5).view(B, T, self.C)
        bonus = (inputs["q"] * inputs["k"] * self.w[p + "r_k"].view(self.H, self.N)).sum(-1, keepdim=True) * inputs["v"]
        return ((o + bonus.reshape(B, T, self.C)) * g) @ self.w[p + "output.weight"].T

    def cmix(self, i: int, x: torch.Tensor) -> torch.Tensor:
        p = f"blocks.{i}.ffn."
        xk = x + (self._shift(x) - x) * self.w[p + "x_k"].view(self.C)
        return torch.relu(xk @ self.w[p + "key.weight"].T).square() @ self.w[p + "value.weight"].T

    @staticmethod
    def naive_recurrence(inputs: dict) -> torch.Tensor:
        """The paper's row-convention formula, token by token, float32: wkv ∈ R^{V×K} per head."""
        r, k, v, w, kk, a = (inputs[n].float() for n in ("q", "k", "v", "w", "kk", "a"))
        B, T, H, N = r.shape
        wkv = r.new_zeros(B, H, N, N)
        out = []
        for t in range(T):
            wkv = (wkv * torch.exp(w[:, t])[..., None, :]
                   - (wkv @ kk[:, t, ..., None]) @ (a[:, t] * kk[:, t])[..., None, :]
                   + v[:, t, ..., None] @ k[:, t, ..., None, :])
            out.append((wkv @ r[:, t, ..., None])[..., 0])
        return torch.stack(out, 1)

    def forward(self, tokens: torch.Tensor, recur=None) -> torch.Tensor:
        """Logits [B, T, vocab]. `recur(layer, inputs, scale)` -> o [B, T, H, N] replaces the recurrence."""
        w = self.w
        x = F.layer_norm(w["emb.weight"][tokens], (self.C,), w["blocks.0.ln0.weight"], w["blocks.0.ln0.bias"], eps=1e-5)
        v_first = None
        for i in range(self.n_layer):
            xa = self._ln(x, f"blocks.{i}.ln1")
            inputs, g, v_first = self.tmix_inputs(i, xa, v_first)
            o = self.naive_recurrence(inputs) if recur is None else recur(i, inputs, 1.0)
            x = x + self.tmix_output(i, o, inputs, g)
            x = x + self.cmix(i, self._ln(x, f"blocks.{i}.ln2"))
        return self._ln(x, "ln_out") @ w["head.weight"].T
