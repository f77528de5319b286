"""The tuner's define-by-run space: every point is a method with, where one computes it, a kernel that fits the
target's SM and runs exactly the point's pipeline."""
import optuna
import pytest

from leapquant.errors import InputError
from leapquant.kernels import registry
from leapquant.kernels.from_pipeline import decode_config, pipeline_of
from leapquant.recipe import MODELS, ModelShape, Recipe
from tuner.space import DEFAULT, Space, default_params, suggest

optuna.logging.set_verbosity(optuna.logging.WARNING)


def _points(model, arch, trials=25, space=Space(), enqueue=None):
    study = optuna.create_study(sampler=optuna.samplers.RandomSampler(seed=1))
    if enqueue:
        study.enqueue_trial(enqueue)
    points = []
    study.optimize(lambda t: points.append(suggest(t, model, arch, space)) or 0.0, n_trials=trials)
    return points, study


@pytest.mark.parametrize("family", ["gdn", "kda"])
@pytest.mark.parametrize("arch, gpu", [("sm_90", "h200"), ("sm_120", "rtx-5090")])
def test_every_point_is_a_kernel_that_fits_and_computes_its_pipeline(family, arch, gpu):
    points, _ = _points(MODELS[family], arch)
    kernels = [p for p in points if p.kernel is not None]
    if arch == "sm_90":                      # every method of the default space has a kernel on Hopper
        assert len(kernels) == len(points)
    assert all(f"no kernel program fits {arch}" in p.why for p in points if p.kernel is None)
    for p in kernels:
        assert p.kernel.resolved and registry.resolve(p.kernel, arch) == p.kernel
        assert pipeline_of(p.kernel) == p.pipeline
        back = decode_config(p.pipeline, arch, **{k: getattr(p.kernel, k) for k in (
            "family", "H", "HV", "K", "V", "layout", "decode", "boundary", "block_v", "threads", "programs_per_sm",
            "boundary_threads")})
        assert back == p.kernel
        recipe = p.recipe(MODELS[family], gpu)
        assert Recipe.from_json(recipe.to_json()).to_kernel_config(0) == p.kernel
    assert len({p.kernel.tag for p in kernels}) > 10       # the search moves over programs and tiles too


def test_the_default_is_the_papers_point_with_the_registrys_kernel():
    points, study = _points(MODELS["gdn"], "sm_90", trials=1, enqueue=default_params(MODELS["gdn"], "sm_90"))
    p = points[0]
    assert (p.kernel.window, p.kernel.rank, p.kernel.format, p.kernel.iters) == tuple(DEFAULT.values())
    assert p.kernel == registry.resolve(p.kernel.__class__(family="gdn", H=2, HV=2), "sm_90")
    assert (p.kernel.decode, p.kernel.boundary) == ("warp", "walk")


def test_a_family_without_kernels_gives_simulation_only_points():
    model = ModelShape(name="r7", family="rwkv7", layers=2, H=2, HV=2, K=64, V=64)
    points, _ = _points(model, "sm_90", trials=6)
    assert all(p.kernel is None and "no decode kernel runs family 'rwkv7'" in p.why for p in points)
    assert all(p.pipeline.rank <= 64 for p in points)


def test_ranks_beyond_the_heads_are_left_out_and_an_empty_space_is_refused():
    small = ModelShape(name="s", family="gdn", layers=1, H=1, HV=1, K=4, V=4)
    points, _ = _points(small, "sm_90", trials=10, space=Space(rank=(2, 4, 8), format=("int8",)))
    assert {p.pipeline.rank for p in points} <= {2, 4}
    with pytest.raises(InputError, match="space.rank"):
        _points(small, "sm_90", trials=1, space=Space(rank=(8,)))
    with pytest.raises(InputError, match="space.window must be a non-empty list"):
        Space(window=())
