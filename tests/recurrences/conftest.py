import pytest
import torch


@pytest.fixture(autouse=True)
def _one_thread():
    """These tests run thousands of tiny ops: intra-op threads only contend (100x slower on a busy 2-core box)."""
    n = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(n)
