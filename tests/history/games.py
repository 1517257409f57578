"""Finished games played quickly through the engine, recorded as a table records them."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import LEAVE
from bot.games.uno.ai import RandomPlayer
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.games.uno.ruleset import HOUSE_RULES
from bot.sessions.table import TableSettings
from bot.store import GameRecord
from bot.store import SeatResult


@dataclass(frozen=True, slots=True)
class Played:
    record: GameRecord
    seats: list[SeatResult]


def random_settings(rng: random.Random, ruleset: str) -> TableSettings:
    """`ruleset` with a few house rules it accepts, a low target so games stay short, and now
    and then a time limit."""
    settings = TableSettings().with_ruleset(ruleset).with_option("target_score", rng.choice([50, 100]))
    names = [name for name in HOUSE_RULES if rng.random() < 0.3]
    for name in names:
        try:
            settings = settings.with_house_rules([*_house_rules_of(settings), name])
        except Exception:  # a combination the ruleset refuses: leave that rule out
            continue
    if ruleset == "twist" and rng.random() < 0.5:
        settings = settings.with_option("teams", "partners")
    if rng.random() < 0.2:
        settings = settings.with_option("time_limit", 30)
    return settings


def _house_rules_of(settings: TableSettings) -> list[str]:
    return [
        name
        for name, (_, options) in HOUSE_RULES.items()
        if all(settings.options.get(k) == v for k, v in options.items())
    ]


def play_game(seed: int, settings: TableSettings, players: int) -> Played:
    """A game played to its end by random players from `seed`: some leave, time may be called.
    Recorded the way `bot.sessions.persistence` records a table: seats still there first, then
    those who left; the seating at the deal in those result seats."""
    rng = random.Random(seed)
    game, _ = UnoGame.new(settings.rules(), players, seed)
    mover = RandomPlayer(rng)
    seated = list(range(players))  # seat at the deal of each engine seat
    departed: list[tuple[int, int]] = []
    for _ in range(20_000):
        if game.is_over:
            break
        if settings.time_limit and not game.time_called and rng.random() < 0.005:
            game.call_time()
            continue
        if game.phase is Phase.ROUND_OVER:
            game.apply(game.current, DEAL_NEXT_ROUND)
            continue
        if len(seated) > game.ruleset.min_players and rng.random() < 0.003:
            seat = rng.randrange(len(seated))
            departed.append((seated[seat], game.scores[seat]))
            game.apply(seat, LEAVE)
            seated.pop(seat)
            continue
        seat = _acting_seat(game)
        game.apply(seat, mover.choose(game.view(seat)))
    assert game.is_over, f"seed {seed}: not over"
    winners = set(game.winners)
    results = [
        SeatResult(
            user_id=100 + start,
            display_name=f"p{start}",
            seat=seat,
            points=game.scores[seat],
            won=seat in winners,
        )
        for seat, start in enumerate(seated)
    ]
    results += [
        SeatResult(
            user_id=100 + start, display_name=f"p{start}", seat=len(seated) + i, points=points, won=False
        )
        for i, (start, points) in enumerate(departed)
    ]
    result_seat = {result.user_id - 100: result.seat for result in results}
    record = GameRecord(
        seed=seed,
        rules={
            "ruleset": settings.ruleset,
            "target_score": settings.target_score,
            "options": settings.options,
        },
        log={
            "seating": [result_seat[start] for start in range(players)],
            "moves": [list(m) for m in game.log],
        },
        rounds=game.round_number,
        seat_count=players,
    )
    return Played(record, results)


def _acting_seat(game: UnoGame) -> int:
    """Who must act: the seat in turn, or whoever owes an answer (a challenge, a swap)."""
    for seat in [game.current, *range(game.seat_count)]:
        if game.legal_actions(seat):
            return seat
    raise AssertionError("nobody can act")
