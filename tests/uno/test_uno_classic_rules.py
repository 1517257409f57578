"""The seed-002 preset `classic`, C1-C8 of docs/rules.md, one or more tests each.

`vrig` (used by the house-rule and twist tests too) builds a mid-round position for any ruleset
with every card of its deck in play.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.games.errors import IllegalAction
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import choose
from bot.games.uno.actions import play
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Role
from bot.games.uno.cards import official_deck
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import DrawReason
from bot.games.uno.events import FirstCardReturned
from bot.games.uno.events import GameWon
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import PlayerEliminated
from bot.games.uno.events import RoundWon
from bot.games.uno.events import TurnSkipped
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import parse_card
from bot.games.uno.playing_cards import parse_colour
from bot.games.uno.playing_cards import playing_card_deck
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import Ruleset
from bot.games.uno.ruleset import ruleset_named


def cards(codes: str) -> list[AnyCard]:
    return [parse_card(code) for code in codes.split()]


def vrig(
    ruleset: Ruleset,
    hands: list[str],
    top: str,
    *,
    colour: str | None = None,
    current: int = 0,
    direction: int = 1,
    draw: str = "",
    below: str = "",
    pending: int = 0,
    seed: int = 0,
) -> UnoGame:
    """A game of `ruleset` in mid-round: the given hands, the discard top with `below` beneath
    it (bottom first), and the next cards to draw (`draw`, first card drawn first). Every other
    card of the deck lies under those in the draw pile."""
    game = UnoGame(ruleset, len(hands), seed)
    game.hands = [cards(h) for h in hands]
    top_card = parse_card(top)
    upcoming = cards(draw)
    beneath = cards(below)
    deck: list[AnyCard] = (
        list(playing_card_deck(ruleset.decks)) if ruleset.playing_cards else list(official_deck())
    )
    rest = Counter(deck)
    rest.subtract(Counter(c for h in game.hands for c in h))
    rest.subtract(Counter([top_card, *upcoming, *beneath]))
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more copies than the deck holds: {[c for c, n in rest.items() if n < 0]}")
    game.discard = [*beneath, top_card]
    game.draw_pile = sorted(rest.elements(), key=str) + list(reversed(upcoming))
    game.colour = parse_colour(colour) if colour else top_card.colour
    game.current = current
    game.direction = direction
    game.phase = Phase.PLAYING
    game.round_number = 1
    game.turn = 1
    game.pending_draw = pending
    assert game.card_count == ruleset.deck_size
    return game


def plays(game: UnoGame, seat: int) -> list[str]:
    return [str(a) for a in game.legal_actions(seat) if str(a).startswith("play")]


def c(code: str) -> AnyCard:
    return parse_card(code)


# ---------------------------------------------------------------- C1 deck, deal, first card


def test_c1_classic_is_registered_and_deals_seven_from_108() -> None:
    """C1: deck, players and deal as O1."""
    assert ruleset_named("classic") is CLASSIC
    game, _ = UnoGame.new(CLASSIC, 4, seed=3)
    assert game.card_count == 108
    assert [len(h) for h in game.hands] == [7, 7, 7, 7]


def test_c1_first_card_is_a_number_others_go_to_the_bottom() -> None:
    """C1: the first card turned must be a number card; any other goes to the bottom."""
    returned_somewhere = False
    for seed in range(40):
        game, events = UnoGame.new(CLASSIC, 3, seed)
        assert game.discard_top.role is Role.NUMBER
        assert game.current == (game.dealer + 1) % 3, "a number card has no effect"
        returned = [e.card for e in events if isinstance(e, FirstCardReturned)]
        if returned:
            returned_somewhere = True
            assert game.draw_pile[: len(returned)] == returned[::-1], "they lie at the bottom"
    assert returned_somewhere


# ---------------------------------------------------------------- C2 wilds


def test_c2_wild_only_when_no_other_card_can_be_played() -> None:
    """C2: Wild and Wild Draw Four may be played only when the player has no other legal card."""
    game = vrig(CLASSIC, ["R5 W W4 B9", "G1 G2", "Y1 Y2"], "R3")
    assert plays(game, 0) == ["play R5"]
    with pytest.raises(IllegalAction, match="no other card"):
        game.apply(0, play(c("W")))
    stuck = vrig(CLASSIC, ["B5 W W4 B9", "G1 G2", "Y1 Y2"], "R3")
    assert plays(stuck, 0) == ["play W", "play W4"]
    assert DRAW not in stuck.legal_actions(0)


def test_c2_wild_calls_a_colour_and_the_next_player_draws_one_and_is_skipped() -> None:
    """C2: Wild: the player calls a colour and the next player draws 1 and is skipped."""
    game = vrig(CLASSIC, ["W B9 B8", "G1 G2", "Y1 Y2"], "R3", draw="Y9")
    game.apply(0, play(c("W")))
    events = game.apply(0, choose(Colour.GREEN))
    assert game.colour is Colour.GREEN
    assert CardsDrawn(1, (c("Y9"),), DrawReason.WILD) in events
    assert TurnSkipped(1) in events and game.current == 2


def test_c2_wild_draw_four_makes_the_next_draw_four_without_a_challenge() -> None:
    """C2: Wild Draw Four: calls, next draws 4 and is skipped (no challenge in this preset)."""
    game = vrig(CLASSIC, ["W4 B9 B8", "G1 G2", "Y1 Y2"], "R3")
    game.apply(0, play(c("W4")))
    game.apply(0, choose(Colour.BLUE))
    assert len(game.hands[1]) == 6 and game.current == 2
    assert CHALLENGE not in game.legal_actions(1)


# ---------------------------------------------------------------- C3 drawing


def test_c3_a_player_who_cannot_play_draws_one_and_the_turn_passes() -> None:
    """C3: the drawn card waits for the next turn, even when it could be played."""
    game = vrig(CLASSIC, ["B5 B6", "G1 G2", "Y1 Y2"], "R3", draw="R7")
    game.apply(0, DRAW)
    assert game.current == 1 and game.drawn_card is None
    assert c("R7") in game.hands[0]


def test_c3_drawing_is_refused_when_a_card_can_be_played() -> None:
    """C3: only a player who cannot play draws."""
    game = vrig(CLASSIC, ["R5 B6", "G1 G2", "Y1 Y2"], "R3")
    assert DRAW not in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="so you may not draw"):
        game.apply(0, DRAW)


# ---------------------------------------------------------------- C4 two players


@pytest.mark.parametrize("card", ["RS", "RR"])
def test_c4_with_two_players_skip_and_reverse_have_no_effect(card: str) -> None:
    """C4: with two players Skip and Reverse have no effect: the other player plays next."""
    game = vrig(CLASSIC, [f"{card} B6 B7", "G1 G2"], "R3")
    game.apply(0, play(c(card)))
    assert game.current == 1 and game.direction == 1


# ---------------------------------------------------------------- C5 going out


@pytest.mark.parametrize("last", ["RS", "RD", "W", "W4"])
def test_c5_a_player_may_not_go_out_on_an_action_card_or_a_wild(last: str) -> None:
    """C5: a player may not go out on an action card or a Wild."""
    game = vrig(CLASSIC, [last, "G1 G2", "Y1 Y2"], "R3")
    assert plays(game, 0) == []
    assert DRAW in game.legal_actions(0)
    with pytest.raises(IllegalAction, match="may not go out on an action card"):
        game.apply(0, play(c(last)))


def test_c5_a_number_card_goes_out() -> None:
    """C5: a number card is a fine last card."""
    game = vrig(CLASSIC, ["R5", "G1 G2", "Y1 Y2"], "R3")
    events = game.apply(0, play(c("R5")))
    assert any(isinstance(e, RoundWon) for e in events)


# ---------------------------------------------------------------- C6 UNO


def test_c6_a_player_caught_without_uno_draws_two() -> None:
    """C6: UNO is called on the second-to-last card; a player caught draws 2."""
    game = vrig(CLASSIC, ["R5 R6", "G1 G2", "Y1 Y2"], "R3")
    game.apply(0, play(c("R5")))
    assert CATCH in game.legal_actions(2)
    game.apply(2, CATCH)
    assert len(game.hands[0]) == 3
    called = vrig(CLASSIC, ["R5 R6", "G1 G2", "Y1 Y2"], "R3")
    called.apply(0, CALL_UNO)
    called.apply(0, play(c("R5")))
    assert called.uno_catchable is None


# ---------------------------------------------------------------- C7 elimination scoring


def test_c7_others_add_their_own_hands_and_a_player_above_250_is_eliminated() -> None:
    """C7: each other player adds the value of their own hand; above the threshold is out."""
    game = vrig(CLASSIC, ["R5", "G1 W", "Y9 YS", "B2"], "R3")
    game.scores = [100, 200, 230, 249]
    events = game.apply(0, play(c("R5")))
    assert game.scores == [100, 251, 259, 251]
    assert [e.seat for e in events if isinstance(e, PlayerEliminated)] == [1, 2, 3]
    assert GameWon(0, (100, 251, 259, 251)) in events, "the last player standing wins"
    assert game.phase is Phase.FINISHED and game.winner == 0 and game.winners == (0,)


def test_c7_exactly_the_threshold_stays_in_and_eliminated_seats_are_passed_over() -> None:
    """C7: above 250 is out, 250 is not; the eliminated are dealt nothing and skipped."""
    game = vrig(CLASSIC, ["R5", "G1 W", "Y9 YS", "B4"], "R3")
    game.scores = [0, 199, 0, 248]
    events = game.apply(0, play(c("R5")))
    assert [e.seat for e in events if isinstance(e, PlayerEliminated)] == [3]
    assert game.scores[1] == 250 and game.phase is Phase.ROUND_OVER
    game.dealer = 2
    game.apply(1, DEAL_NEXT_ROUND)
    assert game.dealer == 0, "the deal passes over the eliminated seat"
    assert game.hands[3] == [] and [len(h) for h in game.hands[:3]] == [7, 7, 7]
    assert game.current == 1
    assert game.legal_actions(3) == game.legal_actions(3)[-1:], "the eliminated may only leave"
    seen: set[int] = set()
    for _ in range(30):
        if game.phase is not Phase.PLAYING:
            break
        seen.add(game.current)
        game.apply(game.current, HeuristicPlayer().choose(game.view(game.current)))
    assert 3 not in seen


def test_c7_a_classic_game_is_played_to_the_last_player_standing() -> None:
    """C7: a whole game of heuristic players: players are eliminated at 250 until one is left."""
    game, _ = UnoGame.new(CLASSIC, 4, seed=11)
    agent = HeuristicPlayer()
    eliminated: list[int] = []
    for _ in range(20_000):
        if game.is_over:
            break
        seat = game.current
        if game.phase is Phase.ROUND_OVER:
            events = game.apply(seat, DEAL_NEXT_ROUND)
        else:
            events = game.apply(seat, agent.choose(game.view(seat)))
        for event in events:
            if isinstance(event, PlayerEliminated):
                assert event.score > 250
                eliminated.append(event.seat)
    assert game.is_over and game.winner is not None
    assert sorted(eliminated) == [s for s in range(4) if s != game.winner]
    assert game.scores[game.winner] <= 250
    assert all(game.scores[s] > 250 for s in eliminated)


# ---------------------------------------------------------------- C8 optional stacking


def test_c8_draw_two_wild_and_wild_draw_four_stack_to_the_summed_penalty() -> None:
    """C8: Draw Two, then a Wild, then a Wild Draw Four: the next player draws 2 + 1 + 4."""
    rules = CLASSIC.with_house_rules("classic_stacking")
    game = vrig(rules, ["RD B1 B2", "W G1 G2", "W4 Y1 Y2", "RD B3 B4"], "R3")
    events = game.apply(0, play(c("RD")))
    assert PenaltyPending(1, 2) in events and game.current == 1
    assert plays(game, 1) == ["play W"]
    game.apply(1, play(c("W")))
    events = game.apply(1, choose(Colour.YELLOW))
    assert PenaltyPending(2, 3) in events
    game.apply(2, play(c("W4")))
    game.apply(2, choose(Colour.BLUE))
    assert game.pending_draw == 7 and game.current == 3
    assert plays(game, 3) == [], "a Draw Two may not follow a Wild Draw Four"
    events = game.apply(3, DRAW)
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert len(drawn.cards) == 7 and drawn.reason is DrawReason.STACKED
    assert game.current == 0 and game.pending_draw == 0


def test_c8_a_draw_two_may_not_follow_a_wild_and_a_wild_not_a_wild_draw_four() -> None:
    """C8: no Draw Two after a Wild or Wild Draw Four; no Wild after a Wild Draw Four."""
    rules = CLASSIC.with_house_rules("classic_stacking")
    after_wild = vrig(rules, ["G1", "RD GD W4", "Y1"], "W", colour="G", current=1, pending=1)
    assert plays(after_wild, 1) == ["play W4"]
    after_wd4 = vrig(rules, ["G1", "RD W W4", "Y1"], "W4", colour="G", current=1, pending=4)
    assert plays(after_wd4, 1) == ["play W4"]


def test_c8_is_off_by_default() -> None:
    """C8 is optional: without it a Draw Two hits at once."""
    game = vrig(CLASSIC, ["RD B1 B2", "GD G1 G2", "Y1 Y2"], "R3")
    game.apply(0, play(c("RD")))
    assert len(game.hands[1]) == 5 and game.current == 2


def test_c_classic_random_games_keep_every_card() -> None:
    """C1-C8 together: random legal play keeps the 108 cards."""
    rules = CLASSIC.with_house_rules("classic_stacking")
    for seed in range(3):
        game, _ = UnoGame.new(rules, 3 + seed, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.is_over:
                break
            game.apply(game.current, rng.choice(game.legal_actions(game.current)[:-1]))
            assert game.card_count == 108
