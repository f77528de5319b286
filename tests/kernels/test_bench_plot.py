"""The bench's table and figures (bench_plot.py) and its refit metrics (bench.add_refit_exposed), on the CPU: the bar
chart and, when a result has Table 3 sweep rows, the sweep figure beside it."""
from dataclasses import replace

import pytest

pytest.importorskip("matplotlib")

from leapquant.errors import InputError  # noqa: E402
from leapquant.kernels import bench as kb  # noqa: E402
from leapquant.kernels import bench_plot as bp  # noqa: E402
from leapquant.kernels import registry  # noqa: E402
from leapquant.kernels.config import KernelConfig  # noqa: E402


def _row(model, batch, kernel, speedup, **extra):
    return dict(model=model, batch=batch, kernel=kernel, us=100.0 / speedup, speedup_vs_fla=speedup,
                speedup_vs_fla_kfirst=speedup, speedup_vs_fla_vfirst=speedup, tbs=1.0, frac_ceiling=0.3, **extra)


def _tag(**fields):
    """A row's `cfg` as the bench writes it: the resolved configuration's tag."""
    return registry.resolve(KernelConfig(**fields)).tag


def _is_png(path):
    return path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.fixture
def figures(monkeypatch):
    """The Figures the plotting functions build, kept as they are saved (the files are still written)."""
    import leapquant.plots as plots
    kept, save = [], plots.save_figure

    def keep(fig, path, dpi=120):
        kept.append(fig)
        return save(fig, path, dpi)
    monkeypatch.setattr(plots, "save_figure", keep)
    return kept


def _bars(ax):
    """{kernel: (bar x centres, heights)} of a bar chart's axes."""
    return {c.get_label(): ([round(p.get_x() + p.get_width() / 2, 6) for p in c.patches],
                            [p.get_height() for p in c.patches]) for c in ax.containers}


def _drawn(path):
    """(height, width) of the PNG and whether it is more than a blank canvas."""
    import matplotlib.image
    img = matplotlib.image.imread(path)
    return img.shape[:2], float(img[..., :3].std()) > 0.05


def test_plot_writes_the_sweep_figure_beside_the_bar_chart(tmp_path, figures):
    """The bar chart: one panel per model, a bar per kernel and batch at the row's speed-up, the batches as ticks;
    the sweep figure: speed-up against the window (at rank 4) and the rank (at window 16), one line per model, the
    exposed boundary share beside each point."""
    speed = {(m, b, k): 1.0 + 0.1 * i for i, (m, b, k) in enumerate(
        (m, b, k) for m in ("gdn", "kda") for b in (32, 256) for k in ("leap_int8_vfirst", "fla_fp32_vfirst"))}
    rows = [_row(m, b, k, v) for (m, b, k), v in speed.items()]
    p_sweep = ((4, 1.0), (8, 1.5), (16, 2.0), (32, 1.4))
    r_sweep = ((2, 2.1), (4, 2.0), (8, 1.6), (16, 0.9))
    rows += [_row(m, 256, f"sweep_p{p}_r4", s, p=p, r=4, boundary_exposed=0.2) for m in ("gdn", "kda")
             for p, s in p_sweep]
    rows += [_row(m, 256, f"sweep_p16_r{r}", s, p=16, r=r, boundary_exposed=0.1) for m in ("gdn", "kda")
             for r, s in r_sweep if r != 4]
    written = bp.plot({"rows": rows}, tmp_path / "bench.png")
    assert [p.name for p in written] == ["bench.png", "bench_sweeps.png"]
    assert all(_is_png(p) for p in written)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".")]    # no temporary file left behind
    bars, sweeps = figures
    assert [ax.get_title().split(":")[0] for ax in bars.axes] == ["gdn", "kda"]
    for ax, m in zip(bars.axes, ("gdn", "kda")):
        drawn = _bars(ax)
        assert list(drawn) == ["leap_int8_vfirst", "fla_fp32_vfirst"]          # the sweep rows are not bars
        for k, (xs, heights) in drawn.items():
            assert heights == [speed[(m, b, k)] for b in (32, 256)]
        assert [t.get_text() for t in ax.get_xticklabels()] == ["32", "256"] and ax.get_xlabel() == "batch"
        assert ax.get_ylim()[1] == pytest.approx(1.05 * max(v for (mm, _, _), v in speed.items() if mm == m))
        assert [t.get_text() for t in ax.get_legend().get_texts()] == list(drawn)
    by_p, by_r = sweeps.axes
    assert (by_p.get_xlabel(), by_r.get_xlabel()) == ("p", "r")
    for ax, pts in ((by_p, p_sweep), (by_r, r_sweep)):
        lines = {line.get_label(): line for line in ax.get_lines() if not line.get_label().startswith("_")}
        assert list(lines) == ["gdn", "kda"]
        for line in lines.values():
            assert list(line.get_xdata()) == [x for x, _ in pts] and list(line.get_ydata()) == [y for _, y in pts]
        assert len(ax.texts) == 2 * len(pts)             # a boundary share beside every point of both models
    assert {t.get_text() for t in by_p.texts} == {"20%"} and "boundary exposed" in by_p.get_title()
    for path, fig in zip(written, figures):
        (h, w), ink = _drawn(path)
        assert ink and w > 1.5 * h > 300                 # two panels side by side, not a blank canvas


def test_plot_without_timed_rows_is_refused(tmp_path):
    with pytest.raises(ValueError, match="no timed rows"):
        bp.plot({"rows": [_row("gdn", 256, "sweep_p4_r4", 1.0, p=4, r=4)]}, tmp_path / "b.png")
    assert not list(tmp_path.iterdir())


def test_sweep_points_add_the_default_row_where_the_sweep_skipped_it():
    """A sweep run over windows 4 / 8 / 32 and ranks 2 / 8 / 16 (the default window 16, rank 4 timed as the plain
    row) still draws it."""
    rows = [_row("gdn", b, "leap_int8_vfirst", 2.0, p=16, r=4, boundary_exposed=0.2) for b in (32, 256)]
    rows += [_row("gdn", 256, f"sweep_p{p}_r4", 1.0, p=p, r=4) for p in (4, 8)]
    pts = bp.sweep_points(rows)
    assert sorted((r["p"], r["r"], r["batch"]) for r in pts) == [(4, 4, 256), (8, 4, 256), (16, 4, 256)]
    rows.append(_row("gdn", 256, "sweep_p16_r4", 1.9, p=16, r=4))     # a sweep row of its own: not drawn twice
    assert sum(1 for r in bp.sweep_points(rows) if r["p"] == 16) == 1
    assert bp.sweep_points(rows[:2]) == []


def test_plot_without_sweeps_writes_one_figure(tmp_path, figures):
    written = bp.plot({"rows": [_row("gdn", 32, "leap_int8_vfirst", 1.5)]}, tmp_path / "b.png")
    assert [p.name for p in written] == ["b.png"] and _is_png(written[0])
    assert not (tmp_path / "b_sweeps.png").exists()
    (fig,) = figures
    assert len(fig.axes) == 1 and _bars(fig.axes[0]) == {"leap_int8_vfirst": ([0.0], [1.5])}
    assert _drawn(written[0])[1]


def test_refit_exposed_compares_each_row_with_its_rank0_twin_of_the_same_run():
    """refit_exposed = (µs − µs of the same configuration at rank 0) / µs, only where that twin was timed at the same
    model and batch; the rank-0 row itself and rows of another configuration get none."""
    rank0, rank4, rank2 = (_tag(rank=r, decode="warp", boundary="walk") for r in (0, 4, 2))
    other = _tag(rank=4, decode="persistent", boundary="walk")
    assert rank0.replace("-r0-", "-r4-") == rank4               # the twins' tags differ only in the rank
    rows = [_row("gdn", 256, "window_int8_r0_vfirst", 1.0, p=16, r=0, cfg=rank0),        # 100 µs
            _row("gdn", 256, "leap_int8_vfirst", 0.8, p=16, r=4, cfg=rank4),             # 125 µs
            _row("gdn", 256, "sweep_p16_r2", 0.5, p=16, r=2, cfg=rank2),                 # 200 µs
            _row("gdn", 512, "leap_int8_vfirst", 0.8, p=16, r=4, cfg=rank4),             # no twin at 512
            _row("gdn", 256, "leap_int8_vfirst_persistent", 0.8, p=16, r=4, cfg=other),  # another decode program
            _row("kda", 256, "leap_int8_vfirst", 0.8, p=16, r=4, cfg=rank4.replace("gdn", "kda", 1))]
    kb.add_refit_exposed(rows)
    got = {(r["model"], r["batch"], r["kernel"]): r.get("refit_exposed") for r in rows}
    assert got[("gdn", 256, "leap_int8_vfirst")] == pytest.approx(0.2)
    assert got[("gdn", 256, "sweep_p16_r2")] == pytest.approx(0.5)
    assert got[("gdn", 256, "window_int8_r0_vfirst")] is None and got[("gdn", 512, "leap_int8_vfirst")] is None
    assert got[("gdn", 256, "leap_int8_vfirst_persistent")] is None and got[("kda", 256, "leap_int8_vfirst")] is None
    table = bp.render_table({"rows": rows, "ceiling_tbs": 4.0})
    assert [c.header for c in table.columns][-2:] == ["refit %", "vs r=0 %"]
    assert list(table.columns[-1].cells)[1] == "20.0"


def test_refit_only_exposed_compares_each_row_with_its_iters0_twin():
    """refit_only_exposed = (µs − µs of the same configuration at iters 0) / µs: the refit alone; the twin itself gets
    neither metric, and a row without an iters-0 twin keeps only refit_exposed."""
    base = KernelConfig(decode="warp", boundary="walk")
    it0 = registry.resolve(replace(base, iters=0)).tag
    assert it0.replace("-it0", "", 1) == registry.resolve(base).tag
    rows = [_row("gdn", 512, "window_int8_r0_vfirst", 1.0, p=16, r=0, cfg=_tag(rank=0, decode="warp", boundary="walk")),
            _row("gdn", 512, "window_int8_it0_vfirst", 0.8, p=16, r=4, cfg=it0),                       # 125 µs
            _row("gdn", 512, "leap_int8_vfirst", 0.5, p=16, r=4, cfg=registry.resolve(base).tag),       # 200 µs
            _row("gdn", 512, "sweep_p16_r2", 0.5, p=16, r=2, cfg=_tag(rank=2, decode="warp", boundary="walk"))]
    kb.add_refit_exposed(rows)
    got = {r["kernel"]: (r.get("refit_only_exposed"), r.get("refit_exposed")) for r in rows}
    assert got["leap_int8_vfirst"] == (pytest.approx(0.375), pytest.approx(0.5))
    assert got["window_int8_it0_vfirst"] == (None, None) and got["window_int8_r0_vfirst"] == (None, None)
    assert got["sweep_p16_r2"] == (None, pytest.approx(0.5))


def test_multi_layer_rows_pair_with_their_own_iters0_twin_only():
    """The multi-layer rows carry the layer setting in their tag (-L<layers>s<side streams>), so that the
    per-layer-stream row's refit_only_exposed comes from the iters-0 twin stepped the same way — not from the
    one-layer twin — and the in-line row (no twin of its own) gets none."""
    tag = _tag()
    it0 = _tag(iters=0)
    rows = [_row("gdn", 32, "window_int8_it0_vfirst", 1.0, p=16, r=4, cfg=it0),                          # 100 µs
            _row("gdn", 32, "leap_int8_vfirst", 0.5, p=16, r=4, cfg=tag),                                 # 200 µs
            _row("gdn", 32, "leap_int8_vfirst_4layers", 0.5, p=16, r=4, cfg=tag + "-L4s0"),               # 200 µs
            _row("gdn", 32, "leap_int8_vfirst_4layers_overlap_per_layer", 0.8, p=16, r=4, cfg=tag + "-L4s4"),
            _row("gdn", 32, "leap_int8_vfirst_4layers_overlap_per_layer_it0", 1.0, p=16, r=4, cfg=it0 + "-L4s4")]
    kb.add_refit_exposed(rows)
    got = {r["kernel"]: r.get("refit_only_exposed") for r in rows}
    assert got["leap_int8_vfirst"] == pytest.approx(0.5)
    assert got["leap_int8_vfirst_4layers_overlap_per_layer"] == pytest.approx(0.2)
    assert got["leap_int8_vfirst_4layers"] is None and got["leap_int8_vfirst_4layers_overlap_per_layer_it0"] is None


@pytest.mark.parametrize("kw,named", [(dict(streams=-1), "streams"), (dict(layers=0), "layers"),
                                      (dict(streams=True), "streams")])
def test_layer_bench_refuses_bad_counts(kw, named):
    with pytest.raises(InputError, match=named):
        kb.bench_leap_layers(KernelConfig(), 4, **kw)
