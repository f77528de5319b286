"""What every refused command line looks like: exit 2, one line on stderr naming what is wrong, nothing on stdout."""


def refused(r, *named):
    """Assert `r` (a typer CliRunner result) is a refusal whose one stderr line names each of `named`; return it."""
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    assert isinstance(r.exception, SystemExit), r.exception
    lines = r.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    for n in named:
        assert n in lines[0], (n, lines[0])
    assert "Traceback" not in r.output and r.stdout == ""
    return lines[0]
