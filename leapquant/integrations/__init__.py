"""Serving engines that load leapquant recipes: `vllm` (its plugin entry point)."""
