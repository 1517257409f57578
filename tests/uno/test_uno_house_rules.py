"""House rules H1-H6 of docs/rules.md as options on a ruleset, and the refusal of
combinations that make no sense together."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import PASS
from bot.games.uno.actions import choose
from bot.games.uno.actions import jump_in
from bot.games.uno.actions import parse_action
from bot.games.uno.actions import play
from bot.games.uno.actions import swap_with
from bot.games.uno.cards import Colour
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import DrawReason
from bot.games.uno.events import HandsRotated
from bot.games.uno.events import HandsSwapped
from bot.games.uno.events import JumpedIn
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import UnoCalled
from bot.games.uno.events import UnoCaught
from bot.games.uno.explain import explain
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import HOUSE_RULES
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import ruleset_named
from tests.uno.test_uno_classic_rules import c
from tests.uno.test_uno_classic_rules import cards
from tests.uno.test_uno_classic_rules import plays
from tests.uno.test_uno_classic_rules import vrig

STACKING = OFFICIAL.with_house_rules("stacking")


# ---------------------------------------------------------------- H1 stacking


def test_h1_draw_twos_stack_and_a_long_chain_draws_the_exact_sum() -> None:
    """H1: Draw Two on Draw Two; five in a row make the one who cannot answer draw 10."""
    hands = ["RD R7 B2", "GD G1 G2", "YD Y1 Y2", "BD B3 B4", "RD B5 B6", "R1 R2"]
    game = vrig(STACKING, hands, "R3")
    for seat in range(5):
        events = game.apply(seat, play(game.hands[seat][0]))
        assert PenaltyPending(seat + 1, 2 * (seat + 1)) in events
    assert game.current == 5 and game.pending_draw == 10
    assert plays(game, 5) == []
    events = game.apply(5, DRAW)
    assert len(next(e for e in events if isinstance(e, CardsDrawn)).cards) == 10
    assert game.pending_draw == 0 and game.current == 0
    # Play goes on as usual: nothing of the old chain is left over.
    game.apply(0, play(c("R7")))
    assert game.current == 1 and game.pending_draw == 0 and len(game.hands[1]) == 2


def test_h1_stacking_is_a_choice_and_a_wild_draw_four_does_not_stack_unless_asked() -> None:
    """H1: the player hit may draw instead of answering; Wild Draw Four stacks only as the option."""
    game = vrig(STACKING, ["RD B1 B2", "GD W4 G2", "Y1 Y2"], "R3")
    game.apply(0, play(c("RD")))
    assert plays(game, 1) == ["play GD"]
    game.apply(1, DRAW)
    assert len(game.hands[1]) == 5 and game.current == 2


def test_h1_with_wild_draw_four_on_either_and_no_draw_two_on_a_wild_draw_four() -> None:
    """H1 (option): Wild Draw Four may go on a Draw Two or a Wild Draw Four, not the reverse."""
    rules = OFFICIAL.with_house_rules("stacking_wd4", "no_bluffing")
    game = vrig(rules, ["RD B1 B2", "W4 G1 G2", "YD W4 Y2", "B3 B4"], "R3")
    game.apply(0, play(c("RD")))
    assert plays(game, 1) == ["play W4"]
    game.apply(1, play(c("W4")))
    game.apply(1, choose(Colour.GREEN))  # seat 2 holds no green: its Wild Draw Four is no bluff
    assert game.pending_draw == 6 and game.current == 2
    assert plays(game, 2) == ["play W4"], "a Draw Two does not go on a Wild Draw Four"
    game.apply(2, play(c("W4")))
    game.apply(2, choose(Colour.BLUE))
    events = game.apply(3, DRAW)
    assert len(next(e for e in events if isinstance(e, CardsDrawn)).cards) == 10


def test_h1_a_stacked_wild_draw_four_needs_no_bluffing() -> None:
    """H1 with Wild Draw Four cannot keep the challenge (O6): refused with the reason."""
    with pytest.raises(IllegalAction, match="no bluffing"):
        OFFICIAL.with_house_rules("stacking_wd4")


# ---------------------------------------------------------------- H2 Seven-O


def test_h2_a_seven_swaps_hands_with_the_player_chosen() -> None:
    """H2: playing a 7 swaps hands with a chosen player."""
    rules = OFFICIAL.with_house_rules("seven_o")
    game = vrig(rules, ["R7 B1 B2", "G1 G2 G3 G4", "Y1"], "R3")
    game.apply(0, play(c("R7")))
    assert game.phase is Phase.AWAITING_SWAP and game.current == 0
    assert game.legal_actions(0)[:2] == [swap_with(1), swap_with(2)]
    with pytest.raises(IllegalAction, match="swap"):
        game.apply(0, swap_with(0))
    with pytest.raises(IllegalAction, match="swap"):
        game.apply(0, DRAW)
    events = game.apply(0, swap_with(2))
    assert HandsSwapped(0, 2) in events
    assert game.hands[0] == cards("Y1") and game.hands[2] == cards("B1 B2")
    assert game.current == 1 and game.phase is Phase.PLAYING


def test_h2_a_zero_passes_every_hand_along_the_direction_of_play() -> None:
    """H2: playing a 0 passes every hand one seat along."""
    rules = OFFICIAL.with_house_rules("seven_o")
    game = vrig(rules, ["R0 B1", "G1 G2", "Y1 Y2 Y3"], "R3", direction=-1)
    events = game.apply(0, play(c("R0")))
    assert HandsRotated(-1) in events
    assert game.hands == [cards("G1 G2"), cards("Y1 Y2 Y3"), cards("B1")]
    assert game.current == 2


def test_h2_is_refused_on_twist() -> None:
    """H2 needs UNO cards."""
    with pytest.raises(IllegalAction, match="Seven-O"):
        TWIST.with_house_rules("seven_o")


# ---------------------------------------------------------------- H3 jump-in


def test_h3_the_identical_card_is_played_out_of_turn_and_play_goes_on_from_there() -> None:
    """H3: a player holding the exact card on top may play it out of turn."""
    rules = OFFICIAL.with_house_rules("jump_in")
    game = vrig(rules, ["B1 B2", "G1 G2", "R5 Y2", "Y3 Y4"], "R5")
    assert jump_in(c("R5")) in game.legal_actions(2)
    assert not any(str(a).startswith("jump") for a in game.legal_actions(1))
    events = game.apply(2, jump_in(c("R5")))
    assert events[0] == JumpedIn(2)
    assert game.discard_top == c("R5") and game.current == 3
    assert parse_action("jump R5") == jump_in(c("R5"))


def test_h3_a_different_card_or_a_wild_cannot_jump_in() -> None:
    """H3: only the identical card (colour and symbol); not a wild, nor without the rule."""
    rules = OFFICIAL.with_house_rules("jump_in")
    game = vrig(rules, ["B1 B2", "G1 G2", "G5 W Y2", "Y3 Y4"], "R5")
    with pytest.raises(IllegalAction, match="very card"):
        game.apply(2, jump_in(c("G5")))
    wild = vrig(rules, ["B1 B2", "G1 G2", "W Y2", "Y3 Y4"], "W", colour="R")
    assert not any(str(a).startswith("jump") for a in wild.legal_actions(2))
    plain = vrig(OFFICIAL, ["B1 B2", "G1 G2", "R5 Y2", "Y3 Y4"], "R5")
    with pytest.raises(IllegalAction, match="Jumping in is not a rule"):
        plain.apply(2, jump_in(c("R5")))


def test_h3_jumping_in_with_the_second_to_last_card_calls_uno_with_it() -> None:
    """H3 with O7: a jump-in down to one card carries the UNO call, said as the card goes down,
    so nobody can catch the jumper in between; a jump without the call is caught as before."""
    rules = OFFICIAL.with_house_rules("jump_in")
    hands = ["B1 B2", "G1 G2", "R5 Y2", "Y3 Y4"]
    game = vrig(rules, hands, "R5")
    calling = jump_in(c("R5"), uno=True)
    assert {jump_in(c("R5")), calling} <= set(game.legal_actions(2))
    assert str(calling) == "jump R5 uno" and parse_action("jump R5 uno") == calling
    events = game.apply(2, calling)
    assert events[:3] == [JumpedIn(2), UnoCalled(2), CardPlayed(2, c("R5"))]
    assert game.hands[2] == cards("Y2") and game.uno_catchable is None and game.current == 3
    assert all(CATCH not in game.legal_actions(seat) for seat in range(4))
    with pytest.raises(IllegalAction, match="Nobody can be caught"):
        game.apply(3, CATCH)
    assert game.log[-1] == (2, "jump R5 uno")
    # The player who jumps in without the call is left on one card without UNO, as before.
    forgot = vrig(rules, hands, "R5")
    forgot.apply(2, jump_in(c("R5")))
    assert forgot.uno_catchable == 2
    assert UnoCaught(3, 2) in forgot.apply(3, CATCH) and len(forgot.hands[2]) == 3
    # With more cards there is no UNO to call: the call is neither offered nor taken.
    more = vrig(rules, ["B1 B2", "G1 G2", "R5 Y2 Y5", "Y3 Y4"], "R5")
    assert calling not in more.legal_actions(2) and jump_in(c("R5")) in more.legal_actions(2)
    with pytest.raises(IllegalAction, match="second-to-last"):
        more.apply(2, calling)
    assert len(more.hands[2]) == 3 and more.current == 0


def test_h3_no_jump_in_on_a_pending_penalty() -> None:
    """H3 with H1: a stacked penalty is answered by its victim, not jumped."""
    rules = OFFICIAL.with_house_rules("jump_in", "stacking")
    game = vrig(rules, ["RD B1", "G1 G2", "RD Y2", "Y3 Y4"], "R3")
    game.apply(0, play(c("RD")))
    assert jump_in(c("RD")) not in game.legal_actions(2)


# ---------------------------------------------------------------- H4 draw to match, H5 forced play


def test_h4_a_player_draws_until_a_card_can_be_played() -> None:
    """H4: the player draws until they can play."""
    rules = OFFICIAL.with_house_rules("draw_to_match")
    game = vrig(rules, ["B5 B6", "G1 G2", "Y1 Y2"], "R3", draw="B1 G7 R9 Y5")
    events = game.apply(0, DRAW)
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert drawn.cards == tuple(cards("B1 G7 R9")) and drawn.reason is DrawReason.DRAW_TO_MATCH
    assert game.drawn_card == c("R9") and game.current == 0
    assert game.legal_actions(0)[:2] == [play(c("R9")), PASS]


def test_h5_a_drawn_card_that_can_be_played_must_be_played() -> None:
    """H5: forced play: no pass after drawing a playable card."""
    rules = OFFICIAL.with_house_rules("forced_play")
    game = vrig(rules, ["B5 B6", "G1 G2", "Y1 Y2"], "R3", draw="R9")
    game.apply(0, DRAW)
    assert PASS not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="so it must be played"):
        game.apply(0, PASS)
    game.apply(0, play(c("R9")))
    assert game.current == 1


def test_h4_with_h5_draws_to_a_card_that_is_then_played() -> None:
    """H4 and H5 together are fine: draw until a card plays, then play it."""
    rules = OFFICIAL.with_house_rules("draw_to_match", "forced_play")
    game = vrig(rules, ["B5 B6", "G1 G2", "Y1 Y2"], "R3", draw="G8 R9")
    game.apply(0, DRAW)
    assert [str(a) for a in game.legal_actions(0)] == ["play R9", "leave"]


def test_h4_and_h5_are_refused_where_the_drawn_card_waits() -> None:
    """H4/H5 make no sense with C3 or T5, where a drawn card waits for the next turn."""
    for rules in (CLASSIC, TWIST):
        for name in ("draw_to_match", "forced_play"):
            with pytest.raises(IllegalAction, match="waits"):
                rules.with_house_rules(name)


# ---------------------------------------------------------------- H6 no bluffing


def test_h6_no_wild_draw_four_while_holding_the_colour_and_no_challenge() -> None:
    """H6: Wild Draw Four follows O3 strictly and there is no challenge."""
    rules = OFFICIAL.with_house_rules("no_bluffing")
    holding = vrig(rules, ["W4 R1 B2", "G1 G2", "Y1 Y2"], "R3")
    assert "play W4" not in plays(holding, 0)
    with pytest.raises(IllegalAction, match="No bluffing: a Wild Draw Four goes only"):
        holding.apply(0, play(c("W4")))
    game = vrig(rules, ["W4 B1 B2", "G1 G2", "Y1 Y2"], "R3")
    game.apply(0, play(c("W4")))
    game.apply(0, choose(Colour.BLUE))
    assert CHALLENGE not in game.legal_actions(1) and ACCEPT not in game.legal_actions(1)
    assert len(game.hands[1]) == 6 and game.current == 2


def test_h6_is_refused_without_a_wild_draw_four_or_a_challenge_to_remove() -> None:
    """H6 makes no sense on twist (no Wild Draw Four) nor on classic (no challenge to drop)."""
    with pytest.raises(IllegalAction, match="twist has none"):
        TWIST.with_house_rules("no_bluffing")
    with pytest.raises(IllegalAction, match="already how these rules play"):
        CLASSIC.with_house_rules("no_bluffing")


# ---------------------------------------------------------------- options as data


def test_h_house_rules_are_off_by_default_and_named_in_the_ruleset() -> None:
    """H: all off by default; a ruleset reports the ones in force and explains them."""
    assert OFFICIAL.house_rules == () and OFFICIAL.options() == {}
    rules = OFFICIAL.with_house_rules("seven_o", "jump_in", "stacking")
    assert rules.house_rules == ("stacking", "seven_o", "jump_in")
    assert rules.options() != {} and rules.name == "official"
    text = " ".join(map(str, explain(rules)))
    assert "Seven-O" in text and "Jump-in" in text and "Stacking" in text
    assert "Seven-O" not in " ".join(map(str, explain(OFFICIAL)))


def test_h_unknown_or_conflicting_options_are_refused_with_the_reason() -> None:
    """H: a combination that makes no sense is refused with a reason a player can read."""
    with pytest.raises(IllegalAction, match="no house rule"):
        OFFICIAL.with_house_rules("chaos")
    with pytest.raises(IllegalAction, match="one kind of stacking"):
        OFFICIAL.with_house_rules("stacking", "stacking_wd4", "no_bluffing")
    with pytest.raises(IllegalAction, match="Twist already stacks"):
        TWIST.with_house_rules("stacking")
    with pytest.raises(IllegalAction, match="Classic stacking passes on"):
        OFFICIAL.with_house_rules("classic_stacking")
    with pytest.raises(IllegalAction, match="Unknown option"):
        OFFICIAL.with_options(colours=5)
    with pytest.raises(IllegalAction, match="takes true or false"):
        OFFICIAL.with_options(jump_in="yes")
    with pytest.raises(IllegalAction, match="twist rule"):
        OFFICIAL.with_options(teams="partners")


def test_h_every_house_rule_goes_on_the_official_rules() -> None:
    """H: every house rule is an option of the official rules (stacking Wild Draw Fours along
    with no bluffing)."""
    for name in HOUSE_RULES:
        if name == "classic_stacking":
            continue
        extra = ("no_bluffing",) if name == "stacking_wd4" else ()
        rules = ruleset_named("official").with_house_rules(name, *extra)
        assert name in rules.house_rules
        game, _ = UnoGame.new(rules, 3, seed=1)
        assert UnoGame.from_json(game.to_json()) == game
