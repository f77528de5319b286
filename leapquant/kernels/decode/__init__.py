"""Decode programs (launch 1 of a step): read the boundary state, its compensators and the window's records, write
the output and append the token's record. ``warp`` (a warp per request), ``persistent`` (whole-head programs walking
requests), ``tile`` (a program per request and value tile: every layout and format)."""
