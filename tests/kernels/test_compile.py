"""CPU-only CI: every kernel program compiles through TileLang + nvcc for sm_90, sm_100 and sm_120.

A representative subset per arch (each program and code path once; `leapquant kernels check --full`
compiles every variant): about 7 kernels × ~6 s each on 2 cores per arch.
"""
import shutil

import pytest

pytest.importorskip("tilelang")
pytestmark = pytest.mark.skipif(shutil.which("nvcc") is None and not __import__("os").path.exists("/usr/local/cuda/bin/nvcc"),
                                reason="needs nvcc")


@pytest.mark.parametrize("arch", ["sm_90", "sm_100", "sm_120"])
def test_kernels_compile(arch):
    from leapquant.kernels.cli import compile_variants
    rows = compile_variants(arch)
    bad = [r for r in rows if not r["ok"]]
    assert not bad, bad
    assert {r["kernel"] for r in rows} == {"decode", "boundary", "perstep"}


def test_check_cli_json():
    from typer.testing import CliRunner

    from leapquant.kernels.cli import kernels_app
    res = CliRunner().invoke(kernels_app, ["check", "--arch", "sm_90", "--json"])
    assert res.exit_code == 0, res.output
    assert '"ok": true' in res.output and '"ok": false' not in res.output
