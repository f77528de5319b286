"""Serving: the recipe-driven LeapQuant state cache engines call in place of their FP32 state (`cache.StateCache`)."""
