"""Builds UNO positions for rule tests, keeping all 108 cards in play; and the random play and
invariants the property tests share."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable

from bot.games.errors import GameError
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import jump_in
from bot.games.uno.actions import play
from bot.games.uno.actions import swap_with
from bot.games.uno.cards import ALL_CARDS
from bot.games.uno.cards import Card
from bot.games.uno.cards import Colour
from bot.games.uno.cards import official_deck
from bot.games.uno.game import COLOUR_CHOICES
from bot.games.uno.game import SUIT_CHOICES
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import ALL_PLAYING_CARDS
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import playing_card_deck
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import Ruleset


def cards(codes: str) -> list[Card]:
    return [Card.parse(code) for code in codes.split()]


def rig(
    hands: list[str],
    top: str,
    *,
    colour: str | None = None,
    current: int = 0,
    direction: int = 1,
    draw: str = "",
    discard_below: str = "",
    ruleset: Ruleset = OFFICIAL,
    seed: int = 0,
) -> UnoGame:
    """A game in mid-round: the given hands, discard top and the next cards to draw (`draw`,
    first card drawn first). Every other card of the deck lies under them in the draw pile,
    unless `discard_below` is given, in which case the draw pile holds only `draw`.
    """
    game = UnoGame(ruleset, len(hands), seed)
    game.hands = [cards(h) for h in hands]
    top_card = Card.parse(top)
    upcoming = cards(draw)
    below = cards(discard_below)
    rest = Counter(official_deck())
    rest.subtract(Counter(c for h in game.hands for c in h))
    rest.subtract(Counter([top_card, *upcoming, *below]))
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"more copies than the deck holds: {[c for c, n in rest.items() if n < 0]}")
    others = sorted(rest.elements(), key=str)
    if discard_below:
        game.discard = [*below, *others, top_card]
        game.draw_pile = list(reversed(upcoming))
    else:
        game.discard = [top_card]
        game.draw_pile = others + list(reversed(upcoming))
    game.colour = Colour(colour) if colour else top_card.colour
    game.current = current
    game.direction = direction
    game.phase = Phase.PLAYING
    game.round_number = 1
    game.turn = 1
    assert game.card_count == 108
    return game


def assert_refuses_everything_not_offered(
    game: UnoGame, seat: int, legal: list[Action], actions: Iterable[Action]
) -> None:
    """Every action of `actions` that `legal` lacks is refused, with a reason, and leaves the game
    as it was."""
    before = game.to_json()
    for action in actions:
        if action in legal:
            continue
        try:
            game.apply(seat, action)
        except GameError as refusal:
            assert str(refusal), "a refusal says why"
        else:
            raise AssertionError(f"{action} was accepted for seat {seat} but not offered: {legal}")
    assert game.to_json() == before, "a refused action changed the game"


# ---------------------------------------------------------------- random play and invariants

SIMPLE = (DRAW, PASS, CALL_UNO, CATCH, CHALLENGE, ACCEPT, DEAL_NEXT_ROUND, LEAVE)


def every_action(ruleset: Ruleset) -> tuple[Action, ...]:
    """Every action a seat could send under `ruleset`, legal now or not."""
    deck: tuple[AnyCard, ...] = ALL_PLAYING_CARDS if ruleset.playing_cards else ALL_CARDS
    return (
        *(play(card) for card in deck),
        *(jump_in(card) for card in deck),
        *(jump_in(card, uno=True) for card in deck),
        *(swap_with(seat) for seat in range(11)),
        *COLOUR_CHOICES,
        *SUIT_CHOICES,
        *SIMPLE,
    )


def full_deck(ruleset: Ruleset) -> Counter[object]:
    deck = playing_card_deck(ruleset.decks) if ruleset.playing_cards else official_deck()
    return Counter(deck)


def all_cards(game: UnoGame) -> Counter[object]:
    counts: Counter[object] = Counter(game.draw_pile)
    counts.update(game.discard)
    for hand in game.hands:
        counts.update(hand)
    return counts


def random_play(
    game: UnoGame,
    rng: random.Random,
    steps: int,
    *,
    check_every: int = 0,
    leave_rate: float = 0.01,
) -> None:
    """Random legal moves, mostly by the seat in turn and sometimes out of turn (UNO, Catch,
    jumping in); now and then someone leaves, and a timed table (T8) has time called. Every
    `check_every` steps, every action not offered is checked to be refused. After each move
    no card was created or lost and the game is consistent."""
    deck = full_deck(game.ruleset)
    actions = every_action(game.ruleset)
    timed = bool(game.ruleset.time_limit)
    for step in range(steps):
        if game.is_over:
            return
        if timed and not game.time_called and rng.random() < 0.02:
            assert game.call_time(), "calling time reports it"
            assert all_cards(game) == deck
            assert_consistent(game)
            continue
        seat = game.current if rng.random() < 0.75 else rng.randrange(game.seat_count)
        legal = game.legal_actions(seat)
        if check_every and step % check_every == 0:
            assert_refuses_everything_not_offered(game, seat, legal, actions)
        choices = [a for a in legal if a is not LEAVE]
        if leave_rate and rng.random() < leave_rate and game.seat_count > 2:
            choices = [LEAVE]
        if not choices:
            continue
        events = game.apply(seat, rng.choice(choices))
        assert events, "every accepted action reports what happened"
        assert all_cards(game) == deck, "a card was created or lost"
        assert_consistent(game)


def assert_consistent(game: UnoGame) -> None:
    """What holds after every move, whatever the ruleset."""
    assert 0 <= game.current < game.seat_count
    assert game.direction in (1, -1)
    assert game.discard, "the discard pile always has a top card"
    assert game.pending_draw >= 0
    if game.pending_draw:
        assert game.ruleset.stack_answers, "a penalty waits only where penalties stack"
    playing = game.phase in (Phase.PLAYING, Phase.AWAITING_COLOUR, Phase.AWAITING_SWAP)
    if playing or game.phase is Phase.AWAITING_CHALLENGE:
        assert not game.eliminated[game.current], "an eliminated seat never has the turn"
        assert all(hand for seat, hand in enumerate(game.hands) if not game.eliminated[seat]), (
            "nobody still in holds zero cards while the round goes on"
        )
        assert not any(hand for seat, hand in enumerate(game.hands) if game.eliminated[seat])
        if game.phase is not Phase.AWAITING_COLOUR:
            assert game.colour is not None, "a colour is in force whenever play goes on"
    if game.drawn_card is not None:
        assert game.drawn_card in game.hands[game.current]
    if game.uno_catchable is not None:
        assert len(game.hands[game.uno_catchable]) == 1
    assert sorted(set(game.team_list)) == list(range(game.team_count))
    assert game.legal_actions(game.current) or game.phase is Phase.FINISHED
