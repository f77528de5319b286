"""Text generation by the project's trained byte-level models (`models/gdn.safetensors`, `models/kda.safetensors`)
with two state backends side by side: the model's own FP32 recurrence, and a `StateCache` keeping every
linear-attention state by a recipe (LeapQuant).

The prompt is prefilled once with the model's own recurrence (`hybrid.naive_recurrence`, as its forward runs it);
its final states go into the cache in one `admit` call, and from there each token is decoded one at a time: every
linear-attention layer hands its one-token q, k, v, g, beta (the layer's own projections, short convolutions and
gates, `LinearMixer.inputs` over the last `conv_size` layer inputs) to the backend, the softmax-attention layer reads
its KV cache. Three streams decode in step: FP32, LeapQuant fed FP32's tokens (teacher-forced: its logits are
compared with FP32's on the same context) and LeapQuant fed its own tokens (the continuation it writes).

    g = generate("gdn", "It is a truth universally acknowledged", 200)
    g.fp32, g.leapquant              # the two continuations (bytes)
    g.agreement, g.max_logit_error   # the same choice as FP32's at every step? how far the logits moved
"""
from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import torch
import torch.nn.functional as F

from leapquant.errors import InputError
from leapquant.models import hybrid
from leapquant.recipe import Recipe
from leapquant.recipe_fields import ModelShape
from leapquant.serving.cache import StateCache

ROOT = Path(__file__).resolve().parents[2]
MODEL_DIR = ROOT / "models"
"""The trained models of a clone: `gdn.safetensors`, `kda.safetensors`."""
MODEL_NAMES = ("gdn", "kda")
PASSAGE = Path(__file__).resolve().parents[1] / "data" / "persuasion-ch1-5.txt"
"""The held-out text the package ships (chapters 1-5 of *Persuasion*; the models never saw it)."""
DEFAULT_KERNEL = {"window": 16, "rank": 4, "format": "int8"}
"""The paper's default method: windows of 16 tokens, 4 compensator tokens, INT8 residual."""
DEFAULT_GPU = "h200"

Recur = Callable[[int, dict[str, torch.Tensor], float], torch.Tensor]
"""recur(layer index, one token's inputs {q, k [B, H, K], v [B, HV, V], g, beta}, scale) -> o [B, HV, V]."""


# ---- the model, its shape, its recipe ---------------------------------------------------------------------------

def load_model(name: str, model_dir: str | Path | None = None, device: str | torch.device = "cpu") -> hybrid.HybridLM:
    """The trained model `name` ("gdn" or "kda") in float32; InputError naming the known ones otherwise."""
    if not isinstance(name, str) or name not in MODEL_NAMES:
        raise InputError(f"model must be one of {list(MODEL_NAMES)}, got {name!r}")
    path = Path(MODEL_DIR if model_dir is None else model_dir) / f"{name}.safetensors"
    if not path.is_file():
        where = "model" if model_dir is None else "model_dir"
        raise InputError(f"{where}: {str(path)!r} does not exist (the trained models are in models/ of a clone)")
    return hybrid.load(path, device=str(device))


def shape_of(model: hybrid.HybridLM, name: str) -> ModelShape:
    """The states `model` keeps, as a recipe names them: its linear-attention layers of [head_dim, head_dim] heads."""
    c = model.cfg
    return ModelShape(name=name, family=c.kind, layers=len(c.linear_layers), H=c.n_heads, HV=c.n_heads,
                      K=c.head_dim, V=c.head_dim)


def default_recipe(model: hybrid.HybridLM, name: str) -> Recipe:
    """LeapQuant's default method (window 16, rank 4, INT8) for `model`'s shape, with the kernels for an H200."""
    return Recipe.from_kernel(shape_of(model, name), DEFAULT_GPU, **DEFAULT_KERNEL)


def check_recipe(recipe: Recipe, model: hybrid.HybridLM, name: str) -> None:
    """A recipe keeps `model`'s states: the same family, layers and head shapes, and a kernel configuration."""
    if not isinstance(recipe, Recipe):
        raise InputError(f"recipe must be a leapquant Recipe, got {type(recipe).__name__}")
    m, want = recipe.model, shape_of(model, name)
    fields = ("family", "layers", "H", "HV", "K", "V")
    if any(getattr(m, f) != getattr(want, f) for f in fields):
        def words(s: ModelShape) -> str:
            return f"{s.family} with {s.layers} layers of H={s.H}, HV={s.HV} heads of {s.K}x{s.V}"
        raise InputError(f"recipe {m.name!r} is for {words(m)}; model {name!r} is {words(want)}")
    if recipe.kernel is None:
        raise InputError(f"recipe {m.name!r} has no kernel configuration (a simulation-only recipe); the cache keeps "
                         f"states in the kernels' layout")


def default_prompt() -> bytes:
    """The first paragraph of chapter 1 of the shipped held-out text (624 bytes)."""
    text = PASSAGE.read_bytes()
    start = text.index(b"Sir Walter Elliot, of Kellynch Hall")
    end = text.index(b"never failed.", start) + len(b"never failed.")
    return text[start:end]


# ---- prefill and the per-token decode path ----------------------------------------------------------------------

@dataclass
class DecodeState:
    """What a batch of B streams carries from token to token besides the linear-attention states.

    conv: linear layer index -> its last `conv_size - 1` layer inputs [B, conv_size - 1, d_model] (zeros before the
    first token); keys, values: attention layer index -> RoPE'd keys and values [B, H, L, D] of the last
    `attn_window` tokens; position: the next token's position."""

    conv: dict[int, torch.Tensor] = field(default_factory=dict)
    keys: dict[int, torch.Tensor] = field(default_factory=dict)
    values: dict[int, torch.Tensor] = field(default_factory=dict)
    position: int = 0

    def repeat(self, n: int) -> "DecodeState":
        """The same state for n × B streams (each stream's tensors repeated n times along the batch)."""
        def rep(d: dict[int, torch.Tensor]) -> dict[int, torch.Tensor]:
            return {i: t.repeat(n, *([1] * (t.dim() - 1))) for i, t in d.items()}
        return DecodeState(rep(self.conv), rep(self.keys), rep(self.values), self.position)


def _kv(mixer: hybrid.Attention, x: torch.Tensor, offset: int) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """q, k (RoPE'd from position `offset`) and v [B, H, T, D] of the layer inputs x [B, T, d_model]."""
    B, T, _ = x.shape
    c = mixer.cfg
    q, k, v = mixer.qkv(x).view(B, T, 3, c.n_heads, c.head_dim).unbind(2)
    q, k = hybrid.rope(q, offset), hybrid.rope(k, offset)
    return tuple(t.transpose(1, 2) for t in (q, k, v))


def prefill(model: hybrid.HybridLM, tokens: torch.Tensor):
    """The prompt `tokens` [B, T] through `model` as its forward runs it (FP32 states, the model's own recurrence).

    Returns (logits of the last position [B, vocab], final states {linear layer index: S [B, H, K, V]} FP32,
    DecodeState for the tokens after the prompt)."""
    B, T = tokens.shape
    W, c = model.cfg.attn_window, model.cfg.conv_size
    state, states = DecodeState(position=T), {}
    h = model.embed(tokens)
    for i, blk in enumerate(model.blocks):
        x = blk.norm1(h)
        if blk.is_attention:
            h = h + blk.mixer(x)
            _, k, v = _kv(blk.mixer, x, 0)
            state.keys[i], state.values[i] = k[:, :, -W:], v[:, :, -W:]
        else:
            m = blk.mixer
            inp = m.inputs(x)
            o, states[i] = hybrid.naive_recurrence(model.cfg.kind, inp["q"], inp["k"], inp["v"], inp["g"],
                                                   inp["beta"], m.scale)
            h = h + m.output(o, x)
            state.conv[i] = F.pad(x, (0, 0, c - 1, 0))[:, x.shape[1]:]    # the last c - 1 inputs, zeros before
        h = h + blk.mlp(blk.norm2(h))
    return model.logits(h)[:, -1], states, state


def step_inputs(mixer: hybrid.LinearMixer, window: torch.Tensor) -> dict[str, torch.Tensor]:
    """One token's recurrence inputs from the layer's last `conv_size` inputs window [B, conv_size, d_model] (the
    newest last): q, k [B, H, K] (L2-normalised), v [B, H, V], g [B, H] (GDN) or [B, H, K] (KDA), beta [B, H].
    The layer's own `inputs` over the window: its short convolutions see exactly the tokens they see in a forward."""
    return {n: t[:, -1] for n, t in mixer.inputs(window).items()}


def _attend(mixer: hybrid.Attention, x: torch.Tensor, state: DecodeState, i: int) -> torch.Tensor:
    """One token x [B, 1, d_model] through attention layer i, its KV cache extended (the last attn_window kept)."""
    q, k, v = _kv(mixer, x, state.position)
    W = mixer.cfg.attn_window
    state.keys[i] = torch.cat([state.keys[i], k], 2)[:, :, -W:]
    state.values[i] = torch.cat([state.values[i], v], 2)[:, :, -W:]
    o = F.scaled_dot_product_attention(q, state.keys[i], state.values[i])
    return mixer.o_proj(o.transpose(1, 2).reshape(x.shape[0], 1, -1))


def decode_step(model: hybrid.HybridLM, tokens: torch.Tensor, state: DecodeState, recur: Recur) -> torch.Tensor:
    """One token per stream, tokens [B], through `model`; every linear-attention recurrence by `recur`.
    Updates `state`; returns the logits of the next token [B, vocab]."""
    h = model.embed(tokens[:, None])
    for i, blk in enumerate(model.blocks):
        x = blk.norm1(h)
        if blk.is_attention:
            h = h + _attend(blk.mixer, x, state, i)
        else:
            window = torch.cat([state.conv[i], x], 1)
            state.conv[i] = window[:, 1:]
            m = blk.mixer
            h = h + m.output(recur(i, step_inputs(m, window), m.scale)[:, None], x)
        h = h + blk.mlp(blk.norm2(h))
    state.position += 1
    return model.logits(h)[:, 0]


def fp32_recur(kind: str, states: dict[int, torch.Tensor]) -> Recur:
    """The model's own FP32 recurrence, one token at a time, on `states` {layer index: S [B, H, K, V]} (updated)."""
    def recur(i: int, x: dict[str, torch.Tensor], scale: float) -> torch.Tensor:
        o, states[i] = hybrid.naive_recurrence(kind, *(x[n][:, None] for n in ("q", "k", "v", "g", "beta")), scale,
                                               initial_state=states[i])
        return o[:, 0]
    return recur


def cache_recur(cache: StateCache, slots: torch.Tensor, layers: list[int]) -> Recur:
    """The cache's decode step for the requests in `slots` (batch row b: slots[b]); `layers`: the model's linear
    layer indices in the cache's layer order."""
    def recur(i: int, x: dict[str, torch.Tensor], scale: float) -> torch.Tensor:
        return cache.step(layers.index(i), x["q"], x["k"], x["v"], x["g"], x["beta"], slots, scale).float()
    return recur


# ---- generation -------------------------------------------------------------------------------------------------

@dataclass
class Generation:
    """Two continuations of one prompt and how far LeapQuant's logits are from FP32's.

    logit_error[t]: ‖logits_LeapQuant − logits_FP32‖₂ / ‖logits_FP32‖₂ at decode step t (logits centred over the
    vocabulary), LeapQuant fed FP32's bytes (the same context); agreement: the fraction of decode steps where that
    LeapQuant stream chooses FP32's byte (the argmax when greedy; with the same Gumbel noise when sampling). Each of
    the `new_tokens` bytes is fed back once, so there are `new_tokens` decode steps (the last one scores the byte
    after the continuation); the first byte comes from the prefill's logits, which the two backends share.
    common_prefix: bytes the two free-running continuations share before they part."""

    model: str
    recipe: str               # "default", or the name of the recipe's model
    method: str
    bytes_per_element: float
    prompt: bytes
    fp32: bytes
    leapquant: bytes
    logit_error: list[float]
    agreement: float
    common_prefix: int
    temperature: float
    seed: int
    seconds: float = 0.0

    @property
    def max_logit_error(self) -> float:
        return max(self.logit_error)

    @property
    def mean_logit_error(self) -> float:
        return sum(self.logit_error) / len(self.logit_error)

    def to_json(self) -> dict:
        def text(b: bytes) -> str:
            return b.decode("utf-8", "backslashreplace")
        return {"model": self.model, "recipe": self.recipe, "method": self.method,
                "bytes_per_element": self.bytes_per_element, "prompt": text(self.prompt),
                "new_tokens": len(self.fp32), "temperature": self.temperature, "seed": self.seed,
                "fp32": text(self.fp32), "leapquant": text(self.leapquant), "agreement": self.agreement,
                "common_prefix": self.common_prefix, "max_logit_error": self.max_logit_error,
                "mean_logit_error": self.mean_logit_error, "logit_error": self.logit_error, "seconds": self.seconds}


def _prompt_bytes(prompt: bytes | str) -> bytes:
    if isinstance(prompt, str):
        prompt = prompt.encode("utf-8")
    if not isinstance(prompt, (bytes, bytearray)):
        raise InputError(f"prompt must be bytes or a str, got {type(prompt).__name__}")
    if not prompt:
        raise InputError("prompt must hold at least one byte")
    return bytes(prompt)


def _check_arguments(new_tokens: int, temperature: float, seed: int) -> None:
    if isinstance(new_tokens, bool) or not isinstance(new_tokens, int) or new_tokens < 1:
        raise InputError(f"new_tokens must be an integer >= 1, got {new_tokens!r}")
    if isinstance(temperature, bool) or not isinstance(temperature, (int, float)) or not (
            math.isfinite(temperature) and temperature >= 0):
        raise InputError(f"temperature must be a finite number >= 0 (0: greedy), got {temperature!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2 ** 63:
        raise InputError(f"seed must be an integer in [0, 2^63), got {seed!r}")


def _choose(logits: torch.Tensor, temperature: float, noise: torch.Tensor | None) -> list[int]:
    """The byte each row of logits [B, vocab] picks: the argmax (greedy), else the argmax of logits / temperature
    plus Gumbel `noise` [vocab] (a sample of the softmax; the rows share the noise)."""
    if not temperature:
        return logits.argmax(-1).tolist()
    return (logits / temperature + noise).argmax(-1).tolist()


def _gumbel(gen: torch.Generator, n: int) -> torch.Tensor:
    u = torch.rand(n, generator=gen, dtype=torch.float64).clamp(1e-300, 1.0)
    return (-torch.log(-torch.log(u))).float()


def _relative_error(logits: torch.Tensor, ref: torch.Tensor) -> float:
    """‖a − b‖₂ / ‖b‖₂ of logits [vocab] centred (their mean removed: the softmax does not see it)."""
    a, b = logits - logits.mean(), ref - ref.mean()
    return float((a - b).norm() / b.norm())


def _decode(model: hybrid.HybridLM, recipe: Recipe, prompt: torch.Tensor, n: int, temperature: float, seed: int,
            device: torch.device) -> tuple[list[int], list[int], list[float], int]:
    """Prefill prompt [1, T], admit its states into a cache of two requests, decode n steps of three streams.
    Returns (FP32's bytes, LeapQuant's bytes, logit error per step, steps where LeapQuant chose FP32's byte)."""
    logits, states, state = prefill(model, prompt)
    layers = model.linear_layers()
    cache = StateCache(recipe, slots=2, device=device)
    slots = cache.allocate(2)                     # row 0: fed FP32's bytes; row 1: fed its own
    cache.admit(slots, [states[i].repeat(2, 1, 1, 1) for i in layers])
    lq_state, lq = state.repeat(2), cache_recur(cache, slots, layers)
    fp = fp32_recur(model.cfg.kind, states)
    gen = torch.Generator().manual_seed(seed)
    vocab = logits.shape[-1]

    def noise() -> torch.Tensor | None:
        return _gumbel(gen, vocab).to(device) if temperature else None

    first = _choose(logits, temperature, noise())[0]
    ours, theirs, errors, agree = [first], [first], [], 0
    for t in range(n):
        lf = decode_step(model, torch.tensor([ours[-1]], device=device), state, fp)[0]
        ll = decode_step(model, torch.tensor([ours[-1], theirs[-1]], device=device), lq_state, lq)
        errors.append(_relative_error(ll[0], lf))
        a, b, c = _choose(torch.stack([lf, ll[0], ll[1]]), temperature, noise())
        agree += a == b
        if t < n - 1:
            ours.append(a)
            theirs.append(c)
    return ours, theirs, errors, agree


def generate(model_name: str, prompt: bytes | str, new_tokens: int, recipe: Recipe | None = None,
             temperature: float = 0.0, seed: int = 0, *, model_dir: str | Path | None = None,
             device: str | torch.device = "cpu") -> Generation:
    """`new_tokens` bytes after `prompt` from trained model `model_name` ("gdn" or "kda"), FP32 and LeapQuant.

    `recipe` (default: `default_recipe`, window 16, rank 4, INT8 for an H200) keeps the linear-attention states
    in a `StateCache` on `device` (on a CPU the cache runs its PyTorch reference of the kernels). `temperature` 0
    is greedy; above 0 each step samples with Gumbel noise drawn from `seed`, the same for both backends. Bad
    input raises InputError naming the argument (model, prompt, new_tokens, recipe, temperature, seed)."""
    t0 = time.perf_counter()
    data = _prompt_bytes(prompt)
    _check_arguments(new_tokens, temperature, seed)
    dev = torch.device(device)
    model = load_model(model_name, model_dir, dev)
    label = "default" if recipe is None else recipe.model.name if isinstance(recipe, Recipe) else "?"
    recipe = default_recipe(model, model_name) if recipe is None else recipe
    try:
        check_recipe(recipe, model, model_name)
    except InputError as e:
        raise InputError(f"recipe: {e}") from None
    tokens = torch.tensor(list(data), dtype=torch.long, device=dev)[None]
    threads = torch.get_num_threads()
    torch.set_num_threads(1)       # thousands of tiny ops: more intra-op threads only contend (a busy CPU: 40x slower)
    try:
        with torch.no_grad():
            ours, theirs, errors, agree = _decode(model, recipe, tokens, new_tokens, float(temperature), seed, dev)
    finally:
        torch.set_num_threads(threads)
    common = next((i for i, (a, b) in enumerate(zip(ours, theirs)) if a != b), len(ours))
    p, more = recipe.to_pipeline(0), len(recipe.overrides)
    method = f"{p.format} window={p.window} rank={p.rank}" + (f" and {more} override(s)" if more else "")
    return Generation(model=model_name, recipe=label, method=method,
                      bytes_per_element=recipe.memory_needed().bytes_per_element, prompt=data, fp32=bytes(ours),
                      leapquant=bytes(theirs), logit_error=errors, agreement=agree / new_tokens, common_prefix=common,
                      temperature=float(temperature), seed=seed, seconds=round(time.perf_counter() - t0, 2))
