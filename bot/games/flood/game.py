"""Survive the Flood: one player, one deck, no opponents (F1-F15 of docs/rules.md).

A game is options and a seed (or an explicit deck order). Everything random comes from the one
`random.Random(seed)` the game owns, so a seed plus the action log replays to the same state.
Piles are lists whose top is the end of the list.
"""

from __future__ import annotations

import enum
import random
from bisect import insort
from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence
from itertools import groupby
from operator import attrgetter
from typing import Any
from typing import NamedTuple

from bot.games.actions import DRAW
from bot.games.actions import RESIGN
from bot.games.actions import Draw
from bot.games.actions import Resign
from bot.games.errors import CorruptState
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.flood.actions import Action
from bot.games.flood.actions import Bury
from bot.games.flood.actions import CallSuit
from bot.games.flood.actions import Play
from bot.games.flood.actions import bury
from bot.games.flood.actions import call
from bot.games.flood.actions import parse_action
from bot.games.flood.actions import play
from bot.games.flood.cards import Card
from bot.games.flood.cards import Role
from bot.games.flood.cards import Suit
from bot.games.flood.events import CardBuried
from bot.games.flood.events import CardPlayed
from bot.games.flood.events import CardsDrawn
from bot.games.flood.events import DrawReason
from bot.games.flood.events import DrawsSkipped
from bot.games.flood.events import Event
from bot.games.flood.events import GameEnded
from bot.games.flood.events import Outcome
from bot.games.flood.events import PenaltyOwed
from bot.games.flood.events import PileReshuffled
from bot.games.flood.events import RoundCompleted
from bot.games.flood.events import StarterTurned
from bot.games.flood.events import SuitCalled
from bot.games.flood.options import FloodOptions
from bot.games.saved import ComparedBySave
from bot.games.saved import card_codes
from bot.games.saved import reading_save
from bot.i18n.text import AllOf
from bot.i18n.text import AnyOf
from bot.i18n.text import counted
from bot.i18n.text import text

STATE_VERSION = 1
HAND_SIZE = 7
PENALTY_CARDS = 3


class Phase(enum.Enum):
    PLAYING = "playing"
    CALLING_SUIT = "calling a suit"
    BURYING = "paying a penalty"  # F14
    FINISHED = "finished"


class Asked(enum.Enum):
    """What the player is asked to do next. The message and the picture each word it their way."""

    CALL_SUIT = enum.auto()  # F5
    BURY = enum.auto()  # F14: `bury_left` more cards go under the top card
    PLAY_OR_DRAW = enum.auto()  # no play obliges the player (F6): drawing is free
    PLAY = enum.auto()
    DRAW = enum.auto()  # nothing can be played


def is_legal(card: Card, discard_top: Card, suit: Suit | None) -> bool:
    """F4: a Wild is always legal; any other card matches the suit in force, or the top's rank
    unless the top is a Wild (a Wild leaves only the called suit)."""
    return card.is_wild or card.suit is suit or (card.rank is discard_top.rank and not discard_top.is_wild)


card_sort_key = attrgetter("order")


def sorted_legal(
    ordered_hand: list[Card],
    reserve: Sequence[Card],
    discard_top: Card,
    suit: Suit | None,
    specials_first: bool,
) -> tuple[list[Card], bool]:
    """F4, F6, F10, F12: of a hand in hand order, the distinct cards that may be played (in that
    order), and whether one obliges the player to play (reserve cards never oblige). Copies of a
    card (neighbours in hand order) are skipped without a set."""
    legal: list[Card] = []
    last = -1
    for c in ordered_hand:
        if c.order != last and is_legal(c, discard_top, suit):
            legal.append(c)
            last = c.order
    obliged = bool(legal)
    if reserve:
        extra = {c for c in reserve if is_legal(c, discard_top, suit)}
        if extra:
            legal = sorted(extra.union(legal), key=card_sort_key)
    if specials_first:
        specials = [c for c in legal if c.is_special]
        if specials:
            return specials, obliged
    return legal, obliged


def group_by_suit(cards: Iterable[Card]) -> tuple[tuple[Suit | None, tuple[Card, ...]], ...]:
    """Cards sorted and grouped by suit; Wilds (whose suit never matters, F4) form the `None` group."""
    return _grouped(sorted(cards, key=card_sort_key))


def _grouped(ordered: Sequence[Card]) -> tuple[tuple[Suit | None, tuple[Card, ...]], ...]:
    # Sorted cards hold each suit together, wilds last: one pass of groupby suffices.
    return tuple((suit, tuple(group)) for suit, group in groupby(ordered, _group_of))


_group_of = attrgetter("group")


class FloodView(NamedTuple):
    """What the player may know: everything but the order of the draw pile."""

    options: FloodOptions
    discard_top: Card
    suit: Suit | None  # the suit in force; None while a Wild's suit is being called
    hand: tuple[Card, ...]  # in hand order: by suit, wilds last
    reserve: tuple[Card, ...]  # F10: easy and master only
    discard: tuple[Card, ...]  # the discard pile, bottom first: every card played and still seen
    rounds_done: int
    target: int
    draw_pile_size: int
    discard_size: int
    phase: Phase
    can_draw: bool
    obliged: bool  # F6: a play obliges the player (drawing then costs the F14 penalty, if allowed)
    bury_left: int
    outcome: Outcome | None
    legal: tuple[Action, ...]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON

    @property
    def asked(self) -> Asked:
        """What the player must do now; a finished game says so in its own words instead."""
        if self.phase is Phase.CALLING_SUIT:
            return Asked.CALL_SUIT
        if self.phase is Phase.BURYING:
            return Asked.BURY
        if any(isinstance(action, Play) for action in self.legal):
            return Asked.PLAY_OR_DRAW if self.can_draw and not self.obliged else Asked.PLAY
        return Asked.DRAW

    @property
    def hand_by_suit(self) -> tuple[tuple[Suit | None, tuple[Card, ...]], ...]:
        """The hand grouped by suit, wilds last; derived when a message shows it."""
        return _grouped(self.hand)


class FloodGame(ComparedBySave):
    """The whole state of one Survive the Flood game. Mutated only through `apply`."""

    def __init__(self, options: FloodOptions, seed: int) -> None:
        self.options = options
        self.seed = seed
        self.rng = random.Random(seed)
        self.reserve_specials = options.difficulty.specials_in_reserve
        self.specials_first = options.difficulty.specials_first
        self.hand: list[Card] = []  # in hand order (card_sort_key): a drawn card is put in its place
        self.reserve: list[Card] = []
        self.draw_pile: list[Card] = []
        self.discard: list[Card] = []
        self.suit: Suit | None = None
        self.phase = Phase.PLAYING
        self.rounds_done = 0
        # F12: a hard Wild Draw Four calls first; its four cards are drawn after the call, for
        # the reason they are owed (F3: the first card turned, or a Wild Draw Four played).
        self.draws_after_call = 0
        self.draws_after_call_reason = DrawReason.WILD_DRAW_FOUR
        self.bury_left = 0
        self.outcome: Outcome | None = None
        # The deck order a game was built from with `from_deck` (None: shuffled from the seed).
        self.stacked_deck: tuple[Card, ...] | None = None
        self.log: list[str] = []
        # The plays (and whether one obliges) of the last view: the next action is nearly always
        # chosen from it, so apply need not scan the hand again. Dropped by every change of state.
        self._offered: tuple[list[Card], bool] | None = None

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, options: FloodOptions, seed: int) -> tuple[FloodGame, list[Event]]:
        """A new game: the deck shuffled by the game's own RNG, then dealt (F3)."""
        game = cls(options, seed)
        deck = options.full_deck()
        game.rng.shuffle(deck)
        return game, game._deal(deck)

    @classmethod
    def from_deck(
        cls, options: FloodOptions, deck: Sequence[Card], seed: int = 0
    ) -> tuple[FloodGame, list[Event]]:
        """A game dealt from a chosen deck order: the first 7 cards are dealt to the player, the
        8th is the starter, the rest is the draw pile in the order it will be drawn. Reshuffles
        (F7) still come from `seed`. The deck must be exactly the options' deck."""
        if Counter(deck) != Counter(options.full_deck()):
            raise IllegalAction(
                "That deck order is not a full deck of the cards this game uses."  # not shown to players
            )
        game = cls(options, seed)
        game.stacked_deck = tuple(deck)
        return game, game._deal(list(deck))

    @classmethod
    def replay(
        cls,
        options: FloodOptions,
        seed: int,
        log: Iterable[str],
        deck: Sequence[Card] | None = None,
    ) -> FloodGame:
        game, _ = cls.new(options, seed) if deck is None else cls.from_deck(options, deck, seed)
        for line in log:
            game.apply(parse_action(line))
        return game

    def _deal(self, order: list[Card]) -> list[Event]:
        """F3: 7 cards to the player, 1 turned as the discard top, its effect on the player."""
        dealt = order[:HAND_SIZE]
        for card in dealt:
            self._take(card)
        starter = order[HAND_SIZE]
        self.draw_pile = order[:HAND_SIZE:-1]
        self.discard = [starter]
        events: list[Event] = [
            CardsDrawn(tuple(dealt), DrawReason.DEAL, self._to_reserve(dealt)),
            StarterTurned(starter),
        ]
        return events + self._take_effect(starter, starter=True)

    # ------------------------------------------------------------------ queries

    @property
    def discard_top(self) -> Card:
        return self.discard[-1]

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.FINISHED

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON

    def all_cards(self) -> Counter[Card]:
        counts = Counter(self.hand)
        counts.update(self.reserve)
        counts.update(self.draw_pile)
        counts.update(self.discard)
        return counts

    def is_legal(self, card: Card) -> bool:
        return is_legal(card, self.discard[-1], self.suit)

    def legal_plays(self) -> list[Card]:
        """F4 and F12: the distinct cards that may be played now, hand and reserve, in hand order."""
        return self._scan()[0]

    def obliged(self) -> bool:
        """F6: a legal play obliges the player to play. Reserve cards never oblige (F10)."""
        return self._scan()[1]

    def can_draw(self) -> bool:
        """F6, F14: drawing is allowed when no play obliges, or always with penalty draws on."""
        return self.phase is Phase.PLAYING and (self.options.penalty_draws or not self.obliged())

    def _scan(self) -> tuple[list[Card], bool]:
        """The legal plays and whether one obliges, in one pass (F4, F6, F10, F12)."""
        if self.phase is not Phase.PLAYING:
            return [], False
        return sorted_legal(self.hand, self.reserve, self.discard[-1], self.suit, self.specials_first)

    def buriable(self) -> list[Card]:
        """F14: the distinct cards that may go under the discard top next: in easy and master the
        (ordinary) hand; otherwise specials while any is held, then ordinary cards."""
        if self.phase is not Phase.BURYING:
            return []
        cards = list(dict.fromkeys(self.hand))  # the distinct cards, still in hand order
        specials = [c for c in cards if c.is_special]
        return specials or cards

    def legal_actions(self) -> list[Action]:
        return self._legal_actions(*self._scan())

    def _legal_actions(self, plays: list[Card], obliged: bool) -> list[Action]:
        phase = self.phase
        if phase is Phase.FINISHED:
            return []
        actions: list[Action]
        if phase is Phase.CALLING_SUIT:
            actions = [call(s) for s in self.options.suits]
        elif phase is Phase.BURYING:
            actions = [bury(c) for c in self.buriable()]
        else:
            actions = [play(c) for c in plays]
            if self.options.penalty_draws or not obliged:
                actions.append(DRAW)
        actions.append(RESIGN)
        return actions

    def view(self) -> FloodView:
        hand = self.hand
        phase = self.phase
        if phase is Phase.PLAYING:
            plays, obliged = sorted_legal(
                hand, self.reserve, self.discard[-1], self.suit, self.specials_first
            )
            legal: list[Action] = [play(c) for c in plays]
            can_draw = self.options.penalty_draws or not obliged
            if can_draw:
                legal.append(DRAW)
            legal.append(RESIGN)
            self._offered = plays, obliged
        else:
            obliged = can_draw = False
            legal = self._legal_actions([], False)
        return FloodView(
            self.options,
            self.discard[-1],
            self.suit,
            tuple(hand),
            tuple(sorted(self.reserve, key=card_sort_key)) if self.reserve else (),
            tuple(self.discard),
            self.rounds_done,
            self.options.target,
            len(self.draw_pile),
            len(self.discard),
            phase,
            can_draw,
            obliged,
            self.bury_left,
            self.outcome,
            tuple(legal),
        )

    # ------------------------------------------------------------------ actions

    def apply(self, action: Action) -> list[Event]:
        """Apply one action, or raise a typed error and leave the game unchanged."""
        if self.phase is Phase.FINISHED:
            raise GameOver(text("This game is over."))
        events: list[Event]
        if isinstance(action, Resign):
            events = [self._finish(Outcome.RESIGNED)]
        elif self.phase is Phase.CALLING_SUIT:
            if not isinstance(action, CallSuit):
                raise IllegalAction(
                    text("Call a colour for your wild card first.")
                    if self.options.has_colours
                    else text("Call a suit for your wild card first.")
                )
            events = self._call(action.suit)
        elif self.phase is Phase.BURYING:
            if not isinstance(action, Bury):
                raise IllegalAction(
                    counted(
                        "Pay the penalty first: put {count} more card under the top card.",
                        "Pay the penalty first: put {count} more cards under the top card.",
                        count=self.bury_left,
                    )
                )
            events = self._bury(action.card)
        elif isinstance(action, Play):
            events = self._play(action.card)
        elif isinstance(action, Draw):
            events = self._draw_by_choice()
        elif isinstance(action, CallSuit):
            raise IllegalAction(
                text("No colour is to be called now: that follows a wild card.")
                if self.options.has_colours
                else text("No suit is to be called now: that follows a wild card.")
            )
        elif isinstance(action, Bury):
            raise IllegalAction(text("No penalty is owed: there is nothing to put under the top card."))
        else:
            raise IllegalAction(text("`{action}` is not possible now.", action=str(action)))
        self._offered = None
        self.log.append(action.written)
        return events

    def _play(self, card: Card) -> list[Event]:
        self._check_play(card)
        from_reserve = card.is_special and self.reserve_specials
        (self.reserve if from_reserve else self.hand).remove(card)
        self.discard.append(card)
        events: list[Event] = [CardPlayed(card, from_reserve)]
        events += self._take_effect(card, starter=False)
        if self.draws_after_call:
            return events  # F12: the hand is judged once the call has drawn the four cards
        # Calling a suit cannot refill the hand, so a last Wild loses at once (F9).
        return events + self._lose_if_hand_empty()

    def _take_effect(self, card: Card, *, starter: bool) -> list[Event]:
        """F3, F5: what a card does to the player once it tops the discard pile, turned as the
        starter or played: the suit it sets, the cards it makes them draw, the call it asks for."""
        role = card.role
        if role is Role.ORDINARY:
            self.suit = card.suit
            return []
        if role is Role.DRAW_TWO:
            self.suit = card.suit
            return self._draw(2, DrawReason.STARTER if starter else DrawReason.DRAW_TWO)
        # A wild: the suit is called next, unless the Wild Draw Four's cards win the game first.
        self.suit = None
        self.phase = Phase.CALLING_SUIT
        if role is Role.WILD:
            return []
        reason = DrawReason.STARTER if starter else DrawReason.WILD_DRAW_FOUR
        if self.options.difficulty.calls_before_drawing:
            self.draws_after_call, self.draws_after_call_reason = 4, reason
            return []
        return self._draw(4, reason)

    def _check_play(self, card: Card) -> None:
        if self._offered is not None and card in self._offered[0]:
            return  # held, legal and allowed first: the last view offered it
        held = card in self.reserve if card.is_special and self.reserve_specials else card in self.hand
        if not held:
            raise IllegalAction(text("You don't hold a {card}.", card=card.said))
        if not self.is_legal(card):
            in_force = self.suit.said_lower if self.suit else text("to be called")
            if self.options.has_colours:
                raise IllegalAction(
                    text(
                        "A {card} does not go on the {top} (colour in force: {colour}): match the "
                        "colour, or the number or symbol of a card that is not wild.",
                        card=card.said,
                        top=self.discard[-1].said,
                        colour=in_force,
                    )
                )
            raise IllegalAction(
                text(
                    "A {card} does not go on the {top} (suit in force: {suit}): match the suit, "
                    "or the rank of a card that is not wild.",
                    card=card.said,
                    top=self.discard[-1].said,
                    suit=in_force,
                )
            )
        if self.specials_first and not card.is_special:
            special = self._legal_special()
            if special is not None:
                raise IllegalAction(
                    text(
                        "On hard, a special card that can be played must be played first: you "
                        "hold the {card}.",
                        card=special.said,
                    )
                )

    def _legal_special(self) -> Card | None:
        """F12: the first special card, in hand order, that may be played now."""
        top, suit = self.discard[-1], self.suit
        return next((c for c in self.hand if c.is_special and is_legal(c, top, suit)), None)

    def _call(self, suit: Suit) -> list[Event]:
        if suit not in self.options.suits:
            names = AnyOf(tuple(s.said_lower for s in self.options.suits))
            raise IllegalAction(
                text("{colour} is not a colour of this deck. Call {names}.", colour=suit.said, names=names)
                if self.options.has_colours
                else text("{suit} is not a suit of this deck. Call {names}.", suit=suit.said, names=names)
            )
        self.suit = suit
        self.phase = Phase.PLAYING
        events: list[Event] = [SuitCalled(suit)]
        if self.draws_after_call:
            count, reason = self.draws_after_call, self.draws_after_call_reason
            self.draws_after_call, self.draws_after_call_reason = 0, DrawReason.WILD_DRAW_FOUR
            events += self._draw(count, reason)
            events += self._lose_if_hand_empty()
        return events

    def _draw_by_choice(self) -> list[Event]:
        if self._offered is not None:
            obliged = self._offered[1]
        else:
            top, suit = self.discard[-1], self.suit
            obliged = any(is_legal(c, top, suit) for c in self.hand)
        if obliged and not self.options.penalty_draws:
            held = set(self.hand)
            plays = AllOf(tuple(c.said for c in self.legal_plays() if c in held))
            raise IllegalAction(
                text(
                    "You can play ({plays}), so you may not draw: drawing is allowed only when "
                    "no card in your hand can be played.",
                    plays=plays,
                )
            )
        if not self.draw_pile and len(self.discard) < 2:
            return [self._finish(Outcome.STALEMATE)]  # F7: a voluntary draw from nothing loses
        events = self._draw(1, DrawReason.CHOSE_TO_DRAW)
        if not obliged or self.phase is Phase.FINISHED:
            return events
        # F14: drawing while a play obliged costs 3 cards under the discard top.
        if self.reserve_specials and len(self.hand) <= PENALTY_CARDS:
            return [*events, self._finish(Outcome.PENALTY)]
        self.bury_left = min(PENALTY_CARDS, len(self.hand))
        self.phase = Phase.BURYING
        return [*events, PenaltyOwed(self.bury_left)]

    def _bury(self, card: Card) -> list[Event]:
        allowed = self.buriable()
        if card not in allowed:
            if card not in self.hand:
                raise IllegalAction(
                    text("You don't hold a {card} to put under the top card.", card=card.said)
                )
            raise IllegalAction(
                text(
                    "Special cards go under the top card first: put {cards} there.",
                    cards=AnyOf(tuple(c.said for c in allowed)),
                )
            )
        self.hand.remove(card)
        self.discard.insert(len(self.discard) - 1, card)
        self.bury_left -= 1
        events: list[Event] = [CardBuried(card)]
        if self.bury_left == 0:
            self.phase = Phase.PLAYING
            events += self._lose_if_hand_empty()
        return events

    # ------------------------------------------------------------------ mechanics

    def _take(self, card: Card) -> None:
        if card.is_special and self.reserve_specials:
            self.reserve.append(card)
        else:
            insort(self.hand, card, key=card_sort_key)

    def _to_reserve(self, cards: Sequence[Card]) -> tuple[Card, ...]:
        if not self.reserve_specials:
            return ()
        return tuple(c for c in cards if c.is_special)

    def _draw(self, count: int, reason: DrawReason) -> list[Event]:
        """Draw up to `count` cards one at a time: reshuffle when the pile is empty (F7), complete
        a round when its last card is drawn and win the instant the target is reached (F8)."""
        events: list[Event] = []
        batch: list[Card] = []
        for drawn in range(count):
            if not self.draw_pile:
                if len(self.discard) < 2:
                    self._drawn(batch, reason, events)
                    events.append(DrawsSkipped(count - drawn))
                    break
                top = self.discard.pop()
                self.draw_pile, self.discard = self.discard, [top]
                self.rng.shuffle(self.draw_pile)
                self._drawn(batch, reason, events)
                events.append(PileReshuffled(len(self.draw_pile)))
            card = self.draw_pile.pop()
            self._take(card)
            batch.append(card)
            if not self.draw_pile:
                self.rounds_done += 1
                self._drawn(batch, reason, events)
                events.append(RoundCompleted(self.rounds_done, self.options.target))
                if self.rounds_done >= self.options.target:
                    events.append(self._finish(Outcome.WON))
                    break
        self._drawn(batch, reason, events)
        return events

    def _drawn(self, batch: list[Card], reason: DrawReason, events: list[Event]) -> None:
        """Report the cards drawn since the last report, if any, and start a new batch."""
        if batch:
            events.append(CardsDrawn(tuple(batch), reason, self._to_reserve(batch)))
            batch.clear()

    def _lose_if_hand_empty(self) -> list[Event]:
        """F9: checked once a play (with its draws) or a penalty is fully resolved. The hand is
        the counted hand on every difficulty: in easy and master the specials sit in the reserve."""
        if self.phase is Phase.FINISHED or self.hand:
            return []
        return [self._finish(Outcome.EMPTY_HAND)]

    def _finish(self, outcome: Outcome) -> GameEnded:
        self.phase = Phase.FINISHED
        self.outcome = outcome
        self.draws_after_call, self.draws_after_call_reason = 0, DrawReason.WILD_DRAW_FOUR
        self.bury_left = 0
        return GameEnded(outcome, self.rounds_done, self.options.target)

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "v": STATE_VERSION,
            "options": self.options.to_json(),
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "hand": card_codes(self.hand),
            "reserve": card_codes(self.reserve),
            "draw_pile": card_codes(self.draw_pile),
            "discard": card_codes(self.discard),
            "suit": self.suit.value if self.suit else None,
            "phase": self.phase.value,
            "rounds_done": self.rounds_done,
            "draws_after_call": self.draws_after_call,
            "draws_after_call_reason": self.draws_after_call_reason.name,
            "bury_left": self.bury_left,
            "outcome": self.outcome.value if self.outcome else None,
            "stacked_deck": None if self.stacked_deck is None else card_codes(self.stacked_deck),
            "log": list(self.log),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> FloodGame:
        with reading_save(data, STATE_VERSION, "flood game", format_key="v"):  # not shown to players
            game = cls(FloodOptions.from_json(data["options"]), int(data["seed"]))
            version, internal, gauss = data["rng"]
            game.rng.setstate((version, tuple(internal), gauss))
            game.hand = sorted(_cards(data["hand"]), key=card_sort_key)
            game.reserve = _cards(data["reserve"])
            game.draw_pile = _cards(data["draw_pile"])
            game.discard = _cards(data["discard"])
            game.suit = Suit(data["suit"]) if data["suit"] else None
            game.phase = Phase(data["phase"])
            game.rounds_done = int(data["rounds_done"])
            game.draws_after_call = int(data["draws_after_call"])
            # Saved before the reason was kept: told as a Wild Draw Four played, as it was then.
            game.draws_after_call_reason = DrawReason[data.get("draws_after_call_reason", "WILD_DRAW_FOUR")]
            game.bury_left = int(data["bury_left"])
            game.outcome = Outcome(data["outcome"]) if data["outcome"] else None
            stacked = data["stacked_deck"]
            game.stacked_deck = None if stacked is None else tuple(_cards(stacked))
            game.log = [str(text) for text in data["log"]]
        game._check_consistent()
        return game

    def _check_consistent(self) -> None:
        if self.all_cards() != Counter(self.options.full_deck()):
            raise CorruptState(
                "The saved game's cards are not exactly the deck it is played with."  # not shown to players
            )
        if not self.discard:
            raise CorruptState("The saved game has no discard pile.")  # not shown to players
        if any(c.is_special != self.reserve_specials for c in self.reserve) or (
            self.reserve_specials and any(c.is_special for c in self.hand)
        ):
            raise CorruptState(
                "The saved game's reserve does not fit its difficulty."  # not shown to players
            )
        if self.suit is not None and self.suit not in self.options.suits:
            raise CorruptState(
                "The saved game's suit in force is not a suit of its deck."  # not shown to players
            )
        if (self.phase is Phase.FINISHED) != (self.outcome is not None):
            raise CorruptState("The saved game's phase and outcome disagree.")  # not shown to players
        if (
            (self.phase is Phase.BURYING) != (self.bury_left > 0)
            or (self.draws_after_call and self.phase is not Phase.CALLING_SUIT)
            or self.draws_after_call_reason not in (DrawReason.WILD_DRAW_FOUR, DrawReason.STARTER)
        ):
            raise CorruptState(
                "The saved game's pending penalty or draws do not fit its phase."  # not shown to players
            )
        if self.phase is not Phase.FINISHED and (self.phase is Phase.CALLING_SUIT) != (self.suit is None):
            raise CorruptState(
                "The saved game's suit in force does not fit its phase."  # not shown to players
            )

    def __repr__(self) -> str:
        o = self.options
        return (
            f"<FloodGame {o.difficulty.value} {o.deck.value} seed={self.seed} "
            f"rounds={self.rounds_done}/{o.target} phase={self.phase.value}>"
        )


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]
