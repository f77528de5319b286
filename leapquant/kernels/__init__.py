"""Decode kernels (TileLang) for GDN and KDA with the LeapQuant state, their PyTorch reference and the benchmark.

Nothing here imports tilelang or triton at import time: `naive` is plain PyTorch, and `decode` imports
tilelang inside the functions that build kernels.
"""
