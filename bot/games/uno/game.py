"""Group UNO under the official rules (O1-O10 of shared/rules/uno.md).

A game is a ruleset, a number of seats and a seed. Everything random comes from the one
`random.Random(seed)` the game owns, so a seed plus the action log replays to the same state.
Seats are numbered 0..n-1 in clockwise order ("left" is +1).
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from operator import attrgetter
from typing import Any, NamedTuple

from bot.games.errors import CorruptState, GameOver, IllegalAction, NotYourTurn
from bot.games.uno.actions import (
    ACCEPT,
    CALL_UNO,
    CATCH,
    CHALLENGE,
    DEAL_NEXT_ROUND,
    DRAW,
    LEAVE,
    PASS,
    Accept,
    Action,
    CallUno,
    Catch,
    Challenge,
    ChooseColour,
    DealNextRound,
    Draw,
    Leave,
    Pass,
    Play,
    choose,
    parse_action,
    play,
)
from bot.games.uno.cards import ALL_CARDS, COLOURS, Card, Colour, Face, official_deck
from bot.games.uno.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    ColourChosen,
    DirectionReversed,
    DrawReason,
    Event,
    FirstCardReturned,
    FirstCardTurned,
    GameWon,
    Passed,
    PileReshuffled,
    RoundStarted,
    RoundWon,
    SeatLeft,
    TurnSkipped,
    TurnStarted,
    UnoCalled,
    UnoCaught,
)
from bot.games.uno.ruleset import Ruleset, ruleset_named

STATE_VERSION = 1
COLOUR_CHOICES: tuple[ChooseColour, ...] = tuple(choose(c) for c in COLOURS)


class Phase(enum.Enum):
    PLAYING = "playing"
    AWAITING_COLOUR = "awaiting colour"
    AWAITING_CHALLENGE = "awaiting challenge"
    ROUND_OVER = "round over"
    FINISHED = "finished"


class SeatView(NamedTuple):
    """What one seat may know. The hand UI and the AI players only ever receive this.

    A named tuple rather than a frozen dataclass: AI players get a fresh one every move, and a
    tuple is built several times faster.
    """

    seat: int
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    discard_top: Card
    colour: Colour | None
    current: int
    direction: int
    phase: Phase
    turn: int
    round_number: int
    dealer: int
    scores: tuple[int, ...]
    target_score: int
    draw_pile_size: int
    drawn_card: Card | None
    uno_catchable: int | None
    legal: tuple[Action, ...]

    @property
    def seat_count(self) -> int:
        return len(self.hand_counts)

    @property
    def my_turn(self) -> bool:
        return self.current == self.seat and self.phase not in (Phase.ROUND_OVER, Phase.FINISHED)

    @property
    def next_seat(self) -> int:
        return (self.current + self.direction) % self.seat_count


class UnoGame:
    """The whole state of a group UNO game. Mutated only through `apply`."""

    def __init__(self, ruleset: Ruleset, seat_count: int, seed: int) -> None:
        if not ruleset.min_players <= seat_count <= ruleset.max_players:
            raise IllegalAction(
                f"{ruleset.title} need {ruleset.min_players} to {ruleset.max_players} players."
            )
        self.ruleset = ruleset
        self.seat_count = seat_count
        self.seed = seed
        self.rng = random.Random(seed)
        self.hands: list[list[Card]] = [[] for _ in range(seat_count)]
        self.draw_pile: list[Card] = []  # the top is the end of the list
        self.discard: list[Card] = []  # the top is the end of the list
        self.colour: Colour | None = None
        self.current = 0
        self.direction = 1
        self.phase = Phase.PLAYING
        self.dealer = 0
        self.round_number = 0
        self.scores = [0] * seat_count
        self.turn = 0
        self.drawn_card: Card | None = None
        # A Wild turned up first asks the first player for a colour, and then they play on.
        self.colour_then_play = False
        # After a Wild Draw Four: who played it, and whether they held the colour in force (O6).
        self.wd4_offender: int | None = None
        self.wd4_guilty = False
        # The seat down to one card that has not called UNO and may still be caught (O7).
        self.uno_catchable: int | None = None
        # The current seat called UNO before playing its second-to-last card.
        self.uno_declared: int | None = None
        self.round_winner: int | None = None
        self.winner: int | None = None
        self.log: list[tuple[int, str]] = []

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(cls, ruleset: Ruleset, seat_count: int, seed: int) -> tuple[UnoGame, list[Event]]:
        """A new game with its first round dealt; the dealer of the first round is drawn at random."""
        game = cls(ruleset, seat_count, seed)
        game.dealer = game.rng.randrange(seat_count)
        return game, game._deal_round()

    @classmethod
    def replay(
        cls, ruleset: Ruleset, seat_count: int, seed: int, log: Iterable[tuple[int, str]]
    ) -> UnoGame:
        game, _ = cls.new(ruleset, seat_count, seed)
        for seat, text in log:
            game.apply(seat, parse_action(text))
        return game

    # ------------------------------------------------------------------ queries

    @property
    def discard_top(self) -> Card:
        return self.discard[-1]

    @property
    def card_count(self) -> int:
        return len(self.draw_pile) + len(self.discard) + sum(len(h) for h in self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.FINISHED

    def next_seat(self, steps: int = 1) -> int:
        return (self.current + self.direction * steps) % self.seat_count

    def is_playable(self, card: Card) -> bool:
        """O3: colour, number or symbol match; Wilds always (a Wild Draw Four bluff included)."""
        if card.colour is None:
            return True
        top = self.discard[-1]
        return card.colour is self.colour or (top.colour is not None and card.face is top.face)

    def holds_colour_in_force(self, seat: int) -> bool:
        colour = self.colour
        return any(c.colour is colour for c in self.hands[seat])

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase is Phase.FINISHED:
            return []
        if phase is Phase.ROUND_OVER:
            return [DEAL_NEXT_ROUND, LEAVE]
        actions: list[Action] = []
        if seat == self.current:
            if phase is Phase.PLAYING:
                hand = self.hands[seat]
                drawn = self.drawn_card
                if drawn is not None:
                    actions += [_PLAY_BY_ORDER[drawn.order], PASS]
                else:
                    # O3, inlined from is_playable: this is the engine's hottest loop. The play
                    # actions come from a table indexed by Card.order, because `play(card)` hashes
                    # the card in Python; `seen` drops a second copy of a card.
                    colour = self.colour
                    top = self.discard[-1]
                    top_face = top.face if top.colour is not None else None
                    plays = _PLAY_BY_ORDER
                    seen: set[int] = set()
                    for card in hand:
                        if card.colour is None or card.colour is colour or card.face is top_face:
                            order = card.order
                            if order not in seen:
                                seen.add(order)
                                actions.append(plays[order])
                    actions.append(DRAW)
                if len(hand) == 2 and self.uno_declared != seat:
                    actions.append(CALL_UNO)
            elif phase is Phase.AWAITING_COLOUR:
                actions += COLOUR_CHOICES
            else:
                actions += [CHALLENGE, ACCEPT]
        catchable = self.uno_catchable
        if catchable is not None:
            if catchable == seat:
                actions.append(CALL_UNO)
            else:
                actions.append(CATCH)
        actions.append(LEAVE)
        return actions

    def view(self, seat: int) -> SeatView:
        # Built once per move. tuple.__new__ skips the named tuple's generated __new__, which
        # is a Python function; the fields must therefore be given in SeatView's order.
        return _new_tuple(
            SeatView,
            (
                seat,
                tuple(sorted(self.hands[seat], key=card_sort_key)),
                tuple(map(len, self.hands)),
                self.discard[-1],
                self.colour,
                self.current,
                self.direction,
                self.phase,
                self.turn,
                self.round_number,
                self.dealer,
                tuple(self.scores),
                self.ruleset.target_score,
                len(self.draw_pile),
                self.drawn_card if seat == self.current else None,
                self.uno_catchable,
                tuple(self.legal_actions(seat)),
            ),
        )

    # ------------------------------------------------------------------ actions

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one seat's action, or raise a typed error and leave the game unchanged."""
        if not 0 <= seat < self.seat_count:
            raise IllegalAction("That seat is not at this table.")
        phase = self.phase
        if phase is Phase.FINISHED:
            raise GameOver("The game is over.")
        events: list[Event]
        if phase is Phase.PLAYING and seat == self.current:
            # The common case, a turn's play, draw or pass, dispatched on the exact type without
            # the chains below; the checks are the ones _turn_action makes, in the same order.
            if type(action) is Play:
                card = action.card
                self._check_play(seat, card)
                if self.uno_catchable is not None:
                    self._close_uno_window(seat)
                events = self._play(seat, card)
                self.log.append((seat, "play " + card.code))
                return events
            if type(action) is Draw and self.drawn_card is None:
                if self.uno_catchable is not None:
                    self._close_uno_window(seat)
                events = self._draw_for_turn(seat)
                self.log.append((seat, "draw"))
                return events
        if isinstance(action, CallUno):
            events = self._call_uno(seat)
        elif isinstance(action, Catch):
            events = self._catch(seat)
        elif isinstance(action, DealNextRound):
            if self.phase is not Phase.ROUND_OVER:
                raise IllegalAction("The round is still being played.")
            self.dealer = (self.dealer + 1) % self.seat_count
            events = self._deal_round()
        elif isinstance(action, Leave):
            events = self._leave(seat)
        else:
            events = self._turn_action(seat, action)
        self.log.append((seat, str(action)))
        return events

    def _turn_action(self, seat: int, action: Action) -> list[Event]:
        phase = self.phase
        if phase is Phase.ROUND_OVER:
            raise GameOver("The round is over; the next one has not been dealt yet.")
        if seat != self.current:
            raise NotYourTurn("It is not your turn.")
        if phase is Phase.AWAITING_COLOUR:
            if not isinstance(action, ChooseColour):
                raise IllegalAction("Choose a colour for your Wild first.")
            self._close_uno_window(seat)
            return self._choose_colour(seat, action.colour)
        if phase is Phase.AWAITING_CHALLENGE:
            if isinstance(action, Challenge):
                self._close_uno_window(seat)
                return self._challenge(seat)
            if isinstance(action, Accept):
                self._close_uno_window(seat)
                return self._accept_draw_four(seat)
            raise IllegalAction(
                "A Wild Draw Four was played on you: challenge it or take the four cards first."
            )
        if isinstance(action, Play):
            self._check_play(seat, action.card)
            self._close_uno_window(seat)
            return self._play(seat, action.card)
        if isinstance(action, Draw):
            if self.drawn_card is not None:
                raise IllegalAction("You have already drawn this turn: play the drawn card or pass.")
            self._close_uno_window(seat)
            return self._draw_for_turn(seat)
        if isinstance(action, Pass):
            if self.drawn_card is None:
                raise IllegalAction("You can only pass after drawing a card.")
            self._close_uno_window(seat)
            return [Passed(seat), self._next_turn(1)]
        if isinstance(action, ChooseColour):
            raise IllegalAction("No colour is asked for right now.")
        if isinstance(action, Challenge | Accept):
            raise IllegalAction("There is no Wild Draw Four to challenge.")
        raise IllegalAction(f"`{action}` is not possible now.")

    def _check_play(self, seat: int, card: Card) -> None:
        if not _holds(self.hands[seat], card):
            raise IllegalAction(f"You don't hold a {card.label}.")
        drawn = self.drawn_card
        if drawn is not None and card is not drawn and card != drawn:
            raise IllegalAction(
                f"After drawing you may only play the card you drew ({drawn.label})."
            )
        if not self.is_playable(card):
            colour = self.colour.label.lower() if self.colour else "none"
            raise IllegalAction(
                f"A {card.label} does not go on a {self.discard[-1].label} "
                f"(colour in force: {colour})."
            )

    def _close_uno_window(self, acting_seat: int) -> None:
        """O7: a missed UNO can be caught only until the next player acts."""
        if self.uno_catchable is not None and self.uno_catchable != acting_seat:
            self.uno_catchable = None

    def _call_uno(self, seat: int) -> list[Event]:
        if self.uno_catchable == seat:
            self.uno_catchable = None
            return [UnoCalled(seat)]
        if (
            seat == self.current
            and self.phase is Phase.PLAYING
            and len(self.hands[seat]) == 2
            and self.uno_declared != seat
        ):
            self.uno_declared = seat
            return [UnoCalled(seat)]
        raise IllegalAction("UNO is called when you play your second-to-last card.")

    def _catch(self, seat: int) -> list[Event]:
        caught = self.uno_catchable
        if caught is None or caught == seat:
            raise IllegalAction("Nobody can be caught: everyone on one card has called UNO.")
        self.uno_catchable = None
        events: list[Event] = [UnoCaught(seat, caught)]
        self._draw(caught, 2, DrawReason.MISSED_UNO, events)
        return events

    def _play(self, seat: int, card: Card) -> list[Event]:
        hand = self.hands[seat]
        # O6: judged on the hand as it was when the card went down (the card itself has no colour).
        guilty = card.face is Face.WILD_DRAW_FOUR and self.holds_colour_in_force(seat)
        _remove(hand, card)
        self.discard.append(card)
        self.drawn_card = None
        events: list[Event] = [CardPlayed(seat, card)]
        if len(hand) == 1 and self.uno_declared != seat:
            self.uno_catchable = seat
        self.uno_declared = None
        if card.colour is not None:
            self.colour = card.colour
        if not hand:
            return events + self._go_out(seat, card)
        face = card.face
        if face is Face.WILD:
            self.phase = Phase.AWAITING_COLOUR
        elif face is Face.WILD_DRAW_FOUR:
            self.phase = Phase.AWAITING_COLOUR
            self.wd4_offender = seat
            self.wd4_guilty = guilty
        elif face is Face.SKIP:
            events.append(TurnSkipped(self.next_seat()))
            events.append(self._next_turn(2))
        elif face is Face.REVERSE:
            self.direction = -self.direction
            events.append(DirectionReversed(self.direction))
            if self.seat_count == 2:
                # O5: with two players Reverse acts as a Skip, so the same player goes again.
                events.append(TurnSkipped(self.next_seat()))
                events.append(self._next_turn(2))
            else:
                events.append(self._next_turn(1))
        elif face is Face.DRAW_TWO:
            victim = self.next_seat()
            self._draw(victim, 2, DrawReason.DRAW_TWO, events)
            events.append(TurnSkipped(victim))
            events.append(self._next_turn(2))
        else:
            events.append(self._next_turn(1))
        return events

    def _choose_colour(self, seat: int, colour: Colour) -> list[Event]:
        self.colour = colour
        events: list[Event] = [ColourChosen(seat, colour)]
        if self.colour_then_play:
            self.colour_then_play = False
            self.phase = Phase.PLAYING
            return events
        if self.wd4_offender is not None:
            self.phase = Phase.AWAITING_CHALLENGE
            events.append(self._next_turn(1))
            return events
        self.phase = Phase.PLAYING
        events.append(self._next_turn(1))
        return events

    def _challenge(self, seat: int) -> list[Event]:
        offender = self.wd4_offender
        assert offender is not None
        guilty = self.wd4_guilty
        revealed = tuple(sorted(self.hands[offender], key=card_sort_key))
        events: list[Event] = [ChallengeResolved(seat, offender, guilty, revealed)]
        self.wd4_offender = None
        self.phase = Phase.PLAYING
        if guilty:
            # The bluffer takes the four cards; the challenger then plays their turn as usual.
            self._draw(offender, 4, DrawReason.CAUGHT_BLUFFING, events)
            return events
        self._draw(seat, 6, DrawReason.CHALLENGE_LOST, events)
        events.append(TurnSkipped(seat))
        events.append(self._next_turn(1))
        return events

    def _accept_draw_four(self, seat: int) -> list[Event]:
        self.wd4_offender = None
        self.phase = Phase.PLAYING
        events: list[Event] = []
        self._draw(seat, 4, DrawReason.WILD_DRAW_FOUR, events)
        events.append(TurnSkipped(seat))
        events.append(self._next_turn(1))
        return events

    def _draw_for_turn(self, seat: int) -> list[Event]:
        self.uno_declared = None
        events: list[Event] = []
        drawn = self._draw(seat, 1, DrawReason.CHOSE_TO_DRAW, events)
        if drawn and self.is_playable(drawn[0]):
            self.drawn_card = drawn[0]  # O4: it may be played at once, and only it
            return events
        # Nothing drawn (every card is in a hand) or nothing playable: the turn ends.
        events.append(Passed(seat))
        events.append(self._next_turn(1))
        return events

    def _draw(
        self, seat: int, count: int, reason: DrawReason, events: list[Event]
    ) -> tuple[Card, ...]:
        """Draw up to `count` (at least 1) cards, reshuffling the discard pile when the draw pile
        runs out (O8).

        Fewer cards come only when every card but the discard top is in someone's hand. The
        events go onto `events`, `CardsDrawn` last; the cards drawn are returned.
        """
        draw_pile = self.draw_pile
        drawn: list[Card]
        if len(draw_pile) >= count:
            # The usual case, no reshuffle: the top `count` cards at once, top card first.
            drawn = draw_pile[: -count - 1 : -1]
            del draw_pile[-count:]
        else:
            drawn = []
            for _ in range(count):
                if not self.draw_pile:
                    if len(self.discard) < 2:
                        break
                    top = self.discard.pop()
                    self.draw_pile, self.discard = self.discard, [top]
                    self.rng.shuffle(self.draw_pile)
                    events.append(PileReshuffled(len(self.draw_pile)))
                drawn.append(self.draw_pile.pop())
        self.hands[seat] += drawn
        if drawn and self.uno_catchable == seat:
            self.uno_catchable = None  # no longer on one card, so nothing to catch
        cards = tuple(drawn)
        events.append(CardsDrawn(seat, cards, reason))
        return cards

    def _next_turn(self, steps: int) -> TurnStarted:
        self.current = current = (self.current + self.direction * steps) % self.seat_count
        self.turn = turn = self.turn + 1
        self.drawn_card = None
        self.uno_declared = None
        return TurnStarted(current, turn)

    def _leave(self, seat: int) -> list[Event]:
        hand = self.hands.pop(seat)
        self.draw_pile[0:0] = hand
        self.scores.pop(seat)
        old_count = self.seat_count
        self.seat_count -= 1
        events: list[Event] = [SeatLeft(seat, len(hand))]

        def moved(index: int | None) -> int | None:
            if index is None or index == seat:
                return None
            return index - 1 if index > seat else index

        playing = self.phase not in (Phase.ROUND_OVER, Phase.FINISHED)
        if playing and self.wd4_offender is not None and seat in (self.wd4_offender, self.current):
            # The Wild Draw Four's dispute leaves with one of its parties: its penalty lapses.
            self.wd4_offender = None
            if self.phase is Phase.AWAITING_CHALLENGE:
                self.phase = Phase.PLAYING
        if playing and seat == self.current and self.phase is Phase.AWAITING_COLOUR:
            # The leaver owed a colour for their Wild: one is drawn so play can go on.
            self.colour = self.rng.choice(COLOURS)
            self.colour_then_play = False
            self.phase = Phase.PLAYING
            events.append(ColourChosen(seat, self.colour))
        self.uno_catchable = moved(self.uno_catchable)
        self.uno_declared = moved(self.uno_declared)
        self.wd4_offender = moved(self.wd4_offender)
        self.round_winner = moved(self.round_winner)
        # The next deal goes to the seat after the leaver's dealer seat.
        self.dealer = (self.dealer - (1 if self.dealer >= seat else 0)) % self.seat_count
        if seat == self.current:
            following = (seat + self.direction) % old_count
            self.current = following - 1 if following > seat else following
            self.turn += 1
            self.drawn_card = None
            self.uno_declared = None
            if playing and self.seat_count > 1:
                events.append(TurnStarted(self.current, self.turn))
        elif self.current > seat:
            self.current -= 1
        if self.seat_count == 1:
            self.phase = Phase.FINISHED
            self.winner = 0
            events.append(GameWon(0, tuple(self.scores)))
        return events

    def _go_out(self, seat: int, last_card: Card) -> list[Event]:
        """O9: the round ends; a last Draw Two or Wild Draw Four still makes the next player draw."""
        events: list[Event] = []
        self.uno_catchable = None
        victim = self.next_seat()
        if last_card.face is Face.DRAW_TWO:
            self._draw(victim, 2, DrawReason.DRAW_TWO, events)
        elif last_card.face is Face.WILD_DRAW_FOUR:
            self._draw(victim, 4, DrawReason.WILD_DRAW_FOUR, events)
        points = sum([_POINTS_BY_ORDER[c.order] for hand in self.hands for c in hand])
        self.scores[seat] += points
        self.round_winner = seat
        events.append(RoundWon(seat, points, tuple(self.scores)))
        if self.scores[seat] >= self.ruleset.target_score:
            self.phase = Phase.FINISHED
            self.winner = seat
            events.append(GameWon(seat, tuple(self.scores)))
        else:
            self.phase = Phase.ROUND_OVER
        return events

    def _deal_round(self) -> list[Event]:
        """Shuffle a fresh deck, deal, turn the first card and apply its effect (O1, O2, O10)."""
        n = self.seat_count
        deck = official_deck()
        self.rng.shuffle(deck)
        self.round_number += 1
        self.hands = [[] for _ in range(n)]
        for _ in range(self.ruleset.hand_size):
            for offset in range(1, n + 1):
                self.hands[(self.dealer + offset) % n].append(deck.pop())
        self.draw_pile = deck
        self.discard = []
        self.direction = 1
        self.phase = Phase.PLAYING
        self.drawn_card = None
        self.colour_then_play = False
        self.wd4_offender = None
        self.wd4_guilty = False
        self.uno_catchable = None
        self.uno_declared = None
        self.round_winner = None
        events: list[Event] = [RoundStarted(self.round_number, self.dealer)]
        first = deck.pop()
        while first.face is Face.WILD_DRAW_FOUR:
            events.append(FirstCardReturned(first))
            deck.insert(self.rng.randrange(len(deck) + 1), first)
            first = deck.pop()
        self.discard.append(first)
        self.colour = first.colour
        events.append(FirstCardTurned(first))
        self.current = self.dealer
        face = first.face
        if face is Face.REVERSE:
            self.direction = -1
            steps = 0
        elif face is Face.SKIP:
            events.append(TurnSkipped((self.dealer + 1) % n))
            steps = 2
        elif face is Face.DRAW_TWO:
            victim = (self.dealer + 1) % n
            self._draw(victim, 2, DrawReason.FIRST_CARD, events)
            events.append(TurnSkipped(victim))
            steps = 2
        else:
            steps = 1
            if face is Face.WILD:
                self.phase = Phase.AWAITING_COLOUR
                self.colour_then_play = True
        self.current = (self.dealer + steps) % n
        self.turn += 1
        events.append(TurnStarted(self.current, self.turn))
        return events

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> dict[str, Any]:
        version, internal, gauss = self.rng.getstate()
        return {
            "v": STATE_VERSION,
            "ruleset": self.ruleset.name,
            "target_score": self.ruleset.target_score,
            "seats": self.seat_count,
            "seed": self.seed,
            "rng": [version, list(internal), gauss],
            "hands": [_codes(h) for h in self.hands],
            "draw_pile": _codes(self.draw_pile),
            "discard": _codes(self.discard),
            "colour": self.colour.value if self.colour else None,
            "current": self.current,
            "direction": self.direction,
            "phase": self.phase.value,
            "dealer": self.dealer,
            "round": self.round_number,
            "scores": list(self.scores),
            "turn": self.turn,
            "drawn_card": str(self.drawn_card) if self.drawn_card else None,
            "colour_then_play": self.colour_then_play,
            "wd4_offender": self.wd4_offender,
            "wd4_guilty": self.wd4_guilty,
            "uno_catchable": self.uno_catchable,
            "uno_declared": self.uno_declared,
            "round_winner": self.round_winner,
            "winner": self.winner,
            "log": [[seat, text] for seat, text in self.log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> UnoGame:
        try:
            if data["v"] != STATE_VERSION:
                raise CorruptState(f"Saved game version {data['v']} is not supported.")
            ruleset = ruleset_named(data["ruleset"]).with_target(int(data["target_score"]))
            game = cls(ruleset, int(data["seats"]), int(data["seed"]))
            version, internal, gauss = data["rng"]
            game.rng.setstate((version, tuple(internal), gauss))
            game.hands = [_cards(h) for h in data["hands"]]
            game.draw_pile = _cards(data["draw_pile"])
            game.discard = _cards(data["discard"])
            game.colour = Colour(data["colour"]) if data["colour"] else None
            game.current = int(data["current"])
            game.direction = int(data["direction"])
            game.phase = Phase(data["phase"])
            game.dealer = int(data["dealer"])
            game.round_number = int(data["round"])
            game.scores = [int(s) for s in data["scores"]]
            game.turn = int(data["turn"])
            game.drawn_card = Card.parse(data["drawn_card"]) if data["drawn_card"] else None
            game.colour_then_play = bool(data["colour_then_play"])
            game.wd4_offender = data["wd4_offender"]
            game.wd4_guilty = bool(data["wd4_guilty"])
            game.uno_catchable = data["uno_catchable"]
            game.uno_declared = data["uno_declared"]
            game.round_winner = data["round_winner"]
            game.winner = data["winner"]
            game.log = [(int(seat), str(text)) for seat, text in data["log"]]
        except CorruptState:
            raise
        except (KeyError, TypeError, ValueError, IllegalAction) as exc:
            raise CorruptState(f"The saved game is damaged: {exc!r}") from exc
        game._check_consistent()
        return game

    def _check_consistent(self) -> None:
        expected = len(official_deck())
        if self.card_count != expected:
            raise CorruptState(f"The saved game holds {self.card_count} cards, not {expected}.")
        if len(self.hands) != self.seat_count or len(self.scores) != self.seat_count:
            raise CorruptState("The saved game's seats do not add up.")
        if not self.discard or not 0 <= self.current < self.seat_count:
            raise CorruptState("The saved game has no discard pile or no current seat.")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, UnoGame):
            return NotImplemented
        return self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<UnoGame {self.ruleset.name} seats={self.seat_count} seed={self.seed} "
            f"round={self.round_number} turn={self.turn} phase={self.phase.value}>"
        )


card_sort_key = attrgetter("order")
_new_tuple = tuple.__new__

# Per distinct card, indexed by Card.order (unique to each of the 54): indexing a list is much
# cheaper than hashing a Card, whose __hash__ runs in Python.
_PLAY_BY_ORDER: list[Play] = [play(ALL_CARDS[0])] * (max(c.order for c in ALL_CARDS) + 1)
_POINTS_BY_ORDER: list[int] = [0] * len(_PLAY_BY_ORDER)
for _card in ALL_CARDS:
    _PLAY_BY_ORDER[_card.order] = play(_card)
    _POINTS_BY_ORDER[_card.order] = _card.points
del _card


# Cards are interned (Card.of), so a hand's copy of a card is nearly always the very object
# asked for: searching by identity avoids a Python-level Card.__eq__ call per card passed over,
# which is what `in` and list.remove pay. An equal card that is not the same object (built
# directly with Card(...)) is still found, by the slow path.
def _holds(hand: list[Card], card: Card) -> bool:
    for held in hand:
        if held is card:
            return True
    return card in hand


def _remove(hand: list[Card], card: Card) -> None:
    for index, held in enumerate(hand):
        if held is card:
            del hand[index]
            return
    hand.remove(card)


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def _cards(codes: Sequence[str]) -> list[Card]:
    return [Card.parse(code) for code in codes]
