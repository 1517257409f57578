"""Invariants of every ruleset and every house-rule combination under random play: no card is
created or lost (108 UNO cards, 216 for twist's four decks), exactly the offered actions are
accepted, and a game replays from its seed and log and restores from JSON to an equal game.
Tables with a time limit (T8) have time called at random moments too."""

from __future__ import annotations

import contextlib
import itertools
import json
import random

import pytest
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st

from bot.games.errors import IllegalAction
from bot.games.uno.actions import parse_action
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import HOUSE_RULES
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import RULESETS
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import Ruleset
from tests.uno.uno_rig import every_action
from tests.uno.uno_rig import random_play


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


def players_for(ruleset: Ruleset, wanted: int) -> int:
    """A seat count the ruleset takes, near `wanted`."""
    if ruleset.teams == "partners":
        return max(4, wanted - wanted % 2)
    if ruleset.teams.isdigit():
        teams = int(ruleset.teams)
        per_team = max(2, wanted // teams)
        if teams % 2 and per_team % 2:
            per_team -= 1  # T7: an even number of players
        return teams * per_team
    return max(ruleset.min_players, min(wanted, ruleset.max_players))


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
