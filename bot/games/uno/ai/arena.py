"""Computer players playing a whole game against each other: the property tests and the ladder
(`bench/ai.py`) both use it. Each seat gets its own view and its own public history, fed from
the events the game returns; after every move the seats not in turn may react (call UNO, catch,
jump in), in an order drawn from the arena's own generator."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field

from bot.games.uno.actions import Action
from bot.games.uno.ai import ComputerPlayer
from bot.games.uno.ai.history import HistoryRecorder
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import Ruleset

MOVE_LIMIT = 50_000


@dataclass(slots=True)
class GameResult:
    winners: tuple[int, ...]
    moves: int
    rounds: int
    # Seconds per decision, by seat.
    times: list[list[float]] = field(default_factory=list)


def play_game(
    ruleset: Ruleset,
    players: Sequence[ComputerPlayer],
    seed: int,
    *,
    check: Callable[[UnoGame, int, Action], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> GameResult:
    """Play a game to its end; `check(game, seat, action)` is called before each action."""
    game, events = UnoGame.new(ruleset, len(players), seed)
    recorders = [HistoryRecorder(seat, ruleset) for seat in range(len(players))]
    for recorder in recorders:
        recorder.observe(events)
    order = random.Random(seed ^ 0x5EED)
    times: list[list[float]] = [[] for _ in players]
    moves = 0
    rounds = 1
    react_possible = ruleset.jump_in
    while game.phase is not Phase.FINISHED:
        if moves > MOVE_LIMIT:
            raise RuntimeError(f"{game!r} did not end in {MOVE_LIMIT} moves")
        seat = game.current
        start = clock()
        action = players[seat].choose(game.view(seat), recorders[seat].history())
        times[seat].append(clock() - start)
        if check is not None:
            check(game, seat, action)
        if action.__class__.__name__ == "DealNextRound":
            rounds += 1
        events = game.apply(seat, action)
        moves += 1
        for recorder in recorders:
            recorder.observe(events)
        if react_possible or any(len(hand) == 1 for hand in game.hands):
            moves += _reactions(game, players, recorders, order, check)
    return GameResult(game.winners, moves, rounds, times)


def _reactions(
    game: UnoGame,
    players: Sequence[ComputerPlayer],
    recorders: list[HistoryRecorder],
    order: random.Random,
    check: Callable[[UnoGame, int, Action], None] | None,
) -> int:
    """Each seat not in turn may act once, in a random order, while the game is still on."""
    seats = [s for s in range(game.seat_count) if s != game.current]
    order.shuffle(seats)
    acted = 0
    for seat in seats:
        if game.phase is Phase.FINISHED or seat >= game.seat_count:
            break
        view = game.view(seat)
        if len(view.legal) <= 1:
            continue
        action = players[seat].react(view, recorders[seat].history())
        if action is None:
            continue
        if check is not None:
            check(game, seat, action)
        events = game.apply(seat, action)
        acted += 1
        for recorder in recorders:
            recorder.observe(events)
    return acted
