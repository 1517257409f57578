"""How a round is scored and how a game ends: one `Scoring` per scheme, and the end as a value.

Three schemes: points to a target (O9-O10: the winner of a round scores the cards left in the
other hands), elimination (C7: the others add their own cards and are out above the threshold)
and lowest total (T8: the side that went out scores 0, the others add their own cards; at the
threshold the lowest total wins). Each also says who wins when the table's time is up (T8's
"or when the table's time is up", which any table may set) and how its ending reads.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import ClassVar

from bot.games.uno.events import Event
from bot.games.uno.events import PlayerEliminated
from bot.games.uno.events import RoundWon
from bot.games.uno.events import TeamWonRound
from bot.i18n.text import Named
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text

if TYPE_CHECKING:
    from bot.games.uno.game import UnoGame


class EndReason(enum.Enum):
    TARGET = "target reached"  # not shown to players
    LAST_STANDING = "last standing"  # not shown to players
    TIME = "time called"  # not shown to players


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: who won (with teams, the whole team) and why."""

    winner: int
    team: int | None
    seats: tuple[int, ...]
    reason: EndReason


@dataclass(frozen=True, slots=True)
class Scoring:
    """Points to a target (O9-O10), the official scheme; the others override what differs."""

    name: ClassVar[str] = "points to a target"  # not shown to players
    # What the lobby titles the points target with.
    target_label: ClassVar[Text] = text("Play to")

    # The target and its points are one sentence, not the label before a count: a language's
    # label may end in a word that governs the number's case ("bei 500 Punkten").
    def target_said(self, points: int) -> Text:
        """The points target as the settings name it: "Play to 500 points"."""
        return counted("Play to {count} point", "Play to {count} points", count=points)

    def target_noted(self, points: int) -> Text:
        """The same in a line of notes, as the table's footer says it: "play to 500 points"."""
        return counted("play to {count} point", "play to {count} points", count=points)

    def score_round(self, game: UnoGame, seat: int, events: list[Event]) -> int | None:
        """Score the round `seat` just won (the events go onto `events`); the seat that wins
        the game if it ends on points, else None."""
        points = sum(c.points for hand in game.hands for c in hand)
        game.scores[seat] += points
        events.append(RoundWon(seat, points, tuple(game.scores)))
        return seat if game.scores[seat] >= game.ruleset.target_score else None

    def winner_on_time(self, game: UnoGame) -> int:
        """The winner when time is called (O10 read for a time limit: the highest score); a tie
        goes to the side that went out last, then to the first seat."""
        scores, went_out = game.scores, game.round_winner
        return min(range(game.seat_count), key=lambda s: (-scores[s], s != went_out, s))

    def game_won(self, name: Named, points: int, reason: EndReason) -> Text:
        """How the winner `name` won: "Ann wins the game with 500 points"."""
        if reason is EndReason.LAST_STANDING:
            return won_alone(name)
        return counted(
            "{name} wins the game with {count} point",
            "{name} wins the game with {count} points",
            count=points,
            name=name,
        )

    def round_won(self, name: Text | str, points: int, team_game: bool) -> Text:
        """How `name`, who went out, did."""
        return counted(
            "{name} won the round and scores {count} point",
            "{name} won the round and scores {count} points",
            count=points,
            name=name,
        )

    def explain(self, target: int) -> Text:
        return counted(
            "The first to empty their hand wins the round (a last Draw Two or Wild Draw Four "
            "still makes the next player draw) and scores the cards left in the other hands: "
            "numbers at face value, Skip, Reverse and Draw Two 20, Wilds 50. Rounds go on until "
            "someone reaches {count} point; the deal moves left each round.",
            "The first to empty their hand wins the round (a last Draw Two or Wild Draw Four "
            "still makes the next player draw) and scores the cards left in the other hands: "
            "numbers at face value, Skip, Reverse and Draw Two 20, Wilds 50. Rounds go on until "
            "someone reaches {count} points; the deal moves left each round.",
            count=target,
        )

    def winner_on_time_text(self, team_game: bool) -> Text:
        return text("the highest score wins")


@dataclass(frozen=True, slots=True)
class OwnCardsCount(Scoring):
    """The schemes where whoever goes out scores nothing and the others add the cards left in
    their own hands (C7, T8)."""

    def round_won(self, name: Text | str, points: int, team_game: bool) -> Text:
        if team_game:
            return text("{name} went out", name=name)
        return text("{name} went out and won the round", name=name)


@dataclass(frozen=True, slots=True)
class Elimination(OwnCardsCount):
    """C7: the others add their own cards; above the threshold a player is out; the last one
    standing wins."""

    name: ClassVar[str] = "elimination"
    target_label: ClassVar[Text] = text("Out above")

    def target_said(self, points: int) -> Text:
        return counted("Out above {count} point", "Out above {count} points", count=points)

    def target_noted(self, points: int) -> Text:
        return counted("out above {count} point", "out above {count} points", count=points)

    def score_round(self, game: UnoGame, seat: int, events: list[Event]) -> int | None:
        for other in game.active_seats:
            if other != seat:
                game.scores[other] += sum(c.points for c in game.hands[other])
        events.append(RoundWon(seat, 0, tuple(game.scores)))
        for other in game.active_seats:
            if game.scores[other] > game.ruleset.target_score:
                game.eliminated[other] = True
                events.append(PlayerEliminated(other, game.scores[other]))
        standing = game.active_seats
        return standing[0] if len(standing) == 1 else None

    def winner_on_time(self, game: UnoGame) -> int:
        scores, went_out = game.scores, game.round_winner
        return min(game.active_seats, key=lambda s: (scores[s], s != went_out, s))

    def game_won(self, name: Named, points: int, reason: EndReason) -> Text:
        if reason is EndReason.TIME:
            return counted(
                "{name} has the lowest total of the players still in, {count} point, and wins the game",
                "{name} has the lowest total of the players still in, {count} points, and wins the game",
                count=points,
                name=name,
            )
        return text("{name} is the last player standing and wins the game", name=name)

    def explain(self, target: int) -> Text:
        return text(
            "When a round ends, everyone else adds the cards left in their own hand (numbers at "
            "face value, action cards 20, Wilds 50); a player above {target} is out; the last "
            "player standing wins the game. The deal moves left each round.",
            target=target,
        )

    def winner_on_time_text(self, team_game: bool) -> Text:
        return text("the player still in with the lowest total wins")


@dataclass(frozen=True, slots=True)
class LowestTotal(OwnCardsCount):
    """T8: the side that went out scores 0 and the others add their own cards; when a side
    reaches the threshold the lowest total wins, by team (T7)."""

    name: ClassVar[str] = "lowest total"  # not shown to players
    target_label: ClassVar[Text] = text("Game ends at")

    def target_said(self, points: int) -> Text:
        return counted("Game ends at {count} point", "Game ends at {count} points", count=points)

    def target_noted(self, points: int) -> Text:
        return counted("game ends at {count} point", "game ends at {count} points", count=points)

    def score_round(self, game: UnoGame, seat: int, events: list[Event]) -> int | None:
        team = game.team_of(seat)
        for other in range(game.seat_count):
            if game.team_of(other) != team:
                game.scores[other] += sum(c.points for c in game.hands[other])
        events.append(RoundWon(seat, 0, tuple(game.scores)))
        totals = game.team_scores()
        if game.is_team_game:  # alone, each player is their own side: RoundWon says it all
            events.append(TeamWonRound(team, game.team_members(team), totals))
        if max(totals) < game.ruleset.target_score:
            return None
        # The lowest total wins; a tie goes to the side that just went out.
        best = min(range(len(totals)), key=lambda t: (totals[t], t != team, t))
        return game.team_members(best)[0]

    def winner_on_time(self, game: UnoGame) -> int:
        totals = game.team_scores()
        went_out = game.round_winner
        last = game.team_of(went_out) if went_out is not None else None
        best = min(range(len(totals)), key=lambda t: (totals[t], t != last, t))
        return game.team_members(best)[0]

    def game_won(self, name: Named, points: int, reason: EndReason) -> Text:
        if reason is EndReason.LAST_STANDING:
            return won_alone(name)
        return counted(
            "{name} wins the game with the lowest total, {count} point",
            "{name} wins the game with the lowest total, {count} points",
            count=points,
            name=name,
        )

    def explain(self, target: int) -> Text:
        return text(
            "When a player goes out (a last 2 or Joker still makes the next player draw), each "
            "player counts their hand: 3-7 are 5, 8-10, Q and K 10, A and 2 20, J 30, Joker 50; "
            "the side that went out scores 0. Scores add up; when a side reaches {target} the "
            "game ends and the lowest total wins (a tie goes to the side that went out last). The "
            "deal moves left each round.",
            target=target,
        )

    def winner_on_time_text(self, team_game: bool) -> Text:
        if team_game:
            return text("the team with the lowest total wins")
        return text("the player with the lowest total wins")


def won_alone(name: Named) -> Text:
    """Where a game is won on points, how the one left at the table when everyone else left won
    it: not with the points they have (no target reached, no hand scored), but alone."""
    return text("{name} wins the game: everyone else left the table", name=name)


POINTS_TO_TARGET = Scoring()  # O9-O10
ELIMINATION = Elimination()  # C7
LOWEST_TOTAL = LowestTotal()  # T8
