"""The README's Python snippets run as written (the GPU one where a CUDA GPU is present)."""
import re
from pathlib import Path

import pytest
import torch

README = Path(__file__).resolve().parents[1] / "README.md"
SNIPPETS = re.findall(r"```python\n(.*?)```", README.read_text(), re.S)


def test_readme_has_python_snippets():
    assert len(SNIPPETS) >= 3


@pytest.mark.parametrize("index", range(len(SNIPPETS)))
def test_readme_snippet_runs(index, capsys):
    code = SNIPPETS[index]
    if "needs a CUDA GPU" in code and not torch.cuda.is_available():
        pytest.skip("the snippet needs a CUDA GPU")
    exec(compile(code, f"README.md snippet {index}", "exec"), {"__name__": "__readme__"})
