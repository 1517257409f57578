"""A damaged saved game is refused as damaged (CorruptState), never loaded to fail mid-game."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bot.games.errors import CorruptState
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import ruleset_named


def saved(ruleset_name: str = "official") -> dict[str, Any]:
    ruleset = OFFICIAL if ruleset_name == "official" else ruleset_named(ruleset_name)
    game, _ = UnoGame.new(ruleset, 4, seed=7)
    data: dict[str, Any] = json.loads(json.dumps(game.to_json()))
    return data


@pytest.mark.parametrize("ruleset_name", ["official", "classic", "twist"])
def test_an_intact_save_loads(ruleset_name: str) -> None:
    data = saved(ruleset_name)
    assert UnoGame.from_json(data).to_json() == data


@pytest.mark.parametrize(
    "field", ["dealer", "wd4_offender", "uno_catchable", "uno_declared", "round_winner", "winner"]
)
@pytest.mark.parametrize("seat", [4, -1])
def test_a_seat_that_is_not_at_the_table_is_refused(field: str, seat: object) -> None:
    data = saved()
    data[field] = seat
    with pytest.raises(CorruptState, match="seat"):
        UnoGame.from_json(data)


def test_a_lost_card_a_missing_field_and_a_bad_card_code_are_refused() -> None:
    data = saved()
    data["draw_pile"].pop()
    with pytest.raises(CorruptState, match="107 cards"):
        UnoGame.from_json(data)
    data = saved()
    del data["hands"]
    with pytest.raises(CorruptState):
        UnoGame.from_json(data)
    data = saved()
    data["discard"][-1] = "X9"
    with pytest.raises(CorruptState):
        UnoGame.from_json(data)
