"""The duel (rule P2) against a perfect player: two open hands, the player at seat 0, the bot at
seat 1. The starter plays any card; then each plays a card of their own that matches the card
just played. Whoever cannot play on their turn loses, an empty hand included: the last player
to play a card wins. The bot's moves are the solver's perfect moves.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot.games.actions import RESIGN
from bot.games.actions import Resign
from bot.games.errors import CorruptState
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.puzzles.actions import Action
from bot.games.puzzles.actions import PlayCard
from bot.games.puzzles.chain import cards_of
from bot.games.puzzles.chain import check_follows
from bot.games.saved import ComparedBySave
from bot.games.saved import reading_save
from bot.games.solver import Card
from bot.games.solver import perfect_duel_move
from bot.games.solver import solve_duel
from bot.games.solver.cards import card_text
from bot.games.solver.cards import matches
from bot.games.solver.cards import real_deck_number_cards
from bot.i18n.text import text

FORMAT = 1
PLAYER, BOT = 0, 1
HAND_SIZES = range(1, 39)  # two hands from the 76 number cards


@dataclass(frozen=True, slots=True)
class DuelCardPlayed:
    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class DuelWon:
    """`seat` won: the other seat could not play (`resigned`: gave up instead)."""

    seat: int
    resigned: bool = False


DuelEvent = DuelCardPlayed | DuelWon


class DuelGame(ComparedBySave):
    """A duel in progress. The bot answers inside `apply`, so between two calls it is always the
    player's turn or the duel is over."""

    def __init__(
        self,
        hands: tuple[tuple[Card, ...], tuple[Card, ...]],
        *,
        starter: int,
        seed: int = 0,
        played: tuple[tuple[int, Card], ...] = (),
        winner: int | None = None,
        resigned: bool = False,
    ) -> None:
        if starter not in (PLAYER, BOT):
            raise CorruptState(f"no seat {starter}")  # not shown to players
        self.hands = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
        self.starter = starter
        self.seed = seed
        self.played: list[tuple[int, Card]] = list(played)
        self.winner = winner
        self.resigned = resigned
        for seat in (PLAYER, BOT):
            left = Counter(self.hands[seat])
            left.subtract(card for who, card in self.played if who == seat)
            if any(count < 0 for count in left.values()):
                raise CorruptState("A saved duel plays cards its hands do not hold.")  # not shown to players
        for turn, (seat, card) in enumerate(self.played):
            if seat != (starter if turn % 2 == 0 else 1 - starter):
                raise CorruptState("A saved duel has a seat playing out of turn.")  # not shown to players
            if turn and not matches(self.played[turn - 1][1], card):
                raise CorruptState(
                    f"{card} cannot follow {self.played[turn - 1][1]} "  # not shown to players
                    "in a saved duel."
                )
        if winner not in (None, PLAYER, BOT):
            raise CorruptState(f"no seat {winner}")  # not shown to players
        # Who can force a win from the deal, for the player: said at the start.
        opening = solve_duel(self.hands[starter], self.hands[1 - starter])
        self.player_could_win = opening.first_player_wins == (starter == PLAYER)

    @classmethod
    def new(cls, seed: int, size: int = 7, *, player_starts: bool = True) -> DuelGame:
        """Deal `size` cards each from the shuffled number cards; the bot opens when the player
        does not start."""
        if size not in HAND_SIZES:
            raise IllegalAction(
                text(
                    "Each hand holds {low} to {high} cards in a duel.",
                    low=HAND_SIZES.start,
                    high=HAND_SIZES.stop - 1,
                )
            )
        deck = list(real_deck_number_cards())
        random.Random(seed).shuffle(deck)
        game = cls(
            (tuple(deck[:size]), tuple(deck[size : 2 * size])),
            starter=PLAYER if player_starts else BOT,
            seed=seed,
        )
        game._bot_turn()
        return game

    # ------------------------------------------------------------------ queries

    def hand(self, seat: int) -> tuple[Card, ...]:
        left = Counter(self.hands[seat])
        left.subtract(card for who, card in self.played if who == seat)
        return tuple(sorted(left.elements()))

    @property
    def last(self) -> Card | None:
        return self.played[-1][1] if self.played else None

    @property
    def to_move(self) -> int:
        return self.starter if len(self.played) % 2 == 0 else 1 - self.starter

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def won(self) -> bool:
        return self.winner == PLAYER

    def legal_cards(self, seat: int = PLAYER) -> tuple[Card, ...]:
        if self.is_over or seat != self.to_move:
            return ()
        last = self.last
        return tuple(sorted({c for c in self.hand(seat) if last is None or matches(last, c)}))

    def mover_wins(self) -> bool:
        """The player to move can force a win from here (perfect play on both sides)."""
        return perfect_duel_move([self.hand(0), self.hand(1)], self.to_move, self.last).mover_wins

    def legal_actions(self) -> list[Action]:
        if self.is_over:
            return []
        actions: list[Action] = [PlayCard(card) for card in self.legal_cards()]
        return [*actions, RESIGN]

    # ------------------------------------------------------------------ changes

    def apply(self, action: Action) -> list[DuelEvent]:
        """The player's move, then the bot's answer (and the end, when someone cannot play)."""
        if self.is_over:
            raise GameOver(text("This duel is over."))
        if isinstance(action, Resign):
            self.winner, self.resigned = BOT, True
            return [DuelWon(BOT, resigned=True)]
        if not isinstance(action, PlayCard):
            raise IllegalAction(
                text("`{action}` is not a duel move: play a card or give up.", action=str(action))
            )
        if action.card not in self.hand(PLAYER):
            raise IllegalAction(text("{card} is not in your hand.", card=card_text(action.card)))
        check_follows(self.last, action.card)
        self.played.append((PLAYER, action.card))
        return [DuelCardPlayed(PLAYER, action.card), *self._bot_turn()]

    def _bot_turn(self) -> list[DuelEvent]:
        """If it is the bot's turn: its perfect move, or its loss; then the player's loss if they
        have no answer."""
        events: list[DuelEvent] = []
        if self.to_move == BOT:
            move = perfect_duel_move([self.hand(PLAYER), self.hand(BOT)], BOT, self.last)
            if move.card is None:
                self.winner = PLAYER
                return [DuelWon(PLAYER)]
            self.played.append((BOT, move.card))
            events.append(DuelCardPlayed(BOT, move.card))
        if not self.legal_cards(PLAYER):
            self.winner = BOT
            events.append(DuelWon(BOT))
        return events

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "hands": [[[c.colour, c.number] for c in hand] for hand in self.hands],
            "starter": self.starter,
            "seed": self.seed,
            "played": [[seat, card.colour, card.number] for seat, card in self.played],
            "winner": self.winner,
            "resigned": self.resigned,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> DuelGame:
        with reading_save(data, FORMAT, "duel"):
            played = []
            for seat, colour, number in data["played"]:
                if seat not in (PLAYER, BOT):
                    raise ValueError(f"no seat {seat}")
                played.append((int(seat), cards_of([[colour, number]])[0]))
            winner = data["winner"]
            first, second = data["hands"]
            return cls(
                (cards_of(first), cards_of(second)),
                starter=int(data["starter"]),
                seed=int(data["seed"]),
                played=tuple(played),
                winner=None if winner is None else int(winner),
                resigned=bool(data["resigned"]),
            )
