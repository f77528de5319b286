"""The bench's result as a table and as figures: speed-up over FLA per model and batch, and Table 3's sweeps.

`result` is what :func:`leapquant.kernels.bench.bench` returns (or the JSON a device run wrote).
"""
from __future__ import annotations

import os


def render_table(result):
    """The rows as a rich Table: µs, speed-ups over FLA, TB/s and the exposed boundary / refit shares."""
    from rich.table import Table
    t = Table(title=f"decode, 32 heads, dk=dv=128 — {result.get('gpu', '')}, copy {result['ceiling_tbs']:.2f} TB/s")
    for c in ("model", "batch", "kernel", "µs", "× FLA best", "× FLA K-first", "× FLA V-first", "TB/s", "boundary %",
              "refit %", "vs r=0 %"):
        t.add_column(c)
    for r in result["rows"]:
        pct = ["" if r.get(k) is None else f"{100 * r[k]:.1f}"
               for k in ("boundary_exposed", "refit_only_exposed", "refit_exposed")]
        t.add_row(r["model"], str(r["batch"]), r["kernel"], f"{r['us']:.1f}", f"{r['speedup_vs_fla']:.2f}",
                  f"{r['speedup_vs_fla_kfirst']:.2f}", f"{r['speedup_vs_fla_vfirst']:.2f}", f"{r['tbs']:.2f}", *pct)
    return t


def plot(result, path):
    """Bar chart of every kernel's speed-up over FLA's faster layout per model and batch; where the result has Table 3
    sweep rows, a second figure beside it (`<path stem>_sweeps.png`): speed-up against the window and the rank.
    Returns the paths written (atomically)."""
    from leapquant.plots import plt, save_figure
    rows = [r for r in result["rows"] if not r["kernel"].startswith("sweep")]
    if not rows:
        raise ValueError("plot: the result has no timed rows (every row skipped by the deadline?)")
    models = sorted({r["model"] for r in rows})
    fig, axes = plt.subplots(1, len(models), figsize=(7 * len(models), 4.6), squeeze=False)
    for ax, m in zip(axes[0], models):
        rs = [r for r in rows if r["model"] == m]
        kernels = list(dict.fromkeys(r["kernel"] for r in rs))
        batches = sorted({r["batch"] for r in rs})
        w = 0.8 / len(kernels)
        for i, kname in enumerate(kernels):
            xs, ys = [], []
            for j, b in enumerate(batches):
                for r in rs:
                    if r["kernel"] == kname and r["batch"] == b:
                        xs.append(j + i * w)
                        ys.append(r["speedup_vs_fla"])
            ax.bar(xs, ys, w, label=kname)
        ax.set_xticks([j + 0.4 - w / 2 for j in range(len(batches))], [str(b) for b in batches])
        ax.axhline(1.0, color="k", lw=0.5)
        ax.set_title(f"{m}: speed-up over FLA FP32 (faster layout)")
        ax.set_xlabel("batch")
        ax.set_ylim(0, 1.05 * max(r["speedup_vs_fla"] for r in rs))
        # below the axes, in columns: with the multi-layer rows a legend inside would cover the bars
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.16), ncol=2, frameon=False)
    fig.tight_layout()
    written = [save_figure(fig, path)]
    sweeps = sweep_points(result["rows"])
    if sweeps:
        stem, ext = os.path.splitext(str(path))
        written.append(plot_sweeps(sweeps, f"{stem}_sweeps{ext or '.png'}"))
    return written


def sweep_points(rows):
    """Table 3's points: the sweep rows, and the default V-first row at their batch where no sweep row has its window
    and rank (the rows' "p" and "r") — a sweep run that skips the default's own (it is timed anyway) still draws it."""
    sweeps = [r for r in rows if r["kernel"].startswith("sweep")]
    if not sweeps:
        return []
    have = {(r["model"], r["p"], r["r"]) for r in sweeps}
    return sweeps + [r for r in rows if r["kernel"] == "leap_int8_vfirst" and r["batch"] == sweeps[0]["batch"]
                     and "p" in r and (r["model"], r["p"], r["r"]) not in have]


def plot_sweeps(rows, path):
    """Table 3 as two panels: speed-up over FLA against the window p (at the default rank r) and against r (at the
    default p), one line per model, the exposed boundary share written beside each point."""
    from leapquant.plots import plt, save_figure
    p_def = max(set(r["p"] for r in rows), key=lambda v: sum(1 for r in rows if r["p"] == v))
    r_def = max(set(r["r"] for r in rows), key=lambda v: sum(1 for r in rows if r["r"] == v))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    for ax, (axis, fixed, fixed_val) in zip(axes, (("p", "r", r_def), ("r", "p", p_def))):
        for m in sorted({r["model"] for r in rows}):
            pts = sorted((r[axis], r["speedup_vs_fla"], r.get("boundary_exposed")) for r in rows
                         if r["model"] == m and r[fixed] == fixed_val)
            ax.plot([x for x, _, _ in pts], [y for _, y, _ in pts], marker="o", label=m)
            for x, y, be in pts:
                if be is not None:
                    ax.annotate(f"{100 * be:.0f}%", (x, y), textcoords="offset points", xytext=(4, 4), fontsize=7)
        ax.set_xscale("log", base=2)
        ticks = sorted({r[axis] for r in rows if r[fixed] == fixed_val})
        ax.set_xticks(ticks, [str(t) for t in ticks])
        ax.minorticks_off()
        ax.axhline(1.0, color="k", lw=0.5)
        ax.set_xlabel(axis)
        ax.set_ylabel("speed-up over FLA FP32")
        ax.set_title(f"{axis} sweep ({fixed} = {fixed_val}, batch {rows[0]['batch']}; % = boundary exposed)")
        ax.legend(fontsize=8)
    fig.tight_layout()
    return save_figure(fig, path)
