"""Figures people would rather see than read (matplotlib, written atomically as PNG)."""
from __future__ import annotations

import os
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

from leapquant.files import atomic_path  # noqa: E402


def save_figure(fig, path: str | os.PathLike, dpi: int = 120) -> Path:
    try:
        with atomic_path(path, suffix=".png") as tmp:
            fig.savefig(tmp, dpi=dpi, bbox_inches="tight", format="png")
    finally:
        plt.close(fig)
    return Path(path)


def plot_state_error(curves: dict[str, tuple[list[int], list[float]]], path: str | os.PathLike, title: str,
                     caption: str | None = None) -> Path:
    """Relative state error against tokens on log axes, like the paper's Figure 3: every measured point of each
    curve, the legend below the axes, `caption` (e.g. `simulate.comparison_note`) under it."""
    import textwrap

    fig, ax = plt.subplots(figsize=(7.0, 4.4))
    for name, (tokens, err) in curves.items():
        ax.plot(tokens, err, label=name, linewidth=1.4, marker="o" if len(tokens) < 12 else None, markersize=3)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("tokens")
    ax.set_ylabel(r"relative state error $\|E_t\|_F\,/\,\|S_t\|_F$")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=min(len(curves), 5), frameon=False)
    if caption:
        ax.text(0.5, -0.27, "\n".join(textwrap.wrap(caption, 100)), ha="center", va="top", fontsize=8.5,
                 transform=ax.transAxes, color="0.25")
    return save_figure(fig, path)
