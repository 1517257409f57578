"""Golden games: seeded games whose whole trace is pinned by a hash.

The engine gets optimised from time to time; saved games and replays must stay valid through
that. Each golden game records, move by move, the acting seat's view, the action, the events it
produced (or the refusal it met) and, at the end, the game's JSON. The hashes were taken from the
engine before any optimisation: a change to the RNG call sequence, the order of the legal
actions, an event, an error message or the JSON breaks them.

The view's hand was sorted when the hashes were taken; it is now in the order held (presenters
sort it), so the trace sorts it the same way before hashing: what the seat knows is unchanged.
"""

from __future__ import annotations

import hashlib
import json
import random

from bot.games.errors import GameError
from bot.games.uno.actions import LEAVE, Action
from bot.games.uno.ai import HeuristicPlayer, Player, RandomPlayer
from bot.games.uno.game import Phase, SeatView, UnoGame, card_sort_key
from bot.games.uno.ruleset import OFFICIAL
from tests.uno.test_uno_properties import EVERY_ACTION

ONE_ROUND = OFFICIAL.with_target(1)
MOVE_LIMIT = 20_000


def as_pinned(view: SeatView) -> SeatView:
    """The view as it was when the hashes were taken: its hand sorted."""
    return view._replace(hand=tuple(sorted(view.hand, key=card_sort_key)))


def trace_agents(game: UnoGame, agents: list[Player]) -> tuple[int, str]:
    """Play to the end with one agent per seat; (moves, sha256 of the full trace)."""
    digest = hashlib.sha256()
    moves = 0
    while game.phase is not Phase.FINISHED and moves < MOVE_LIMIT:
        seat = game.current
        view = game.view(seat)
        action = agents[seat].choose(view)
        events = game.apply(seat, action)
        digest.update(repr((as_pinned(view), str(action), events)).encode())
        moves += 1
    digest.update(json.dumps(game.to_json(), sort_keys=True).encode())
    return moves, digest.hexdigest()


def trace_chaos(game: UnoGame, rng: random.Random, steps: int) -> tuple[int, str]:
    """Any seat acts, legally or not, now and then someone leaves: every path of `apply`."""
    digest = hashlib.sha256()
    moves = 0
    for _ in range(steps):
        if game.phase is Phase.FINISHED:
            break
        seat = game.current if rng.random() < 0.7 else rng.randrange(game.seat_count)
        view = game.view(seat)
        action: Action
        if rng.random() < 0.15:
            action = rng.choice(EVERY_ACTION)
        else:
            legal = [a for a in view.legal if a is not LEAVE] or list(view.legal)
            action = rng.choice(legal)
        if action is LEAVE and rng.random() < 0.995:
            continue
        try:
            outcome: object = game.apply(seat, action)
        except GameError as exc:
            outcome = (type(exc).__name__, str(exc))
        digest.update(repr((as_pinned(view), str(action), outcome)).encode())
        moves += 1
    digest.update(json.dumps(game.to_json(), sort_keys=True).encode())
    return moves, digest.hexdigest()


def test_golden_one_round_random_games() -> None:
    """The bench's shape of game: eager random players, one round, 2-10 seats."""
    results = []
    for seed in range(9):
        game, events = UnoGame.new(ONE_ROUND, 2 + seed, seed)
        agent = RandomPlayer(random.Random(seed))
        moves, digest = trace_agents(game, [agent] * (2 + seed))
        results.append((moves, digest[:16], hashlib.sha256(repr(events).encode()).hexdigest()[:8]))
    assert results == GOLDEN_ONE_ROUND


def test_golden_full_games_with_heuristic_and_patient_random_players() -> None:
    """Games to 500 points: many deals, challenges, UNO calls."""
    results = []
    for seed in range(4):
        players = 2 + 2 * seed
        game, _ = UnoGame.new(OFFICIAL, players, 100 + seed)
        rng = random.Random(seed)
        agents: list[Player] = [
            HeuristicPlayer() if seat % 2 else RandomPlayer(rng, eager=False)
            for seat in range(players)
        ]
        moves, digest = trace_agents(game, agents)
        results.append((moves, digest[:16]))
    assert results == GOLDEN_FULL


def test_golden_chaos_games_with_refusals_catches_and_leavers() -> None:
    results = []
    for seed in range(6):
        game, _ = UnoGame.new(OFFICIAL.with_target(200), 2 + seed, 200 + seed)
        moves, digest = trace_chaos(game, random.Random(seed), 3000)
        results.append((moves, digest[:16]))
    assert results == GOLDEN_CHAOS


def test_golden_replay_and_json_round_trip_of_a_chaos_game() -> None:
    game, _ = UnoGame.new(OFFICIAL, 5, 77)
    trace_chaos(game, random.Random(77), 1500)
    assert UnoGame.replay(OFFICIAL, 5, 77, game.log) == game
    assert UnoGame.from_json(game.to_json()) == game


# (moves, trace hash, hash of the deal's events), taken before the engine was optimised.
GOLDEN_ONE_ROUND = [
    (23, "254c35efea2e09d1", "f5ed873e"),
    (20, "aa71f81cdd4acf50", "eff9675b"),
    (69, "4db661741f2975f4", "14547b92"),
    (74, "56c45158d92408a3", "409c7a04"),
    (45, "40d0d84c831ae9c6", "b515fd61"),
    (100, "71d92fe5cce74bf1", "623b3322"),
    (113, "771f068c6d56f7c3", "8f51b4a3"),
    (95, "95ac530eb5163fe7", "68f05667"),
    (185, "27e34ea0ddee2437", "39f7433d"),
]
GOLDEN_FULL = [
    (108, "61c08a211d7be335"),
    (232, "052bf6f53d330507"),
    (262, "dd17d2717810fbcf"),
    (270, "b71d97d610b6efb3"),
]
GOLDEN_CHAOS = [
    (751, "636f7672177adbf8"),
    (1728, "113f78880ef643dd"),
    (2577, "a26ebe789dc59b89"),
    (2105, "79a2314b19bedd92"),
    (2095, "fc7ffaf93528d82a"),
    (2377, "b9d03e5ffd212015"),
]
