"""Solitaire Uno (rule P1) as a game: the player builds one chain from a hand, card by card.

A chain is the order the cards are played in; a card may follow the one before it when colour or
number match, and the first card is free. The puzzle is solved when the chain holds every card.
Undo takes the last card back, Restart empties the chain, and giving up ends the puzzle unsolved.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import date
from typing import Any

from bot.games.actions import RESIGN
from bot.games.actions import UNDO
from bot.games.actions import Resign
from bot.games.actions import Undo
from bot.games.errors import CorruptState
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.puzzles.actions import RESTART
from bot.games.puzzles.actions import Action
from bot.games.puzzles.actions import PlayCard
from bot.games.puzzles.actions import Restart
from bot.games.saved import ComparedBySave
from bot.games.saved import reading_save
from bot.games.solver import Card
from bot.games.solver import solve_uno1
from bot.games.solver.cards import card_text
from bot.games.solver.cards import matches
from bot.i18n.text import text

FORMAT = 1


@dataclass(frozen=True, slots=True)
class CardPlayed:
    card: Card


@dataclass(frozen=True, slots=True)
class CardTakenBack:
    card: Card


@dataclass(frozen=True, slots=True)
class ChainCleared:
    cards: int


@dataclass(frozen=True, slots=True)
class PuzzleSolved:
    cards: int


@dataclass(frozen=True, slots=True)
class GaveUp:
    played: int


Event = CardPlayed | CardTakenBack | ChainCleared | PuzzleSolved | GaveUp


class ChainPuzzle(ComparedBySave):
    """One hand to play as a chain.

    `day` is the date of a daily puzzle (None for practice), `difficulty` the generator's word for
    it and `solutions` how many chains solve it as the generator counted them (capped; 0 when
    the hand was too big to count). `plays` counts every card put down, taken back or not.
    """

    def __init__(
        self,
        hand: tuple[Card, ...],
        *,
        day: date | None = None,
        difficulty: str = "",
        solutions: int = 0,
        chain: tuple[Card, ...] = (),
        given_up: bool = False,
        plays: int | None = None,
        undos: int = 0,
        restarts: int = 0,
    ) -> None:
        if not hand:
            raise CorruptState("A puzzle needs at least one card.")  # not shown to players
        self.hand = tuple(sorted(hand))
        self.day = day
        self.difficulty = difficulty
        self.solutions = solutions
        self.chain: list[Card] = list(chain)
        self.given_up = given_up
        self.plays = len(self.chain) if plays is None else plays
        self.undos = undos
        self.restarts = restarts
        left = Counter(self.hand)
        left.subtract(self.chain)
        if any(count < 0 for count in left.values()):
            raise CorruptState("The chain holds cards that are not in the hand.")  # not shown to players
        for before, after in zip(self.chain, self.chain[1:], strict=False):
            if not matches(before, after):
                raise CorruptState(
                    f"{after} cannot follow {before} in the saved chain."  # not shown to players
                )
        if min(self.plays, self.undos, self.restarts, self.solutions) < 0:
            raise CorruptState("A puzzle's counters cannot be negative.")  # not shown to players

    # ------------------------------------------------------------------ queries

    @property
    def left(self) -> tuple[Card, ...]:
        """The cards not yet in the chain, sorted, copies repeated."""
        remaining = Counter(self.hand)
        remaining.subtract(self.chain)
        return tuple(sorted(remaining.elements()))

    @property
    def last(self) -> Card | None:
        return self.chain[-1] if self.chain else None

    @property
    def won(self) -> bool:
        return len(self.chain) == len(self.hand)

    @property
    def is_over(self) -> bool:
        return self.won or self.given_up

    @property
    def stuck(self) -> bool:
        """Cards are left but none can follow: only Undo, Restart or giving up help."""
        return not self.is_over and not self.playable_cards()

    def playable_cards(self) -> tuple[Card, ...]:
        """The distinct cards that may come next (copies of a card are interchangeable)."""
        if self.is_over:
            return ()
        last = self.last
        return tuple(sorted({c for c in self.left if last is None or matches(last, c)}))

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        actions: list[Action] = [PlayCard(card) for card in self.playable_cards()]
        if self.chain:
            actions += [UNDO, RESTART]
        actions.append(RESIGN)
        return actions

    def solution(self) -> tuple[Card, ...]:
        """A chain that plays the whole hand (what a player who gives up is shown)."""
        answer = solve_uno1(self.hand)
        if answer.order is None:  # generated puzzles are always playable
            raise CorruptState("This hand cannot be played as one chain.")  # not shown to players
        return answer.order

    # ------------------------------------------------------------------ changes

    def apply(self, action: Action) -> list[Event]:
        """Validate fully, then change: a refused action leaves the puzzle as it was."""
        if self.is_over:
            raise GameOver(text("This puzzle is over."))
        if isinstance(action, PlayCard):
            if action.card not in self.left:
                raise IllegalAction(
                    text("{card} is not among the cards left to play.", card=card_text(action.card))
                )
            check_follows(self.last, action.card)
            self.chain.append(action.card)
            self.plays += 1
            events: list[Event] = [CardPlayed(action.card)]
            if self.won:
                events.append(PuzzleSolved(len(self.hand)))
            return events
        if isinstance(action, Undo):
            if not self.chain:
                raise IllegalAction(text("There is no card to take back yet."))
            self.undos += 1
            return [CardTakenBack(self.chain.pop())]
        if isinstance(action, Restart):
            if not self.chain:
                raise IllegalAction(text("The chain is already empty."))
            cleared = len(self.chain)
            self.chain.clear()
            self.restarts += 1
            return [ChainCleared(cleared)]
        if isinstance(action, Resign):
            self.given_up = True
            return [GaveUp(len(self.chain))]
        raise IllegalAction(text("`{action}` is not a puzzle move.", action=str(action)))

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "hand": [[c.colour, c.number] for c in self.hand],
            "chain": [[c.colour, c.number] for c in self.chain],
            "day": None if self.day is None else self.day.isoformat(),
            "difficulty": self.difficulty,
            "solutions": self.solutions,
            "given_up": self.given_up,
            "plays": self.plays,
            "undos": self.undos,
            "restarts": self.restarts,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ChainPuzzle:
        with reading_save(data, FORMAT, "puzzle"):
            day = data["day"]
            return cls(
                cards_of(data["hand"]),
                day=None if day is None else date.fromisoformat(day),
                difficulty=str(data["difficulty"]),
                solutions=int(data["solutions"]),
                chain=cards_of(data["chain"]),
                given_up=bool(data["given_up"]),
                plays=int(data["plays"]),
                undos=int(data["undos"]),
                restarts=int(data["restarts"]),
            )


def check_follows(last: Card | None, card: Card) -> None:
    """Refuse a card that shares neither colour nor number with the last one played."""
    if last is not None and not matches(last, card):
        raise IllegalAction(
            text(
                "{card} cannot follow {last}: it needs the same colour or number.",
                card=card_text(card),
                last=card_text(last),
            )
        )


def cards_of(pairs: Any) -> tuple[Card, ...]:
    """Cards from saved [colour, number] pairs; raise ValueError on anything else."""
    cards = []
    for pair in pairs:
        colour, number = (int(v) for v in pair)
        if colour < 0 or number < 0:
            raise ValueError(f"negative card {pair!r}")
        cards.append(Card(colour, number))
    return tuple(cards)
