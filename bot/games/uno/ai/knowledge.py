"""What a seat can infer about the hidden cards from its view and the public history.

- The discard pile: every card played since the round began or the pile was last reshuffled.
- The unseen cards: the deck less the seat's hand and the discard pile; they are in the other
  hands and the draw pile, in some order nobody at the table knows.
- Voids: a seat that drew where the rules let it draw only when it could not play (C3, T5), or
  answered a pending penalty by drawing, held nothing that would have gone. Under the official
  rules a player may draw at will, so there a draw followed by a pass is taken as likely, not
  certain, evidence (`strict=False`). A void covers the cards the seat held then; cards drawn
  since (`fresh`) are unconstrained.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from bot.games.uno.ai.history import (
    ChallengeOutcome,
    HiddenDraw,
    OwnDraw,
    PublicHistory,
)
from bot.games.uno.cards import Role, official_deck
from bot.games.uno.events import (
    CardPlayed,
    ColourChosen,
    DrawReason,
    FirstCardTurned,
    HandsRotated,
    HandsSwapped,
    PenaltyPending,
    PileReshuffled,
    SeatLeft,
)
from bot.games.uno.game import SeatView
from bot.games.uno.playing_cards import AnyCard, AnyColour, playing_card_deck
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
        return (
            card.colour in self.colours or card.face in self.faces or card.role in self.roles
        )

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


def infer(view: SeatView, history: PublicHistory, *, strict: bool) -> Knowledge:
    """Read the round's public history; `strict` counts only draws the rules force as voids."""
    rules = history.ruleset
    forced = rules.must_play_if_able
    discard: list[AnyCard] = []
    voids: dict[int, Void] = {}
    colour: AnyColour | None = None
    colour_before_last: AnyColour | None = None
    last_player: int | None = None
    played: dict[int, list[AnyCard]] = {}
    bluffers: Counter[int] = Counter()
    # The state just before a draw, to judge what the drawer could not play.
    pending = 0
    top: AnyCard | None = None
    for event in history.events:
        if isinstance(event, FirstCardTurned):
            discard = [event.card]
            top = event.card
            colour = event.card.colour
        elif isinstance(event, CardPlayed):
            colour_before_last = colour
            last_player = event.seat
            discard.append(event.card)
            played.setdefault(event.seat, []).append(event.card)
            if event.card.role is not Role.DRAW_FIVE:
                top = event.card
            if not event.card.role.is_wild:
                colour = event.card.colour
            void = voids.get(event.seat)
            if void is not None and void.fresh and void.excludes(event.card):
                void.fresh -= 1
        elif isinstance(event, ColourChosen):
            colour = event.colour
        elif isinstance(event, PenaltyPending):
            pending = event.total
        elif isinstance(event, HiddenDraw | OwnDraw):
            count = event.count if isinstance(event, HiddenDraw) else len(event.cards)
            seat = event.seat
            if event.reason is DrawReason.CHOSE_TO_DRAW and (forced or not strict) and top:
                void = Void(fresh=count)
                if colour is not None:
                    void.colours.add(colour)
                if not top.role.is_wild:
                    void.faces.add(top.face)
                if forced:
                    void.roles.update(r for r in Role if r.is_wild)
                voids[seat] = void
            elif event.reason is DrawReason.STACKED or (pending and event.reason is not DrawReason.MISSED_UNO):
                old = voids.get(seat)
                if old is not None:
                    old.fresh += count
                on_top = discard[-1].role if discard else Role.NUMBER
                answers = rules.stack_answers.get(on_top, frozenset())
                if answers and pending:
                    void = old or Void()
                    void.roles.update(answers)
                    voids[seat] = void
                pending = 0
            elif seat in voids:
                voids[seat].fresh += count
        elif isinstance(event, PileReshuffled):
            keep = 1
            while keep < len(discard) and discard[-keep].role is Role.DRAW_FIVE:
                keep += 1
            discard = discard[-keep:]
        elif isinstance(event, HandsSwapped):
            a, b = voids.pop(event.seat, None), voids.pop(event.target, None)
            if a is not None:
                voids[event.target] = a
            if b is not None:
                voids[event.seat] = b
        elif isinstance(event, HandsRotated):
            # Who holds which hand now is public, but following each through is not worth it.
            voids = {}
        elif isinstance(event, SeatLeft):
            voids = {(s - 1 if s > event.seat else s): v for s, v in voids.items() if s != event.seat}
        elif isinstance(event, ChallengeOutcome) and event.guilty:
            bluffers[event.offender] += 1
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
    for seat in list(voids):
        if seat == view.seat or seat >= view.seat_count:
            del voids[seat]
        else:
            void = voids[seat]
            void.fresh = min(void.fresh, view.hand_counts[seat])
            if void.empty or void.fresh >= view.hand_counts[seat]:
                del voids[seat]
    return Knowledge(
        view.seat, discard, unseen, voids, colour_before_last, last_player, played, bluffers
    )
