"""Invariants of the UNO engine under random legal play (hypothesis)."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.errors import MalformedAction
from bot.games.uno.actions import (
    ACCEPT,
    CALL_UNO,
    CATCH,
    CHALLENGE,
    DEAL_NEXT_ROUND,
    DRAW,
    LEAVE,
    PASS,
    Action,
    parse_action,
    play,
)
from bot.games.uno.cards import ALL_CARDS, official_deck
from bot.games.uno.game import COLOUR_CHOICES, Phase, UnoGame
from bot.games.uno.ruleset import OFFICIAL
from tests.uno.uno_rig import assert_refuses_everything_not_offered

EVERY_ACTION: tuple[Action, ...] = (
    *(play(card) for card in ALL_CARDS),
    DRAW,
    PASS,
    *COLOUR_CHOICES,
    CALL_UNO,
    CATCH,
    CHALLENGE,
    ACCEPT,
    DEAL_NEXT_ROUND,
    LEAVE,
)
FULL_DECK = Counter(official_deck())


def all_cards(game: UnoGame) -> Counter[object]:
    counts: Counter[object] = Counter(game.draw_pile)
    counts.update(game.discard)
    for hand in game.hands:
        counts.update(hand)
    return counts


def pick_seat(game: UnoGame, rng: random.Random) -> int:
    """Mostly the seat whose turn it is; sometimes someone acting out of turn (UNO, Catch)."""
    if rng.random() < 0.8:
        return game.current
    return rng.randrange(game.seat_count)


def random_play(
    game: UnoGame, rng: random.Random, steps: int, check_refusals: bool, leave_rate: float = 0.01
) -> None:
    for step in range(steps):
        if game.is_over:
            return
        seat = pick_seat(game, rng)
        legal = game.legal_actions(seat)
        if check_refusals and step % 7 == 0:
            assert_refuses_everything_not_offered(game, seat, legal, EVERY_ACTION)
        choices = [a for a in legal if a is not LEAVE]
        if leave_rate and rng.random() < leave_rate and game.seat_count > 2:
            choices = [LEAVE]
        if not choices:
            continue
        events = game.apply(seat, rng.choice(choices))
        assert events, "every accepted action reports what happened"
        assert all_cards(game) == FULL_DECK, "a card was created or lost"
        assert_consistent(game)


def assert_consistent(game: UnoGame) -> None:
    assert 0 <= game.current < game.seat_count
    assert game.direction in (1, -1)
    assert game.discard, "the discard pile always has a top card"
    if game.phase is not Phase.AWAITING_COLOUR and game.phase not in (Phase.ROUND_OVER, Phase.FINISHED):
        assert game.colour is not None, "a colour is in force whenever play goes on"
    if game.drawn_card is not None:
        assert game.drawn_card in game.hands[game.current]
    if game.uno_catchable is not None:
        assert len(game.hands[game.uno_catchable]) == 1
    if game.phase in (Phase.PLAYING, Phase.AWAITING_COLOUR, Phase.AWAITING_CHALLENGE):
        assert all(game.hands), "nobody holds zero cards while the round goes on"
    assert game.legal_actions(game.current) or game.phase is Phase.FINISHED


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    chooser=st.integers(0, 2**32 - 1),
)
def test_random_legal_play_conserves_cards_and_accepts_exactly_what_is_offered(
    seed: int, players: int, chooser: int
) -> None:
    game, _ = UnoGame.new(OFFICIAL.with_target(150), players, seed)
    random_play(game, random.Random(chooser), steps=300, check_refusals=True)


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    chooser=st.integers(0, 2**32 - 1),
)
def test_seed_and_action_log_replay_and_json_restore_equal_the_original(
    seed: int, players: int, chooser: int
) -> None:
    ruleset = OFFICIAL.with_target(100)
    game, _ = UnoGame.new(ruleset, players, seed)
    random_play(game, random.Random(chooser), steps=400, check_refusals=False)
    replayed = UnoGame.replay(ruleset, players, seed, game.log)
    assert replayed == game
    restored = UnoGame.from_json(json.loads(json.dumps(game.to_json())))
    assert restored == game
    # A restored game goes on exactly like the original.
    rng_a, rng_b = random.Random(chooser + 1), random.Random(chooser + 1)
    random_play(game, rng_a, steps=50, check_refusals=False)
    random_play(restored, rng_b, steps=50, check_refusals=False)
    assert restored == game


def test_every_action_round_trips_through_its_string() -> None:
    for action in EVERY_ACTION:
        text = str(action)
        assert parse_action(text) == action
        assert ":" not in text and len(text) <= 12


@given(st.text(max_size=12))
def test_unreadable_action_strings_are_refused_with_a_typed_error(text: str) -> None:
    try:
        action = parse_action(text)
    except MalformedAction as error:
        assert str(error)
    else:
        assert action in EVERY_ACTION


def test_a_refusal_of_pasted_text_quotes_only_its_start_and_fits_a_discord_message() -> None:
    """`/uno play` takes up to 6,000 typed characters; a refusal quoting them all would not fit
    the 2,000 characters of the private reply that carries it."""
    from bot.games.uno.playing_cards import parse_card, parse_colour

    pasted = "Q" * 5_000
    for parse, text in (
        (parse_card, pasted),
        (parse_colour, pasted),
        (parse_action, pasted),
        (parse_action, "play " + pasted),
        (parse_action, "colour " + pasted),
    ):
        try:
            parse(text)
        except MalformedAction as error:
            message = str(error)
        else:
            raise AssertionError(f"{text[:20]}… was read")
        assert "`QQQ" in message and len(message) < 300
