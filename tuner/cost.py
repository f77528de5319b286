"""The tuner's cost model: a decode step's µs on a GPU that is not at hand, from the bytes the step moves and the work
its boundary does, with constants fitted on H200 measurements (`tuner/cost_h200.json`, made by
`benchmarks/fit_cost_model.py`, which also reports its error on configurations held out of the fit).

    t = 2 · c_launch + [rank > 0] · c_refit + bytes_decode / (BW · e[decode program]) + bytes_boundary / BW · c_bytes
        + (flops_rebuild · k[boundary program] + flops_refit · k_refit) / (SMs · clock)

BW, SMs and clock come from the target's public specifications (`leapquant.gpus.SPECS`). FLA's FP32 step, the
baseline of the speed-up, is predicted the same way from the state it reads and writes. Every predicted figure is
labelled ``predicted`` wherever it goes (the tuner's table, its JSON, the recipe).
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

from leapquant.errors import InputError
from leapquant.gpus import GPUSpec, spec
from leapquant.kernels.config import BOUNDARY_PROGRAMS, DECODE_PROGRAMS, KernelConfig

DEFAULT_FILE = Path(__file__).with_name("cost_h200.json")


def _state_bytes(cfg: KernelConfig) -> float:
    """One head's boundary state: codes, scales (quantized formats) and the rank's FP16 compensator pairs."""
    K, V = cfg.K, cfg.V
    if cfg.format == "bf16":
        return 2.0 * K * V
    return K * V * (0.5 if cfg.format == "int4" else 1.0) + 4.0 * (K + V) + 2.0 * cfg.rank * (K + V)


def _record_bytes(cfg: KernelConfig) -> float:
    """One buffered token's record: FP16 k and u, FP32 log-decay (one per head, or per key channel for KDA)."""
    return 2.0 * (cfg.K + cfg.V) + (4.0 if cfg.family == "gdn" else 4.0 * cfg.K)


def features(cfg: KernelConfig, batch: int) -> dict:
    """What a decode step of `cfg` at `batch` requests moves and computes, averaged over a window's staggered
    requests: decode bytes (the state, half the buffered records, the new record, q/k/v/o); per step, the N / window
    requests whose window ends: boundary bytes (state and records read, state written), rebuild FLOPs (S_p from the
    state and p records, its quantization) and refit FLOPs (`iters` power iterations of rank r and the projection of
    the compensator values; none at rank 0)."""
    heads = batch * cfg.HV
    state, rec = _state_bytes(cfg), _record_bytes(cfg)
    io = 2.0 * cfg.K * 2 * cfg.H / cfg.HV + 2.0 * cfg.V * 2 + 2.0 * cfg.V
    dec = heads * (state + (cfg.window - 1) / 2 * rec + rec + io)
    flushed = heads / cfg.window
    return {"decode_bytes": dec, "boundary_bytes": flushed * (2 * state + cfg.window * rec),
            "rebuild_flops": flushed * cfg.K * cfg.V * (2.0 * cfg.window + 8.0),
            "refit_flops": flushed * cfg.K * cfg.V * cfg.rank * (4.0 * cfg.iters + 2.0)}


def fla_bytes(cfg: KernelConfig, batch: int) -> float:
    """FLA's FP32 step: the state read and written."""
    return 2.0 * batch * cfg.HV * cfg.K * cfg.V * 4


@dataclass(frozen=True)
class CostModel:
    """The fitted constants (µs, and dimensionless factors): `launch_us` per launch, `refit_launch_us` the fixed cost
    of the boundary's refit phase (its power iterations' reductions; none at rank 0), `decode_eff[program]` the
    fraction of DRAM bandwidth a decode program reaches, `boundary_bytes` the factor on the boundary's DRAM time,
    `boundary_cost[program]` µs·SM·GHz per GFLOP of rebuild work, `refit_cost` the same per GFLOP of refit,
    `fla_launch_us` and `fla_eff` for the baseline; `fitted_on` says on what."""

    launch_us: float
    refit_launch_us: float = 0.0
    decode_eff: dict = field(default_factory=dict)
    boundary_cost: dict = field(default_factory=dict)
    boundary_bytes: float = 1.0
    refit_cost: float = 0.0
    fla_launch_us: float = 0.0
    fla_eff: float = 1.0
    fitted_on: str = ""

    def __post_init__(self):
        for name, value in (("launch_us", self.launch_us), ("refit_launch_us", self.refit_launch_us),
                            ("fla_launch_us", self.fla_launch_us),
                            ("boundary_bytes", self.boundary_bytes), ("refit_cost", self.refit_cost),
                            ("fla_eff", self.fla_eff), *((f"decode_eff.{k}", v) for k, v in self.decode_eff.items()),
                            *((f"boundary_cost.{k}", v) for k, v in self.boundary_cost.items())):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise InputError(f"cost model: {name} must be a finite number >= 0, got {value!r}")
        for k in self.decode_eff:
            if k not in DECODE_PROGRAMS:
                raise InputError(f"cost model: decode_eff names {k!r}, not a decode program {list(DECODE_PROGRAMS)}")
        for k in self.boundary_cost:
            if k not in BOUNDARY_PROGRAMS:
                raise InputError(f"cost model: boundary_cost names {k!r}, not a boundary program "
                                 f"{list(BOUNDARY_PROGRAMS)}")

    def covers(self, cfg: KernelConfig) -> str | None:
        """None if the model has constants for cfg's programs, else why not."""
        if self.decode_eff.get(cfg.decode, 0) <= 0:
            return f"the cost model has no measurement of the {cfg.decode!r} decode program"
        if cfg.boundary not in self.boundary_cost:
            return f"the cost model has no measurement of the {cfg.boundary!r} boundary program"
        return None

    def predict(self, cfg: KernelConfig, batch: int, gpu: str | GPUSpec) -> float:
        """Predicted µs of one decode step of resolved `cfg` at `batch` on `gpu`."""
        g = spec(gpu) if isinstance(gpu, str) else gpu
        why = self.covers(cfg)
        if why:
            raise InputError(why)
        f = features(cfg, batch)
        bw = g.dram_tb_s * 1e6                       # bytes per µs
        compute = g.sms * g.boost_mhz * 1e-3         # SM·GHz
        return (2 * self.launch_us + (self.refit_launch_us if cfg.rank > 0 else 0.0)
                + f["decode_bytes"] / (bw * self.decode_eff[cfg.decode])
                + f["boundary_bytes"] / bw * self.boundary_bytes
                + (f["rebuild_flops"] * self.boundary_cost[cfg.boundary] + f["refit_flops"] * self.refit_cost) * 1e-9
                / compute)

    def predict_fla(self, cfg: KernelConfig, batch: int, gpu: str | GPUSpec) -> float:
        """Predicted µs of FLA's FP32 step for cfg's problem at `batch` on `gpu`."""
        g = spec(gpu) if isinstance(gpu, str) else gpu
        return self.fla_launch_us + fla_bytes(cfg, batch) / (g.dram_tb_s * 1e6 * self.fla_eff)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1) + "\n"

    @classmethod
    def load(cls, path: str | Path = DEFAULT_FILE) -> CostModel:
        """The constants of a cost-model file (plain JSON numbers; InputError naming the file otherwise)."""
        try:
            d = json.loads(Path(path).read_text())
            return cls(**{k: d[k] for k in ("launch_us", "refit_launch_us", "decode_eff", "boundary_cost",
                                            "boundary_bytes", "refit_cost", "fla_launch_us", "fla_eff", "fitted_on")})
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise InputError(f"cost model {str(path)!r}: {type(e).__name__}: {e}") from None


def fit(rows: list[dict], gpu: str = "h200", fitted_on: str = "") -> CostModel:
    """Constants from measured `rows` ({config: KernelConfig fields, batch, us} and FLA rows {fla: True, config,
    batch, us}), each on its own `gpu` (a SPECS name; `gpu` where a row names none): the non-negative constants of
    least absolute relative error (a linear program: the rows' median, not their mean, sets the fit, so a few
    launch-dominated small steps do not pull the rest); FLA's two by non-negative least squares on relative error."""
    import numpy as np
    from scipy.optimize import nnls

    def figures(r):
        g = spec(r.get("gpu", gpu))
        return g.dram_tb_s * 1e6, g.sms * g.boost_mhz * 1e-3

    leap = [r for r in rows if not r.get("fla")]
    decs = sorted({r["config"]["decode"] for r in leap})
    bnds = sorted({r["config"]["boundary"] for r in leap})
    A, y = [], []
    for r in leap:
        cfg = KernelConfig(**r["config"])
        f = features(cfg, r["batch"])
        bw, compute = figures(r)
        row = [2.0, 1.0 if cfg.rank > 0 else 0.0, f["boundary_bytes"] / bw, f["refit_flops"] * 1e-9 / compute]
        row += [f["decode_bytes"] / bw if d == cfg.decode else 0.0 for d in decs]
        row += [f["rebuild_flops"] * 1e-9 / compute if b == cfg.boundary else 0.0 for b in bnds]
        A.append([x / r["us"] for x in row])
        y.append(1.0)
    x = _least_absolute(np.array(A), np.array(y))
    fla = [r for r in rows if r.get("fla")]
    fa, fy = [], []
    for r in fla:
        cfg = KernelConfig(**r["config"])
        bw, _ = figures(r)
        fa.append([1.0 / r["us"], fla_bytes(cfg, r["batch"]) / bw / r["us"]])
        fy.append(1.0)
    fx, _ = nnls(np.array(fa), np.array(fy)) if fla else ((0.0, 1.0), None)
    return CostModel(launch_us=float(x[0]), refit_launch_us=float(x[1]), boundary_bytes=float(x[2]),
                     refit_cost=float(x[3]),
                     decode_eff={d: (1.0 / float(v) if v > 0 else 0.0) for d, v in zip(decs, x[4:4 + len(decs)])},
                     boundary_cost={b: float(v) for b, v in zip(bnds, x[4 + len(decs):])},
                     fla_launch_us=float(fx[0]), fla_eff=1.0 / float(fx[1]) if fx[1] > 0 else 1.0,
                     fitted_on=fitted_on)


def _least_absolute(A, y):
    """x >= 0 minimising sum |A x - y| (`A`: [rows, constants]): min sum(e) s.t. -e <= A x - y <= e, as HiGHS's LP."""
    import numpy as np
    from scipy.optimize import linprog
    m, n = A.shape
    eye = np.eye(m)
    res = linprog(np.r_[np.zeros(n), np.ones(m)], A_ub=np.block([[A, -eye], [-A, -eye]]), b_ub=np.r_[y, -y],
                  bounds=[(0, None)] * (n + m), method="highs")
    if not res.success:
        raise RuntimeError(f"cost model fit: the linear program did not solve ({res.message})")
    return res.x[:n]
