"""One vLLM CPU engine run for the plugin's tests (a subprocess each: one engine per process): a tiny random
Qwen3-Next checkpoint, greedy generation from fixed token prompts, and what the first linear-attention layer's state
tensors are. Prints one JSON object.

    python -m tests.integrations.vllm_run make DIR            # writes the tiny checkpoint
    python -m tests.integrations.vllm_run generate DIR [--recipe FILE] [--tokens 24]
"""
import argparse
import json
import os
import sys

CONFIG = dict(vocab_size=512, hidden_size=256, intermediate_size=256, moe_intermediate_size=128,
              shared_expert_intermediate_size=128, num_experts=4, num_experts_per_tok=2, num_hidden_layers=4,
              layer_types=["linear_attention"] * 3 + ["full_attention"], full_attention_interval=4,
              num_attention_heads=4, num_key_value_heads=2, head_dim=64, linear_num_key_heads=2,
              linear_num_value_heads=4, linear_key_head_dim=64, linear_value_head_dim=64, linear_conv_kernel_dim=4,
              max_position_embeddings=1024, tie_word_embeddings=False)
"""The tiny model: three Gated DeltaNet layers of 2 key / 4 value heads of 64×64, then one softmax layer."""

PROMPTS = [[1 + (7 * i + 3 * j) % 500 for j in range(n)] for i, n in enumerate((40, 9, 77))]
"""Three prompts of 40, 9 and 77 tokens: the longest spans chunked windows and a prefill longer than one window."""


def make(folder: str) -> None:
    import torch
    from transformers import Qwen3NextConfig, Qwen3NextForCausalLM
    torch.manual_seed(0)
    model = Qwen3NextForCausalLM(Qwen3NextConfig(**CONFIG)).to(torch.bfloat16)
    with torch.no_grad():              # larger weights than the default init: logits that tell tokens apart
        for p in model.parameters():
            if p.dim() >= 2:
                p.mul_(4.0)
    model.save_pretrained(folder)


def probe(model):
    """What vLLM handed the first linear-attention layer: its state tensors' shapes and dtypes, and (with a recipe)
    how many slots stand at each window position in [1, window) (the decode steps a request's records took; the
    linear-attention layers share one page buffer, each with slots of its own, and vLLM lends the other pages to
    the softmax layer's KV blocks)."""
    layer = model.model.layers[0].linear_attn
    out = {"tensors": [[list(t.shape), str(t.dtype)] for t in layer.kv_cache]}
    if getattr(layer, "leapquant", None) is not None:
        pos = layer.leapquant_cache().pools[layer.leapquant_layer].window_pos
        window = layer.leapquant.configs[layer.leapquant_layer].window
        values, counts = pos[(pos > 0) & (pos < window)].unique(return_counts=True)
        out["window_positions"] = dict(zip(map(str, values.tolist()), counts.tolist()))
    return out


def generate(folder: str, recipe: str | None, tokens: int) -> dict:
    from vllm import LLM, SamplingParams
    from vllm.inputs import TokensPrompt
    extra = {} if recipe is None else {"additional_config": {"leapquant": {"recipe": recipe}}}
    llm = LLM(model=folder, skip_tokenizer_init=True, dtype="bfloat16", max_model_len=512, enforce_eager=True,
              max_num_seqs=4, seed=0, **extra)
    params = SamplingParams(max_tokens=tokens, temperature=0.0, logprobs=1, detokenize=False)
    outs = llm.generate([TokensPrompt(prompt_token_ids=p) for p in PROMPTS], params, use_tqdm=False)
    result = {"tokens": [list(o.outputs[0].token_ids) for o in outs],
              "logprobs": [[lp[t].logprob for t, lp in zip(o.outputs[0].token_ids, o.outputs[0].logprobs)]
                           for o in outs]}
    from tests.integrations import vllm_run  # the probe by its importable name, not __main__'s
    result["states"] = llm.apply_model(vllm_run.probe)[0]
    return result


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["make", "generate"])
    ap.add_argument("folder")
    ap.add_argument("--recipe", default=None)
    ap.add_argument("--tokens", type=int, default=24)
    args = ap.parse_args(argv)
    os.environ.setdefault("VLLM_ALLOW_INSECURE_SERIALIZATION", "1")     # apply_model's probe, this module's own
    if args.what == "make":
        make(args.folder)
        return 0
    print("LEAPQUANT-RESULT " + json.dumps(generate(args.folder, args.recipe, args.tokens)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
