"""Invariants of the UNO engine under random legal play (hypothesis)."""

from __future__ import annotations

import json
import random

from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.errors import MalformedAction
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import Action
from bot.games.uno.actions import parse_action
from bot.games.uno.actions import play
from bot.games.uno.cards import ALL_CARDS
from bot.games.uno.game import COLOUR_CHOICES
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import OFFICIAL
from tests.uno.uno_rig import random_play

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
    random_play(game, random.Random(chooser), steps=300, check_every=7)


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
    random_play(game, random.Random(chooser), steps=400)
    replayed = UnoGame.replay(ruleset, players, seed, game.log)
    assert replayed == game
    restored = UnoGame.from_json(json.loads(json.dumps(game.to_json())))
    assert restored == game
    # A restored game goes on exactly like the original.
    rng_a, rng_b = random.Random(chooser + 1), random.Random(chooser + 1)
    random_play(game, rng_a, steps=50)
    random_play(restored, rng_b, steps=50)
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
    from bot.games.uno.playing_cards import parse_card
    from bot.games.uno.playing_cards import parse_colour

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
