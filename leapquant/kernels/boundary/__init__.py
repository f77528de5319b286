"""Boundary programs (launch 2 of a step): at a window's end rebuild S_p, refit the compensators, smooth and quantize.
``walk`` / ``regs`` (S_p in the warps' tensor-core accumulators), ``smem`` (S_p in shared memory), ``simple`` (every
layout and format)."""
