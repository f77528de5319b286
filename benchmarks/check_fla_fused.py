"""Every recurrence spec against FLA's fused_recurrent Triton kernels in FP32 on a GPU (a one-time check; CPU CI
checks the specs against FLA's naive references instead).

    python benchmarks/check_fla_fused.py [--json] [--out DIR]

For each family with a fused_recurrent kernel in fla-core 0.6.0, fresh random inputs (the spec's
`random_inputs`, a random initial state) go through the kernel in float32 on CUDA and through the
spec's float64 reference; prints the relative RMS error of outputs and final state.
"""
from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import torch

from leapquant import recurrences
from leapquant.files import write_text_atomic
from leapquant.recurrences import Dims


def _kernels():
    from fla.ops.delta_rule import fused_recurrent_delta_rule
    from fla.ops.gated_delta_rule import fused_recurrent_gated_delta_rule
    from fla.ops.gla import fused_recurrent_gla
    from fla.ops.kda import fused_recurrent_kda
    from fla.ops.linear_attn import fused_recurrent_linear_attn
    from fla.ops.rwkv6 import fused_recurrent_rwkv6
    from fla.ops.rwkv7 import fused_recurrent_rwkv7
    from fla.ops.simple_gla import fused_recurrent_simple_gla

    def retnet_g(x, d):
        h = torch.arange(d.HV, dtype=torch.float64, device=x["q"].device)
        return torch.log1p(-torch.exp2(-5.0 - h)).float().expand(d.B, d.T, d.HV).contiguous()

    return {
        "gdn": lambda x, S0, d: fused_recurrent_gated_delta_rule(x["q"], x["k"], x["v"], g=x["g"], beta=x["beta"],
                                                                 initial_state=S0, output_final_state=True),
        "kda": lambda x, S0, d: fused_recurrent_kda(x["q"], x["k"], x["v"], x["g"], x["beta"], initial_state=S0,
                                                    output_final_state=True),
        "linear_attention": lambda x, S0, d: fused_recurrent_linear_attn(x["q"], x["k"], x["v"], initial_state=S0,
                                                                         output_final_state=True),
        "retnet": lambda x, S0, d: fused_recurrent_simple_gla(x["q"], x["k"], x["v"], g=retnet_g(x, d),
                                                              initial_state=S0, output_final_state=True),
        "mamba2": lambda x, S0, d: _mamba2(fused_recurrent_simple_gla, x, S0),
        "gla": lambda x, S0, d: fused_recurrent_gla(x["q"], x["k"], x["v"], gk=x["g"], initial_state=S0,
                                                    output_final_state=True),
        "hgrn2": lambda x, S0, d: fused_recurrent_gla(x["q"], 1 - torch.exp(x["g"]), x["v"], gk=x["g"],
                                                      initial_state=S0, output_final_state=True),
        "rwkv6": lambda x, S0, d: fused_recurrent_rwkv6(x["q"], x["k"], x["v"], x["w"], x["u"], initial_state=S0,
                                                        output_final_state=True),
        "deltanet": lambda x, S0, d: fused_recurrent_delta_rule(x["q"], x["k"], x["v"], x["beta"], initial_state=S0,
                                                                output_final_state=True),
        # fused_recurrent_rwkv7 takes the DPLR form (a = −κ̂, b = κ̂ ⊙ a), not (κ̂, a): passing (kk, a) reports a
        # large mismatch that is the caller's, not the spec's
        "rwkv7": lambda x, S0, d: fused_recurrent_rwkv7(x["q"], x["w"], x["k"], x["v"], -x["kk"], x["kk"] * x["a"],
                                                        scale=d.K ** -0.5, initial_state=S0, output_final_state=True),
    }


def _mamba2(kernel, x, S0):
    o, S = kernel(x["q"], x["k"], x["v"] * x["dt"][..., None], g=x["dt"] * x["A"], scale=1.0, initial_state=S0,
                  output_final_state=True)
    if "D" in x:
        o = o + x["D"][:, None] * x["v"]
    return o, S


def rel_rms(a: torch.Tensor, b: torch.Tensor) -> float:
    a, b = a.double().cpu(), b.double().cpu()
    return float((a - b).norm() / b.norm().clamp_min(1e-300))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--out", default=None)
    ap.add_argument("--family", action="append", help="only these families (repeatable)")
    args = ap.parse_args()
    kernels = {n: f for n, f in _kernels().items() if not args.family or n in args.family}
    rows = []
    for fam, run in kernels.items():
        spec = recurrences.get(fam)
        grouped = fam in ("gdn", "kda")
        for d in (Dims(2, 64, 2, 4 if grouped else 2, 128, 128), Dims(1, 33, 2, 2, 64, 32)):
            gen = torch.Generator().manual_seed(hash((fam, d.T)) % 1000)
            x = spec.random_inputs(d, gen)
            S0 = torch.randn(d.B, d.HV, d.K, d.V, generator=gen)
            o_ref, S_ref = spec.reference(**x, initial_state=S0)
            xc = {n: t.cuda().float().contiguous() for n, t in x.items()}
            try:
                o, S = run(xc, S0.cuda().clone(), d)
                rows.append({"family": fam, "dims": d.__dict__, "out_rel_rms": rel_rms(o, o_ref),
                             "state_rel_rms": rel_rms(S, S_ref), "error": None})
            except Exception as e:  # report, don't hide: a kernel that fails on these shapes is a finding
                rows.append({"family": fam, "dims": d.__dict__, "out_rel_rms": None, "state_rel_rms": None,
                             "error": f"{type(e).__name__}: {e}"[:300]})
    result = {"date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()), "gpu": torch.cuda.get_device_name(),
              "rows": rows}
    if args.out:
        write_text_atomic(Path(args.out) / "fla_fused.json", json.dumps(result, indent=1))
    if args.json:
        print(json.dumps(result))
    else:
        for r in rows:
            print(f"{r['family']:18s} {r['dims']}  out {r['out_rel_rms']}  state {r['state_rel_rms']}  "
                  f"{r['error'] or ''}")


if __name__ == "__main__":
    main()
