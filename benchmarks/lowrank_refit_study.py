"""Does a cheaper compensator refit, fitted on the low-rank part of the boundary state only, cost accuracy?

At every window boundary `BoundaryQuantizer` fits r compensator pairs (K, U) to
the reconstructed state

    S_p = exp(G_M)ᵀ * Ŝ_0  +  L,          L = A Bᵀ                  (leapquant.window.reconstruct_parts)

by a warm-started power iteration on the whole 128×128 S_p (two iterations), the expensive part of the GPU
boundary kernel. L is the buffer's contribution: A [dk, M] holds the keys of the r compensator records of the
previous boundary (identity decay, at the buffer's head) and of the window's p records, decayed to the window's
end, B [dv, M] their u's, so rank(L) <= M = r + p. The first term is the decayed dequantized residual Ŝ_0. The
windowed evolution hands (A, B) to the boundary (`boundary(S, low_rank)`), which passes it to the fitter
(`fit(S, r, warm, low_rank)`). This script measures whether fitting K on L alone (ignoring the quantized residual
in the fit) loses accuracy. K is always completed by U = S_pᵀ K, the projection of the FULL state, so the
quantized residual R = S_p − K Uᵀ stays orthogonal to span(K), as in the default pipeline. Candidates (fitter
"lowrank-study", registered here):

  lowrank-svd     K = top-r left singular vectors of L, exactly (QR of both factors, SVD of the small core)
  lowrank-power2  the default warm-started power iteration (2 iterations, torch QR) run on L instead of S_p
  lowrank-power1  the same with 1 iteration

and as controls `leapquant` (2 iterations on S_p) and `leapquant-it1` (1 iteration on S_p, i.e.
Pipeline(fitter_options={"iters": 1})). `fp32` is run too, for the bits-per-byte reference. The "power" method is
the library's fitter `fitters.LowRankPowerIteration` ("lowrank"; study config `leapquant-lowrank`), called here
through `fitters.low_rank_power_iteration`; verify() checks that the two agree bit for bit. A boundary without a
buffer (the stream's initial state, all zeros) gets no low_rank and falls back to the default fit on S.

Before the study, `verify()` checks on synthetic data that L from `window.reconstruct_parts` equals S_p minus
the decayed Ŝ_0 term (computed independently, record by record), that the exact factored SVD agrees with
torch.linalg.svd(L), that every boundary of a synthetic GDN and KDA stream after the first receives low_rank
(and there L = S_p − Γ Ŝ_0, Γ the window's decays applied one token at a time to the previous boundary's
Ŝ_0), that the "full" method (the same fitter fed S_p) reproduces leapquant bit for bit, and that "power"
reproduces the library's "lowrank" bit for bit.

The result files in results/accuracy/lowrank-refit/ record their own provenance (the library commit of the run);
"power" there agrees with the library's "lowrank" up to association and rounding.

Runs the study's own entry (`leapquant.models.study.main`) with these configs added to `study.CONFIGS` and
`study.SHADOWED` in-process (so their state error against the float64 shadow is recorded), then writes
`comparison-{tag}.md` beside the study's outputs: per model, the state error relative to leapquant's and the
bits per byte. Usage (the defaults are the 32K run):

    python benchmarks/lowrank_refit_study.py --verify-only
    python benchmarks/lowrank_refit_study.py                  # gdn,kda x the configs above, 32K bytes
    python benchmarks/lowrank_refit_study.py --tokens 131072 --tag lowrank-128k --configs leapquant,...
    python benchmarks/lowrank_refit_study.py --report         # rebuild the tables from the JSON files

Any other option is the study's own (see `python -m leapquant.models.study --help`).
"""
from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

import torch

from leapquant import cuda_graphs, fitters, window
from leapquant.files import write_text_atomic
from leapquant.fitters import (
    CompensatorFitter,
    identity_start,
    low_rank_power_iteration,
    orthonormalize,
    warm_started_power_iteration,
)
from leapquant.models import study
from leapquant.pipeline import Pipeline, StateStream, preset
from leapquant.recurrences import Records

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "accuracy" / "lowrank-refit"
DEFAULTS = {"--models": "gdn,kda", "--threads": "2", "--tokens": "32768", "--tag": "lowrank-32k", "--out": str(OUT),
            "--configs": "fp32,leapquant,leapquant-it1,lowrank-svd,lowrank-power2,lowrank-power1"}
CANDIDATES = ("lowrank-svd", "lowrank-power2", "lowrank-power1")
CONTROLS = ("leapquant", "leapquant-it1")
FITTER = "lowrank-study"
COUNTS = {"with_L": 0, "fallback": 0}


# ---- the fitter --------------------------------------------------------------------------------------------

def top_left_singular(A: torch.Tensor, B: torch.Tensor, rank: int) -> torch.Tensor:
    """The top-`rank` left singular vectors of L = A Bᵀ (A [..., dk, M], B [..., dv, M]) exactly, through its thin
    factors: A = Q1 R1, B = Q2 R2, so L = Q1 (R1 R2ᵀ) Q2ᵀ and L's left singular vectors are Q1 times the core's."""
    if A.shape[-1] > min(A.shape[-2], B.shape[-2]):
        return torch.linalg.svd(A @ B.transpose(-1, -2), full_matrices=False)[0][..., :rank]
    Q1, R1 = torch.linalg.qr(A)
    Q2, R2 = torch.linalg.qr(B)
    return Q1 @ torch.linalg.svd(R1 @ R2.transpose(-1, -2))[0][..., :rank]


@dataclass
class LowRankFit(CompensatorFitter):
    """K fitted on L = A Bᵀ (the buffer's low-rank part of S_p, handed in as `low_rank`) instead of S_p; U = S_pᵀ K
    of the full state. method "svd": exact top-r of L; "power": `iters` warm-started power iterations on L (torch QR),
    the library's LowRankPowerIteration; "full": the default power iteration on S_p (the plumbing check)."""

    method: str = "power"
    iters: int = 2
    name = FITTER

    @property
    def graph_safe(self) -> bool:
        """torch.linalg.svd syncs the host: not capturable in a CUDA graph; the others are plain tensor ops."""
        return self.method != "svd"

    def fit(self, S, rank, warm=None, low_rank=None):
        if self.method == "full" or low_rank is None:
            if self.method != "full":
                COUNTS["fallback"] += 1
            K = warm_started_power_iteration(S, warm, rank, self.iters)[0]
            return K, self.project(S, K)
        COUNTS["with_L"] += 1
        A, B = low_rank
        if self.method == "svd":
            K = top_left_singular(A, B, rank)
            return K, self.project(S, K)
        K0 = identity_start(S, rank) if warm is None else warm.to(S.dtype)
        return low_rank_power_iteration(A, B, S, K0, self.iters, orthonormalize)

    def keys(self, S, rank, warm):
        return self.fit(S, rank, warm)[0]


def _pipeline(**fitter_options) -> Pipeline:
    return Pipeline.from_dict({**preset("leapquant").to_dict(), "fitter": FITTER, "fitter_options": fitter_options})


def register() -> None:
    """The fitter in the fitter registry, the configs in the study (shadowed: their state error is recorded)."""
    fitters._REGISTRY.entries[FITTER] = LowRankFit
    new = {"lowrank-svd": {"method": "svd"}, "lowrank-power2": {"method": "power", "iters": 2},
           "lowrank-power1": {"method": "power", "iters": 1}}
    for name, options in new.items():
        study.CONFIGS[name] = ("8 bit, refit on the low-rank part", _pipeline(**options))
    study.SHADOWED = tuple(study.SHADOWED) + tuple(c for c in new if c not in study.SHADOWED)


# ---- verification ----------------------------------------------------------------------------------------

def _decay_each(S0: torch.Tensor, log_alpha: torch.Tensor) -> torch.Tensor:
    """Γ S_0 for the decays log_alpha [..., n, d], one record's decay after another."""
    D = S0.clone()
    for j in range(log_alpha.shape[-2]):
        D = torch.exp(log_alpha[..., j, :])[..., :, None] * D
    return D


def _rel(a: torch.Tensor, b: torch.Tensor) -> float:
    return float(torch.linalg.vector_norm(a - b) / torch.linalg.vector_norm(b).clamp_min(1e-300))


def _synthetic_steps(family: str, tokens: int, seed: int):
    from leapquant.synthetic import SyntheticSource

    steps = next(SyntheticSource(family, tokens=tokens, heads=2, seed=seed).chunks(tokens))
    steps = replace(steps, **{f: getattr(steps, f)[0] for f in ("log_alpha", "k", "b", "beta", "v", "q")})
    return steps.to(dtype=torch.float32, device="cpu")


def _same_stream(a: Pipeline, b: Pipeline, steps) -> bool:
    """Whether two pipelines give bit-identical outputs and final states on `steps`."""
    runs = []
    for pipe in (a, b):
        s = StateStream(pipe, torch.zeros(1, 2, 128, 128), seed=0)
        runs.append((s.run(steps), s.state()))
    return torch.equal(runs[0][0], runs[1][0]) and torch.equal(runs[0][1], runs[1][1])


def verify(tol: float = 1e-5) -> dict:
    """The checks of the module docstring; raises AssertionError on a failure, returns the numbers."""
    register()
    out = {}
    gen = torch.Generator().manual_seed(0)
    r, p, dk, dv = 4, 16, 128, 128
    for vector in (False, True):
        d = dk if vector else 1
        S0 = torch.randn(2, 3, dk, dv, generator=gen)
        comp_la = torch.zeros(2, 3, r, d)                                      # compensators: identity decay
        buffer = Records(torch.cat([comp_la, -torch.rand(2, 3, p, d, generator=gen) * 0.05], -2),
                         torch.randn(2, 3, r + p, dk, generator=gen), torch.randn(2, 3, r + p, dv, generator=gen))
        S, (A, B) = window.reconstruct_parts(S0, buffer)
        L = A @ B.transpose(-1, -2)
        la, k, u = buffer.log_alpha, buffer.k, buffer.u
        explicit_L = sum(_decay_each(k[..., j, :, None] * u[..., j, None, :], la[..., j + 1:, :]) for j in range(r + p))
        key = "vector" if vector else "scalar"
        out[f"L_vs_S_minus_decayed_S0_{key}"] = _rel(L, S - _decay_each(S0, la))
        out[f"L_vs_explicit_sum_{key}"] = _rel(L, explicit_L)
        out[f"rank_L_{key}"] = int(torch.linalg.matrix_rank(L, rtol=1e-5).max())
        Ks, Kt = top_left_singular(A, B, r), torch.linalg.svd(L.double())[0][..., :r].float()
        out[f"svd_projector_vs_torch_{key}"] = _rel(Ks @ Ks.transpose(-1, -2), Kt @ Kt.transpose(-1, -2))
        assert out[f"L_vs_S_minus_decayed_S0_{key}"] < tol, out
        assert out[f"L_vs_explicit_sum_{key}"] < tol, out
        assert out[f"rank_L_{key}"] <= r + p, out
        assert out[f"svd_projector_vs_torch_{key}"] < 1e-4, out
    # end to end: every boundary of a synthetic stream after the first gets low_rank, and L = S_p − Γ Ŝ_0 there
    for family in ("gdn", "kda"):
        steps = _synthetic_steps(family, 160, seed=1)
        pipe = study.CONFIGS["lowrank-power2"][1]
        before = dict(COUNTS)
        stream = StateStream(pipe, torch.zeros(1, 2, 128, 128), seed=0)       # the initial (zero) state falls back
        prev, errs, W = [stream.windowed.S0], [], pipe.window
        decays = pipe.precision().round(steps.log_alpha, pipe.precision().decay)

        def checked(S, low_rank=None):   # the stream's boundary, seen from outside
            assert low_rank is not None, "a boundary with a buffer got no low_rank"
            b = len(errs)
            window_decays = decays[..., b * W * steps.substeps:(b + 1) * W * steps.substeps, :]
            errs.append(_rel(low_rank[0] @ low_rank[1].transpose(-1, -2), S - _decay_each(prev[-1], window_decays)))
            S0, comp = stream.quantizer(S, low_rank)
            prev.append(S0)
            return S0, comp

        window.evolve(steps, W, stream.windowed, checked, pipe.precision())
        got = {k: COUNTS[k] - before[k] for k in COUNTS}
        out[f"{family}_stream_boundaries"] = got
        out[f"{family}_stream_max_rel_L_error"] = max(errs)
        assert got == {"with_L": 160 // W, "fallback": 1} and len(errs) == 160 // W, got
        assert max(errs) < tol, errs
        # the plumbing alone: the same fitter fed S_p reproduces leapquant exactly; "power" is the library's fitter
        out[f"{family}_full_method_equals_leapquant"] = _same_stream(preset("leapquant"), _pipeline(method="full"),
                                                                     steps)
        for it in (1, 2):
            lib = Pipeline.from_dict({**preset("leapquant").to_dict(), "fitter": "lowrank",
                                      "fitter_options": {"iters": it}})
            assert type(lib.boundary().fitter) is fitters.LowRankPowerIteration
            out[f"{family}_power{it}_equals_library_lowrank"] = _same_stream(lib, _pipeline(method="power", iters=it),
                                                                             steps)
        assert all(v for k, v in out.items() if k.startswith(family) and k.endswith(("leapquant", "lowrank"))), out
    if torch.cuda.is_available():
        out.update(verify_cuda_graphs())
    return out


def verify_cuda_graphs() -> dict:
    """On a GPU: a stream replayed from CUDA graphs (the study's path) computes what the eager path computes."""
    out = {}
    for family in ("gdn", "kda"):
        steps = _synthetic_steps(family, 320, seed=2).to(dtype=torch.float32, device="cuda")
        for c in ("lowrank-power2", "lowrank-power1", "leapquant"):
            pipe = study.CONFIGS[c][1]
            graphed = StateStream(pipe, torch.zeros(1, 2, 128, 128, device="cuda"), seed=0)
            o_g = graphed.run(steps)
            eager = StateStream(pipe, torch.zeros(1, 2, 128, 128, device="cuda"), seed=0)
            o_e, eager.windowed = window.evolve(steps, pipe.window, eager.windowed, eager.quantizer, pipe.precision(),
                                                on_window=lambda t, s: None)   # on_window: the eager path
            out[f"{family}_{c}_cuda_graphed_vs_eager"] = max(_rel(o_g, o_e), _rel(graphed.state(), eager.state()))
            graphs = cuda_graphs._GRAPHS.get(graphed.quantizer, {}).values()
            out[f"{family}_{c}_cuda_graph_captured"] = any(g is not None for g in graphs)
            assert out[f"{family}_{c}_cuda_graph_captured"], out
            assert out[f"{family}_{c}_cuda_graphed_vs_eager"] < 1e-5, out
    return out


# ---- the comparison table ------------------------------------------------------------------------------

def _errors(entry: dict) -> torch.Tensor:
    return torch.tensor([entry["state_error"][k] for k in entry["state_error"]])   # [layers, points, heads]


def comparison(out: Path, tag: str) -> str:
    """Per model: state error relative to leapquant's (mean over layers, heads and checkpoints; end of document,
    ratio of means and median per layer-head) and bits per byte, with the difference from leapquant's."""
    lines = [f"# Low-rank refit study ({tag})\n",
             "State error = ‖S − S_ref‖_F / ‖S_ref‖_F against the float64 shadow, relative to leapquant's "
             "(1.000 = same). *mean*: over layers, heads and every chunk checkpoint; *end*: at the last "
             "checkpoint, ratio of the means over layers and heads; *end median*: median over layers and "
             "heads of the per-head ratio. Δbpb is against leapquant (bits per byte ×1e3).\n"]
    for m in study.MODELS:
        p = out / f"{m}-{tag}.json"
        if not p.is_file():
            continue
        r = json.loads(p.read_text())
        cf = r["configs"]
        lq = cf.get("leapquant", {})
        lq_bpb = lq.get("bits_per_byte")
        lines += [f"## {m} ({r['tokens']:,} bytes{', partial' if r.get('partial') else ''})\n",
                  "| config | state error (mean) | rel. mean | rel. end | rel. end median | bits/byte "
                  "| Δbpb vs leapquant (×1e3) | s |",
                  "|---|---|---|---|---|---|---|---|"]
        for c, e in cf.items():
            bpb = e.get("bits_per_byte")
            cells = ["—"] * 4
            if "state_error" in e:
                err = _errors(e)
                cells[0] = f"{float(err.mean()):.5f}"
                if "state_error" in lq:
                    base = _errors(lq)
                    cells[1] = f"{float(err.mean() / base.mean()):.3f}"
                    cells[2] = f"{float(err[:, -1].mean() / base[:, -1].mean()):.3f}"
                    cells[3] = f"{float((err[:, -1] / base[:, -1].clamp_min(1e-300)).median()):.3f}"
            d = "—" if bpb is None or lq_bpb is None else f"{1e3 * (bpb - lq_bpb):+.4f}"
            lines.append(f"| {c} | " + " | ".join(cells) + f" | {'diverged' if bpb is None else f'{bpb:.5f}'} | {d} | "
                         f"{e.get('seconds', 0):.0f} |")
        lines.append("")
    return "\n".join(lines) + "\n"


def _provenance() -> str:
    def git(*a):
        return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True).stdout.rstrip()
    dirty = git("status", "--short", "--", "leapquant")
    return (f"Library at commit {git('rev-parse', '--short', 'HEAD')}"
            + (f"; uncommitted library changes in the working tree at the time of the run:\n\n```\n{dirty}\n```\n"
               if dirty else " (no uncommitted library changes).\n"))


def main(argv: list[str] | None = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    verify_only = "--verify-only" in argv
    argv = [a for a in argv if a != "--verify-only"]
    checks = verify()
    print("verified:", json.dumps(checks), file=sys.stderr, flush=True)
    if verify_only:
        return
    given = {a.split("=")[0] for a in argv if a.startswith("--")}
    passive = "--report" in given or "--merge" in given
    for k, v in DEFAULTS.items():
        if k not in given and not (passive and k not in ("--out", "--tag")):
            argv += [k, v]
    args = dict(zip(argv, argv[1:]))
    out, tag = Path(args.get("--out", str(OUT))), args.get("--tag", "")
    out.mkdir(parents=True, exist_ok=True)
    md = f"comparison-{tag}.md"
    provenance = ""
    if not passive:
        write_text_atomic(out / f"verify-{tag}.json", json.dumps(checks, indent=1) + "\n")
        provenance = _provenance()
    else:   # keep the provenance (and the verify record) of the run that made the JSON files
        sources = [Path(a) for a in argv[argv.index("--merge") + 1:] if not a.startswith("--")] \
            if "--merge" in given else [out]
        for src in sources:
            if (src / md).is_file() and "\nLibrary at commit" in (src / md).read_text():
                old = (src / md).read_text()
                provenance = old[old.index("\nLibrary at commit") + 1:]
                break
        for src in sources:
            if src != out and (src / f"verify-{tag}.json").is_file() and not (out / f"verify-{tag}.json").is_file():
                write_text_atomic(out / f"verify-{tag}.json", (src / f"verify-{tag}.json").read_text())
    COUNTS.update(with_L=0, fallback=0)
    study.main(argv)
    if not passive:
        command = " ".join(["python benchmarks/lowrank_refit_study.py", *argv])
        for m in study.MODELS:   # the study records its own module as the command; this script is what ran
            p = out / f"{m}-{tag}.json"
            if p.is_file():
                d = json.loads(p.read_text())
                if str(d.get("command", "")).startswith("python -m leapquant.models.study"):
                    d["command"] = command
                    write_text_atomic(p, json.dumps(d, indent=1))
        print(f"boundaries fitted on L: {COUNTS['with_L']}, fell back to S (initial states): {COUNTS['fallback']} "
              "(under CUDA graphs, counted at capture only)", file=sys.stderr)
    text = comparison(out, tag) + ("\n" + provenance if provenance else "")
    write_text_atomic(out / md, text)
    print(text)


if __name__ == "__main__":
    main()
