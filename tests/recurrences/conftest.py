import pytest


@pytest.fixture(autouse=True)
def _one_thread(one_thread):
    """These tests run thousands of tiny ops (tests/conftest.py's one_thread, for every test here)."""
    yield
