"""UNO cards and twist's playing cards as words and emoji, for messages, buttons and select
options; and one line per event for a table's log. Each is a `Text` (bot/i18n/text.py), put into
the reader's language when shown."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.uno.cards import Colour
from bot.games.uno.cards import Face
from bot.games.uno.cards import Role
from bot.games.uno.events import CardPlayed
from bot.games.uno.events import CardsDrawn
from bot.games.uno.events import ChallengeResolved
from bot.games.uno.events import ColourChosen
from bot.games.uno.events import DirectionReversed
from bot.games.uno.events import DrawReason
from bot.games.uno.events import Event
from bot.games.uno.events import FirstCardTurned
from bot.games.uno.events import GameWon
from bot.games.uno.events import HandsRotated
from bot.games.uno.events import HandsSwapped
from bot.games.uno.events import JumpedIn
from bot.games.uno.events import Passed
from bot.games.uno.events import PenaltyPending
from bot.games.uno.events import PileReshuffled
from bot.games.uno.events import PlayerEliminated
from bot.games.uno.events import RoundStarted
from bot.games.uno.events import RoundWon
from bot.games.uno.events import SeatLeft
from bot.games.uno.events import TeamWonGame
from bot.games.uno.events import TeamWonRound
from bot.games.uno.events import TimeCalled
from bot.games.uno.events import TurnSkipped
from bot.games.uno.events import UnoCalled
from bot.games.uno.events import UnoCaught
from bot.games.uno.playing_cards import AnyCard
from bot.games.uno.playing_cards import AnyColour
from bot.games.uno.playing_cards import PlayingCard
from bot.games.uno.playing_cards import Rank
from bot.games.uno.playing_cards import Suit
from bot.games.uno.scoring import POINTS_TO_TARGET
from bot.games.uno.scoring import EndReason
from bot.games.uno.scoring import Scoring
from bot.i18n.text import AllOf
from bot.i18n.text import Lines
from bot.i18n.text import Named
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import joined
from bot.i18n.text import symbols
from bot.i18n.text import text

# The seat names of a table's log, as they were when each event happened: names, marks that
# stand for names (bot/sessions/table.py), or words such as "a former player".
Names = list[str] | list[Text | str]

WILD_EMOJI = "🌈"
JOKER_EMOJI = "🃏"
# Between a face and how many of it a tallied hand holds: `K` and the sign, then `8`.
TIMES = "\N{MULTIPLICATION SIGN}"
# The faces as a hand shows them, short (Survive the Flood's hands show its UNO cards so too).
FACE_SHORT: dict[Face, Text | str] = {
    Face.SKIP: text("Skip"),
    Face.REVERSE: text("Reverse"),
    Face.DRAW_TWO: "+2",
    Face.WILD: text("Wild"),
    Face.WILD_DRAW_FOUR: text("Wild +4"),
}
# What a playing card's rank does in twist (T3), said after its name where a player chooses it.
_TWIST_ROLE_NOTES = {
    Role.REVERSE: text("reverse"),
    Role.DRAW_TWO: text("next draws 2"),
    Role.SKIP: text("skip"),
    Role.WILD: text("wild: name a suit"),
    Role.DRAW_FIVE: text("next draws 5"),
}
_DRAW_REASONS = {
    DrawReason.DRAW_TWO: text("hit by a Draw Two"),
    DrawReason.WILD_DRAW_FOUR: text("hit by a Wild Draw Four"),
    DrawReason.FIRST_CARD: text("the first card was a Draw Two"),
    DrawReason.CHALLENGE_LOST: text("lost a challenge"),
    DrawReason.CAUGHT_BLUFFING: text("caught bluffing with a Wild Draw Four"),
    DrawReason.MISSED_UNO: text("was caught without calling UNO"),
    DrawReason.WILD: text("hit by a Wild"),
    DrawReason.JOKER: text("hit by a Joker"),
    DrawReason.STACKED: text("took the stacked penalty"),
    DrawReason.DRAW_TO_MATCH: text("drew until a card matched"),
}


def colour_emoji(colour: AnyColour | None) -> str:
    """An UNO colour's square, a suit's symbol; a rainbow for a Wild's missing colour."""
    return colour.symbol if colour else WILD_EMOJI


def colour_text(colour: AnyColour) -> Text:
    """`🟥 red`, `♥ hearts`: the colour (suit) in force, in a sentence."""
    return symbols("{emoji} {colour}", emoji=colour_emoji(colour), colour=colour.named)


def _face_short(face: Face) -> Text | str:
    return FACE_SHORT.get(face, face.value)


def card_short(card: AnyCard) -> Text:
    """A card on its own, for logs and sentences: `🟥 Red 5`, `🌈 Wild +4`; `7♥`, `🃏 Joker`. An
    UNO card's colour is said in words too: 🟥 and 🟩 are one square to a red-green colour-blind
    player (a suit's symbol is a shape already)."""
    if isinstance(card, PlayingCard):
        if card.suit is None:
            return symbols("{emoji} {joker}", emoji=JOKER_EMOJI, joker=card.named)
        return symbols("{rank}{suit}", rank=card.rank.value, suit=card.suit.symbol)
    if card.colour is not None:
        return symbols("{emoji} {name}", emoji=colour_emoji(card.colour), name=card.named)
    return symbols("{emoji} {face}", emoji=WILD_EMOJI, face=_face_short(card.face))


def card_long(card: AnyCard) -> Text:
    """For select options and sentences: `🟥 Red 5`; `7♥ 7 of Hearts (skip)`."""
    if isinstance(card, PlayingCard):
        note = _TWIST_ROLE_NOTES.get(card.role)
        short = card_short(card) if card.suit else JOKER_EMOJI
        name = symbols("{short} {name}", short=short, name=card.named)
        return name if note is None else symbols("{name} ({note})", name=name, note=note)
    return symbols("{emoji} {name}", emoji=colour_emoji(card.colour), name=card.named)


def hand_text(cards: Iterable[AnyCard], *, tallied: bool = False) -> Lines:
    """A hand grouped by colour (suit), one line per colour, wilds (Jokers) last. `tallied`
    writes a face held several times once, with its count (`K`, the sign, `8`): the shortest
    form, for a hand too long to list card by card where it is shown (a twist hand of eight
    decks)."""
    lines: dict[AnyColour | None, list[Text | str]] = {}
    jokers = 0
    for card in sorted(cards, key=lambda c: c.order):
        if isinstance(card, PlayingCard):
            if card.suit is None:
                jokers += 1
            else:
                lines.setdefault(card.suit, []).append(card.rank.value)
        else:
            lines.setdefault(card.colour, []).append(_face_short(card.face))
    shown = [_row(colour, _tally(faces) if tallied else faces) for colour, faces in lines.items()]
    if jokers:
        shown.append(
            _row(JOKER_EMOJI, _tally([Rank.JOKER.named] * jokers) if tallied else [Rank.JOKER.named] * jokers)
        )
    return Lines(tuple(shown))


def _tally(faces: list[Text | str]) -> list[Text | str]:
    """Faces in order, each once, with its count after the sign when held more than once."""
    counts: dict[Text | str, int] = {}
    for face in faces:
        counts[face] = counts.get(face, 0) + 1
    return [
        face if n == 1 else symbols("{face}{times}{count}", face=face, times=TIMES, count=n)
        for face, n in counts.items()
    ]


def _row(colour: AnyColour | str | None, faces: list[Text | str]) -> Text:
    """One colour's cards: `🟥 Red: 3  5  Skip`, the colour in words as well as by its square; a
    suit's (`♥ 7  9`), the wilds' and the Jokers' (a symbol or a string: the emoji) by their sign."""
    if isinstance(colour, Colour):
        return text(
            "{emoji} {colour}: {faces}", emoji=colour.symbol, colour=colour.title, faces=joined(faces, "  ")
        )
    emoji = colour if isinstance(colour, str) else colour_emoji(colour)
    return symbols("{emoji} {faces}", emoji=emoji, faces=joined(faces, "  "))


def team_name(team: int) -> Text:
    """Teams are named by letter: Team A, Team B..."""
    return text("Team {letter}", letter=chr(ord("A") + team))


def describe_event(
    event: Event,
    names: Names,
    *,
    scoring: Scoring = POINTS_TO_TARGET,
    team_game: bool = False,
    end: EndReason = EndReason.TARGET,
) -> Text | None:
    """One line for the table's log, or None for events not worth a line. `names` are the seat
    names as they were when the event happened; a SeatLeft removes its seat from `names`.
    `scoring` and `team_game` say how a round and a game are won; `end` how the game ended, as
    `told_end` tells it."""
    return (
        _move_line(event, names)
        or _table_line(event, names)
        or _result_line(event, names, scoring=scoring, team_game=team_game, end=end)
    )


def _move_line(event: Event, names: Names) -> Text | None:
    """Cards and turns."""
    match event:
        case RoundStarted(round_number=number, dealer=dealer):
            return text("Round {number} dealt by {name}.", number=number, name=names[dealer])
        case FirstCardTurned(card=card):
            return text("First card: {card}.", card=card_short(card))
        case CardPlayed(seat=seat, card=card):
            return text("{name} played {card}.", name=names[seat], card=card_short(card))
        case ColourChosen(seat=seat, colour=colour) if isinstance(colour, Suit):
            return text("{name} named {suit}.", name=names[seat], suit=colour_text(colour))
        case ColourChosen(seat=seat, colour=colour):
            return text("{name} called {colour}.", name=names[seat], colour=colour_text(colour))
        case CardsDrawn(seat=seat, cards=cards, reason=reason):
            return _drawn_line(names[seat], len(cards), reason)
        case TurnSkipped(seat=seat):
            return text("{name} is skipped.", name=names[seat])
        case DirectionReversed(direction=1):
            return text("Play now goes clockwise.")
        case DirectionReversed():
            return text("Play now goes counter-clockwise.")
        case Passed(seat=seat):
            return text("{name} passed.", name=names[seat])
        case _:
            return _call_line(event, names)


def _call_line(event: Event, names: Names) -> Text | None:
    """What players call and challenge; the piles."""
    match event:
        case UnoCalled(seat=seat):
            return text("{name} called UNO!", name=names[seat])
        case UnoCaught(catcher=catcher, caught=caught):
            return text(
                "{catcher} caught {caught} without UNO!", catcher=names[catcher], caught=names[caught]
            )
        case ChallengeResolved(challenger=challenger, offender=offender, guilty=True):
            return text(
                "{challenger} challenged the Wild +4: {offender} was bluffing.",
                challenger=names[challenger],
                offender=names[offender],
            )
        case ChallengeResolved(challenger=challenger, offender=offender):
            return text(
                "{challenger} challenged the Wild +4: {offender} played it fairly.",
                challenger=names[challenger],
                offender=names[offender],
            )
        case PileReshuffled(cards=count):
            return counted(
                "The discard pile was shuffled into a new draw pile ({count} card).",
                "The discard pile was shuffled into a new draw pile ({count} cards).",
                count=count,
            )
        case _:
            return None


def _drawn_line(name: Text | str, count: int, reason: DrawReason) -> Text:
    if reason is DrawReason.CHOSE_TO_DRAW:
        return (
            text("{name} drew a card.", name=name)
            if count
            else text("{name} found nothing to draw.", name=name)
        )
    return counted(
        "{name} drew {count} card: {reason}.",
        "{name} drew {count} cards: {reason}.",
        count=count,
        name=name,
        reason=_DRAW_REASONS[reason],
    )


def _table_line(event: Event, names: Names) -> Text | None:
    """Seats, hands changing owners, penalties, time; a SeatLeft removes its seat from `names`."""
    match event:
        case SeatLeft(seat=seat, cards_returned=count):
            return counted(
                "{name}'s {count} card went under the draw pile.",
                "{name}'s {count} cards went under the draw pile.",
                count=count,
                name=names.pop(seat),
            )
        case PenaltyPending(seat=seat, total=total):
            return text("{name} must stack on it or draw {total}.", name=names[seat], total=total)
        case JumpedIn(seat=seat):
            return text("⚡ {name} jumped in!", name=names[seat])
        case HandsSwapped(seat=seat, target=target):
            return text("🔄 {name} swapped hands with {other}.", name=names[seat], other=names[target])
        case HandsRotated():
            return text("🔄 Every hand passed one seat along.")
        case PlayerEliminated(seat=seat, score=score):
            return text("❌ {name} is out of the game with {points} points.", name=names[seat], points=score)
        case TimeCalled(round_in_play=True):
            return text("⏱ Time is up: this round is the last.")
        case TimeCalled():
            return text("⏱ Time is up: the game ends now.")
        case _:
            return None


def _result_line(
    event: Event, names: Names, *, scoring: Scoring, team_game: bool, end: EndReason
) -> Text | None:
    """Rounds and games won."""
    match event:
        case RoundWon(seat=seat, points=points):
            return text("🏆 {result}.", result=scoring.round_won(names[seat], points, team_game))
        case TeamWonRound(team=team, seats=seats):
            return text(
                "🏆 {team} ({members}) won the round.",
                team=team_name(team),
                members=AllOf(tuple(names[s] for s in seats)),
            )
        case GameWon(seat=seat, scores=scores):
            if team_game:
                return None  # TeamWonGame follows and names the team
            return game_won_line(names[seat], scores[seat], scoring=scoring, end=end)
        case TeamWonGame(team=team, seats=seats) if end is EndReason.LAST_STANDING:
            return text(
                "🎉 {team} ({members}) wins the game: every other team left the table!",
                team=team_name(team),
                members=AllOf(tuple(names[s] for s in seats)),
            )
        case TeamWonGame(team=team, seats=seats, team_scores=totals):
            return counted(
                "🎉 {team} ({members}) wins the game with {count} point, the lowest total!",
                "🎉 {team} ({members}) wins the game with {count} points, the lowest total!",
                count=totals[team],
                team=team_name(team),
                members=AllOf(tuple(names[s] for s in seats)),
            )
        case _:
            return None


def game_won_line(name: Named, points: int, *, scoring: Scoring, end: EndReason) -> Text:
    """The winner of a game without teams, as the log and the channel's announcement say it."""
    return text("🎉 {result}!", result=scoring.game_won(name, points, end))


def told_end(reason: EndReason, time_called: bool) -> EndReason:
    """How a game's end is told: left alone at the table (the others left, or were out), as
    that; otherwise, once its time was called (T8), as a game that ended on time."""
    if reason is EndReason.LAST_STANDING or not time_called:
        return reason
    return EndReason.TIME
