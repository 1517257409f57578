"""Invariants of every ruleset and every house-rule combination under random play: no card is
created or lost (108 UNO cards, 216 for twist's four decks), exactly the offered actions are
accepted, and a game replays from its seed and log and restores from JSON to an equal game.
Tables with a time limit (T8) have time called at random moments too."""

from __future__ import annotations

import contextlib
import itertools
import json
import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.games.errors import IllegalAction
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
    jump_in,
    parse_action,
    play,
    swap_with,
)
from bot.games.uno.cards import ALL_CARDS, official_deck
from bot.games.uno.game import COLOUR_CHOICES, SUIT_CHOICES, Phase, UnoGame
from bot.games.uno.playing_cards import ALL_PLAYING_CARDS, AnyCard, playing_card_deck
from bot.games.uno.ruleset import HOUSE_RULES, OFFICIAL, RULESETS, TWIST, Ruleset
from tests.uno.uno_rig import assert_refuses_everything_not_offered


def every_combination() -> list[Ruleset]:
    """Every preset with every combination of house rules it accepts, twist's team modes, and
    each preset (and twist's partners) with a time limit (T8)."""
    rulesets = []
    for preset in RULESETS.values():
        for size in range(len(HOUSE_RULES) + 1):
            for names in itertools.combinations(HOUSE_RULES, size):
                with contextlib.suppress(IllegalAction):
                    rulesets.append(preset.with_house_rules(*names))
    rulesets += [TWIST.with_options(teams=mode) for mode in ("partners", "2", "3")]
    rulesets += [preset.with_options(time_limit=30) for preset in RULESETS.values()]
    rulesets += [
        TWIST.with_options(teams="partners", time_limit=30),
        OFFICIAL.with_house_rules("jump_in", "seven_o").with_options(time_limit=30),
    ]
    return rulesets


COMBINATIONS = every_combination()
SIMPLE = (DRAW, PASS, CALL_UNO, CATCH, CHALLENGE, ACCEPT, DEAL_NEXT_ROUND, LEAVE)


def every_action(ruleset: Ruleset) -> tuple[Action, ...]:
    deck: tuple[AnyCard, ...] = ALL_PLAYING_CARDS if ruleset.playing_cards else ALL_CARDS
    return (
        *(play(card) for card in deck),
        *(jump_in(card) for card in deck),
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


def players_for(ruleset: Ruleset, wanted: int) -> int:
    """A seat count the ruleset takes, near `wanted`."""
    if ruleset.teams == "partners":
        return max(4, wanted - wanted % 2)
    if ruleset.teams.isdigit():
        teams = int(ruleset.teams)
        return teams * max(2, wanted // teams)
    return max(ruleset.min_players, min(wanted, ruleset.max_players))


def random_play(game: UnoGame, rng: random.Random, steps: int, check_every: int) -> None:
    deck = full_deck(game.ruleset)
    actions = every_action(game.ruleset)
    timed = bool(game.ruleset.time_limit)
    for step in range(steps):
        if game.is_over:
            return
        if timed and not game.time_called and rng.random() < 0.02:
            # T8: the table calls time, mid-round or between rounds.
            assert game.call_time(), "calling time reports it"
            assert all_cards(game) == deck
            assert_consistent(game)
            continue
        seat = game.current if rng.random() < 0.75 else rng.randrange(game.seat_count)
        legal = game.legal_actions(seat)
        if check_every and step % check_every == 0:
            assert_refuses_everything_not_offered(game, seat, legal, actions)
        choices = [a for a in legal if a is not LEAVE]
        if rng.random() < 0.01 and game.seat_count > 2:
            choices = [LEAVE]
        if not choices:
            continue
        events = game.apply(seat, rng.choice(choices))
        assert events, "every accepted action reports what happened"
        assert all_cards(game) == deck, "a card was created or lost"
        assert_consistent(game)


def assert_consistent(game: UnoGame) -> None:
    assert 0 <= game.current < game.seat_count
    assert game.discard and game.pending_draw >= 0
    if game.pending_draw:
        assert game.ruleset.stack_answers, "a penalty waits only where penalties stack"
    playing = game.phase in (Phase.PLAYING, Phase.AWAITING_COLOUR, Phase.AWAITING_SWAP)
    if playing or game.phase is Phase.AWAITING_CHALLENGE:
        assert not game.eliminated[game.current], "an eliminated seat never has the turn"
        assert all(hand for seat, hand in enumerate(game.hands) if not game.eliminated[seat])
        assert not any(hand for seat, hand in enumerate(game.hands) if game.eliminated[seat])
    if game.drawn_card is not None:
        assert game.drawn_card in game.hands[game.current]
    if game.uno_catchable is not None:
        assert len(game.hands[game.uno_catchable]) == 1
    assert sorted(set(game.team_list)) == list(range(game.team_count))
    assert game.legal_actions(game.current) or game.phase is Phase.FINISHED


def assert_replays_and_restores(game: UnoGame, players: int, seed: int) -> None:
    replayed = UnoGame.replay(game.ruleset, players, seed, game.log)
    assert replayed == game
    restored = UnoGame.from_json(json.loads(json.dumps(game.to_json())))
    assert restored == game
    rng_a, rng_b = random.Random(seed + 1), random.Random(seed + 1)
    random_play(game, rng_a, steps=40, check_every=0)
    random_play(restored, rng_b, steps=40, check_every=0)
    assert restored == game


@pytest.mark.parametrize("ruleset", COMBINATIONS, ids=lambda r: f"{r.name}:{r.options()}")
def test_every_ruleset_and_house_rule_combination_keeps_cards_offers_and_replays(
    ruleset: Ruleset,
) -> None:
    """Each combination once: cards conserved, offered = accepted, replay and JSON equal."""
    players = players_for(ruleset.with_target(150), 4)
    rules = ruleset.with_target(150)
    game, _ = UnoGame.new(rules, players, seed=len(ruleset.options()))
    random_play(game, random.Random(players), steps=160, check_every=12)
    assert_replays_and_restores(game, players, len(ruleset.options()))


@settings(max_examples=40, deadline=None)
@given(
    ruleset=st.sampled_from(COMBINATIONS),
    seed=st.integers(0, 2**32 - 1),
    players=st.integers(2, 10),
    chooser=st.integers(0, 2**32 - 1),
)
def test_random_play_under_any_ruleset_keeps_its_invariants(
    ruleset: Ruleset, seed: int, players: int, chooser: int
) -> None:
    rules = ruleset.with_target(120)
    seats = players_for(rules, players)
    game, _ = UnoGame.new(rules, seats, seed)
    random_play(game, random.Random(chooser), steps=300, check_every=25)
    assert_replays_and_restores(game, seats, seed)


def test_twist_four_decks_keep_216_cards_through_whole_games() -> None:
    """T1: 216 cards, whatever happens, through several rounds."""
    for teams in ("none", "partners"):
        game, _ = UnoGame.new(TWIST.with_options(teams=teams, target_score=400), 4, seed=9)
        random_play(game, random.Random(9), steps=1500, check_every=0)
        assert game.card_count == 216


def test_every_variant_action_round_trips_through_a_short_string() -> None:
    for ruleset in (OFFICIAL, TWIST):
        for action in every_action(ruleset):
            text = str(action)
            assert parse_action(text) == action
            assert ":" not in text and len(text) <= 12


def test_an_official_game_still_saves_exactly_the_fields_it_always_saved() -> None:
    """Backwards compatibility: an official save has no variant keys, and loads back."""
    game, _ = UnoGame.new(OFFICIAL.with_target(300), 3, seed=4)
    data = game.to_json()
    assert not {"options", "pending_draw", "eliminated", "teams", "winning_team"} & set(data)
    assert UnoGame.from_json(data) == game
