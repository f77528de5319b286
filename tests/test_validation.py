import argparse

import pytest

from leapquant.validation import int_list_arg


def test_int_list_arg_parses_comma_separated_integers():
    assert int_list_arg("0,1, 2,8") == [0, 1, 2, 8]
    assert int_list_arg("4,") == [4]


@pytest.mark.parametrize("text", ["x", "1,two", "", ",", "3,-1"])
def test_int_list_arg_refuses_what_is_not_a_list_of_integers_ge_0(text):
    with pytest.raises(argparse.ArgumentTypeError, match="comma-separated integers"):
        int_list_arg(text)
