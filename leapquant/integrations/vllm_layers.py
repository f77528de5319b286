"""vLLM's Gated DeltaNet layer with its recurrent state in a LeapQuant StateCache (imported by the plugin's
`register`, inside vLLM only).

With a recipe, `LeapQuantGDNAttention` declares vLLM's convolution state followed by the LeapQuant state tensors
(`vllm_plan.state_tensors`) in its MambaSpec; vLLM allocates them in its pages, copies them for prefix caching and
hands the layer views of them. A batch's decode tokens run vLLM's convolution update, then the serving cache's
packed decode (`leapquant.serving.cache.step_packed`) on a `StateCache.over` those views; a prefill chunk runs vLLM's
own convolution and chunked recurrence from the request's reconstructed state (zero for a new request) and its
final state is quantized into the slot. vLLM's CPU backend is the path it runs: its GDN op
(`ops/cpu/gdn_attention.py`) is routed here for the layers that hold a recipe and left as it is for the others.
The CUDA backend and speculative decoding are refused at engine start-up with the reason."""
from __future__ import annotations

import torch
import vllm._custom_ops as ops
from vllm.model_executor.layers.mamba.gdn.qwen_gdn_linear_attn import QwenGatedDeltaNetAttention
from vllm.model_executor.layers.mamba.mamba_utils import is_conv_state_dim_first
from vllm.model_executor.layers.mamba.ops.cpu import gdn_attention as cpu_gdn
from vllm.platforms import current_platform

from leapquant.integrations import vllm_plan
from leapquant.serving.cache import StateCache, step_packed


def plan_of(vllm_config, family: str = "gdn") -> vllm_plan.Plan | None:
    """The checked recipe vLLM serves with (None without one); the served model's shape from its text config."""
    path = vllm_plan.recipe_path(vllm_config.additional_config)
    if path is None:
        return None
    hf = vllm_config.model_config.hf_text_config
    tp = vllm_config.parallel_config.tensor_parallel_size
    if family == "gdn":
        return vllm_plan.plan(path, "gdn", hf.layer_types, hf.linear_num_key_heads, hf.linear_num_value_heads,
                              hf.linear_key_head_dim, hf.linear_value_head_dim, tp)
    raise ValueError(f"leapquant recipe {path!r}: vLLM's {family.upper()} layers have no path in the leapquant "
                     f"plugin yet (vLLM's CPU backend has no KDA op; the CUDA backend is not supported)")


class LeapQuantGDNAttention(QwenGatedDeltaNetAttention):
    """vLLM's QwenGatedDeltaNetAttention, its state in LeapQuant form where vLLM serves a recipe."""

    def __init__(self, config, vllm_config, prefix: str = "", *args, **kwargs):
        super().__init__(config, vllm_config, prefix, *args, **kwargs)
        self.leapquant = plan_of(vllm_config)
        if self.leapquant is None:
            return
        if not current_platform.is_cpu():
            raise ValueError(f"leapquant recipe {self.leapquant.path!r}: the plugin runs vLLM's CPU backend; its "
                             f"{current_platform.device_name} path (FLA's fused kernels on an FP32/BF16 state) "
                             f"is not replaced yet")
        if self.num_spec:
            raise ValueError(f"leapquant recipe {self.leapquant.path!r}: speculative decoding is not supported "
                             f"(its multi-slot draft states are FP32)")
        self.leapquant_layer = vllm_plan.linear_index(config.layer_types, self.layer_idx)
        self._leapquant_cache = None

    def get_state_shape(self):
        base = super().get_state_shape()
        plan = getattr(self, "leapquant", None)
        return base if plan is None else (tuple(base[0]), *plan.shapes)

    def get_state_dtype(self):
        base = super().get_state_dtype()
        plan = getattr(self, "leapquant", None)
        return base if plan is None else (base[0], *plan.dtypes)

    def leapquant_cache(self) -> StateCache:
        """The StateCache over this layer's LeapQuant tensors in vLLM's pages (rebuilt when vLLM rebinds them)."""
        key = self.kv_cache[1].data_ptr()
        if self._leapquant_cache is None or self._leapquant_cache[0] != key:
            cfg = self.leapquant.configs[self.leapquant_layer]
            pool = vllm_plan.pool_view(self.kv_cache[1:], cfg)
            self._leapquant_cache = key, StateCache.over(self.leapquant.recipe, {self.leapquant_layer: pool})
        return self._leapquant_cache[1]


def route_cpu_core() -> None:
    """Route vLLM's CPU GDN op to `leapquant_core` for the layers that hold a recipe (idempotent)."""
    original = cpu_gdn._cpu_gdn_attention_nonspec
    if getattr(original, "leapquant_routed", False):
        return

    def routed(layer, attn_metadata, mixed_qkv, b, a, core_attn_out):
        if getattr(layer, "leapquant", None) is None:
            return original(layer, attn_metadata, mixed_qkv, b, a, core_attn_out)
        return leapquant_core(layer, attn_metadata, mixed_qkv, b, a, core_attn_out)
    routed.leapquant_routed = True
    cpu_gdn._cpu_gdn_attention_nonspec = routed


def _conv(layer, x, indices, prefill=None):
    """vLLM's CPU causal convolution of `x` [T, conv_dim] on its convolution state (updated in place), as its GDN op
    runs it: the C++ kernel on packed weights where the CPU has BF16 dot products, else the PyTorch one.
    `prefill`: (query_start_loc, has_initial_state) of prefill sequences; None for one decode token each."""
    cpp = torch.cpu._is_avx512_bf16_supported() or cpu_gdn.is_arm_bf16()
    state, w = layer.kv_cache[0], layer.conv1d.weight
    if not is_conv_state_dim_first():
        state = state.transpose(1, 2) if cpp else state.transpose(-1, -2)
    if prefill is None and cpp:
        return cpu_gdn._causal_conv1d_update_cpu(x=x, conv_states=state, weight=w, bias=layer.conv1d.bias,
                                                 silu_activation=layer.activation == "silu",
                                                 conv_state_indices=indices, is_weight_packed=True)
    if prefill is None:
        return cpu_gdn.causal_conv1d_update_cpu(x=x, conv_state=state, weight=w.view(w.size(0), w.size(2)),
                                                bias=layer.conv1d.bias, activation=layer.activation,
                                                conv_state_indices=indices)
    qsl, has_init = prefill
    if cpp:
        return cpu_gdn._causal_conv1d_fwd_cpu(x=x.transpose(0, 1), weight=w, bias=layer.conv1d.bias,
                                              conv_states=state, query_start_loc=qsl, cache_indices=indices,
                                              has_initial_state=has_init, silu_activation=layer.activation == "silu",
                                              is_weight_packed=True).transpose(0, 1)
    return cpu_gdn.causal_conv1d_torch(x=x.transpose(0, 1), weight=w.view(w.size(0), w.size(2)),
                                       bias=layer.conv1d.bias, conv_states=state, query_start_loc=qsl,
                                       cache_indices=indices, has_initial_state=has_init,
                                       activation=layer.activation).transpose(0, 1)


def leapquant_core(layer, md, mixed_qkv, b, a, out) -> None:
    """One batch of a GDN layer (decode tokens first, then prefill chunks, as vLLM orders them) on the layer's
    LeapQuant state; writes `out` [T, HV, V]. mixed_qkv [T, conv_dim] before the convolution, a, b [T, HV]."""
    if md.spec_sequence_masks is not None or md.num_accepted_tokens is not None:
        raise ValueError("leapquant's vLLM path has no speculative decoding")
    idx, qsl = md.non_spec_state_indices_tensor, md.non_spec_query_start_loc
    cache, li = layer.leapquant_cache(), layer.leapquant_layer
    mixed_qkv, a, b = mixed_qkv.contiguous(), a.contiguous(), b.contiguous()
    nd, ndt, npf, npt = md.num_decodes, md.num_decode_tokens, md.num_prefills, md.num_prefill_tokens
    scale = layer.head_k_dim ** -0.5
    if nd:
        x = _conv(layer, mixed_qkv[:ndt], idx[:nd])
        step_packed(cache, li, x, a[:ndt], b[:ndt], layer.A_log, layer.dt_bias, scale, out[:ndt], idx[:nd])
    if npf:
        rows = slice(ndt, ndt + npt)
        slots, has_init = idx[nd:nd + npf], md.has_initial_state[nd:nd + npf]
        loc = qsl[nd:nd + npf + 1] - ndt
        x = _conv(layer, mixed_qkv[rows], slots, (loc, has_init))
        q, k, v = layer.rearrange_mixed_qkv(x)
        g, beta = ops.fused_gdn_gating_cpu(A_log=layer.A_log, a=a[rows], b=b[rows], dt_bias=layer.dt_bias)
        m = cache.recipe.model
        S = torch.zeros(npf, m.HV, m.K, m.V, dtype=torch.float32, device=x.device)
        if has_init.any():
            S[has_init] = cache.read_state(li, slots[has_init].long())
        o, _ = ops.chunk_gated_delta_rule_cpu(query=q, key=k, value=v, g=g, beta=beta, initial_state=S,
                                              output_final_state=True, cu_seqlens=loc, head_first=False,
                                              use_qk_l2norm_in_kernel=True,
                                              initial_state_indices=torch.arange(npf, dtype=slots.dtype))
        cache.admit_layer(li, slots.long(), S)   # S now holds each sequence's final state
        out[rows] = o.squeeze(0).to(out.dtype)

