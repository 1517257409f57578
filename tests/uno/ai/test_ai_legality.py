"""Computer players of every level, under every ruleset and house-rule combination, choose only
actions `legal_actions` offers the seat they play, in random games that all end."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from bot.games.uno.actions import Action
from bot.games.uno.ai import LEVELS
from bot.games.uno.ai import ComputerPlayer
from bot.games.uno.ai import EasyPlayer
from bot.games.uno.ai import HardPlayer
from bot.games.uno.ai import NormalPlayer
from bot.games.uno.ai import RlcardRulePlayer
from bot.games.uno.ai.arena import play_game
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.ruleset import Ruleset
from tests.uno.test_uno_variant_properties import COMBINATIONS
from tests.uno.test_uno_variant_properties import players_for


def cheap_hard(seed: int) -> HardPlayer:
    """The hard player with the smallest search (one round of guesses, rollouts cut after a few
    moves), which takes the same paths as the full one."""
    return HardPlayer(seed, rollouts=12, move_budget=0, rollout_moves=4)


def cheap_players(seats: int, seed: int) -> list[ComputerPlayer]:
    """One of each level around the table, the hard player searching as little as it can."""
    makers = [
        lambda s: EasyPlayer(s),
        lambda s: NormalPlayer(s),
        cheap_hard,
        lambda s: RlcardRulePlayer(s),
    ]
    return [makers[(seat + seed) % len(makers)](seed * 31 + seat) for seat in range(seats)]


def only_legal(game: UnoGame, seat: int, action: Action) -> None:
    offered = game.legal_actions(seat)
    assert action in offered, f"seat {seat} chose {action} of {offered} in {game!r}"


def play_checked(ruleset: Ruleset, players: Sequence[ComputerPlayer], seed: int) -> None:
    result = play_game(ruleset, players, seed, check=only_legal)
    assert result.winners and result.moves > 0


# Rounds per ruleset and house-rule combination: over a hundred combinations, thousands of games.
GAMES_PER_COMBINATION = 20


@pytest.mark.slow
@pytest.mark.parametrize("index", range(len(COMBINATIONS)))
def test_every_level_plays_only_offered_actions_under_every_combination(index: int) -> None:
    """Each combination at every table size from two to ten seats (as its teams allow), each
    level in turn at every seat."""
    ruleset = COMBINATIONS[index].with_target(1)
    for game in range(GAMES_PER_COMBINATION):
        seats = players_for(ruleset, 2 + (index + game) % 9)
        play_checked(ruleset, cheap_players(seats, index * 37 + game), index * 1000 + game)


@pytest.mark.parametrize(
    ("ruleset", "seats"),
    [
        (OFFICIAL.with_target(150), 3),
        (CLASSIC.with_target(60), 3),
        (TWIST.with_options(teams="partners").with_target(120), 4),
        (OFFICIAL.with_house_rules("seven_o", "jump_in", "stacking").with_target(150), 4),
    ],
)
def test_whole_games_of_several_rounds_end(ruleset: Ruleset, seats: int) -> None:
    for seed in range(3):
        result = play_game(ruleset, cheap_players(seats, seed), seed, check=only_legal)
        assert result.winners
        assert result.rounds >= 1


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_alone_at_a_table_of_its_own_kind(level: str) -> None:
    """Every seat the same level: nobody to lean on for the moves it does not make."""
    from bot.games.uno.ai import computer_player

    for seed, ruleset in enumerate((OFFICIAL.with_target(1), TWIST.with_target(1))):
        seats = 3
        players = [computer_player(level, seed * 10 + seat) for seat in range(seats)]
        if level == "hard":
            players = [cheap_hard(seed * 10 + s) for s in range(seats)]
        play_checked(ruleset, players, seed)
