"""Many random games end, and end well. The counts are the point; the timing lives in bench/."""

from __future__ import annotations

import random
from concurrent.futures import ProcessPoolExecutor

from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.ai import Player
from bot.games.uno.ai import RandomPlayer
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import OFFICIAL

# A game with a 1-point target ends with its first round: the shape rlcard and most toolkits
# call a game. Full games to 500 points are played too, fewer of them.
ONE_ROUND = OFFICIAL.with_target(1)
MOVE_LIMIT = 200_000


def play_to_the_end(game: UnoGame, players: list[Player]) -> int:
    moves = 0
    while game.phase is not Phase.FINISHED:
        seat = game.current
        game.apply(seat, players[seat].choose(game.view(seat)))
        moves += 1
        if moves > MOVE_LIMIT:
            raise AssertionError(f"game {game!r} did not end in {MOVE_LIMIT} moves")
    return moves


def play_batch(seeds: range) -> list[tuple[int, int, int]]:
    """(seed, winner, moves) for one-round random games of 2-10 players."""
    results = []
    for seed in seeds:
        players = 2 + seed % 9
        game, _ = UnoGame.new(ONE_ROUND, players, seed)
        agent = RandomPlayer(random.Random(seed))
        moves = play_to_the_end(game, [agent] * players)
        assert game.card_count == 108
        assert game.winner is not None and not game.hands[game.winner]
        results.append((seed, game.winner, moves))
    return results


def test_ten_thousand_random_games_of_two_to_ten_players_all_end() -> None:
    batches = [range(start, start + 1000) for start in range(0, 10_000, 1000)]
    with ProcessPoolExecutor(max_workers=2) as pool:
        results = [r for batch in pool.map(play_batch, batches) for r in batch]
    assert len(results) == 10_000
    assert {seed for seed, _, _ in results} == set(range(10_000))
    assert all(moves > 0 for _, _, moves in results)


def test_full_games_to_500_points_end_with_a_winner_at_the_target() -> None:
    for seed in range(60):
        players = 2 + seed % 9
        game, _ = UnoGame.new(OFFICIAL, players, seed)
        rng = random.Random(seed)
        agents: list[Player] = [
            HeuristicPlayer() if seat % 2 else RandomPlayer(rng) for seat in range(players)
        ]
        play_to_the_end(game, agents)
        assert game.winner is not None
        assert game.scores[game.winner] >= 500
        assert sorted(game.scores)[-2] < 500, "the game stops at the first player to reach 500"
        assert game.card_count == 108


def test_the_heuristic_player_beats_random_players_more_often_than_not() -> None:
    wins = 0
    for seed in range(300):
        game, _ = UnoGame.new(ONE_ROUND, 2, seed)
        play_to_the_end(game, [HeuristicPlayer(), RandomPlayer(random.Random(seed), eager=False)])
        wins += game.winner == 0
    assert wins > 150
