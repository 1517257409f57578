"""A finished game, move by move, recomputed from its seed and move log.

Nothing of a replay is stored but the seed, the rules and the engine's own log: the positions
are dealt and played again here, through the one rules path, so a replay shows exactly what
happened and cannot drift from it. Every hand is shown, since the game is over.
"""

from __future__ import annotations

from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass

from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import parse_action
from bot.games.uno.events import Event
from bot.games.uno.events import RoundStarted
from bot.games.uno.game import TABLE
from bot.games.uno.game import TIME_CALLED
from bot.games.uno.game import UnoGame
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Frame:
    """The table after one step: the deal (step 0), a seat's move, or time called.

    `seats[s]` is the seat at the deal of the engine's seat `s` at this step (a leaver's seat is
    gone from the engine, and the seats after it move down). `acted_by` is the acting seat as the
    engine numbered it then, None for the deal and for time called; `seats_before` names the
    engine's seats as they were when the step's events happened."""

    step: int
    acted_by: int | None
    action: str | None
    events: tuple[Event, ...]
    seats_before: tuple[int, ...]
    seats: tuple[int, ...]
    round_number: int
    hands: tuple[tuple[AnyCard, ...], ...]
    discard_top: AnyCard | None
    colour: AnyColour | None
    current: int | None
    scores: tuple[int, ...]
    over: bool
    # T8: time has been called; the game's end then reads as ending on time.
    time_called: bool


@dataclass(frozen=True, slots=True)
class Replay:
    ruleset: Ruleset
    seat_count: int
    frames: tuple[Frame, ...]
    final: UnoGame

    @property
    def rounds(self) -> tuple[int, ...]:
        """Each round's first frame (its deal), round by round."""
        return tuple(
            frame.step for frame in self.frames if any(isinstance(e, RoundStarted) for e in frame.events)
        )

    def final_scores(self) -> dict[int, int]:
        """The last scores of the seats still at the table, by their seat at the deal."""
        return {start: self.final.scores[seat] for seat, start in enumerate(self.frames[-1].seats)}

    def winners(self) -> tuple[int, ...]:
        """The winning seats, by their seat at the deal."""
        seats = self.frames[-1].seats
        return tuple(seats[seat] for seat in self.final.winners)


def replay(ruleset: Ruleset, seat_count: int, seed: int, moves: Iterable[Sequence[object]]) -> Replay:
    """Deal the game again from `seed` and apply each logged `(seat, action)`; time called is
    logged as the table's. Raises the engine's error if the log does not fit the game (a log
    written by other rules)."""
    game, events = UnoGame.new(ruleset, seat_count, seed)
    seats = tuple(range(seat_count))
    frames = [_frame(game, 0, None, None, events, seats, seats)]
    for step, (seat_value, text_value) in enumerate(moves, start=1):
        seat, text = int(str(seat_value)), str(text_value)
        before = seats
        if seat == TABLE and text == TIME_CALLED:
            events = game.call_time()
            frames.append(_frame(game, step, None, text, events, before, seats))
            continue
        action = parse_action(text)
        events = game.apply(seat, action)
        if action == LEAVE:
            seats = seats[:seat] + seats[seat + 1 :]
        frames.append(_frame(game, step, seat, text, events, before, seats))
    return Replay(ruleset, seat_count, tuple(frames), game)


def _frame(
    game: UnoGame,
    step: int,
    acted_by: int | None,
    action: str | None,
    events: Sequence[Event],
    seats_before: tuple[int, ...],
    seats: tuple[int, ...],
) -> Frame:
    over = game.is_over
    return Frame(
        step=step,
        acted_by=acted_by,
        action=action,
        events=tuple(events),
        seats_before=seats_before,
        seats=seats,
        round_number=game.round_number,
        hands=tuple(tuple(hand) for hand in game.hands),
        discard_top=game.discard[-1] if game.discard else None,
        colour=game.colour,
        current=None if over else game.current,
        scores=tuple(game.scores),
        over=over,
        time_called=game.time_called,
    )
