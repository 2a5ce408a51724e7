"""`plays --batch` answers, byte for byte, what batch_reference.txt.xz recorded.

The reference was written by batch_reference_build.py before the batch path
was made faster: any change in a play's notation, its Position ID, the order
of the plays, the JSON spacing or an error sentence fails here.
"""

from __future__ import annotations

import pytest

from tests.games.backgammon.batch_reference_build import (
    POSITION_GAMES,
    answer,
    read_reference,
    reference_inputs,
)

REFERENCE = read_reference()


def test_reference_covers_the_documented_position_set_and_random_play() -> None:
    assert set(REFERENCE) == set(POSITION_GAMES)
    assert len(REFERENCE["positions"]) == 8400
    assert len(REFERENCE["random-backgammon"]) >= 3000


def test_reference_inputs_are_the_documented_position_set_and_the_seeded_games() -> None:
    inputs = reference_inputs()
    # The random games depend only on the set of legal plays, which perft guards.
    for name, records in REFERENCE.items():
        assert [line for line, _ in records] == inputs[name], name


@pytest.mark.parametrize("name", sorted(POSITION_GAMES))
def test_batch_output_is_byte_for_byte_the_reference(name: str) -> None:
    lines = [line for line, _ in REFERENCE[name]]
    outputs = answer(name, lines)
    assert len(outputs) == len(lines)
    for (line, expected), output in zip(REFERENCE[name], outputs, strict=True):
        assert output == expected, f"{name}: the answer to {line!r} changed"
