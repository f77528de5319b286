"""Figures people would rather see than read (matplotlib, written atomically as PNG)."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402


def save_figure(fig, path: str | os.PathLike) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, suffix=".png")
    os.close(fd)
    try:
        fig.savefig(tmp, dpi=120, bbox_inches="tight", format="png")
        os.replace(tmp, path)
    finally:
        plt.close(fig)
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


def plot_state_error(curves: dict[str, tuple[list[int], list[float]]], path: str | os.PathLike, title: str) -> Path:
    """Relative state error against tokens on log axes, like the paper's Figure 3."""
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    for name, (tokens, err) in curves.items():
        ax.plot(tokens, err, label=name, linewidth=1.6)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("tokens")
    ax.set_ylabel("relative state error ‖E_t‖_F / ‖S_t‖_F")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend()
    return save_figure(fig, path)
