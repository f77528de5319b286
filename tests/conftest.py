"""Suite-wide settings: hypothesis runs the same examples on every machine (CI reproduces a failure), with no
per-example deadline (a 2-core CI box is slow and uneven). `HYPOTHESIS_PROFILE=thorough` searches ten times wider."""
import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, deadline=None, database=None, max_examples=40,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("thorough", deadline=None, max_examples=400, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


import pytest  # noqa: E402
import torch  # noqa: E402


@pytest.fixture
def one_thread():
    """Tests of thousands of tiny tensor ops: intra-op threads only contend (100x slower on a busy 2-core box)."""
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)
