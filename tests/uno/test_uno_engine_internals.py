"""The engine's speed tricks keep the rules' meaning: cards built without `Card.of` (so not the
interned objects) are held, played and refused exactly like interned ones, draws take the
top cards in order whether or not the pile runs out, and the events whose __init__ is spelt out
are the frozen values every other event is."""

from __future__ import annotations

import pytest

from bot.games.errors import IllegalAction
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import PLAY_BY_CODE
from bot.games.uno.actions import Play
from bot.games.uno.actions import play
from bot.games.uno.cards import ALL_CARDS
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.cards import official_deck
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import DrawReason
from bot.games.uno.events import PileReshuffled
from bot.games.uno.playing_cards import ALL_PLAYING_CARDS
from bot.games.uno.playing_cards import AnyCard
from tests.uno.uno_rig import rig


def fresh(colour: Colour, face: Face) -> Card:
    card = Card(colour, face)
    assert card is not Card.of(colour, face) and card == Card.of(colour, face)
    return card


def test_o3_a_card_equal_to_a_held_one_is_played_from_the_hand() -> None:
    """O3: playing is about the card's value, not which Python object names it."""
    game = rig(["G2 R5 R5", "B1 B2"], "R9")
    events = game.apply(0, Play(fresh(Colour.RED, Face.FIVE)))
    assert [str(c) for c in game.hands[0]] == ["G2", "R5"]
    assert str(game.discard_top) == "R5"
    assert events[0] == CardPlayed(0, Card.of(Colour.RED, Face.FIVE))


def test_o3_a_held_card_built_without_card_of_can_be_played() -> None:
    """O3: a hand holding separately built cards still plays them, one copy at a time."""
    game = rig(["G2 R5 R5", "B1 B2"], "R9")
    game.hands[0] = [Card.of(Colour.GREEN, Face.TWO), fresh(Colour.RED, Face.FIVE)]
    game.hands[0].append(fresh(Colour.RED, Face.FIVE))
    game.apply(0, play(Card.of(Colour.RED, Face.FIVE)))
    assert [str(c) for c in game.hands[0]] == ["G2", "R5"]
    assert game.card_count == 108


def test_o3_a_card_not_held_is_refused_whichever_object_names_it() -> None:
    """O3: not holding the card is refused, and the game is unchanged."""
    game = rig(["R5 G2", "B1 B2"], "R9")
    before = game.to_json()
    with pytest.raises(IllegalAction, match="don't hold"):
        game.apply(0, Play(fresh(Colour.RED, Face.SIX)))
    assert game.to_json() == before


def test_o4_after_drawing_an_equal_copy_of_the_drawn_card_may_be_played() -> None:
    """O4: only the drawn card may be played, judged by its value."""
    game = rig(["G2 G3 R7", "B1 B2"], "R9", draw="R7")
    events = game.apply(0, DRAW)
    assert events == [CardsDrawn(0, (Card.of(Colour.RED, Face.SEVEN),), DrawReason.CHOSE_TO_DRAW)]
    game.apply(0, Play(fresh(Colour.RED, Face.SEVEN)))
    assert str(game.discard_top) == "R7"
    assert [str(c) for c in game.hands[0]] == ["G2", "G3", "R7"]


def test_o5_draw_two_takes_the_top_two_cards_top_first() -> None:
    """O5: the victim of a Draw Two takes the two top cards of the draw pile."""
    game = rig(["RD G3", "B1 B2"], "R9", draw="Y7 Y8 Y9")
    events = game.apply(0, play(Card.parse("RD")))
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert [str(c) for c in drawn.cards] == ["Y7", "Y8"]
    assert [str(c) for c in game.hands[1]] == ["B1", "B2", "Y7", "Y8"]
    assert str(game.draw_pile[-1]) == "Y9"


def test_o8_a_draw_that_empties_the_pile_goes_on_from_the_reshuffled_discards() -> None:
    """O8: one card left, two to draw: the last card, then one from the reshuffled discards."""
    game = rig(["RD G3", "B1 B2"], "R9", draw="Y7", discard_below="G1 G4")
    events = game.apply(0, play(Card.parse("RD")))
    reshuffled = [e for e in events if isinstance(e, PileReshuffled)]
    drawn = next(e for e in events if isinstance(e, CardsDrawn))
    assert len(reshuffled) == 1 and len(drawn.cards) == 2 and str(drawn.cards[0]) == "Y7"
    assert str(game.discard_top) == "RD" and len(game.discard) == 1
    assert game.card_count == 108


def test_o1_official_deck_is_a_fresh_list_each_time() -> None:
    """O1: each caller shuffles its own copy of the same 108 cards in the same order."""
    first = official_deck()
    expected = list(first)
    first.reverse()
    assert official_deck() == expected and len(expected) == 108


def test_the_facts_views_share_follow_a_state_set_by_hand() -> None:
    """What views share between moves (RoundFacts, TableFacts) is looked up by value: a state
    changed by hand shows in the next view at once, and the same values give the same object."""
    game = rig(["R5 G2", "B1 B2"], "R9")
    first = game.view(0)
    assert game.view(1).table_facts is first.table_facts
    assert game.view(1).round_facts is first.round_facts
    game.direction = -1
    game.uno_catchable = 1
    game.pending_draw = 2
    game.scores[1] = 40
    changed = game.view(0)
    assert (changed.direction, changed.uno_catchable, changed.pending_draw) == (-1, 1, 2)
    assert changed.play_on is None
    assert changed.scores == (0, 40)
    game.direction, game.uno_catchable, game.pending_draw = 1, None, 0
    game.scores[1] = 0
    again = game.view(0)
    assert (again.direction, again.uno_catchable, again.pending_draw, again.scores) == (1, None, 0, (0, 0))
    assert again.table_facts is first.table_facts
    assert again.round_facts == first.round_facts


def test_the_plays_offered_are_the_ones_play_hands_out() -> None:
    """legal_actions looks plays up by code: the same action objects `play` gives, for every
    card of both decks, and for a card built without `Card.of` too."""
    every: tuple[AnyCard, ...] = (*ALL_CARDS, *ALL_PLAYING_CARDS)
    for card in every:
        assert PLAY_BY_CODE[card.code] is play(card)
        assert PLAY_BY_CODE[card.code].card == card
    game = rig(["R5 G2", "B1 B2"], "R9")
    game.hands[0] = [fresh(Colour.RED, Face.FIVE), Card.of(Colour.GREEN, Face.TWO)]
    assert game.legal_actions(0)[0] is play(Card.of(Colour.RED, Face.FIVE))


@pytest.mark.parametrize("seat", [-1, 2, 99])
def test_a_view_of_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    """A seat past the end or a negative one is refused as `apply` refuses it, with words a
    player can read, before any hand is read (not an IndexError, not another seat's cards)."""
    game = rig(["R5 G2", "B1 B2"], "R9")
    with pytest.raises(IllegalAction, match="not at this table"):
        game.view(seat)
