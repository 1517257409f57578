"""Scoring and the end of a game as values: each ruleset's `Scoring` scores the round and names
the winner on time (O9-O10, C7, T8), and a finished game's `outcome` says who won and why."""

from __future__ import annotations

from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import LEAVE
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import CLASSIC
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.ruleset import TWIST
from bot.games.uno.scoring import ELIMINATION
from bot.games.uno.scoring import LOWEST_TOTAL
from bot.games.uno.scoring import POINTS_TO_TARGET
from bot.games.uno.scoring import EndReason
from bot.games.uno.scoring import Outcome


def play_out(game: UnoGame, call_time_at_round: int | None = None) -> None:
    agent = HeuristicPlayer()
    for _ in range(50_000):
        if game.is_over:
            return
        if call_time_at_round == game.round_number and not game.time_called:
            game.call_time()
            continue
        seat = game.current
        if game.phase is Phase.ROUND_OVER:
            game.apply(seat, DEAL_NEXT_ROUND)
        else:
            game.apply(seat, agent.choose(game.view(seat)))
    raise AssertionError("the game did not end")


def test_each_preset_has_its_scoring_and_its_label() -> None:
    assert OFFICIAL.scoring is POINTS_TO_TARGET and str(POINTS_TO_TARGET.target_label) == "Play to"
    assert CLASSIC.scoring is ELIMINATION and str(ELIMINATION.target_label) == "Out above"
    assert TWIST.scoring is LOWEST_TOTAL and str(LOWEST_TOTAL.target_label) == "Game ends at"


def test_o10_a_game_to_the_target_ends_with_the_target_reached() -> None:
    game, _ = UnoGame.new(OFFICIAL.with_target(200), 3, seed=5)
    assert game.outcome is None
    play_out(game)
    assert game.winner is not None
    assert game.outcome == Outcome(game.winner, None, (game.winner,), EndReason.TARGET)
    assert game.scores[game.winner] >= 200


def test_c7_an_elimination_game_ends_with_the_last_player_standing() -> None:
    game, _ = UnoGame.new(CLASSIC, 3, seed=11)
    play_out(game)
    outcome = game.outcome
    assert outcome is not None and outcome.reason is EndReason.LAST_STANDING
    assert game.active_seats == [outcome.winner]


def test_t8_a_game_whose_time_is_called_ends_on_time_by_team() -> None:
    game, _ = UnoGame.new(TWIST.with_options(teams="partners", time_limit=30), 4, seed=3)
    play_out(game, call_time_at_round=1)
    outcome = game.outcome
    assert outcome is not None and outcome.reason is EndReason.TIME
    assert outcome.team is not None and outcome.seats == game.team_members(outcome.team)
    totals = game.team_scores()
    assert totals[outcome.team] == min(totals)
    # The reason survives a save.
    assert UnoGame.from_json(game.to_json()).outcome == outcome


def test_a_game_left_to_one_player_ends_with_the_last_standing() -> None:
    game, _ = UnoGame.new(OFFICIAL, 3, seed=1)
    game.apply(0, LEAVE)
    game.apply(0, LEAVE)
    assert game.outcome == Outcome(0, None, (0,), EndReason.LAST_STANDING)
    assert UnoGame.from_json(game.to_json()).outcome == game.outcome
