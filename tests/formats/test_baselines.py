"""KVQuant, QuaRot and TurboQuant adaptations (no outside reference implements
them for a recurrent state; tested against their definitions)."""
import numpy as np
import pytest
import torch

import leapquant.formats as F
from leapquant.formats._rotation import rotation
from leapquant.formats.turboquant import lloyd_max_sphere

from ._refs import rand_state


def test_kvquant_outliers_kept_exactly():
    x = rand_state((2, 64, 64), seed=8)
    fmt = F.get("kvquant", outlier_fraction=0.02, outlier_dtype="fp32")
    q = fmt.quantize(x)
    k = int(0.02 * 64 * 64)
    assert q.meta["outlier_index"].shape == (2, k) and q.meta["outlier_index"].dtype == torch.int16
    y = fmt.dequantize(q).reshape(2, -1)
    flat = x.reshape(2, -1)
    top = flat.abs().topk(k, dim=-1).indices
    assert torch.equal(torch.gather(y, 1, top), torch.gather(flat, 1, top))
    # dense part's scale ignores the outliers: better than plain per-channel INT8
    assert (F.get("kvquant").roundtrip(x) - x).norm() < (F.get("int8").roundtrip(x) - x).norm()


def test_quarot_rotation_orthogonal_and_helps_outlier_rows():
    R = rotation(64, 0, torch.float64, "cpu")
    torch.testing.assert_close(R @ R.T, torch.eye(64, dtype=torch.float64), rtol=0, atol=1e-12)
    assert not torch.equal(R, rotation(64, 1, torch.float64, "cpu"))
    x = torch.randn(64, 64, dtype=torch.float64, generator=torch.Generator().manual_seed(0))
    x[5] *= 100  # one outlier key row
    e_rot = (F.get("quarot", bits=4).roundtrip(x) - x).norm()
    e_int = (F.get("int4").roundtrip(x) - x).norm()
    assert e_rot < e_int


def test_quarot_equals_rotate_then_int():
    x = rand_state((64, 32), seed=3, dtype=torch.float64)
    R = rotation(64, 7, torch.float64, "cpu")
    ref = R.T @ F.get("int8").roundtrip(R @ x)
    torch.testing.assert_close(F.get("quarot", rotation_seed=7).roundtrip(x), ref, rtol=0, atol=1e-12)


@pytest.mark.parametrize("bits", [1, 2, 3, 4])
def test_turboquant_codebook_is_lloyd_max(bits):
    d = 128
    c, th = lloyd_max_sphere(d, bits)
    assert np.allclose(c, -c[::-1], atol=1e-12) and np.all(np.diff(c) > 0)
    # centroid condition checked by Monte Carlo on exact sphere coordinates
    g = np.random.default_rng(0)
    u = g.standard_normal((20000, d))
    t = (u / np.linalg.norm(u, axis=1, keepdims=True)).ravel()
    cell = np.searchsorted(th, t)
    means = np.array([t[cell == i].mean() for i in range(len(c))])
    assert np.allclose(means, c, atol=5e-3 * np.abs(c).max())
    # TurboQuant's reported MSE per unit vector (Zandieh et al.): 0.36, 0.117, 0.03, 0.009
    mse = d * np.mean((t - c[cell]) ** 2)
    assert mse == pytest.approx([0.36, 0.117, 0.03, 0.009][bits - 1], rel=0.15)  # paper values are rounded


def test_turboquant_roundtrip_norm_and_error():
    x = rand_state((2, 128, 64), seed=9, heavy=False)
    fmt = F.get("turboquant", bits=4)
    q = fmt.quantize(x)
    torch.testing.assert_close(q.meta["norm"].view(2, 64), torch.linalg.vector_norm(x, dim=-2))
    rel = ((fmt.roundtrip(x) - x).norm(dim=-2) ** 2 / x.norm(dim=-2) ** 2).mean()
    assert float(rel) == pytest.approx(0.009, rel=0.25)
