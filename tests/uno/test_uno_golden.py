"""Golden games: seeded games whose whole trace is pinned by a hash.

The engine gets optimised from time to time; saved games and replays must stay valid through
that. Each golden game records, move by move, the acting seat's view, the action, the events it
produced (or the refusal it met) and, at the end, the game's JSON. The hashes were taken from the
engine before any optimisation: a change to the RNG call sequence, the order of the legal
actions, an event, an error message or the JSON breaks them.

The view enters the hash in a canonical form that does not depend on how `SeatView` prints:
each field by name with its value's repr, the hand sorted (the view's hand is in the order held;
presenters sort it). The hashes were re-pinned on this form when SeatView became an ordinary
dataclass, after a move-by-move dump of every game below (views field by field, actions, events,
final JSON) came out identical from the engine before and after that change.

The final JSON enters the hash with the random generator's whole state, as it was saved when the
hashes were taken: a game now saves the generator as the number of words it gave out since the
seed (bot/games/draws.py, SeededRandom), from which that very state is re-derived.
"""

from __future__ import annotations

import hashlib
import json
import random
from dataclasses import fields

from bot.games.errors import GameError
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import Action
from bot.games.uno.ai import HeuristicPlayer
from bot.games.uno.ai import Player
from bot.games.uno.ai import RandomPlayer
from bot.games.uno.game import Phase
from bot.games.uno.game import SeatView
from bot.games.uno.game import UnoGame
from bot.games.uno.game import card_sort_key
from bot.games.uno.ruleset import OFFICIAL
from bot.games.uno.view import RoundFacts
from bot.games.uno.view import TableFacts
from tests.uno.test_uno_properties import EVERY_ACTION

ONE_ROUND = OFFICIAL.with_target(1)
MOVE_LIMIT = 20_000


# Spelt out, so that a new field of the view enters the hash only by a deliberate change here.
VIEW_FIELDS = [
    "seat",
    "hand",
    "hand_counts",
    "discard_top",
    "colour",
    "current",
    "direction",
    "phase",
    "turn",
    "round_number",
    "dealer",
    "scores",
    "target_score",
    "draw_pile_size",
    "drawn_card",
    "uno_catchable",
    "legal",
    "teams",
    "team_scores",
    "pending_draw",
    "play_on",
    "eliminated",
]


def as_pinned(view: SeatView) -> str:
    """The view in the canonical form the hashes were taken on."""
    parts = []
    for name in VIEW_FIELDS:
        value = getattr(view, name)
        if name == "hand":
            value = tuple(sorted(value, key=card_sort_key))
        parts.append(f"{name}={value!r}")
    return "; ".join(parts)


def test_the_canonical_view_names_every_field() -> None:
    """Every field of the view, and every fact it reads through `round_facts` and `table_facts`."""
    shown = [f.name for f in fields(SeatView) if f.name not in ("round_facts", "table_facts")]
    shown += [f.name for f in fields(RoundFacts)] + [f.name for f in fields(TableFacts)]
    assert sorted(shown) == sorted(VIEW_FIELDS)


def pinned_json(game: UnoGame) -> bytes:
    """The game's JSON in the form the hashes were taken on: the generator's state whole."""
    data = game.to_json()
    restored = UnoGame.from_json(data).rng.getstate()
    assert restored == game.rng.getstate()  # what is saved re-derives the very state
    version, internal, gauss = restored
    data["rng"] = [version, list(internal), gauss]
    return json.dumps(data, sort_keys=True).encode()


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
    digest.update(pinned_json(game))
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
    digest.update(pinned_json(game))
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
            HeuristicPlayer() if seat % 2 else RandomPlayer(rng, eager=False) for seat in range(players)
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


# (moves, trace hash, hash of the deal's events), taken before the engine was optimised and
# re-pinned on the canonical view (see the module's docstring).
GOLDEN_ONE_ROUND = [
    (23, "48c815a2107958dd", "f5ed873e"),
    (20, "bfb6f7ab292c7de6", "eff9675b"),
    (69, "0c6ba91e5a08adf9", "14547b92"),
    (74, "770cabb662e46a84", "409c7a04"),
    (45, "a7743412a27dff20", "b515fd61"),
    (100, "7ba52fa27c2bca19", "623b3322"),
    (113, "c94adb0910d5ef2e", "8f51b4a3"),
    (95, "dbbc5f2b8999af7c", "68f05667"),
    (185, "dde1f43e92573b48", "39f7433d"),
]
GOLDEN_FULL = [
    (108, "15350108e34491ca"),
    (232, "aeaf528f8f6805f2"),
    (262, "0b99d071bd93276a"),
    (270, "e6d83d469a29da2a"),
]
GOLDEN_CHAOS = [
    (751, "876f8c3da6e4fd88"),
    (1728, "64568bda575d7841"),
    (2577, "4e9c3ee0534a40a2"),
    (2105, "6e0ce999264ac247"),
    # Re-pinned when a Wild Draw Four's victim came to draw four even though its player left
    # before the challenge (the decisions on leaving): at move 269 of this game the offender
    # leaves; every move before it, and every other golden game, is unchanged.
    (1345, "e33a7f771babf588"),
    (2377, "586a11ce562e75db"),
]
