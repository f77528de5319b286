"""Result files are written atomically: a failed write leaves the old file and no temporary behind."""
import pytest

from leapquant.files import atomic_path, write_text_atomic


def test_write_replaces_and_a_failed_write_keeps_the_old_file(tmp_path):
    target = tmp_path / "sub" / "result.json"
    write_text_atomic(target, "first")
    assert target.read_text() == "first"
    with pytest.raises(RuntimeError):
        with atomic_path(target) as tmp:
            tmp.write_text("half")
            raise RuntimeError("killed mid-write")
    assert target.read_text() == "first"
    assert [p.name for p in target.parent.iterdir()] == ["result.json"]


def test_written_files_are_not_private(tmp_path):
    from leapquant import files

    write_text_atomic(tmp_path / "r.md", "x")
    assert (tmp_path / "r.md").stat().st_mode & 0o777 == 0o666 & ~files._UMASK
