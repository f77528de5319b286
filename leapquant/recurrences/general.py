"""Plain evaluation of general-form steps (eq. 8), one record at a time: the check that a spec's
`steps` say the same thing as its original formula, and the simplest possible trajectory."""
from __future__ import annotations

import torch

from leapquant.recurrences.base import Steps


def run_steps(steps: Steps, initial_state: torch.Tensor | None = None, return_states: bool = False
              ) -> tuple[torch.Tensor, torch.Tensor] | tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """o [..., T, dv], final S [..., dk, dv] (and, if asked, S after each record [..., N, dk, dv])."""
    S = (torch.zeros(*steps.batch_shape, steps.dk, steps.dv, dtype=steps.k.dtype, device=steps.k.device)
         if initial_state is None else initial_state.to(steps.k.dtype).clone())
    outs = torch.zeros(*steps.batch_shape, steps.num_tokens, steps.dv, dtype=S.dtype, device=S.device)
    reads = {int(i): t for t, i in enumerate(steps.read_index().tolist())}
    states = []
    for i in range(steps.num_records + 1):
        if i in reads:
            t = reads[i]
            outs[..., t, :] = (steps.q[..., t, :, None] * S).sum(-2)
        if i == steps.num_records:
            break
        v = steps.v[..., i, :]
        if steps.b is not None:
            v = v - (steps.b[..., i, :, None] * S).sum(-2)
        u = steps.beta[..., i, :] * v
        S = torch.exp(steps.log_alpha[..., i, :])[..., :, None] * S + steps.k[..., i, :, None] * u[..., None, :]
        if return_states:
            states.append(S)
    if steps.out_extra is not None:
        outs = outs + steps.out_extra
    if return_states:
        return outs, S, torch.stack(states, -3) if states else S.new_zeros(*S.shape[:-2], 0, *S.shape[-2:])
    return outs, S
