"""The tuner's cost model: a decode step's µs on a GPU that is not at hand, from the bytes the step moves and the work
its boundary does, with constants fitted on H200 measurements (`tuner/cost_h200.json`, made by
`benchmarks/fit_cost_model.py`, which also reports its error on configurations held out of the fit).

    t = 2 · c_launch + [rank > 0] · c_refit + bytes_decode / BW · d[decode program] + bytes_boundary / BW · c_bytes
        + (flops_rebuild · k[boundary program] + flops_refit · k_refit) / (SMs · clock)
        + Σ_term c[term] · compiled_features[term]

BW, SMs and clock come from the target's public specifications (`leapquant.gpus.SPECS`). The last sum is the
compiled model's (`tuner/cost_compiled_h200.json`): its terms read the kernels compiled for the target's arch
(`tuner.resources`: SASS instructions, and the occupancy their registers and shared memory allow); the bytes model
(`tuner/cost_h200.json`) has none and needs no compilation. FLA's FP32 step, the
baseline of the speed-up, is predicted the same way from the state it reads and writes. Every predicted figure is
labelled ``predicted`` wherever it goes (the tuner's table, its JSON, the recipe).
"""
from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path

from leapquant.errors import InputError
from leapquant.gpus import GPUSpec, arch_of, spec
from leapquant.kernels import registry
from leapquant.kernels.config import BOUNDARY_PROGRAMS, DECODE_PROGRAMS, KernelConfig

DEFAULT_FILE = Path(__file__).with_name("cost_h200.json")
COMPILED_FILE = Path(__file__).with_name("cost_compiled_h200.json")
FILES = {"bytes": DEFAULT_FILE, "compiled": COMPILED_FILE}
"""The shipped models by name (`leapquant tune --cost-model`): bytes and FLOPs only, or with the compiled kernels'
figures as well."""

COMPILED_TERMS = {
    "decode_occupancy": "decode bytes / BW over the warps of the decode resident on an SM (fewer warps keep fewer "
                        "loads in flight: less of the bandwidth)",
    "decode_issue": "warp instructions of the decode (static SASS × warps per request head × request heads) / "
                    "(SMs · clock) [µs per 1e3]",
    "boundary_issue": "warp instructions of the boundary (static SASS × its warps × heads whose window ends) / "
                      "(SMs · clock) [µs per 1e3]",
}
"""The compiled model's terms: what each one is, in the units its constant multiplies."""


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


def compiled_features(cfg: KernelConfig, batch: int, gpu: GPUSpec, decode, boundary) -> dict:
    """The compiled model's terms (`COMPILED_TERMS`) of `cfg` (resolved for `gpu`'s arch here) at `batch` on `gpu`,
    from its `decode` and `boundary` launches' :class:`~tuner.resources.LaunchResources` compiled for that arch."""
    from tuner.resources import head_warps
    cfg = registry.resolve(cfg, arch_of(gpu.name))
    bw, compute = gpu.dram_tb_s * 1e6, gpu.sms * gpu.boost_mhz * 1e-3
    heads = batch * cfg.HV
    flushed = heads / cfg.window
    resident = decode.programs_per_sm(gpu) * math.ceil(decode.threads / 32)
    return {"decode_occupancy": features(cfg, batch)["decode_bytes"] / bw / resident,
            "decode_issue": heads * decode.sass * head_warps(cfg, "decode", decode) * 1e-3 / compute,
            "boundary_issue": flushed * boundary.sass * head_warps(cfg, "boundary", boundary) * 1e-3 / compute}


def fla_bytes(cfg: KernelConfig, batch: int) -> float:
    """FLA's FP32 step: the state read and written."""
    return 2.0 * batch * cfg.HV * cfg.K * cfg.V * 4


@dataclass(frozen=True)
class CostModel:
    """The fitted constants (µs, and dimensionless factors): `launch_us` per launch, `refit_launch_us` the fixed cost
    of the boundary's refit phase (its power iterations' reductions; none at rank 0), `decode_cost[program]` the
    factor on a decode program's DRAM time (1 / the fraction of the bandwidth it reaches), `boundary_bytes` the
    factor on the boundary's DRAM time, `boundary_cost[program]` µs·SM·GHz per GFLOP of rebuild work, `refit_cost`
    the same per GFLOP of refit, `fla_launch_us` and `fla_eff` for the baseline; `compiled` the constant of each
    compiled-kernel term it uses (`COMPILED_TERMS`; none: the bytes model); `fitted_on` says on what."""

    launch_us: float
    refit_launch_us: float = 0.0
    decode_cost: dict = field(default_factory=dict)
    boundary_cost: dict = field(default_factory=dict)
    boundary_bytes: float = 1.0
    refit_cost: float = 0.0
    fla_launch_us: float = 0.0
    fla_eff: float = 1.0
    compiled: dict = field(default_factory=dict)
    fitted_on: str = ""

    def __post_init__(self):
        for name, value in (("launch_us", self.launch_us), ("refit_launch_us", self.refit_launch_us),
                            ("fla_launch_us", self.fla_launch_us),
                            ("boundary_bytes", self.boundary_bytes), ("refit_cost", self.refit_cost),
                            ("fla_eff", self.fla_eff), *((f"decode_cost.{k}", v) for k, v in self.decode_cost.items()),
                            *((f"boundary_cost.{k}", v) for k, v in self.boundary_cost.items()),
                            *((f"compiled.{k}", v) for k, v in self.compiled.items())):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                raise InputError(f"cost model: {name} must be a finite number >= 0, got {value!r}")
        for k in self.decode_cost:
            if k not in DECODE_PROGRAMS:
                raise InputError(f"cost model: decode_cost names {k!r}, not a decode program {list(DECODE_PROGRAMS)}")
        for k in self.boundary_cost:
            if k not in BOUNDARY_PROGRAMS:
                raise InputError(f"cost model: boundary_cost names {k!r}, not a boundary program "
                                 f"{list(BOUNDARY_PROGRAMS)}")
        for k in self.compiled:
            if k not in COMPILED_TERMS:
                raise InputError(f"cost model: compiled names {k!r}, not a compiled-kernel term {list(COMPILED_TERMS)}")

    @property
    def inputs(self) -> str:
        """"compiled" where the model reads the compiled kernels' figures (`predict`'s `resources`), else "bytes"."""
        return "compiled" if self.compiled else "bytes"

    def covers(self, cfg: KernelConfig) -> str | None:
        """None if the model has constants for cfg's programs, else why not."""
        if cfg.decode not in self.decode_cost:
            return f"the cost model has no measurement of the {cfg.decode!r} decode program"
        if cfg.boundary not in self.boundary_cost:
            return f"the cost model has no measurement of the {cfg.boundary!r} boundary program"
        return None

    def predict(self, cfg: KernelConfig, batch: int, gpu: str | GPUSpec, resources=None) -> float:
        """Predicted µs of one decode step of resolved `cfg` at `batch` on `gpu`; a compiled model needs `resources`,
        the (decode, boundary) :class:`~tuner.resources.LaunchResources` of cfg compiled for gpu's arch."""
        g = spec(gpu) if isinstance(gpu, str) else gpu
        why = self.covers(cfg)
        if why:
            raise InputError(why)
        extra = 0.0
        if self.compiled:
            if resources is None:
                raise InputError("this cost model reads the compiled kernels: pass resources=(decode, boundary) "
                                 "(tuner.resources.Compiled)")
            terms = compiled_features(cfg, batch, g, *resources)
            extra = sum(c * terms[k] for k, c in self.compiled.items())
        f = features(cfg, batch)
        bw = g.dram_tb_s * 1e6                       # bytes per µs
        compute = g.sms * g.boost_mhz * 1e-3         # SM·GHz
        return (extra + 2 * self.launch_us + (self.refit_launch_us if cfg.rank > 0 else 0.0)
                + f["decode_bytes"] / bw * self.decode_cost[cfg.decode]
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
            return cls(**{k: d[k] for k in ("launch_us", "refit_launch_us", "decode_cost", "boundary_cost",
                                            "boundary_bytes", "refit_cost", "fla_launch_us", "fla_eff", "fitted_on")},
                       compiled=d.get("compiled", {}))
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise InputError(f"cost model {str(path)!r}: {type(e).__name__}: {e}") from None


def fit(rows: list[dict], gpu: str = "h200", fitted_on: str = "", terms: tuple[str, ...] = (),
        resources=None) -> CostModel:
    """Constants from measured `rows` ({config: KernelConfig fields, batch, us} and FLA rows {fla: True, config,
    batch, us}), each on its own `gpu` (a SPECS name; `gpu` where a row names none): the non-negative constants of
    least absolute relative error (a linear program: the rows' median, not their mean, sets the fit, so a few
    launch-dominated small steps do not pull the rest); FLA's two by non-negative least squares on relative error.
    `terms` (of `COMPILED_TERMS`) makes a compiled model: `resources(cfg, gpu)` gives a row's (decode, boundary)
    launch figures."""
    import numpy as np
    from scipy.optimize import nnls

    for t in terms:
        if t not in COMPILED_TERMS:
            raise InputError(f"terms: {t!r} is not a compiled-kernel term {list(COMPILED_TERMS)}")
    if terms and resources is None:
        raise InputError("terms need resources(cfg, gpu): the rows' compiled launch figures")

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
        if terms:
            g = spec(r.get("gpu", gpu))
            got = compiled_features(cfg, r["batch"], g, *resources(registry.resolve(cfg, arch_of(g.name)), g.name))
            row += [got[t] for t in terms]
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
                     decode_cost={d: float(v) for d, v in zip(decs, x[4:4 + len(decs)])},
                     boundary_cost={b: float(v) for b, v in zip(bnds, x[4 + len(decs):4 + len(decs) + len(bnds)])},
                     compiled={t: float(v) for t, v in zip(terms, x[4 + len(decs) + len(bnds):])},
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
