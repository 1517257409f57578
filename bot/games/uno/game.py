"""Group UNO under any ruleset of docs/rules.md: official (O1-O10), the seed-002 preset
(C1-C8), twist with playing cards and teams (T1-T9) and the house rules (H1-H6).

A game is a ruleset, a number of seats and a seed. Everything random comes from the one
`random.Random(seed)` the game owns, so a seed plus the action log replays to the same state.
Seats are numbered 0..n-1 in clockwise order ("left" is +1). The log also holds what the table
does rather than a seat: calling time (T8) is logged as `(TABLE, "time")`.

Every ruleset goes through the same code, written against card roles (`Role`) rather than UNO
faces so that playing cards take part too: each rule is written once.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Sequence
from typing import Any
from typing import Final
from typing import NoReturn

from bot.games import draws
from bot.games.errors import CorruptState
from bot.games.errors import GameOver
from bot.games.errors import IllegalAction
from bot.games.errors import MalformedAction
from bot.games.errors import NotYourTurn
from bot.games.errors import quoted
from bot.games.saved import ComparedBySave
from bot.games.uno import effects
from bot.games.uno.actions import ACCEPT
from bot.games.uno.actions import CALL_UNO
from bot.games.uno.actions import CATCH
from bot.games.uno.actions import CHALLENGE
from bot.games.uno.actions import DEAL_NEXT_ROUND
from bot.games.uno.actions import DRAW
from bot.games.uno.actions import LEAVE
from bot.games.uno.actions import PASS
from bot.games.uno.actions import PLAY_BY_CODE
from bot.games.uno.actions import Accept
from bot.games.uno.actions import Action
from bot.games.uno.actions import CallUno
from bot.games.uno.actions import Catch
from bot.games.uno.actions import Challenge
from bot.games.uno.actions import ChooseColour
from bot.games.uno.actions import DealNextRound
from bot.games.uno.actions import Draw
from bot.games.uno.actions import JumpIn
from bot.games.uno.actions import Leave
from bot.games.uno.actions import Pass
from bot.games.uno.actions import Play
from bot.games.uno.actions import SwapWith
from bot.games.uno.actions import choose
from bot.games.uno.actions import jump_in
from bot.games.uno.actions import parse_action
from bot.games.uno.actions import play
from bot.games.uno.actions import swap_with
from bot.games.uno.cards import COLOURS
from bot.games.uno.cards import DRAW_FIVE
from bot.games.uno.cards import NUMBER
from bot.games.uno.cards import WILD_DRAW_FOUR
from bot.games.uno.cards import Card
from bot.games.uno.cards import Face
from bot.games.uno.cards import Role
from bot.games.uno.cards import holds
from bot.games.uno.cards import official_deck
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import DrawReason
from bot.games.uno.events import Event
from bot.games.uno.events import FirstCardReturned
from bot.games.uno.events import FirstCardTurned
from bot.games.uno.events import GameWon
from bot.games.uno.events import JumpedIn
from bot.games.uno.events import Passed
from bot.games.uno.events import PileReshuffled
from bot.games.uno.events import RoundStarted
from bot.games.uno.events import SeatLeft
from bot.games.uno.events import TeamWonGame
from bot.games.uno.events import TimeCalled
from bot.games.uno.events import TurnSkipped
from bot.games.uno.events import TurnStarted
from bot.games.uno.events import UnoCalled
from bot.games.uno.events import UnoCaught
from bot.games.uno.penalties import PENALTY_REASONS
from bot.games.uno.penalties import penalty
from bot.games.uno.playing_cards import SUITS
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import parse_card
from bot.games.uno.playing_cards import parse_colour
from bot.games.uno.playing_cards import playing_card_deck
from bot.games.uno.playing_cards import uncalled
from bot.games.uno.ruleset import FIRST_CARD_NUMBER
from bot.games.uno.ruleset import FIRST_CARD_OFFICIAL
from bot.games.uno.ruleset import NO_TEAMS
from bot.games.uno.ruleset import Ruleset
from bot.games.uno.ruleset import ruleset_named
from bot.games.uno.scoring import EndReason
from bot.games.uno.scoring import Outcome
from bot.games.uno.seats import seat_after
from bot.games.uno.teams import members
from bot.games.uno.teams import seat_teams
from bot.games.uno.view import AWAITING_CHALLENGE
from bot.games.uno.view import AWAITING_COLOUR
from bot.games.uno.view import AWAITING_SWAP
from bot.games.uno.view import FINISHED
from bot.games.uno.view import PLAYING
from bot.games.uno.view import ROUND_OVER

# Phase and SeatView are part of the game's public face: `from bot.games.uno.game import SeatView`.
from bot.games.uno.view import Phase as Phase
from bot.games.uno.view import RoundFacts
from bot.games.uno.view import SeatView as SeatView
from bot.games.uno.view import TableFacts
from bot.games.uno.view import card_sort_key as card_sort_key
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text

STATE_VERSION = 1
# The log's entries for what the table does, not a seat: its time running out (T8).
TABLE = -1
TIME_CALLED = "time"
COLOUR_CHOICES: Final[tuple[ChooseColour, ...]] = tuple(choose(c) for c in COLOURS)
SUIT_CHOICES: Final[tuple[ChooseColour, ...]] = tuple(choose(s) for s in SUITS)


class UnoGame(ComparedBySave):
    """The whole state of a group UNO game. Mutated only through `apply`; inside the engine, the
    card effects (effects.py) also take its small steps: `draw_cards`, `next_turn`, `go_out`."""

    def __init__(self, ruleset: Ruleset, seat_count: int, seed: int, *, check_seats: bool = True) -> None:
        # A restored game may have fewer seats than a new one needs: players leave.
        if check_seats:
            ruleset.check_seats(seat_count)
        self.ruleset = ruleset
        self.seat_count = seat_count
        self.seed = seed
        self.rng: random.Random = draws.SeededRandom(seed)
        self.hands: list[list[AnyCard]] = [[] for _ in range(seat_count)]
        self.draw_pile: list[AnyCard] = []  # the top is the end of the list
        self.discard: list[AnyCard] = []  # the top is the end of the list
        self.colour: AnyColour | None = None
        self.current = 0
        self.direction = 1
        self.phase = PLAYING
        self.dealer = 0
        self.round_number = 0
        self.scores = [0] * seat_count
        self.turn = 0
        self.drawn_card: AnyCard | None = None
        # C3, T5 with jump-in (H3): (seat, card) for each card drawn that waits for its
        # drawer's next turn. Jumping in is the only way to play a card before one's turn, so
        # only jump-in tables keep them.
        self.waiting: tuple[tuple[int, AnyCard], ...] = ()
        # A Wild turned up first asks the first player for a colour, and then they play on.
        self.colour_then_play = False
        # After a Wild Draw Four: who played it, and whether they held the colour in force (O6).
        self.wd4_offender: int | None = None
        self.wd4_guilty = False
        # The seat down to one card that has not called UNO and may still be caught (O7).
        self.uno_catchable: int | None = None
        # The current seat called UNO before playing its second-to-last card (on its turn, or in
        # the jump-in that plays it, H3).
        self.uno_declared: int | None = None
        self.round_winner: int | None = None
        self.winner: int | None = None
        self.log: list[tuple[int, str]] = []
        # Variants. Stacking (H1, C8, T4): the summed penalty the seat in turn must answer or draw.
        self.pending_draw = 0
        # C7: seats whose total passed the threshold; they stay seated but are dealt no cards.
        self.eliminated: list[bool] = [False] * seat_count
        # T7: the team of each seat, numbered 0..k-1; everyone is a team of one without teams.
        if ruleset.teams == NO_TEAMS or not check_seats:
            self.team_list = list(range(seat_count))
        else:
            self.team_list = seat_teams(ruleset.teams, seat_count)
        self.winning_team: int | None = None
        # T8: the table's time is up; the round in play is the last.
        self.time_called = False
        # Why the game ended, once it has (see `outcome`).
        self.end_reason = EndReason.TARGET
        # The last RoundFacts made for a view, with the state it was made from (`_round_facts`).
        self._kept_round_facts: tuple[RoundFacts, tuple[object, ...]] | None = None
        # The TableFacts made for views so far, by their values, and the last one shown (`view`).
        self._table_facts_made: dict[_TableKey, TableFacts] = {}
        self._last_table_facts: tuple[TableFacts, _TableKey] | None = None

    # ------------------------------------------------------------------ creation

    @classmethod
    def new(
        cls, ruleset: Ruleset, seat_count: int, seed: int, *, check_seats: bool = True
    ) -> tuple[UnoGame, list[Event]]:
        """A new game with its first round dealt; the dealer of the first round is drawn at random.
        `check_seats=False` is for a copy of a game in play, which may have lost seats since its
        start (a computer player's imagined games)."""
        game = cls(ruleset, seat_count, seed, check_seats=check_seats)
        game.dealer = draws.randrange(game.rng, seat_count)
        return game, game._deal_round()

    @classmethod
    def replay(cls, ruleset: Ruleset, seat_count: int, seed: int, log: Iterable[tuple[int, str]]) -> UnoGame:
        game, _ = cls.new(ruleset, seat_count, seed)
        for seat, entry in log:
            if seat == TABLE and entry == TIME_CALLED:
                game.call_time()
            else:
                game.apply(seat, parse_action(entry))
        return game

    # ------------------------------------------------------------------ queries

    @property
    def discard_top(self) -> AnyCard:
        return self.discard[-1]

    # ------------------------------------------------------------------ teams

    @property
    def is_team_game(self) -> bool:
        return self.ruleset.teams != NO_TEAMS

    def team_of(self, seat: int) -> int:
        """T7: the team of `seat`; without teams every seat is its own team."""
        return self.team_list[seat]

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """The seats of each team, team by team."""
        return tuple(members(self.team_list, team) for team in range(self.team_count))

    @property
    def team_count(self) -> int:
        return max(self.team_list) + 1 if self.team_list else 0

    def team_scores(self) -> tuple[int, ...]:
        """T8: a team's score is the sum of its members'."""
        totals = [0] * self.team_count
        for seat, team in enumerate(self.team_list):
            totals[team] += self.scores[seat]
        return tuple(totals)

    def team_members(self, team: int) -> tuple[int, ...]:
        """The seats of `team`, in seat order."""
        return members(self.team_list, team)

    def _sides_standing(self) -> set[int]:
        """The teams (without teams, the players) still in the game."""
        return {self.team_list[seat] for seat in self.active_seats}

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        if self.winner is None or self.phase is not FINISHED:
            return None
        return Outcome(self.winner, self.winning_team, self.winners, self.end_reason)

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that won the game: the winner, or with teams the whole winning team."""
        if self.winner is None:
            return ()
        if self.winning_team is not None:
            return members(self.team_list, self.winning_team)
        return (self.winner,)

    @property
    def eliminated_seats(self) -> list[int]:
        """The seats out of the game (C7)."""
        if True not in self.eliminated:
            return []
        return [seat for seat, out in enumerate(self.eliminated) if out]

    @property
    def next_dealer(self) -> int:
        """O10: the seat that deals the next round, one seat on from this round's dealer (past
        the seats out of the game, C7)."""
        dealer = (self.dealer + 1) % self.seat_count
        while self.eliminated[dealer]:
            dealer = (dealer + 1) % self.seat_count
        return dealer

    @property
    def active_seats(self) -> list[int]:
        """The seats still in the game (C7 eliminates some)."""
        return [seat for seat, out in enumerate(self.eliminated) if not out]

    @property
    def card_count(self) -> int:
        return len(self.draw_pile) + len(self.discard) + sum(len(h) for h in self.hands)

    @property
    def is_over(self) -> bool:
        return self.phase is FINISHED

    def next_seat(self, steps: int = 1) -> int:
        if True in self.eliminated:
            return self.following_seat(self.current, steps)
        return (self.current + self.direction * steps) % self.seat_count

    def following_seat(self, seat: int, steps: int) -> int:
        return seat_after(seat, steps, self.direction, self.eliminated)

    def is_playable(self, card: AnyCard) -> bool:
        """O3: colour, number or symbol match; Wilds always (a Wild Draw Four bluff included)."""
        if card.colour is None:
            return True
        top = self.discard[-1]
        return card.colour is self.colour or (top.colour is not None and card.face is top.face)

    def holds_colour_in_force(self, seat: int) -> bool:
        colour = self.colour
        return any(c.colour is colour for c in self.hands[seat])

    def view(self, seat: int) -> SeatView:
        # As `apply`: `_check_seat` only for a seat that fails the test (before any hand is
        # read: a seat past the end would fail as an IndexError, a negative one read another's).
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            self._check_seat(seat)
        hands = self.hands
        top = self.discard[-1]
        # The TableFacts made before for the same values, else new ones (TableFacts: made per
        # combination of values, so a state set by hand is seen too). The last view's, when its
        # values are these, without looking them up: the phase, an enum, hashes in Python.
        table_key: _TableKey = (
            self.direction,
            self.uno_catchable,
            self.pending_draw,
            self._match_card() if top.role is DRAW_FIVE else None,
            self.phase,
        )
        last = self._last_table_facts
        if last is not None and last[1] == table_key:
            table_facts = last[0]
        else:
            found = self._table_facts_made.get(table_key)
            if found is None:
                found = self._table_facts_made[table_key] = TableFacts(*table_key)
            table_facts = found
            self._last_table_facts = (table_facts, table_key)
        # The RoundFacts kept, unless what they were made from changed (`_round_facts`). One
        # tuple against the one kept: its lists compare item by item, in C.
        made_from = (
            self.round_number,
            self.dealer,
            self.ruleset,
            self.scores,
            self.eliminated,
            self.team_list,
        )
        kept = self._kept_round_facts
        round_facts = kept[0] if kept is not None and kept[1] == made_from else self._round_facts(made_from)
        # Positional, in SeatView's field order: built every move, and a frozen dataclass takes
        # keywords at a noticeably higher cost.
        return SeatView(
            seat,
            tuple(hands[seat]),
            tuple(map(len, hands)),
            top,
            self.colour,
            self.current,
            self.turn,
            len(self.draw_pile),
            self.drawn_card if seat == self.current else None,
            tuple(self.legal_actions(seat)),
            round_facts,
            table_facts,
        )

    def _round_facts(self, made_from: tuple[object, ...]) -> RoundFacts:
        """The view's facts that change only between rounds (see RoundFacts), made from the
        state `made_from` names and kept with a copy of it: `view` makes them again only when
        one of them changed. They are compared by value, not tracked where they change, so a
        state set by hand (a test, a computer player's guess) is seen as well."""
        team_game = self.ruleset.teams != NO_TEAMS
        eliminated = self.eliminated
        facts = RoundFacts(
            self.round_number,
            self.dealer,
            tuple(self.scores),
            self.ruleset.target_score,
            tuple(self.team_list) if team_game else (),
            self.team_scores() if team_game else (),
            tuple(index for index, out in enumerate(eliminated) if out) if True in eliminated else (),
        )
        # Copies of the lists: the game changes its own in place.
        self._kept_round_facts = (
            facts,
            (*made_from[:3], list(self.scores), list(eliminated), list(self.team_list)),
        )
        return facts

    # ------------------------------------------------------------------ actions

    def _check_seat(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            raise IllegalAction(text("That seat is not at this table."))

    def apply(self, seat: int, action: Action) -> list[Event]:
        """Apply one seat's action, or raise a typed error and leave the game unchanged."""
        # `_check_seat` only for a seat that fails the test: the call costs more than the test.
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            self._check_seat(seat)
        handler = _HANDLERS.get(type(action))
        if handler is None:
            raise MalformedAction(
                text("{action} is not an action: read it with parse_action.", action=quoted(str(action)))
            )
        if self.phase is FINISHED:
            raise GameOver(text("The game is over."))
        events = handler(self, seat, action)
        self.log.append((seat, action.written))
        return events

    def call_time(self) -> list[Event]:
        """T8: the table's time is up (the table keeps the clock; the engine reads none).

        The round in play is played to its end and then the game ends, so nobody loses a round
        half played; between rounds the game ends at once. The winner is the ruleset's when its
        game ends early: the lowest (team) total under T8, the lowest total of the players
        still in under elimination (C7), the highest score when the winner takes the points
        (O10). Logged, so a replay calls time at the same move."""
        if self.phase is FINISHED:
            raise GameOver(text("The game is over."))
        if not self.ruleset.time_limit:
            raise IllegalAction(text("This table has no time limit."))
        if self.time_called:
            raise IllegalAction(text("Time has already been called: this round is the last."))
        self.time_called = True
        self.log.append((TABLE, TIME_CALLED))
        in_play = self.phase is not ROUND_OVER
        events: list[Event] = [TimeCalled(self.round_number, in_play)]
        if not in_play:
            self._finish_on_time(events)
        return events

    def _finish_on_time(self, events: list[Event]) -> None:
        """The game ends on time (see `call_time`), won as the ruleset's scoring says."""
        self._finish(self.ruleset.scoring.winner_on_time(self), EndReason.TIME, events)

    # The actions of the seat in turn. Each first checks that it is that seat's turn and that
    # the phase asks for this kind of action (`_refuse_turn` says why not).

    def _play(self, seat: int, action: Play) -> list[Event]:
        if self.phase is not PLAYING or seat != self.current:
            self._refuse_turn(seat, action)
        card = action.card
        # Most plays are of a card the sift offers, no card drawn: only others need the checks.
        if self.drawn_card is not None or not holds(self._playable_cards(seat), card):
            self._check_play(seat, card)
        if self.uno_catchable is not None:  # nearly always None: spare the call
            self._close_uno_window(seat)
        return effects.play_card(self, seat, card)

    def _draw_turn(self, seat: int, action: Draw) -> list[Event]:
        if self.phase is not PLAYING or seat != self.current:
            self._refuse_turn(seat, action)
        if self.drawn_card is not None:
            raise IllegalAction(text("You have already drawn this turn: play the drawn card or pass."))
        self._check_draw(seat)
        self._close_uno_window(seat, lays_card=False)
        return self._draw_for_turn(seat)

    def _pass(self, seat: int, action: Pass) -> list[Event]:
        if self.phase is not PLAYING or seat != self.current:
            self._refuse_turn(seat, action)
        if self.drawn_card is None:
            raise IllegalAction(text("You can only pass after drawing a card."))
        if self._must_play_drawn(seat):
            raise IllegalAction(text("The card you drew can be played, so it must be played."))
        self._close_uno_window(seat, lays_card=False)
        return [Passed(seat), self.next_turn(1)]

    def _answer_colour(self, seat: int, action: ChooseColour) -> list[Event]:
        if self.phase is not AWAITING_COLOUR or seat != self.current:
            self._refuse_turn(seat, action)
        if choose(action.colour) not in self._colour_choices():
            raise IllegalAction(
                text("Name a suit: clubs, diamonds, hearts or spades.")
                if self.ruleset.playing_cards
                else text("Call a colour: red, yellow, green or blue.")
            )
        self._close_uno_window(seat)
        return effects.choose_colour(self, seat, action.colour)

    def _challenge(self, seat: int, action: Challenge) -> list[Event]:
        if self.phase is not AWAITING_CHALLENGE or seat != self.current:
            self._refuse_turn(seat, action)
        self._close_uno_window(seat)
        return effects.challenge(self, seat)

    def _accept(self, seat: int, action: Accept) -> list[Event]:
        if self.phase is not AWAITING_CHALLENGE or seat != self.current:
            self._refuse_turn(seat, action)
        self._close_uno_window(seat)
        return effects.accept_draw_four(self, seat)

    def _swap(self, seat: int, action: SwapWith) -> list[Event]:
        if self.phase is not AWAITING_SWAP or seat != self.current:
            self._refuse_turn(seat, action)
        self._check_swap(seat, action.seat)
        self._close_uno_window(seat)
        return effects.swap_hands(self, seat, action.seat)

    def _refuse_turn(self, seat: int, action: Action) -> NoReturn:
        """Why the seat may not take this turn action now: the round is over, it is not their
        turn, or the phase asks for something else first."""
        phase = self.phase
        if phase is ROUND_OVER:
            raise GameOver(text("The round is over; the next one has not been dealt yet."))
        if seat != self.current:
            raise NotYourTurn(text("It is not your turn."))
        if phase is AWAITING_COLOUR:
            raise IllegalAction(
                text("Name a suit for your Jack first.")
                if self.ruleset.playing_cards
                else text("Choose a colour for your Wild first.")
            )
        if phase is AWAITING_SWAP:
            raise IllegalAction(text("Choose whom to swap hands with for your 7 first."))
        if phase is AWAITING_CHALLENGE:
            raise IllegalAction(
                text("A Wild Draw Four was played on you: challenge it or take the four cards first.")
            )
        if isinstance(action, ChooseColour):
            raise IllegalAction(text("No colour is asked for right now."))
        if isinstance(action, Challenge | Accept):
            raise IllegalAction(text("There is no Wild Draw Four to challenge."))
        if isinstance(action, SwapWith):
            raise IllegalAction(text("No hands are being swapped right now."))
        raise IllegalAction(text("{action} is not possible now.", action=quoted(str(action))))

    # The actions not bound to the turn.

    def _deal_next(self, seat: int, action: DealNextRound) -> list[Event]:
        if self.phase is not ROUND_OVER:
            raise IllegalAction(text("The round is still being played."))
        self.dealer = self.next_dealer
        return self._deal_round()

    def _close_uno_window(self, acting_seat: int, *, lays_card: bool = True) -> None:
        """O7: a missed UNO can be caught only until the next player acts; C6: until the next
        player lays a card."""
        if not lays_card and self.ruleset.catch_until_card_laid:
            return
        if self.uno_catchable is not None and self.uno_catchable != acting_seat:
            self.uno_catchable = None

    def _call_uno(self, seat: int, action: CallUno) -> list[Event]:
        if self.uno_catchable == seat:
            self.uno_catchable = None
            return [UnoCalled(seat)]
        if (
            seat == self.current
            and self.phase is PLAYING
            and len(self.hands[seat]) == 2
            and self.uno_declared != seat
        ):
            self.uno_declared = seat
            return [UnoCalled(seat)]
        raise IllegalAction(text("UNO is called when you play your second-to-last card."))

    def _catch(self, seat: int, action: Catch) -> list[Event]:
        caught = self.uno_catchable
        if self.eliminated[seat]:
            raise IllegalAction(text("You are out of this game."))
        if caught == seat:
            raise IllegalAction(
                text(
                    "You are the one on one card without UNO: call UNO! yourself before someone catches you."
                )
            )
        if caught is None:
            raise IllegalAction(text("Nobody can be caught: everyone on one card has called UNO."))
        self.uno_catchable = None
        events: list[Event] = [UnoCaught(seat, caught)]
        self.draw_cards(caught, self.ruleset.uno_penalty, DrawReason.MISSED_UNO, events)
        return events

    def draw_cards(
        self, seat: int, count: int, reason: DrawReason, events: list[Event]
    ) -> tuple[AnyCard, ...]:
        """Draw up to `count` (at least 1) cards, reshuffling the discard pile when the draw pile
        runs out (O8).

        Fewer cards come only when every card but the discard top is in someone's hand. The
        events go onto `events`, `CardsDrawn` last; the cards drawn are returned.
        """
        drawn = self._take(count, events)
        self.hands[seat] += drawn
        if drawn and self.uno_catchable == seat:
            self.uno_catchable = None  # no longer on one card, so nothing to catch
        cards = tuple(drawn)
        events.append(CardsDrawn(seat, cards, reason))
        return cards

    def _take(self, count: int, events: list[Event]) -> list[AnyCard]:
        """Up to `count` cards off the draw pile, top card first, reshuffling when it runs out."""
        draw_pile = self.draw_pile
        drawn: list[AnyCard]
        if len(draw_pile) >= count:
            # The usual case, no reshuffle: the top `count` cards at once, top card first.
            drawn = draw_pile[: -count - 1 : -1]
            del draw_pile[-count:]
        else:
            drawn = []
            # Twist: a Joker on top keeps the card beneath it, which is still played on (T3).
            keep = len(self.discard) - self._match_index()
            for _ in range(count):
                if not self.draw_pile:
                    if len(self.discard) <= keep:
                        break
                    if keep == 1:
                        top = self.discard.pop()
                        self.draw_pile, self.discard = self.discard, [top]
                    else:
                        self.draw_pile, self.discard = self.discard[:-keep], self.discard[-keep:]
                    draws.shuffle(self.rng, self.draw_pile)
                    events.append(PileReshuffled(len(self.draw_pile)))
                drawn.append(self.draw_pile.pop())
        return drawn

    def next_turn(self, steps: int) -> TurnStarted:
        if True in self.eliminated:
            self.current = current = self.following_seat(self.current, steps)
        else:
            self.current = current = (self.current + self.direction * steps) % self.seat_count
        self.turn = turn = self.turn + 1
        self.drawn_card = None
        self.uno_declared = None
        if self.waiting:
            self.stop_waiting(current)
        return TurnStarted(current, turn)

    def _leave(self, seat: int, action: Leave) -> list[Event]:
        # The seat that plays after the leaver, counted before the seats move down.
        following = self.following_seat(seat, 1) if True in self.eliminated else None
        playing = self.phase not in (ROUND_OVER, FINISHED)
        was_current = seat == self.current
        # What the leaver still owed is settled, and told, while their seat is there to name.
        events: list[Event] = []
        owed = self._settle_leavers_debts(seat, was_current, events) if playing else None
        eliminated, returned = self._remove_seat(seat)
        events.append(SeatLeft(seat, returned))
        self._renumber_after(seat)
        if was_current:
            self._pass_turn_from_leaver(seat, following, playing, events)
        elif self.current > seat:
            self.current -= 1
        if not eliminated and len(self._sides_standing()) <= 1:
            # Only one player, or one team, is left in the game: it wins.
            standing = self.active_seats
            self._finish(standing[0] if standing else 0, EndReason.LAST_STANDING, events)
        elif owed is not None:
            # The leaver's Wild Draw Four (or penalty Wild) had not yet taken effect: no
            # challenge, but its penalty still falls on its victim, now in turn (the decisions
            # on leaving).
            effects.impose(self, owed, events, on_current=True)
        return events

    def _remove_seat(self, seat: int) -> tuple[bool, int]:
        """Take the seat out of every per-seat list, its cards under the draw pile; whether it
        was eliminated, and how many cards it returned."""
        eliminated = self.eliminated.pop(seat)
        team = self.team_list.pop(seat)
        if team not in self.team_list:
            # The leaver was the last of their team: the teams after it move down by one.
            self.team_list = [t - 1 if t > team else t for t in self.team_list]
        hand = self.hands.pop(seat)
        self.draw_pile[0:0] = hand
        self.scores.pop(seat)
        self.seat_count -= 1
        return eliminated, len(hand)

    def _settle_leavers_debts(self, seat: int, was_current: bool, events: list[Event]) -> Role | None:
        """What the leaver owed or was owed in the round in play; the role of the leaver's card
        whose penalty its victim still owes: a Wild Draw Four left before the challenge, or a
        penalty Wild (C2, a Wild Draw Four without the challenge) left before its colour."""
        owed: Role | None = None
        if self.wd4_offender is not None and (seat == self.wd4_offender or was_current):
            if seat == self.wd4_offender:
                owed = WILD_DRAW_FOUR
            # The challenge leaves with one of its parties.
            self.wd4_offender = None
            if self.phase is AWAITING_CHALLENGE:
                self.phase = PLAYING
        if was_current and self.phase is AWAITING_COLOUR:
            wild = self.discard[-1].role
            if owed is None and not self.colour_then_play and penalty(self.ruleset, wild):
                owed = wild
            # The leaver owed a colour for their Wild: one is drawn so play can go on.
            choices: Sequence[AnyColour] = SUITS if self.ruleset.playing_cards else COLOURS
            colour = draws.choice(self.rng, choices)
            self.colour = colour
            self.colour_then_play = False
            self.phase = PLAYING
            events.append(ColourChosen(seat, colour))
        if was_current:
            # A penalty, or the 7's swap, owed by or to the leaver lapses with them.
            self.pending_draw = 0
            if self.phase is AWAITING_SWAP:
                self.phase = PLAYING
        return owed

    def _renumber_after(self, seat: int) -> None:
        """The seats after the leaver's move down by one; what named the leaver names nobody."""

        def moved(index: int | None) -> int | None:
            if index is None or index == seat:
                return None
            return index - 1 if index > seat else index

        self.uno_catchable = moved(self.uno_catchable)
        self.uno_declared = moved(self.uno_declared)
        self.waiting = tuple(
            (index - 1 if index > seat else index, card) for index, card in self.waiting if index != seat
        )
        self.wd4_offender = moved(self.wd4_offender)
        self.round_winner = moved(self.round_winner)
        # The next deal goes to the seat after the leaver's dealer seat.
        self.dealer = (self.dealer - (1 if self.dealer >= seat else 0)) % self.seat_count

    def _pass_turn_from_leaver(
        self, seat: int, following: int | None, playing: bool, events: list[Event]
    ) -> None:
        if following is None:
            following = (seat + self.direction) % (self.seat_count + 1)
        self.current = following - 1 if following > seat else following
        self.turn += 1
        self.drawn_card = None
        self.uno_declared = None
        self.stop_waiting(self.current)
        if playing and self.seat_count > 1:
            events.append(TurnStarted(self.current, self.turn))

    def _finish(self, winner: int, reason: EndReason, events: list[Event]) -> None:
        self.phase = FINISHED
        self.winner = winner
        self.end_reason = reason
        events.append(GameWon(winner, tuple(self.scores)))
        if self.is_team_game:
            team = self.team_of(winner)
            self.winning_team = team
            events.append(TeamWonGame(team, self.team_members(team), self.team_scores()))

    def go_out(self, seat: int, last_card: AnyCard) -> list[Event]:
        """The round ends (O9 for the penalty of a last card, summed with any pending one);
        scoring by the ruleset: O9-O10, C7 elimination or T8 lowest total, by team (T7)."""
        events: list[Event] = []
        self.uno_catchable = None
        amount = penalty(self.ruleset, last_card.role)
        if amount:
            total, self.pending_draw = self.pending_draw + amount, 0
            why = DrawReason.STACKED if total > amount else PENALTY_REASONS[last_card.role]
            self.draw_cards(self.next_seat(), total, why, events)
        self.pending_draw = 0
        self.round_winner = seat
        winner = self.ruleset.scoring.score_round(self, seat, events)
        if winner is not None:
            last = len(self._sides_standing()) <= 1
            self._finish(winner, EndReason.LAST_STANDING if last else EndReason.TARGET, events)
        elif self.time_called:
            self._finish_on_time(events)
        else:
            self.phase = ROUND_OVER
        return events

    def _deal_round(self) -> list[Event]:
        """Shuffle a fresh deck, deal, turn the first card and apply its effect (O1, O2, O10;
        C1 and T1 for their presets)."""
        n = self.seat_count
        rules = self.ruleset
        deck: list[AnyCard] = (
            list(playing_card_deck(rules.decks)) if rules.playing_cards else list(official_deck())
        )
        draws.shuffle(self.rng, deck)
        self.round_number += 1
        self.hands = [[] for _ in range(n)]
        # Dealt from the dealer's left, passing over eliminated seats (C7).
        order = [
            (self.dealer + offset) % n
            for offset in range(1, n + 1)
            if not self.eliminated[(self.dealer + offset) % n]
        ]
        for _ in range(rules.hand_size):
            for seat in order:
                self.hands[seat].append(deck.pop())
        self.draw_pile = deck
        self.discard = []
        self.direction = 1
        self.phase = PLAYING
        self.drawn_card = None
        self.colour_then_play = False
        self.wd4_offender = None
        self.wd4_guilty = False
        self.uno_catchable = None
        self.uno_declared = None
        self.round_winner = None
        self.pending_draw = 0
        self.waiting = ()
        events: list[Event] = [RoundStarted(self.round_number, self.dealer)]
        first = deck.pop()
        if rules.first_card == FIRST_CARD_NUMBER:
            # C1: anything but a number card goes to the bottom until a number turns up.
            while first.role is not NUMBER:
                events.append(FirstCardReturned(first))
                deck.insert(0, first)
                first = deck.pop()
        else:
            # O2 returns a Wild Draw Four; twist a Joker, which would leave nothing beneath it.
            returned = WILD_DRAW_FOUR if rules.first_card == FIRST_CARD_OFFICIAL else DRAW_FIVE
            while first.role is returned:
                events.append(FirstCardReturned(first))
                deck.insert(draws.randrange(self.rng, len(deck) + 1), first)
                first = deck.pop()
        self.discard.append(first)
        self.colour = first.colour
        events.append(FirstCardTurned(first))
        self.current = self.dealer
        face = first.face if rules.first_card == FIRST_CARD_OFFICIAL else None
        if face is Face.REVERSE:
            self.direction = -1
            steps = 0
        elif face is Face.SKIP:
            events.append(TurnSkipped((self.dealer + 1) % n))
            steps = 2
        elif face is Face.DRAW_TWO:
            victim = (self.dealer + 1) % n
            self.draw_cards(victim, 2, DrawReason.FIRST_CARD, events)
            events.append(TurnSkipped(victim))
            steps = 2
        else:
            steps = 1
            if face is Face.WILD:
                self.phase = AWAITING_COLOUR
                self.colour_then_play = True
        if True in self.eliminated:
            self.current = self.following_seat(self.dealer, steps)
        else:
            self.current = (self.dealer + steps) % n
        self.turn += 1
        events.append(TurnStarted(self.current, self.turn))
        return events

    # ------------------------------------------------------------------ variants

    def _colour_choices(self) -> tuple[ChooseColour, ...]:
        return SUIT_CHOICES if self.ruleset.playing_cards else COLOUR_CHOICES

    def _match_index(self) -> int:
        """Where the card to match by rank or symbol lies in the discard pile: the top, or
        beneath twist's Jokers, which do not change what is played on (T3)."""
        discard = self.discard
        index = len(discard) - 1
        while index > 0 and discard[index].role is DRAW_FIVE:
            index -= 1
        return index if discard[index].role is not DRAW_FIVE else len(discard) - 1

    def _match_card(self) -> AnyCard | None:
        """The card whose rank or symbol a play may match; None after a Wild or a Jack, which
        leave only the colour (suit) in force."""
        card = self.discard[-1]
        if card.role is DRAW_FIVE:
            card = self.discard[self._match_index()]
        return None if card.role.is_wild else card

    def _playable_cards(self, seat: int) -> list[AnyCard]:
        """The cards of `seat`'s hand it may play now, a card held twice listed twice."""
        hand = self.hands[seat]
        rules = self.ruleset
        candidates: list[AnyCard]
        if self.pending_draw:
            allowed = rules.stack_answers.get(self.discard[-1].role, frozenset())
            candidates = [c for c in hand if c.role in allowed]
        else:
            colour = self.colour
            top = self.discard[-1]
            # `_match_card` is asked only of a Joker on top: any other top card is its own
            # match, a wild one included, whose face matches only wild cards, which play anyway.
            match = self._match_card() if top.role is DRAW_FIVE else top
            face = match.face if match is not None else None
            # A loop, not a comprehension: on Python 3.11 a comprehension is a function call of
            # its own, which costs more than the few cards it sifts.
            candidates = []
            for c in hand:
                if c.role.is_wild or c.colour is colour or c.face is face:
                    candidates.append(c)
        if rules.no_bluffing and self.holds_colour_in_force(seat):
            # H6, a stacked Wild Draw Four included.
            candidates = [c for c in candidates if c.role is not WILD_DRAW_FOUR]
        if rules.wild_last_resort and any(not c.role.is_wild for c in candidates):
            candidates = [c for c in candidates if not c.role.is_wild]  # C2
        if rules.go_out_on_number_only and len(hand) == 1:
            candidates = [c for c in candidates if c.role is NUMBER]  # C5
        return candidates

    def _why_not_playable(self, seat: int, card: AnyCard) -> Text:
        rules = self.ruleset
        hand = self.hands[seat]
        if rules.no_bluffing and card.role is WILD_DRAW_FOUR and self.holds_colour_in_force(seat):
            return text(
                "No bluffing: a Wild Draw Four goes only when you hold no card of the colour in force."
            )
        if self.pending_draw:
            return counted(
                "A penalty of {count} card is pending: answer it with a card that stacks on it, or draw it.",
                "A penalty of {count} cards is pending: answer it with a card that stacks on it, or "
                "draw them all.",
                count=self.pending_draw,
            )
        if rules.go_out_on_number_only and len(hand) == 1 and card.role is not NUMBER:
            return text("You may not go out on an action card or a Wild.")  # C5
        if rules.wild_last_resort and card.role.is_wild:
            return text("A Wild goes only when you have no other card to play.")  # C2
        match = self._match_card()
        onto = match.named if match is not None else self.discard[-1].named
        in_force = self.colour.named if self.colour else uncalled(rules.playing_cards)
        if rules.playing_cards:
            return text(
                "A {card} does not go on a {onto} (suit in force: {suit}).",
                card=card.named,
                onto=onto,
                suit=in_force,
            )
        return text(
            "A {card} does not go on a {onto} (colour in force: {colour}).",
            card=card.named,
            onto=onto,
            colour=in_force,
        )

    def _can_jump_in(self, seat: int) -> bool:
        if not self.ruleset.jump_in or self.phase is not PLAYING or self.pending_draw:
            return False
        if seat == self.current or self.eliminated[seat]:
            return False
        top = self.discard[-1]
        if top.role.is_wild or top not in self.hands[seat]:
            return False
        if self.ruleset.go_out_on_number_only and len(self.hands[seat]) == 1 and top.role is not NUMBER:
            return False
        return not self._waits(seat, top)

    def _waits(self, seat: int, card: AnyCard) -> bool:
        """C3, T5: `card` is the one `seat` drew, which waits for its next turn, and the seat
        holds no other copy of it."""
        return (seat, card) in self.waiting and self.hands[seat].count(card) == 1

    def stop_waiting(self, *seats: int) -> None:
        """C3, T5: the cards these seats drew wait no longer (their turn came, or their hands
        changed places)."""
        self.waiting = tuple(pair for pair in self.waiting if pair[0] not in seats)

    def legal_actions(self, seat: int) -> list[Action]:
        # As `apply`: `_check_seat` only for a seat that fails the test.
        if type(seat) is not int or not 0 <= seat < self.seat_count:
            self._check_seat(seat)
        phase = self.phase
        if phase is FINISHED:
            return []
        if phase is ROUND_OVER:
            return [DEAL_NEXT_ROUND, LEAVE]
        if self.eliminated[seat]:
            return [LEAVE]
        rules = self.ruleset
        actions: list[Action] = []
        if seat == self.current:
            if phase is PLAYING:
                hand = self.hands[seat]
                drawn = self.drawn_card
                if drawn is not None:
                    actions.append(play(drawn))
                    if not self._must_play_drawn(seat):
                        actions.append(PASS)
                else:
                    cards = self._playable_cards(seat)
                    plays = PLAY_BY_CODE
                    for card in cards if len(cards) < 2 else _distinct(cards):
                        actions.append(plays.get(card.code) or play(card))
                    if self.pending_draw or not (cards and rules.must_play_if_able):
                        actions.append(DRAW)
                if len(hand) == 2 and self.uno_declared != seat:
                    actions.append(CALL_UNO)
            else:
                actions += self._answers(seat, phase)
        elif self._can_jump_in(seat):
            top = self.discard[-1]
            actions.append(jump_in(top))
            if len(self.hands[seat]) == 2:
                actions.append(jump_in(top, uno=True))  # down to one card, calling UNO with it
        catchable = self.uno_catchable
        if catchable is not None:
            actions.append(CALL_UNO if catchable == seat else CATCH)
        actions.append(LEAVE)
        return actions

    def _answers(self, seat: int, phase: Phase) -> list[Action]:
        """What the seat in turn may answer when its turn asks for something other than a play:
        a colour, whom to swap with, whether to challenge."""
        if phase is AWAITING_COLOUR:
            return list(self._colour_choices())
        if phase is AWAITING_SWAP:
            return [swap_with(other) for other in self.active_seats if other != seat]
        return [CHALLENGE, ACCEPT]

    def _check_play(self, seat: int, card: AnyCard) -> None:
        """A play that is not of a card the sift offers: the card just drawn (O4), else refused
        with the reason."""
        drawn = self.drawn_card
        if not holds(self.hands[seat], card):
            raise IllegalAction(text("You don't hold a {card}.", card=card.named))
        if drawn is None:
            raise IllegalAction(self._why_not_playable(seat, card))
        if card != drawn:
            raise IllegalAction(
                text("After drawing you may only play the card you drew ({card}).", card=drawn.named)
            )

    def _check_draw(self, seat: int) -> None:
        if self.pending_draw or not self.ruleset.must_play_if_able:
            return
        if self._playable_cards(seat):
            raise IllegalAction(text("You can play a card, so you may not draw."))  # C3, T5

    def _draw_for_turn(self, seat: int) -> list[Event]:
        rules = self.ruleset
        self.uno_declared = None
        events: list[Event] = []
        if self.pending_draw:
            # Stacking: nobody answered, so this player draws the whole sum and is skipped.
            total, self.pending_draw = self.pending_draw, 0
            role = self.discard[-1].role
            reason = DrawReason.STACKED if total > penalty(self.ruleset, role) else PENALTY_REASONS[role]
            self.draw_cards(seat, total, reason, events)
            events.append(TurnSkipped(seat))
            events.append(self.next_turn(1))
            return events
        drawn: tuple[AnyCard, ...]
        if rules.drawn_card_waits:
            drawn = self.draw_cards(seat, 1, DrawReason.CHOSE_TO_DRAW, events)  # C3, T5: it waits
            if drawn and rules.jump_in:
                self.waiting = (*self.waiting, (seat, drawn[0]))
        elif rules.draw_to_match:
            drawn = self._draw_until_playable(seat, events)  # H4
            if drawn and drawn[-1] in self._playable_cards(seat):
                self.drawn_card = drawn[-1]
                return events
        else:
            drawn = self.draw_cards(seat, 1, DrawReason.CHOSE_TO_DRAW, events)
            if drawn and drawn[0] in self._playable_cards(seat):
                self.drawn_card = drawn[0]  # O4, or H5 where it must be played
                return events
        events.append(Passed(seat))
        events.append(self.next_turn(1))
        return events

    def _fair_play(self, seat: int, card: AnyCard) -> bool:
        """`card` may be played now without a bluff: a Wild Draw Four while holding the colour
        in force is a bluff (O6). Only such a card stops H4's drawing or is forced by H5."""
        if card.role is WILD_DRAW_FOUR and self.holds_colour_in_force(seat):
            return False
        return card in self._playable_cards(seat)

    def _must_play_drawn(self, seat: int) -> bool:
        """H5: the card just drawn must be played, unless playing it would be a bluff."""
        drawn = self.drawn_card
        return self.ruleset.forced_play and drawn is not None and self._fair_play(seat, drawn)

    def _draw_until_playable(self, seat: int, events: list[Event]) -> tuple[AnyCard, ...]:
        """H4: one card at a time until one can be played without a bluff, or no card is left
        to draw."""
        hand = self.hands[seat]
        drawn: list[AnyCard] = []
        while True:
            taken = self._take(1, events)
            if not taken:
                break
            hand += taken
            drawn += taken
            if self._fair_play(seat, taken[0]):
                break
        if drawn and self.uno_catchable == seat:
            self.uno_catchable = None
        cards = tuple(drawn)
        events.append(CardsDrawn(seat, cards, DrawReason.DRAW_TO_MATCH))
        return cards

    def _check_swap(self, seat: int, target: int) -> None:
        if target == seat or not 0 <= target < self.seat_count or self.eliminated[target]:
            raise IllegalAction(text("Choose another player at the table to swap hands with."))

    def _jump_in(self, seat: int, action: JumpIn) -> list[Event]:
        """H3: the very card on top, played out of turn; play goes on from the jumper."""
        card = action.card
        if not 0 <= seat < self.seat_count:
            raise IllegalAction(text("That seat is not at this table."))
        if not self.ruleset.jump_in:
            raise IllegalAction(text("Jumping in is not a rule at this table."))
        if self.phase is ROUND_OVER:
            raise GameOver(text("The round is over; the next one has not been dealt yet."))
        if card not in self.hands[seat]:
            raise IllegalAction(text("You don't hold a {card}.", card=card.named))
        top = self.discard[-1]
        if card != top or top.role.is_wild:
            raise IllegalAction(
                text(
                    "You may jump in only with the very card on top ({card}), and not with a wild card.",
                    card=top.named,
                )
            )
        if not self._can_jump_in(seat):
            if seat == self.current:
                raise IllegalAction(text("It is your turn: play the card the usual way."))
            if self._waits(seat, card):
                raise IllegalAction(
                    text("The card you drew waits for your next turn: you cannot jump in with it.")
                )
            raise IllegalAction(
                text(
                    "You cannot jump in now: not while a penalty, a colour or a swap is pending, "
                    "nor out of the game, nor with an action card as your last card."
                )
            )
        if action.uno and len(self.hands[seat]) != 2:
            raise IllegalAction(text("UNO is called when you play your second-to-last card."))
        self._close_uno_window(seat)
        self.current = seat
        self.turn += 1
        self.drawn_card = None
        # O7 said as the card goes down: declared within the jump, so no moment is left in which
        # the jumper sits on one card without UNO (`effects.play_card` reads the declaration).
        self.uno_declared = seat if action.uno else None
        self.stop_waiting(seat)  # a turn of theirs: a card they drew waits no longer
        called: list[Event] = [UnoCalled(seat)] if action.uno else []
        return [JumpedIn(seat), *called, *effects.play_card(self, seat, card)]

    # ------------------------------------------------------------------ persistence

    def to_json(self) -> dict[str, Any]:
        data = {
            "v": STATE_VERSION,
            "ruleset": self.ruleset.name,
            "target_score": self.ruleset.target_score,
            "seats": self.seat_count,
            "seed": self.seed,
            "rng": _rng_json(self.rng, self.seed),
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
            "log": [[seat, entry] for seat, entry in self.log],
        }
        # What only some games use is saved only where it is in use, so an official game saves
        # exactly the fields it always has; `from_json` reads the others' absence as unused.
        extra = {
            "options": self.ruleset.options(),
            "pending_draw": self.pending_draw,
            "eliminated": self.eliminated_seats,
            "teams": list(self.team_list) if self.is_team_game else [],
            "time_called": self.time_called,
            "waiting": [[seat, str(card)] for seat, card in self.waiting],
        }
        data.update((key, value) for key, value in extra.items() if value)
        if self.time_called and self.phase is FINISHED:
            # After time was called the game may still have ended on points: say which.
            data["end"] = self.end_reason.value
        if self.winning_team is not None:
            data["winning_team"] = self.winning_team
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> UnoGame:
        try:
            if data["v"] != STATE_VERSION:
                raise CorruptState(
                    f"Saved game version {data['v']} is not supported."  # not shown to players
                )
            ruleset = (
                ruleset_named(data["ruleset"])
                .with_options(**data.get("options", {}))
                .with_target(int(data["target_score"]))
            )
            game = cls(ruleset, int(data["seats"]), int(data["seed"]), check_seats=False)
            game.rng = _rng_from_json(data["rng"], game.seed)
            game.hands = [_cards(h) for h in data["hands"]]
            game.draw_pile = _cards(data["draw_pile"])
            game.discard = _cards(data["discard"])
            game.colour = parse_colour(data["colour"]) if data["colour"] else None
            game.current = int(data["current"])
            game.direction = int(data["direction"])
            game.phase = Phase(data["phase"])
            game.dealer = int(data["dealer"])
            game.round_number = int(data["round"])
            game.scores = [int(s) for s in data["scores"]]
            game.turn = int(data["turn"])
            game.drawn_card = parse_card(data["drawn_card"]) if data["drawn_card"] else None
            game.colour_then_play = bool(data["colour_then_play"])
            game.wd4_offender = data["wd4_offender"]
            game.wd4_guilty = bool(data["wd4_guilty"])
            game.uno_catchable = data["uno_catchable"]
            game.uno_declared = data["uno_declared"]
            game.round_winner = data["round_winner"]
            game.winner = data["winner"]
            game.log = [(int(seat), str(text)) for seat, text in data["log"]]
            game.pending_draw = int(data.get("pending_draw", 0))
            out = {int(seat) for seat in data.get("eliminated", ())}
            game.eliminated = [seat in out for seat in range(game.seat_count)]
            if data.get("teams"):
                game.team_list = [int(team) for team in data["teams"]]
            game.winning_team = data.get("winning_team")
            game.waiting = tuple((int(seat), parse_card(code)) for seat, code in data.get("waiting", ()))
            # Saved before time limits existed: no time was called.
            game.time_called = bool(data.get("time_called", False))
            if "end" in data:
                game.end_reason = EndReason(data["end"])
            elif game.phase is FINISHED and len(game._sides_standing()) <= 1:
                game.end_reason = EndReason.LAST_STANDING
        except CorruptState:
            raise
        except (KeyError, TypeError, ValueError, IllegalAction, MalformedAction) as exc:
            raise CorruptState(f"The saved game is damaged: {exc!r}") from exc  # not shown to players
        game._check_consistent()
        return game

    def _check_consistent(self) -> None:
        expected = self.ruleset.deck_size
        if self.card_count != expected:
            raise CorruptState(
                f"The saved game holds {self.card_count} cards, not {expected}."  # not shown to players
            )
        if len(self.hands) != self.seat_count or len(self.scores) != self.seat_count:
            raise CorruptState("The saved game's seats do not add up.")  # not shown to players
        if len(self.team_list) != self.seat_count or (
            self.team_list and set(self.team_list) != set(range(max(self.team_list) + 1))
        ):
            raise CorruptState("The saved game's teams do not add up.")  # not shown to players
        kinds = (PlayingCard,) if self.ruleset.playing_cards else (Card,)
        if not all(isinstance(c, kinds) for c in self.draw_pile + self.discard) or not all(
            isinstance(c, kinds) for hand in self.hands for c in hand
        ):
            raise CorruptState("The saved game mixes UNO cards and playing cards.")  # not shown to players
        if not self.discard or not 0 <= self.current < self.seat_count:
            raise CorruptState(
                "The saved game has no discard pile or no current seat."  # not shown to players
            )
        if self.direction not in (1, -1):
            raise CorruptState(
                "The saved game's direction of play is neither 1 nor -1."  # not shown to players
            )
        if self.phase is AWAITING_CHALLENGE and self.wd4_offender is None:
            raise CorruptState(
                "The saved game awaits a challenge of nobody's Wild Draw Four."  # not shown to players
            )
        seats: tuple[object, ...] = (self.dealer, self.wd4_offender, self.uno_catchable)
        seats += (self.uno_declared, self.round_winner, self.winner, *(seat for seat, _ in self.waiting))
        if not all(seat is None or (type(seat) is int and 0 <= seat < self.seat_count) for seat in seats):
            raise CorruptState(
                "The saved game names a seat that is not at the table."  # not shown to players
            )

    def __repr__(self) -> str:
        return (
            f"<UnoGame {self.ruleset.name} seats={self.seat_count} seed={self.seed} "
            f"round={self.round_number} turn={self.turn} phase={self.phase.value}>"
        )


def _rng_json(rng: random.Random, seed: int) -> Any:
    """The generator's state: how far it is from the game's seed when that is known (a few
    bytes), else the whole state (games saved before, or a generator set from one)."""
    if isinstance(rng, draws.SeededRandom) and rng.words is not None and rng.seed_value == seed:
        return {"words": rng.words}
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def _rng_from_json(data: Any, seed: int) -> random.Random:
    if isinstance(data, dict):
        return draws.SeededRandom.resumed(seed, int(data["words"]))
    rng = draws.SeededRandom(seed)
    version, internal, gauss = data
    rng.setstate((version, tuple(internal), gauss))
    return rng


def _distinct(cards: list[AnyCard]) -> Iterable[AnyCard]:
    """The cards once each, in order: a card held twice is one choice."""
    # By code: a str hashes in C, a card's own hash runs in Python.
    distinct: dict[str, AnyCard] = {}
    for card in cards:
        distinct[card.code] = card
    return distinct.values()


def _codes(cards: Sequence[AnyCard]) -> list[str]:
    return [str(c) for c in cards]


def _cards(codes: Sequence[str]) -> list[AnyCard]:
    return [parse_card(code) for code in codes]


# What a view's TableFacts are made from, in their field order.
_TableKey = tuple[int, int | None, int, AnyCard | None, Phase]

# `apply` by the action's type.
_HANDLERS: Final[dict[type, Callable[[UnoGame, int, Any], list[Event]]]] = {
    Play: UnoGame._play,
    Draw: UnoGame._draw_turn,
    Pass: UnoGame._pass,
    ChooseColour: UnoGame._answer_colour,
    Challenge: UnoGame._challenge,
    Accept: UnoGame._accept,
    SwapWith: UnoGame._swap,
    CallUno: UnoGame._call_uno,
    Catch: UnoGame._catch,
    DealNextRound: UnoGame._deal_next,
    Leave: UnoGame._leave,
    JumpIn: UnoGame._jump_in,
}
