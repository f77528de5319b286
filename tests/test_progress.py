"""Progress of long runs: plain lines on a stream that is not a terminal, a bar on one, nothing when disabled."""
import io
import threading

from leapquant.progress import progress


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_lines_when_the_stream_is_not_a_terminal():
    out = io.StringIO()
    with progress("simulating", total=100, unit="tokens", stream=out, every_s=0) as bar:
        for _ in range(4):
            bar.advance(25)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("simulating: 25/100 tokens (25 %)") and "left" in lines[0]
    assert lines[-1].startswith("simulating: 100/100 tokens (100 %)") and len(lines) == 4


def test_lines_are_rate_limited_and_the_end_is_always_written():
    out = io.StringIO()
    with progress("study", total=1000, stream=out, every_s=3600) as bar:
        for _ in range(1000):
            bar.advance(1)
    lines = out.getvalue().splitlines()
    assert len(lines) == 2 and lines[0].startswith("study: 1/1000") and lines[1].startswith("study: 1000/1000")


def test_a_run_stopped_early_says_where_it_stopped():
    out = io.StringIO()
    try:
        with progress("study", total=10, stream=out, every_s=3600) as bar:
            bar.advance(1)
            bar.advance(2)
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        pass
    assert out.getvalue().splitlines()[-1].startswith("study: 3/10")


def test_advance_from_several_threads_counts_every_unit():
    out = io.StringIO()
    with progress("study", total=4000, stream=out, every_s=0) as bar:
        threads = [threading.Thread(target=lambda: [bar.advance(1) for _ in range(1000)]) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert out.getvalue().splitlines()[-1].startswith("study: 4000/4000")


def test_a_bar_on_a_terminal_and_nothing_when_disabled():
    tty = _Terminal()
    with progress("simulating", total=10, stream=tty) as bar:
        bar.advance(10)
        assert type(bar).__name__ == "_Bar"
    assert "simulating: 10/10" not in tty.getvalue()     # a rich bar, not the plain lines
    quiet = io.StringIO()
    with progress("simulating", total=10, stream=quiet, enabled=False) as bar:
        bar.advance(10)
    assert quiet.getvalue() == ""
