"""`LeapQuantCache`: a Hugging Face transformers (>= 5.23) `Cache` whose Gated DeltaNet (Qwen3-Next) or KDA
(Kimi-Linear) layers keep their recurrent states in a `StateCache` — quantized between tokens, LeapQuant's
per-window arithmetic on every decode token — while the attention layers' keys and values and the linear-attention
layers' conv states stay exactly as transformers' own `DynamicCache` keeps them.

    cache = LeapQuantCache.from_recipe(model.config, "recipe.json", slots=batch_size)
    out = model.generate(input_ids, max_new_tokens=256, past_key_values=cache)   # or cache=cache (5.2x's name)

How a linear-attention layer's state moves (transformers' layer code runs unchanged; `l` is the model's layer index,
`r` the recipe's layer: the model's linear-attention layers in order):

* Prefill (no previous state): the layer runs transformers' own chunked recurrence from the zero state (FLA's kernel on
  a GPU where FLA is installed, the PyTorch fallback on a CPU: transformers routes inputs on a device FLA does not
  support to its torch path) and hands its final FP32 state [B, HV, K, V] to `update_recurrent_state`. The cache
  holds the states of the forward's linear-attention layers until the last one arrives, then admits them in one
  `StateCache.admit` (window position 0, a cold-start fit) into `B` slots it allocates; the FP32 states are dropped.
* Decode (one token): `get_recurrent_state(l)` returns the dequantized state `StateCache.read_state(r, slots)`
  [B, HV, K, V] FP32, tagged with the cache and `l`. The layer passes it as `initial_state` to its one-token
  recurrence, a module-level function of the model's modeling file (`torch_recurrent_gated_delta_rule` of
  `modeling_qwen3_next`, `recurrent_kimi_delta_attention` of `modeling_kimi_linear`, looked up by name at each call).
  While a LeapQuantCache lives, that name is bound to a hook: for an `initial_state` this cache tagged (one token,
  no packed sequences) the hook calls `StateCache.step(r, q, k, v, g, beta, slots)` — q, k L2-normalised by the
  model's own `l2norm` (the layer asks for `use_qk_l2norm_in_kernel`), v [B, HV, V], g [B, HV] (GDN) or [B, HV, K]
  (KDA), beta [B, HV] — and returns its output o as [B, 1, HV, V] with the tagged state as the "final state"; the
  layer's `update_recurrent_state` with that tagged state is a no-op, since the step has already appended the
  token's rank-one record (and, at a window's end, reconstructed, refitted and re-quantized the boundary). Every
  other call (any other cache, state or model) goes to the function the name held before, unchanged. The dequantized
  state the layer is handed is not used by the hooked step: it costs one `read_state` per layer and token, the price
  of leaving the model's code alone (any path the hook does not take still reads the right state).
* A multi-token forward after the first (generate called again on the same cache, chunked prefill): the layer's
  chunked recurrence starts from the dequantized state and its final FP32 state is admitted again (quantized once at
  the chunk's end, a cold-start fit): LeapQuant's per-window arithmetic covers the one-token decode steps only.
* A one-token forward (transformers' conv takes its one-token path: `increase_count`) whose new state reaches
  `update_recurrent_state` without the hook's step is refused (RuntimeError) rather than re-quantized per token.

The hook is installed when the first LeapQuantCache of a model type is made and removed when the last one is
garbage-collected (if the name is still bound to it). On a CUDA device `StateCache.step` runs the recipe's kernels
(bf16 q, k, v); on a CPU the PyTorch reference of the same arithmetic. The cache cannot roll back its quantized
states: cropping and past recording (assisted / speculative decoding) are refused; beam search's reordering is kept.
"""
from __future__ import annotations

import importlib
import os
import weakref

import torch

from leapquant.errors import InputError
from leapquant.recipe import Recipe
from leapquant.serving.cache import StateCache

try:
    import transformers
    from transformers.cache_utils import (
        DYNAMIC_LAYER_TYPE_MAPPING,
        Cache,
        LinearAttentionLayer,
        get_layer_types_and_kwargs,
    )
except ImportError as e:   # pragma: no cover - the [hf] extra is not installed
    raise ImportError("leapquant.serving.hf needs transformers>=5.23 (pip install 'leapquant[hf]')") from e

_MIN_VERSION = (5, 23)
if tuple(int(x) for x in transformers.__version__.split(".")[:2]) < _MIN_VERSION:   # pragma: no cover
    raise ImportError(f"leapquant.serving.hf needs transformers>=5.23, found {transformers.__version__}")

MODEL_TYPES = {
    "qwen3_next": ("gdn", "transformers.models.qwen3_next.modeling_qwen3_next", "torch_recurrent_gated_delta_rule"),
    "kimi_linear": ("kda", "transformers.models.kimi_linear.modeling_kimi_linear", "recurrent_kimi_delta_attention"),
}
"""model_type: (the recipe's family, the modeling module, its one-token recurrence that the decode hook binds)."""

SHAPE_FIELDS = {
    "gdn": {"H": "linear_num_key_heads", "HV": "linear_num_value_heads", "K": "linear_key_head_dim",
            "V": "linear_value_head_dim"},
    "kda": {"H": "linear_num_heads", "HV": "linear_num_heads", "K": "linear_head_dim", "V": "linear_head_dim"},
}
"""The config's field for each of the recipe's head shapes (recipe.model.H, HV, K, V), per family."""

_TAG = "_leapquant_decode"
"""The attribute on a state `get_recurrent_state` hands out: (weak reference to its cache, model layer index)."""


# ---- the decode hook ---------------------------------------------------------------------------------------------
_hooks: dict[str, dict] = {}
"""model_type -> {"original": the function the name held, "hook": the hook bound in its place, "live": caches}."""


def _make_hook(original, l2norm):
    """The one-token recurrence `original` with LeapQuantCache's states stepped through `StateCache.step`."""
    def leapquant_recurrent_step(query, key, value, g=None, beta=None, initial_state=None, output_final_state=False,
                                 use_qk_l2norm_in_kernel=False, **kwargs):
        owner = getattr(initial_state, _TAG, None)
        cache = owner[0]() if owner is not None else None
        if cache is None or query.shape[1] != 1:
            return original(query, key, value, g=g, beta=beta, initial_state=initial_state,
                            output_final_state=output_final_state, use_qk_l2norm_in_kernel=use_qk_l2norm_in_kernel,
                            **kwargs)
        if kwargs.get("cu_seqlens") is not None:
            raise InputError("cu_seqlens: LeapQuantCache steps one token per request; packed sequences are not "
                             "supported")
        dtype = query.dtype
        if use_qk_l2norm_in_kernel:
            query, key = l2norm(query.float(), dim=-1, eps=1e-6), l2norm(key.float(), dim=-1, eps=1e-6)
        o = cache._step(owner[1], initial_state, query[:, 0], key[:, 0], value[:, 0], g[:, 0], beta[:, 0])
        return o[:, None].to(dtype), initial_state

    leapquant_recurrent_step.__wrapped__ = original
    return leapquant_recurrent_step


def _hold(model_type: str, cache: "LeapQuantCache") -> None:
    """Bind the decode hook of `model_type` (first live cache) and release it when `cache` is collected."""
    _, module_name, fn = MODEL_TYPES[model_type]
    module = importlib.import_module(module_name)
    entry = _hooks.get(model_type)
    if entry is None:
        original = getattr(module, fn)
        entry = _hooks[model_type] = {"original": original, "live": 0,
                                      "hook": _make_hook(original, getattr(module, "l2norm"))}
        setattr(module, fn, entry["hook"])
    entry["live"] += 1
    weakref.finalize(cache, _release, model_type).atexit = False


def _release(model_type: str) -> None:
    entry = _hooks[model_type]
    entry["live"] -= 1
    if entry["live"] == 0:
        _, module_name, fn = MODEL_TYPES[model_type]
        module = importlib.import_module(module_name)
        if getattr(module, fn) is entry["hook"]:
            setattr(module, fn, entry["original"])
        del _hooks[model_type]


def hook_installed(model_type: str) -> bool:
    """Whether `model_type`'s one-token recurrence is bound to LeapQuantCache's decode hook now."""
    if model_type not in MODEL_TYPES:
        raise InputError(f"model_type must be one of {sorted(MODEL_TYPES)}, got {model_type!r}")
    _, module_name, fn = MODEL_TYPES[model_type]
    entry = _hooks.get(model_type)
    return entry is not None and getattr(importlib.import_module(module_name), fn) is entry["hook"]


# ---- validation --------------------------------------------------------------------------------------------------
def _check_model(config, recipe: Recipe) -> tuple[str, list[str], list[dict]]:
    """The model type, layer types and per-layer cache kwargs of `config`, after checking that `recipe` keeps its
    linear-attention states: family, head shapes, number of layers; InputError naming the field otherwise."""
    text = config.get_text_config(decoder=True)
    model_type = getattr(text, "model_type", None)
    if model_type not in MODEL_TYPES:
        raise InputError(f"config.model_type must be one of {sorted(MODEL_TYPES)} (the linear-attention models "
                         f"LeapQuantCache steps), got {model_type!r}")
    family, m = MODEL_TYPES[model_type][0], recipe.model
    if m.family != family:
        raise InputError(f"recipe.model.family is {m.family!r}, but {model_type} keeps {family!r} states: the recipe "
                         f"is for another model")
    for dim, field in SHAPE_FIELDS[family].items():
        if getattr(m, dim) != getattr(text, field):
            raise InputError(f"recipe.model.{dim} is {getattr(m, dim)}, but config.{field} is "
                             f"{getattr(text, field)}: the recipe is for another head shape")
    layer_types, kwargs = get_layer_types_and_kwargs(text)
    linear = layer_types.count("linear_attention")
    if linear != m.layers:
        raise InputError(f"recipe.model.layers is {m.layers}, but config.layer_types has {linear} linear_attention "
                         f"layers")
    odd = sorted({t for t in layer_types if t not in DYNAMIC_LAYER_TYPE_MAPPING or t.startswith("hybrid")})
    if odd:
        raise InputError(f"config.layer_types holds {odd}, which LeapQuantCache does not keep")
    if any(kw.get("number_of_states", 1) != 1 for kw in kwargs):
        raise InputError("config.number_of_conv_states must be 1: LeapQuantCache keeps one state per layer")
    return model_type, layer_types, kwargs


def _as_recipe(recipe) -> Recipe:
    if isinstance(recipe, Recipe):
        return recipe
    if isinstance(recipe, (str, os.PathLike)):
        return Recipe.load(recipe)
    raise InputError(f"recipe must be a leapquant Recipe or the path of a recipe file, got {type(recipe).__name__}")


# ---- the cache -----------------------------------------------------------------------------------------------------
class LeapQuantLayer(LinearAttentionLayer):
    """A linear-attention layer of a LeapQuantCache: transformers' conv states and token count; its recurrent state
    lives in the cache's StateCache (recipe layer `recipe_layer`), never in `recurrent_states`."""

    is_croppable = False

    def __init__(self, recipe_layer: int, **kwargs):
        super().__init__(**kwargs)
        self.recipe_layer = recipe_layer

    @property
    def is_compileable(self) -> bool:
        return False

    def __repr__(self):
        return f"{type(self).__name__}(recipe_layer={self.recipe_layer})"


class LeapQuantCache(Cache):
    """transformers' cache for Qwen3-Next / Kimi-Linear with the linear-attention states in a `StateCache`
    (`state_cache`, made on the first prefill's device where `device` is None); at most `slots` requests a batch.
    Attention layers: transformers' `DynamicCache` layers. Build it with `from_recipe`."""

    def __init__(self, config, recipe, slots: int = 1, device: str | torch.device | None = None):
        recipe = _as_recipe(recipe)
        if recipe.kernel is None:
            raise InputError(f"recipe {recipe.model.name!r} has no kernel configuration (a simulation-only recipe); "
                             f"build it with Recipe.from_kernel or with_kernel")
        if isinstance(slots, bool) or not isinstance(slots, int) or slots < 1:
            raise InputError(f"slots must be an integer >= 1 (the most requests in a batch), got {slots!r}")
        model_type, layer_types, kwargs = _check_model(config, recipe)
        layers, self.recipe_layers = [], {}
        for l, (kind, kw) in enumerate(zip(layer_types, kwargs)):
            if kind == "linear_attention":
                self.recipe_layers[l] = len(self.recipe_layers)
                layers.append(LeapQuantLayer(self.recipe_layers[l], **kw))
            else:
                layers.append(DYNAMIC_LAYER_TYPE_MAPPING[kind](**kw))
        super().__init__(layers=layers)
        self.recipe, self.slots, self.model_type = recipe, slots, model_type
        self.state_cache = None if device is None else StateCache(recipe, slots, device)
        self.slot_ids: torch.Tensor | None = None      # int64 [B]: the batch's slots, from the first prefill
        self._pending: dict[int, torch.Tensor] = {}    # model layer -> FP32 state waiting for admission
        self._handed: dict[int, torch.Tensor] = {}     # model layer -> the state get_recurrent_state handed out
        self._stepped: dict[int, torch.Tensor] = {}    # model layer -> the state whose token the hook stepped
        self._one_token: dict[int, bool] = {}          # model layer -> its forward's conv took the one-token path
        _hold(model_type, self)

    @classmethod
    def from_recipe(cls, config, recipe, slots: int = 1, device: str | torch.device | None = None
                    ) -> "LeapQuantCache":
        """A cache for the model of `config` (Qwen3-Next or Kimi-Linear) keeping its linear-attention states with
        `recipe` (a Recipe or a recipe file's path): its family, head shapes and number of layers must be the
        model's. `slots`: the most requests a batch holds; `device`: where the states live (None: the device of
        the first prefill)."""
        return cls(config, recipe, slots, device)

    @property
    def bytes_per_request(self) -> int:
        """Bytes of one request's linear-attention states (the recipe's), conv states and attention KV aside."""
        return self.recipe.memory.bytes_per_request

    # ---- the recurrent states ------------------------------------------------------------------------------------
    def get_recurrent_state(self, layer_idx: int, state_idx: int = 0) -> torch.Tensor | None:
        """None before the prefill; then the dequantized state [B, HV, K, V] FP32 of the batch, tagged for the
        decode hook."""
        if layer_idx not in self.recipe_layers:
            return super().get_recurrent_state(layer_idx, state_idx)
        if not self.layers[layer_idx].has_previous_state[state_idx]:
            return None
        if self.slot_ids is None:
            raise InputError(f"layer {layer_idx} has a conv state but no admitted recurrent state: the cache's "
                             f"prefill did not complete (call reset() before reusing it)")
        S = self.state_cache.read_state(self.recipe_layers[layer_idx], self.slot_ids)
        setattr(S, _TAG, (weakref.ref(self), layer_idx))
        self._handed[layer_idx] = S
        return S

    def update_recurrent_state(self, recurrent_states, layer_idx: int, state_idx: int = 0, **kwargs):
        """Take the layer's new state: a no-op after a hooked decode step (the StateCache holds it), else an FP32
        state [B, HV, K, V] admitted with the forward's other linear-attention layers (after the last)."""
        if layer_idx not in self.recipe_layers:
            return super().update_recurrent_state(recurrent_states, layer_idx, state_idx, **kwargs)
        if self._stepped.get(layer_idx) is recurrent_states:
            del self._stepped[layer_idx]
            return recurrent_states
        if self._one_token.get(layer_idx):
            raise RuntimeError(f"layer {layer_idx} decoded a token without LeapQuantCache's decode hook (its one-token "
                               f"recurrence is no longer {MODEL_TYPES[self.model_type][2]} of the modeling module): "
                               f"the state would be re-quantized per token instead of stepped")
        if not isinstance(recurrent_states, torch.Tensor):
            raise InputError("recurrent_states must be one state tensor (LeapQuantCache records no past states)")
        self._pending[layer_idx] = recurrent_states
        if len(self._pending) == len(self.recipe_layers):
            self._admit()
        return recurrent_states

    def _admit(self) -> None:
        """Quantize the pending FP32 states into the batch's slots (allocated at the first prefill)."""
        states = [self._pending[l].float() for l in sorted(self.recipe_layers)]
        B = states[0].shape[0]
        if self.slot_ids is None:
            if B > self.slots:
                self._pending.clear()
                raise InputError(f"the batch holds {B} requests but the cache has slots={self.slots} "
                                 f"(LeapQuantCache.from_recipe(..., slots={B}))")
            if self.state_cache is None:
                self.state_cache = StateCache(self.recipe, self.slots, states[0].device)
            self.slot_ids = self.state_cache.allocate(B)
        elif B != self.slot_ids.numel():
            self._pending.clear()
            raise InputError(f"the batch holds {B} requests, the cache's prefill held {self.slot_ids.numel()}: "
                             f"call reset() before another batch")
        self._pending.clear()
        self.state_cache.admit(self.slot_ids, states)

    def _step(self, layer_idx: int, S: torch.Tensor, q, k, v, g, beta) -> torch.Tensor:
        """One token of the batch through the StateCache (the decode hook): q, k [B, H, K] normalised, v [B, HV, V],
        g [B, HV] or [B, HV, K], beta [B, HV]; returns o [B, HV, V]."""
        if S is not self._handed.get(layer_idx):
            raise InputError(f"initial_state of layer {layer_idx} is not the state the cache handed out last")
        o = self.state_cache.step(self.recipe_layers[layer_idx], q.float(), k.float(), v.float(), g.float(),
                                  beta.float(), self.slot_ids)
        self._stepped[layer_idx] = S
        return o

    def update_conv_state(self, conv_states: torch.Tensor, layer_idx: int, state_idx: int = 0, **kwargs):
        """A multi-token forward's conv update (transformers'), noted for the decode check."""
        self._one_token[layer_idx] = False
        return super().update_conv_state(conv_states, layer_idx, state_idx, **kwargs)

    def increase_count(self, layer_idx: int, state_idx: int) -> None:
        """A one-token forward's conv update (transformers'): its recurrence must be the hooked step."""
        self._one_token[layer_idx] = True
        super().increase_count(layer_idx, state_idx)

    # ---- cache-wide operations -----------------------------------------------------------------------------------
    def reset(self) -> None:
        """Empty every layer and give the batch's slots back (the next forward is a prefill)."""
        super().reset()
        if self.slot_ids is not None:
            self.state_cache.free(self.slot_ids)
        self.slot_ids = None
        self._pending.clear()
        self._handed.clear()
        self._stepped.clear()
        self._one_token.clear()

    def reorder_cache(self, beam_idx: torch.LongTensor) -> None:
        """Beam search: request i continues from request beam_idx[i] (conv, attention and quantized states)."""
        super().reorder_cache(beam_idx)
        if self.slot_ids is not None:
            src = beam_idx.to("cpu", torch.long)
            checkpoint = self.state_cache.export(self.slot_ids)
            self.state_cache.load(self.slot_ids, {name: t[src] for name, t in checkpoint.items()})

    def crop(self, tokens_to_remove: int) -> None:
        raise InputError("LeapQuantCache cannot crop: its quantized states have no past to roll back to")

    def activate_past_recording(self, **kwargs) -> None:
        raise InputError("LeapQuantCache records no past states: assisted / speculative decoding is not supported")

    @property
    def is_compileable(self) -> bool:
        return False
