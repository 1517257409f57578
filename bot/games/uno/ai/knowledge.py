"""What a seat can infer about the hidden cards from its view and the public history.

- The discard pile: every card played since the round began or the pile was last reshuffled.
- The unseen cards: the deck less the seat's hand and the discard pile; they are in the other
  hands and the draw pile, in some order nobody at the table knows.
- Voids: a seat that drew where the rules let it draw only when it could not play (C3, T5), or
  answered a pending penalty by drawing, held nothing that would have gone. Under the official
  rules a player may draw at will, so there a draw followed by a pass is taken as likely, not
  certain, evidence (`strict=False`). The hard player also reads a plain Wild's play as a void
  in what it was played on (`habits`: players keep their Wilds for last). A void covers the
  cards the seat held then; cards drawn since (`fresh`) are unconstrained.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from dataclasses import field

from bot.games.uno.ai.history import ChallengeOutcome
from bot.games.uno.ai.history import HiddenDraw
from bot.games.uno.ai.history import OwnDraw
from bot.games.uno.ai.history import PublicEvent
from bot.games.uno.ai.history import PublicHistory
from bot.games.uno.cards import Role
from bot.games.uno.cards import official_deck
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import DrawReason
from bot.games.uno.events import FirstCardTurned
from bot.games.uno.events import HandsRotated
from bot.games.uno.events import HandsSwapped
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import PileReshuffled
from bot.games.uno.events import SeatLeft
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.playing_cards import playing_card_deck
from bot.games.uno.ruleset import Ruleset


@dataclass(slots=True)
class Void:
    """Cards a seat is known (or believed) not to hold: of these colours, of these faces, or any
    wild card. `fresh` cards drawn since are free of it."""

    colours: set[AnyColour] = field(default_factory=set)
    faces: set[object] = field(default_factory=set)
    roles: set[Role] = field(default_factory=set)
    fresh: int = 0

    def excludes(self, card: AnyCard) -> bool:
        return card.colour in self.colours or card.face in self.faces or card.role in self.roles

    @property
    def empty(self) -> bool:
        return not (self.colours or self.faces or self.roles)


def deck_of(ruleset: Ruleset) -> list[AnyCard]:
    if ruleset.playing_cards:
        return list(playing_card_deck(ruleset.decks))
    return list(official_deck())


@dataclass(slots=True)
class Knowledge:
    seat: int
    discard: list[AnyCard]
    unseen: Counter[AnyCard]
    voids: dict[int, Void]
    # The colour in force before the last card played (for judging a Wild Draw Four).
    colour_before_last: AnyColour | None
    last_player: int | None
    # Who played the card on top and the seats known to have answered the pending penalty.
    played_by_seat: dict[int, list[AnyCard]]
    # Seats caught bluffing with a Wild Draw Four this round (O6), by how often.
    bluffers: Counter[int] = field(default_factory=Counter)


class _Reader:
    """Walks the round's public events once, keeping what `infer` needs."""

    def __init__(self, rules: Ruleset, strict: bool, habits: bool = False) -> None:
        self.rules = rules
        self.forced = rules.must_play_if_able
        self.strict = strict
        self.habits = habits
        self.discard: list[AnyCard] = []
        self.voids: dict[int, Void] = {}
        self.colour: AnyColour | None = None
        self.colour_before_last: AnyColour | None = None
        self.last_player: int | None = None
        self.played: dict[int, list[AnyCard]] = {}
        self.bluffers: Counter[int] = Counter()
        # The penalty pending and the card to match, to judge what a drawer could not play.
        self.pending = 0
        self.top: AnyCard | None = None

    def read(self, event: PublicEvent) -> None:
        if isinstance(event, FirstCardTurned):
            self.discard = [event.card]
            self.top = event.card
            self.colour = event.card.colour
        elif isinstance(event, CardPlayed):
            self.played_card(event.seat, event.card)
        elif isinstance(event, ColourChosen):
            self.colour = event.colour
        elif isinstance(event, PenaltyPending):
            self.pending = event.total
        elif isinstance(event, HiddenDraw | OwnDraw):
            count = event.count if isinstance(event, HiddenDraw) else len(event.cards)
            self.drew(event.seat, count, event.reason)
        elif isinstance(event, PileReshuffled):
            keep = 1
            while keep < len(self.discard) and self.discard[-keep].role is Role.DRAW_FIVE:
                keep += 1
            self.discard = self.discard[-keep:]
        else:
            self.moved(event)

    def moved(self, event: PublicEvent) -> None:
        voids = self.voids
        if isinstance(event, HandsSwapped):
            a, b = voids.pop(event.seat, None), voids.pop(event.target, None)
            if a is not None:
                voids[event.target] = a
            if b is not None:
                voids[event.seat] = b
        elif isinstance(event, HandsRotated):
            # Who holds which hand now is public, but following each through is not worth it.
            self.voids = {}
        elif isinstance(event, SeatLeft):
            gone = event.seat
            self.voids = {(s - 1 if s > gone else s): v for s, v in voids.items() if s != gone}
        elif isinstance(event, ChallengeOutcome) and event.guilty:
            self.bluffers[event.offender] += 1

    def played_card(self, seat: int, card: AnyCard) -> None:
        if self.habits:
            self.read_habit(seat, card)
        self.colour_before_last = self.colour
        self.last_player = seat
        self.discard.append(card)
        self.played.setdefault(seat, []).append(card)
        if card.role is not Role.DRAW_FIVE:
            self.top = card
        if not card.role.is_wild:
            self.colour = card.colour
        void = self.voids.get(seat)
        if void is not None and void.fresh and void.excludes(card):
            void.fresh -= 1

    def read_habit(self, seat: int, card: AnyCard) -> None:
        """Players keep their Wilds for last: one who plays a plain Wild is believed to have
        held nothing else that would go. A card played against such a belief ends it."""
        void = self.voids.get(seat)
        if void is not None and not void.fresh and void.excludes(card) and not card.role.is_wild:
            del self.voids[seat]
        top = self.top
        if card.role is not Role.WILD or top is None:
            return
        self.voids[seat] = self._void_on(top)

    def _void_on(self, top: AnyCard, fresh: int = 0) -> Void:
        """What a seat that did not answer `top` with a plain card is read to lack: the colour in
        force, and the top's face (a wild card's face asks for nothing)."""
        void = Void(fresh=fresh)
        if self.colour is not None:
            void.colours.add(self.colour)
        if not top.role.is_wild:
            void.faces.add(top.face)
        return void

    def drew(self, seat: int, count: int, reason: DrawReason) -> None:
        top = self.top
        old = self.voids.get(seat)
        if reason is DrawReason.CHOSE_TO_DRAW and (self.forced or not self.strict) and top:
            void = self._void_on(top, fresh=count)
            if self.forced:
                void.roles.update(r for r in Role if r.is_wild)
            self.voids[seat] = void
            return
        if old is not None:
            old.fresh += count
        if self.pending and reason is not DrawReason.MISSED_UNO:
            # Nobody answers a pending penalty by drawing while holding a card that stacks.
            on_top = self.discard[-1].role if self.discard else Role.NUMBER
            answers = self.rules.stack_answers.get(on_top, frozenset())
            if answers:
                void = old or Void()
                void.roles.update(answers)
                self.voids[seat] = void
            self.pending = 0


def infer(view: SeatView, history: PublicHistory, *, strict: bool, habits: bool = False) -> Knowledge:
    """Read the round's public history; `strict` counts only draws the rules force as voids,
    `habits` reads a Wild's play as a void too (`_Reader.read_habit`)."""
    return KnowledgeReader(strict=strict, habits=habits).infer(view, history)


class KnowledgeReader:
    """`infer` for one player, decision after decision: it keeps its reading of the round and
    reads only the events added since its last decision. A seat's history grows by appending
    until the next round (or another seat's history) starts it afresh; that is recognised by its
    first and last events read, and then the history is read from its start. Reading the whole
    round again at each decision cost a quarter of a computer player's time late in a round."""

    def __init__(self, *, strict: bool, habits: bool = False) -> None:
        self.strict = strict
        self.habits = habits
        self._reader: _Reader | None = None
        self._read: tuple[PublicEvent, ...] = ()

    def infer(self, view: SeatView, history: PublicHistory) -> Knowledge:
        reader = self._reader_for(history)
        events = history.events
        for event in events[len(self._read) :]:
            reader.read(event)
        self._read = events
        return _knowledge(view, history.ruleset, reader)

    def _reader_for(self, history: PublicHistory) -> _Reader:
        reader, read, events = self._reader, self._read, history.events
        grown = (
            reader is not None
            and reader.rules is history.ruleset
            and len(events) >= len(read)
            and (not read or (events[0] is read[0] and events[len(read) - 1] is read[-1]))
        )
        if reader is None or not grown:
            reader = self._reader = _Reader(history.ruleset, self.strict, self.habits)
            self._read = ()
        return reader


def _knowledge(view: SeatView, rules: Ruleset, reader: _Reader) -> Knowledge:
    """What the view and the reading of its history tell, in copies: the reader reads on."""
    discard = list(reader.discard)
    if not discard or discard[-1] != view.discard_top:
        discard.append(view.discard_top)
    expected = len(deck_of(rules)) - sum(view.hand_counts) - view.draw_pile_size
    if len(discard) > expected:
        discard = discard[len(discard) - expected :]
    unseen = Counter(deck_of(rules))
    unseen.subtract(view.hand)
    unseen.subtract(discard)
    # A history that missed the start of the round may leave a card counted twice: drop those.
    unseen = +unseen
    voids: dict[int, Void] = {}
    for seat, void in reader.voids.items():
        if seat == view.seat or seat >= view.seat_count:
            continue
        fresh = min(void.fresh, view.hand_counts[seat])
        if not void.empty and fresh < view.hand_counts[seat]:
            voids[seat] = Void(set(void.colours), set(void.faces), set(void.roles), fresh)
    return Knowledge(
        view.seat,
        discard,
        unseen,
        voids,
        reader.colour_before_last,
        reader.last_player,
        {seat: list(cards) for seat, cards in reader.played.items()},
        Counter(reader.bluffers),
    )
