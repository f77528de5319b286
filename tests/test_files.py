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


def test_the_file_is_on_disk_before_the_rename_and_the_rename_after(tmp_path, monkeypatch):
    """fsync of the written file before os.replace, of its folder after: a crash leaves the old file or the whole
    new one, never a renamed but empty file."""
    import os

    from leapquant import files

    events = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd):
        events.append(("fsync", os.path.realpath(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd") else fd))
        real_fsync(fd)

    def replace(src, dst):
        events.append(("replace", str(dst)))
        real_replace(src, dst)
    monkeypatch.setattr(files.os, "fsync", fsync)
    monkeypatch.setattr(files.os, "replace", replace)
    target = tmp_path / "r.json"
    write_text_atomic(target, "x" * 10_000)
    kinds = [e[0] for e in events]
    assert kinds == ["fsync", "replace", "fsync"], events
    if os.path.exists("/proc/self/fd"):
        assert events[0][1].startswith(str(tmp_path / ".r.json.")) and events[2][1] == str(tmp_path)
    assert target.read_text() == "x" * 10_000


def test_output_paths_are_checked_without_writing_anything(tmp_path):
    from leapquant.errors import InputError
    from leapquant.files import check_append_file, check_input_file, check_output_dir, check_output_file

    (tmp_path / "f").write_text("x")
    assert check_output_file(tmp_path / "new" / "deeper" / "a.png", "--plot") == tmp_path / "new" / "deeper" / "a.png"
    assert check_output_file(None, "--plot") is None and check_output_dir(tmp_path / "o", "--out") == tmp_path / "o"
    for call, says in ((lambda: check_output_file(tmp_path, "--plot"), "--plot: .* is a folder"),
                       (lambda: check_output_file(tmp_path / "f" / "a.png", "--plot"), "is not a folder"),
                       (lambda: check_output_file("", "--plot"), "--plot: the path is empty"),
                       (lambda: check_output_dir(tmp_path / "f", "--out"), "--out: .* is a file; expected a folder"),
                       (lambda: check_append_file(tmp_path, "--log"), "--log: .* is a folder"),
                       (lambda: check_input_file(tmp_path, "--trace"), "--trace: file .* is a folder"),
                       (lambda: check_input_file(tmp_path / "nope", "--trace"), "does not exist")):
        with pytest.raises(InputError, match=says):
            call()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["f"]      # the probes leave nothing behind
