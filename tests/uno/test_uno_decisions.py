"""The decisions of docs/rules.md that the engine once got wrong (found by an audit of the
rules, one test each), and the engine's refusals of input that is not a move at all."""

from __future__ import annotations

import pytest

from bot.games.errors import CorruptState
from bot.games.errors import GameError
from bot.games.errors import IllegalAction
from bot.games.errors import MalformedAction
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import choose
from bot.games.uno.actions import jump_in
from bot.games.uno.actions import play
from bot.games.uno.cards import Colour
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import DrawReason
from bot.games.uno.events import TurnSkipped
from bot.games.uno.explain import explain
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import RULESETS
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import Ruleset
from bot.render.uno_text import describe_event
from tests.uno.test_uno_classic_rules import c
from tests.uno.test_uno_classic_rules import cards
from tests.uno.test_uno_classic_rules import plays
from tests.uno.test_uno_classic_rules import vrig

# ---------------------------------------------------------------- H4, H5: a bluff is not forced


def test_h5_a_drawn_wild_draw_four_that_would_be_a_bluff_is_not_forced() -> None:
    """H5: only a card legal without a bluff must be played; the bluff stays a choice."""
    rules = OFFICIAL.with_house_rules("forced_play")
    game = vrig(rules, ["R1 B2", "G1 G2", "Y1 Y2"], "R3", draw="W4")
    game.apply(0, DRAW)
    assert game.drawn_card == c("W4") and PASS in game.legal_actions(0)
    bluffer = UnoGame.from_json(game.to_json())
    game.apply(0, PASS)
    assert game.current == 1 and c("W4") in game.hands[0]
    # Or the player bluffs with it, and faces the challenge.
    bluffer.apply(0, play(c("W4")))
    bluffer.apply(0, choose(Colour.BLUE))
    events = bluffer.apply(1, CHALLENGE)
    assert any(isinstance(e, ChallengeResolved) and e.guilty for e in events)


def test_h5_a_drawn_wild_draw_four_without_the_colour_in_force_is_forced() -> None:
    rules = OFFICIAL.with_house_rules("forced_play")
    game = vrig(rules, ["G1 B2", "G4 G2", "Y1 Y2"], "R3", draw="W4")
    game.apply(0, DRAW)
    assert PASS not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="must be played"):
        game.apply(0, PASS)


def test_h4_a_wild_draw_four_that_would_be_a_bluff_does_not_stop_the_drawing() -> None:
    rules = OFFICIAL.with_house_rules("draw_to_match")
    game = vrig(rules, ["R1 B2", "G1 G2", "Y1 Y2"], "R3", draw="W4 G5 R7")
    events = game.apply(0, DRAW)
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.cards == tuple(cards("W4 G5 R7")) and game.drawn_card == c("R7")
    # Without the colour in force it is a fair card and stops the drawing.
    fair = vrig(rules, ["G1 B2", "G4 G2", "Y1 Y2"], "R3", draw="W4 G5 R7")
    fair.apply(0, DRAW)
    assert fair.drawn_card == c("W4") and len(fair.hands[0]) == 3


# ---------------------------------------------------------------- H6 holds for a stacked one


def test_h6_a_stacked_wild_draw_four_may_not_answer_while_holding_the_colour() -> None:
    rules = OFFICIAL.with_house_rules("stacking_wd4", "no_bluffing")
    game = vrig(rules, ["RD B1", "W4 R1 G2", "Y1 Y2"], "R3")
    game.apply(0, play(c("RD")))
    assert game.pending_draw == 2 and game.current == 1
    assert "play W4" not in plays(game, 1)
    with pytest.raises(IllegalAction, match="No bluffing"):
        game.apply(1, play(c("W4")))
    # Without a red card it answers the Draw Two.
    free = vrig(rules, ["RD B1", "W4 G1 G2", "Y1 Y2"], "R3")
    free.apply(0, play(c("RD")))
    assert plays(free, 1) == ["play W4"]


# ---------------------------------------------------------------- T1, T7: twist's table


@pytest.mark.parametrize("decks", [1, 2, 3])
def test_t1_fewer_than_four_decks_are_refused_with_a_plain_reason(decks: int) -> None:
    with pytest.raises(IllegalAction, match="at least 4") as refused:
        TWIST.with_options(decks=decks)
    assert "(T" not in str(refused.value)


def test_t7_teams_need_an_even_number_of_players() -> None:
    with pytest.raises(IllegalAction, match="even number of players"):
        UnoGame.new(TWIST.with_options(teams="3"), 9, seed=1)
    game, _ = UnoGame.new(TWIST.with_options(teams="3"), 6, seed=1)
    assert game.teams == ((0, 3), (1, 4), (2, 5))


# ---------------------------------------------------------------- C6: the catch window


def test_c6_the_catch_stays_open_through_the_next_players_draw() -> None:
    """C6 (classic): until the next player lays a card, not merely acts."""
    game = vrig(CLASSIC, ["R5 R6", "G1 G2", "Y5 Y2 Y3"], "R3", draw="B7")
    game.apply(0, play(c("R5")))
    game.apply(1, DRAW)
    assert game.current == 2 and CATCH in game.legal_actions(2)
    game.apply(2, play(c("Y5")))
    assert game.uno_catchable is None and CATCH not in game.legal_actions(1)
    # The official rules keep O7: the next player's draw ends the window.
    official = vrig(OFFICIAL, ["R5 R6", "G1 G2", "Y5 Y2"], "R3", draw="B7")
    official.apply(0, play(c("R5")))
    official.apply(1, DRAW)
    assert CATCH not in official.legal_actions(2)


def test_c6_the_rules_explained_say_the_catch_stays_open_until_a_card_is_laid() -> None:
    """C6 (classic): `/uno rules` says what the engine does, the window open until the next
    player lays a card, not "until the next player acts" (O7's words, which a draw would end)."""
    classic = " ".join(map(str, explain(CLASSIC)))
    assert "Until the next player lays a card (a draw does not count)" in classic
    assert "Until the next player acts" not in classic
    assert "Until the next player acts" in " ".join(map(str, explain(OFFICIAL)))


# ---------------------------------------------------------------- C3, T5 with H3: the drawn card waits


@pytest.mark.parametrize(
    ("ruleset", "hands", "top", "drawn"),
    [
        (TWIST, ["3C 4C", "8D 9D", "QS KS"], "5H", "5H"),  # T5
        (CLASSIC, ["B1 B2", "G8 G9", "Y3 Y4"], "R5", "R5"),  # C3
    ],
)
def test_t5_c3_a_drawn_card_does_not_jump_in_before_its_players_next_turn(
    ruleset: Ruleset, hands: list[str], top: str, drawn: str
) -> None:
    """T5 (seed 003: a drawn card that can be played waits until the player's next turn) and C3
    hold with jump-in (H3): drawing the very card on top, the player may not jump in with it
    as soon as the turn has passed; on their next turn it plays as usual."""
    game = vrig(ruleset.with_house_rules("jump_in"), hands, top, draw=drawn)
    game.apply(0, DRAW)
    assert game.current == 1 and c(drawn) in game.hands[0]
    assert jump_in(c(drawn)) not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="waits for your next turn"):
        game.apply(0, jump_in(c(drawn)))
    restored = UnoGame.from_json(game.to_json())
    assert restored == game and jump_in(c(drawn)) not in restored.legal_actions(0)
    # Seat 1 cannot play and draws; seat 2 neither: the turn comes back to seat 0.
    game.apply(1, DRAW)
    game.apply(2, DRAW)
    assert game.current == 0 and plays(game, 0) == [f"play {drawn}"]


def test_t5_only_the_card_drawn_waits_a_copy_held_before_jumps_in() -> None:
    """Only the card drawn waits (T5): the top turns into a card the player drew, before their
    next turn; with that card alone they may not jump in, with a copy held from before they may."""
    rules = TWIST.with_house_rules("jump_in")
    hands = ["3C 4C", "5D 4S", "9D QS", "KC KS"]
    alone = vrig(rules, hands, "5H", draw="9D")
    held = vrig(rules, ["3C 9D", *hands[1:]], "5H", draw="9D")
    for game in (alone, held):
        game.apply(0, DRAW)
        game.apply(1, play(c("5D")))
        game.apply(2, play(c("9D")))
        assert game.current == 3 and game.discard_top == c("9D")
    assert jump_in(c("9D")) not in alone.legal_actions(0)
    assert jump_in(c("9D")) in held.legal_actions(0)
    held.apply(0, jump_in(c("9D")))
    assert held.hands[0] == cards("3C 9D") and held.current == 1


# ---------------------------------------------------------------- leaving


def wild_draw_four_played() -> UnoGame:
    game = vrig(OFFICIAL, ["W4 B1 B2", "G1 G2", "Y1 Y2 Y3"], "R3")
    game.apply(0, play(c("W4")))
    return game


def test_the_wild_draw_fours_player_leaving_before_the_challenge_still_costs_four() -> None:
    game = wild_draw_four_played()
    game.apply(0, choose(Colour.BLUE))
    assert game.phase is Phase.AWAITING_CHALLENGE
    events = game.apply(0, LEAVE)
    # The victim (now seat 0) draws four and is skipped; no challenge is left to make.
    assert any(isinstance(e, CardsDrawn) and e.reason is DrawReason.WILD_DRAW_FOUR for e in events)
    assert TurnSkipped(0) in events
    assert len(game.hands[0]) == 6 and game.current == 1 and game.phase is Phase.PLAYING
    assert CHALLENGE not in game.legal_actions(0)


def test_the_wild_draw_fours_player_leaving_before_the_colour_still_costs_four() -> None:
    game = wild_draw_four_played()
    game.apply(0, LEAVE)
    assert len(game.hands[0]) == 6 and game.current == 1 and game.phase is Phase.PLAYING


def test_a_player_leaving_before_naming_their_wilds_colour_is_named_before_their_seat_goes() -> None:
    """The colour drawn for a leaver's Wild is told with the seats as they were before the
    leaver's went (a SeatLeft renumbers the seats after it): told after, it named the next
    player, or no seat at all when the leaver sat last, and the table's log failed mid-change."""
    game = vrig(OFFICIAL, ["R5 G2", "R6 Y2 Y3", "W B1 B2"], "R3")
    game.apply(0, play(c("R5")))
    game.apply(1, play(c("R6")))
    game.apply(2, play(c("W")))
    assert game.phase is Phase.AWAITING_COLOUR
    events = game.apply(2, LEAVE)
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("ColourChosen") < kinds.index("SeatLeft"), kinds
    names = ["ann", "bob", "cat"]
    said = [str(line) for event in events if (line := describe_event(event, names)) is not None]
    assert any(line.startswith("cat called") for line in said), said
    assert game.phase is Phase.PLAYING and game.current == 0


def test_the_player_facing_a_penalty_leaving_lets_it_lapse() -> None:
    challenged = wild_draw_four_played()
    challenged.apply(0, choose(Colour.BLUE))
    challenged.apply(1, LEAVE)
    assert challenged.phase is Phase.PLAYING and challenged.current == 1
    assert [len(h) for h in challenged.hands] == [2, 3]
    stacked = vrig(OFFICIAL.with_house_rules("stacking"), ["RD B1", "G1 G2", "Y1 Y2"], "R3")
    stacked.apply(0, play(c("RD")))
    stacked.apply(1, LEAVE)
    assert stacked.pending_draw == 0 and stacked.current == 1 and len(stacked.hands[1]) == 2


# ---------------------------------------------------------------- input that is not a move


@pytest.mark.parametrize("name", sorted(RULESETS))
@pytest.mark.parametrize("seat", [99, 3, -1])
def test_legal_actions_for_a_seat_not_at_the_table_is_refused(name: str, seat: int) -> None:
    game, _ = UnoGame.new(RULESETS[name], 3, seed=1)
    with pytest.raises(IllegalAction, match="not at this table"):
        game.legal_actions(seat)


def test_apply_refuses_what_is_not_an_action_as_malformed_whoever_sends_it() -> None:
    """A string (or anything but an Action) is not a move: it is refused as such, typed, for
    every seat, rather than read as an attempt to move out of turn."""
    game, _ = UnoGame.new(OFFICIAL, 3, seed=1)
    before = game.to_json()
    for seat in range(3):
        for thing in ("play R5", None, 5):
            with pytest.raises(MalformedAction, match="not an action"):
                game.apply(seat, thing)  # type: ignore[arg-type]
    with pytest.raises(GameError):
        game.apply("0", DRAW)  # type: ignore[arg-type]
    assert game.to_json() == before


def test_a_saved_game_with_no_direction_or_no_wild_draw_four_to_challenge_is_refused() -> None:
    game, _ = UnoGame.new(OFFICIAL, 3, seed=1)
    data = game.to_json()
    with pytest.raises(CorruptState):
        UnoGame.from_json({**data, "direction": 0})
    with pytest.raises(CorruptState):
        UnoGame.from_json({**data, "phase": Phase.AWAITING_CHALLENGE.value, "wd4_offender": None})
