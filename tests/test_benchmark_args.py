"""The benchmark scripts' argument parsing, checked without a GPU: what a device call would otherwise find out only
after its machine started."""
import pytest
from ncu_csv import load_benchmark


def test_overlap_probe_reads_decode_block_entries():
    parse = load_benchmark("overlap_probe").parse_decode_blocks
    assert parse("default") == (None, None)
    assert parse("4@2") == (4, 2) and parse("3") == (3, None)
    for bad in ("x@2", "4@y"):
        with pytest.raises(SystemExit, match="--decode-blocks"):
            parse(bad)


def test_layer_streams_refuses_a_config_by_name():
    fields = load_benchmark("layer_streams").config_fields
    assert fields(["dminblocks=4", "iters=1"]) == dict(dminblocks=4, iters=1)
    with pytest.raises(SystemExit, match="'foo' not a DecodeConfig field"):
        fields(["foo=1"])
    with pytest.raises(SystemExit, match="warp_ahead .* needs pipe_warp"):
        fields(["pipe_warp=false", "warp_ahead=true"])
