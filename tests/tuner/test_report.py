"""What the tune report says about the chosen point against the paper's default in the same study."""
import math

import optuna
import pytest

from tuner.report import choose, versus_default
from tuner.space import DEFAULT


def _trial(number, error, us, bytes_per_element, params):
    t = optuna.trial.create_trial(params=params, distributions={k: optuna.distributions.CategoricalDistribution(
        [v]) for k, v in params.items()}, values=[error, us, bytes_per_element],
        user_attrs={"kernel": "k", "simulation_only": None})
    t.number = number
    return t


def test_the_report_gives_the_chosen_speed_over_the_default_and_the_points_that_beat_it_on_both():
    other = {k: ("other" if isinstance(v, str) else v + 1) for k, v in DEFAULT.items()}
    default = _trial(0, 1e-3, 100.0, 1.19, dict(DEFAULT))
    better = _trial(1, 5e-4, 80.0, 1.19, other)        # faster and more accurate: chosen, and beats on both
    faster_worse = _trial(2, 2e-3, 60.0, 0.8, other)   # faster but over the default's error: not chosen
    untimed = _trial(3, 1e-4, math.inf, 2.0, other)
    done = [default, better, faster_worse, untimed]
    chosen = choose(done, None)
    assert chosen is better
    vs = versus_default(done, chosen, [faster_worse, better, untimed])
    assert vs["default_trial"] == 0 and vs["chosen_trial"] == 1
    assert vs["chosen_speed_over_default"] == pytest.approx(100 / 80)
    assert vs["beat_default_on_both"] == [{"trial": 1, "faster_pct": pytest.approx(20.0),
                                           "error_lower_pct": pytest.approx(50.0)}]


def test_without_a_default_trial_there_is_no_comparison():
    other = {k: ("other" if isinstance(v, str) else v + 1) for k, v in DEFAULT.items()}
    t = _trial(0, 1e-3, 50.0, 1.0, other)
    assert versus_default([t], t, [t]) is None
