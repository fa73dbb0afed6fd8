"""The same bad value gets the same refusal from every front end (issue 45, item 2): each row of
tests/fixtures/bad_values.json through the Python package (tests/suite/bad_values.rs runs them
through the command line). The message is the engine's, each option spelled as its keyword."""

import json
import pathlib
import re

import pytest

import abviz

AIMA = "A:(B:(3 12 8) C:(2 4 6) D:(14 5 2))"
TABLE = pathlib.Path(__file__).parent.parent / "fixtures" / "bad_values.json"
# Rows whose request Python does not have (exercise sheets) are the command line's alone.
ROWS = [r for r in json.loads(TABLE.read_text(encoding="utf-8"))["rows"] if r["python"] is not None]


def worded(row):
    """The refusal `row` expects, with each option spelled as Python spells it."""

    def spell(match):
        key = match.group(1)
        if key == "self":
            key = row["option"]
            return key if row["shown"] is None else f"{key}={row['shown']}"
        return key

    return re.sub(r"\{([a-z_]+)\}", spell, row["says"])


def test_the_table_is_big_enough():
    assert len(ROWS) >= 30


@pytest.mark.parametrize("row", ROWS, ids=[r["python"] for r in ROWS])
def test_python_refuses_each_bad_value_in_the_engines_words(row):
    with pytest.raises(abviz.AbvizError) as info:
        eval(row["python"], {"abviz": abviz, "AIMA": AIMA})  # noqa: S307 (the table is ours)
    assert str(info.value) == worded(row)
