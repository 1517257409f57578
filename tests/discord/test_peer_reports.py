"""Bug reports filed on other UNO bots and games, checked against ours: each test pins a fault a
peer project had (its report cited above the test) that nothing else here pinned, or one we had
too and fixed. The rules of docs/rules.md decide where a peer's players expected otherwise."""

from __future__ import annotations

import pytest

from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import play
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import TurnSkipped
from bot.games.uno.game import Phase
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import Ruleset
from tests.uno.test_uno_classic_rules import c
from tests.uno.test_uno_classic_rules import vrig

# ---------------------------------------------------------------- the engine


# https://github.com/jh0ker/mau_mau_bot/pull/64 (a Wild's player gone before its colour: "the
# next player will properly get +4"); https://github.com/jh0ker/mau_mau_bot/issues/57
@pytest.mark.parametrize(
    ("rules", "wild", "owed"),
    [
        (CLASSIC, "W4", 4),  # C2: no challenge, the next player draws four
        (CLASSIC, "W", 1),  # C2: a Wild makes the next player draw one
        (OFFICIAL.with_house_rules("no_bluffing"), "W4", 4),  # H6: no challenge either
    ],
)
def test_a_penalty_wilds_player_leaving_before_its_colour_still_costs_the_next_player(
    rules: Ruleset, wild: str, owed: int
) -> None:
    """As under the official rules (the Wild Draw Four's player leaving before the challenge),
    the card's penalty still falls when its player leaves before naming its colour."""
    game = vrig(rules, [f"{wild} B1 B2", "G1 G2", "Y1 Y2 Y3"], "R3")
    game.apply(0, play(c(wild)))
    assert game.phase is Phase.AWAITING_COLOUR
    events = game.apply(0, LEAVE)
    # The victim, seat 1, is now seat 0: it draws and is skipped; the seat after it plays.
    drawn = [e for e in events if isinstance(e, CardsDrawn)]
    assert [(e.seat, len(e.cards)) for e in drawn] == [(0, owed)], events
    assert TurnSkipped(0) in events
    assert [len(h) for h in game.hands] == [2 + owed, 3]
    assert game.current == 1 and game.phase is Phase.PLAYING and game.colour is not None


def test_a_stacking_wild_draw_fours_player_leaving_before_its_colour_passes_its_four_on() -> None:
    """Where penalties stack (H1) the four are passed on to answer or draw, as if the colour had
    been named; a penalty the leaver faced before answering it lapses with them (docs/rules.md)."""
    rules = OFFICIAL.with_house_rules("stacking_wd4", "no_bluffing")
    game = vrig(rules, ["W4 B1 B2", "G1 G2", "Y1 Y2 Y3"], "R3")
    game.apply(0, play(c("W4")))
    events = game.apply(0, LEAVE)
    assert PenaltyPending(0, 4) in events
    assert game.pending_draw == 4 and game.current == 0
    answered = vrig(rules, ["RD B1", "W4 G1 G2", "Y1 Y2 Y3"], "R3")
    answered.apply(0, play(c("RD")))
    answered.apply(1, play(c("W4")))
    answered.apply(1, LEAVE)
    assert answered.pending_draw == 4 and answered.current == 1, "the two it answered lapse"


def test_a_penalty_wilds_player_leaving_a_table_of_two_ends_the_game_with_no_draw() -> None:
    game = vrig(CLASSIC, ["W4 B1 B2", "G1 G2"], "R3")
    game.apply(0, play(c("W4")))
    events = game.apply(0, LEAVE)
    assert game.phase is Phase.FINISHED and game.winner == 0
    assert not any(isinstance(e, CardsDrawn) for e in events)
