"""What a computer player may know besides its view: the public history of the round.

The engine's events include two that carry cards only one seat may see: `CardsDrawn` (the cards
are the drawer's) and `ChallengeResolved` (the offender's hand is shown to the challenger). A
`HistoryRecorder` keeps one seat's copy of the events: those two become `HiddenDraw` (a count)
or `OwnDraw` (the seat's own cards) and `ChallengeOutcome` (no hand), and every other event,
none of which carries a card that was not face up on the table, is kept as it is. The type
`PublicEvent` leaves `CardsDrawn` and `ChallengeResolved` out, so a player's code cannot be
handed them without mypy refusing it.

The history covers the round in play: it restarts at each `RoundStarted`. Seats move down when
a seat leaves (`SeatLeft`); the recorder follows its own seat, and the events keep the numbers
they were made with, as the engine's do.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import DrawReason
from bot.games.uno.events import Event
from bot.games.uno.events import OpenEvent
from bot.games.uno.events import RoundStarted
from bot.games.uno.events import SeatLeft
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class HiddenDraw:
    """Another seat drew `count` cards: everyone sees how many, nobody but them which."""

    seat: int
    count: int
    reason: DrawReason


@dataclass(frozen=True, slots=True)
class OwnDraw:
    """The history's own seat drew these cards."""

    seat: int
    cards: tuple[AnyCard, ...]
    reason: DrawReason


@dataclass(frozen=True, slots=True)
class ChallengeOutcome:
    """A Wild Draw Four was challenged (O6): everyone learns the verdict, not the hand."""

    challenger: int
    offender: int
    guilty: bool


PublicEvent = OpenEvent | HiddenDraw | OwnDraw | ChallengeOutcome


@dataclass(frozen=True, slots=True)
class PublicHistory:
    """One seat's record of the round so far, and the table's rules (public at any table).

    `complete` is False when the record did not start with the round (a computer player that
    took over a seat mid-round): the player then knows less about the discard pile.
    """

    seat: int
    ruleset: Ruleset
    events: tuple[PublicEvent, ...]
    complete: bool = True


def public_event(seat: int, event: Event) -> PublicEvent:
    """`event` as `seat` may know it."""
    if isinstance(event, CardsDrawn):
        if event.seat == seat:
            return OwnDraw(event.seat, event.cards, event.reason)
        return HiddenDraw(event.seat, len(event.cards), event.reason)
    if isinstance(event, ChallengeResolved):
        return ChallengeOutcome(event.challenger, event.offender, event.guilty)
    return event


class HistoryRecorder:
    """Keeps `seat`'s public history: feed it every event the game returns, in order."""

    def __init__(self, seat: int, ruleset: Ruleset, *, complete: bool = True) -> None:
        self.seat = seat
        self.ruleset = ruleset
        self._events: list[PublicEvent] = []
        self._complete = complete
        self._cached: PublicHistory | None = None

    def observe(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, RoundStarted):
                self._events = []
                self._complete = True
            elif isinstance(event, SeatLeft) and event.seat < self.seat:
                self.seat -= 1
            self._events.append(public_event(self.seat, event))
        self._cached = None

    def history(self) -> PublicHistory:
        if self._cached is None:
            self._cached = PublicHistory(self.seat, self.ruleset, tuple(self._events), self._complete)
        return self._cached
