"""What happened. `apply` returns these; presenters turn them into messages.

Some events carry private facts (the cards a seat drew, the hand shown after a challenge): the
presenter shows those only to the seat named in `private_to`.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour


class DrawReason(enum.Enum):
    CHOSE_TO_DRAW = "chose to draw"  # not shown to players
    DRAW_TWO = "hit by a Draw Two"  # not shown to players
    WILD_DRAW_FOUR = "hit by a Wild Draw Four"  # not shown to players
    FIRST_CARD = "the first card was a Draw Two"  # not shown to players
    CHALLENGE_LOST = "lost a challenge"  # not shown to players
    CAUGHT_BLUFFING = "caught bluffing with a Wild Draw Four"  # not shown to players
    MISSED_UNO = "was caught without calling UNO"  # not shown to players
    WILD = "hit by a Wild"  # not shown to players
    JOKER = "hit by a Joker"  # not shown to players
    STACKED = "took the stacked penalty"  # not shown to players
    DRAW_TO_MATCH = "drew until a card matched"  # not shown to players


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round_number: int
    dealer: int


@dataclass(frozen=True, slots=True)
class FirstCardReturned:
    """O2: a Wild Draw Four turned first goes back into the deck (C1: any card but a number goes
    to the bottom; twist: a Joker goes back)."""

    card: AnyCard


@dataclass(frozen=True, slots=True)
class FirstCardTurned:
    card: AnyCard


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: AnyCard


@dataclass(frozen=True, slots=True)
class ColourChosen:
    seat: int
    colour: AnyColour


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    seat: int
    cards: tuple[AnyCard, ...]
    reason: DrawReason

    @property
    def private_to(self) -> int:
        return self.seat


@dataclass(frozen=True, slots=True)
class TurnSkipped:
    seat: int


@dataclass(frozen=True, slots=True)
class DirectionReversed:
    direction: int


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class UnoCalled:
    seat: int


@dataclass(frozen=True, slots=True)
class UnoCaught:
    catcher: int
    caught: int


@dataclass(frozen=True, slots=True)
class ChallengeResolved:
    """O6. `offender_hand` is shown to the challenger only."""

    challenger: int
    offender: int
    guilty: bool
    offender_hand: tuple[AnyCard, ...]

    @property
    def private_to(self) -> int:
        return self.challenger


@dataclass(frozen=True, slots=True)
class PileReshuffled:
    """O8: the discard pile, less its top, became the draw pile."""

    cards: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int
    turn: int


@dataclass(frozen=True, slots=True)
class SeatLeft:
    """The seat left; seats after it move down by one. Its cards went under the draw pile."""

    seat: int
    cards_returned: int


@dataclass(frozen=True, slots=True)
class RoundWon:
    seat: int
    points: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameWon:
    seat: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PenaltyPending:
    """Stacking (H1, C8, T4): `seat` must answer with a stackable card or draw `total`."""

    seat: int
    total: int


@dataclass(frozen=True, slots=True)
class JumpedIn:
    """H3: `seat` played the card on top out of turn; play goes on from them."""

    seat: int


@dataclass(frozen=True, slots=True)
class HandsSwapped:
    """H2: the player of a 7 swapped hands with `target`."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class HandsRotated:
    """H2: a 0 passed every hand one seat along the direction of play."""

    direction: int


@dataclass(frozen=True, slots=True)
class PlayerEliminated:
    """C7: the seat's total passed the threshold; it is dealt no more cards."""

    seat: int
    score: int


@dataclass(frozen=True, slots=True)
class TeamWonRound:
    """T7: a member of `team` went out, so the whole team won the round and scores 0 (T8).
    `team_scores` are the totals per team (team i is every seat whose team_of is i)."""

    team: int
    seats: tuple[int, ...]
    team_scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TeamWonGame:
    """T8: a team reached the threshold; the team with the lowest total won the game."""

    team: int
    seats: tuple[int, ...]
    team_scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TimeCalled:
    """T8: the table's time is up. With a round in play (`round_in_play`) that round is the
    last: it is played to its end, then the game ends; between rounds the game ends at once.
    The game's end follows as the usual GameWon (and TeamWonGame)."""

    round_number: int
    round_in_play: bool


# What every seat sees as it happened. The two events that carry cards only some seats may see
# (the cards drawn; the hand shown to a challenger) complete `Event`; a computer player gets them
# as its seat may know them (`bot.games.uno.ai.history.PublicEvent`).
OpenEvent = (
    RoundStarted
    | FirstCardReturned
    | FirstCardTurned
    | CardPlayed
    | ColourChosen
    | TurnSkipped
    | DirectionReversed
    | Passed
    | UnoCalled
    | UnoCaught
    | PileReshuffled
    | TurnStarted
    | SeatLeft
    | RoundWon
    | GameWon
    | PenaltyPending
    | JumpedIn
    | HandsSwapped
    | HandsRotated
    | PlayerEliminated
    | TeamWonRound
    | TeamWonGame
    | TimeCalled
)

Event = OpenEvent | CardsDrawn | ChallengeResolved
