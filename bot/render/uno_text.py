"""UNO cards and twist's playing cards as text and emoji, for messages, buttons and select
options; and one line per event for a table's log."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.uno.cards import Colour, Face, Role
from bot.games.uno.events import (
    CardPlayed,
    CardsDrawn,
    ChallengeResolved,
    ColourChosen,
    DirectionReversed,
    DrawReason,
    Event,
    FirstCardTurned,
    GameWon,
    HandsRotated,
    HandsSwapped,
    JumpedIn,
    Passed,
    PenaltyPending,
    PileReshuffled,
    PlayerEliminated,
    RoundStarted,
    RoundWon,
    SeatLeft,
    TeamWonGame,
    TeamWonRound,
    TimeCalled,
    TurnSkipped,
    UnoCalled,
    UnoCaught,
)
from bot.games.uno.playing_cards import AnyCard, AnyColour, PlayingCard, Suit
from bot.games.uno.scoring import POINTS_TO_TARGET, EndReason, Scoring

COLOUR_EMOJI = {
    Colour.RED: "🟥",
    Colour.YELLOW: "🟨",
    Colour.GREEN: "🟩",
    Colour.BLUE: "🟦",
}
WILD_EMOJI = "🌈"
JOKER_EMOJI = "🃏"
_FACE_SHORT = {
    Face.SKIP: "Skip",
    Face.REVERSE: "Reverse",
    Face.DRAW_TWO: "+2",
    Face.WILD: "Wild",
    Face.WILD_DRAW_FOUR: "Wild +4",
}
# What a playing card's rank does in twist (T3), said after its name where a player chooses it.
_TWIST_ROLE_NOTES = {
    Role.REVERSE: "reverse",
    Role.DRAW_TWO: "next draws 2",
    Role.SKIP: "skip",
    Role.WILD: "wild: name a suit",
    Role.DRAW_FIVE: "next draws 5",
}


def colour_emoji(colour: AnyColour | None) -> str:
    """An UNO colour's square, a suit's symbol; a rainbow for a Wild's missing colour."""
    if isinstance(colour, Suit):
        return colour.symbol
    return COLOUR_EMOJI[colour] if colour else WILD_EMOJI


def colour_text(colour: AnyColour) -> str:
    """`🟥 red`, `♥ hearts`: the colour (suit) in force, in a sentence."""
    return f"{colour_emoji(colour)} {colour.label.lower()}"


def card_short(card: AnyCard) -> str:
    """Compact, for hands and logs: `🟥 5`, `🟦 +2`, `🌈 Wild +4`; `7♥`, `10♠`, `🃏 Joker`."""
    if isinstance(card, PlayingCard):
        if card.suit is None:
            return f"{JOKER_EMOJI} Joker"
        return f"{card.rank.value}{card.suit.symbol}"
    return f"{colour_emoji(card.colour)} {_FACE_SHORT.get(card.face, card.face.value)}"


def card_long(card: AnyCard) -> str:
    """For select options and sentences: `🟥 Red 5`; `7♥ Seven of Hearts (skip)`."""
    if isinstance(card, PlayingCard):
        note = _TWIST_ROLE_NOTES.get(card.role)
        name = "Joker" if card.suit is None else card.label
        return f"{card_short(card) if card.suit else JOKER_EMOJI} {name}" + (f" ({note})" if note else "")
    return f"{colour_emoji(card.colour)} {card.label}"


def hand_text(cards: Iterable[AnyCard]) -> str:
    """A hand grouped by colour (suit), one line per colour, wilds (Jokers) last."""
    lines: dict[AnyColour | None, list[str]] = {}
    jokers = 0
    for card in sorted(cards, key=lambda c: c.order):
        if isinstance(card, PlayingCard):
            if card.suit is None:
                jokers += 1
            else:
                lines.setdefault(card.suit, []).append(card.rank.value)
        else:
            lines.setdefault(card.colour, []).append(_FACE_SHORT.get(card.face, card.face.value))
    text = [f"{colour_emoji(colour)} {'  '.join(faces)}" for colour, faces in lines.items()]
    if jokers:
        text.append(f"{JOKER_EMOJI} " + "  ".join(["Joker"] * jokers))
    return "\n".join(text)


def team_name(team: int) -> str:
    """Teams are named by letter: Team A, Team B..."""
    return f"Team {chr(ord('A') + team)}"


def describe_event(
    event: Event,
    names: list[str],
    *,
    scoring: Scoring = POINTS_TO_TARGET,
    team_game: bool = False,
    on_time: bool = False,
) -> str | None:
    """One line for the table's log, or None for events not worth a line. `names` are the seat
    names as they were when the event happened; a SeatLeft removes its seat from `names`.
    `scoring` and `team_game` say how a round and a game are won; `on_time` that the game ends
    because its time is up (T8)."""
    return (
        _move_line(event, names)
        or _table_line(event, names)
        or _result_line(event, names, scoring=scoring, team_game=team_game, on_time=on_time)
    )


def _move_line(event: Event, names: list[str]) -> str | None:
    """Cards and turns."""
    match event:
        case RoundStarted(round_number=number, dealer=dealer):
            return f"Round {number} dealt by {names[dealer]}."
        case FirstCardTurned(card=card):
            return f"First card: {card_short(card)}."
        case CardPlayed(seat=seat, card=card):
            return f"{names[seat]} played {card_short(card)}."
        case ColourChosen(seat=seat, colour=colour):
            verb = "named" if isinstance(colour, Suit) else "called"
            return f"{names[seat]} {verb} {colour_text(colour)}."
        case CardsDrawn(seat=seat, cards=cards, reason=reason):
            return _drawn_line(names[seat], len(cards), reason)
        case TurnSkipped(seat=seat):
            return f"{names[seat]} is skipped."
        case DirectionReversed(direction=direction):
            return "Play now goes " + ("clockwise." if direction == 1 else "counter-clockwise.")
        case Passed(seat=seat):
            return f"{names[seat]} passed."
        case UnoCalled(seat=seat):
            return f"{names[seat]} called UNO!"
        case UnoCaught(catcher=catcher, caught=caught):
            return f"{names[catcher]} caught {names[caught]} without UNO!"
        case ChallengeResolved(challenger=challenger, offender=offender, guilty=guilty):
            verdict = "was bluffing" if guilty else "played it fairly"
            return f"{names[challenger]} challenged the Wild +4: {names[offender]} {verdict}."
        case PileReshuffled(cards=count):
            return f"The discard pile was shuffled into a new draw pile ({count} cards)."
        case _:
            return None


def _drawn_line(name: str, count: int, reason: DrawReason) -> str:
    noun = "card" if count == 1 else "cards"
    if reason is DrawReason.CHOSE_TO_DRAW:
        return f"{name} drew a card." if count else f"{name} found nothing to draw."
    return f"{name} drew {count} {noun}: {reason.value}."


def _table_line(event: Event, names: list[str]) -> str | None:
    """Seats, hands changing owners, penalties, time; a SeatLeft removes its seat from `names`."""
    match event:
        case SeatLeft(seat=seat, cards_returned=count):
            name = names.pop(seat)
            return f"{name}'s {count} cards went under the draw pile."
        case PenaltyPending(seat=seat, total=total):
            return f"{names[seat]} must stack on it or draw {total}."
        case JumpedIn(seat=seat):
            return f"⚡ {names[seat]} jumped in!"
        case HandsSwapped(seat=seat, target=target):
            return f"🔄 {names[seat]} swapped hands with {names[target]}."
        case HandsRotated():
            return "🔄 Every hand passed one seat along."
        case PlayerEliminated(seat=seat, score=score):
            return f"❌ {names[seat]} is out of the game with {score} points."
        case TimeCalled(round_in_play=True):
            return "⏱ Time is up: this round is the last."
        case TimeCalled():
            return "⏱ Time is up: the game ends now."
        case _:
            return None


def _result_line(
    event: Event, names: list[str], *, scoring: Scoring, team_game: bool, on_time: bool
) -> str | None:
    """Rounds and games won."""
    match event:
        case RoundWon(seat=seat, points=points):
            return f"🏆 {names[seat]} {scoring.round_phrase(points, team_game)}."
        case TeamWonRound(team=team, seats=seats):
            members = " & ".join(names[s] for s in seats)
            return f"🏆 {team_name(team)} ({members}) won the round."
        case GameWon(seat=seat, scores=scores):
            if team_game:
                return None  # TeamWonGame follows and names the team
            return game_won_line(names[seat], scores[seat], scoring=scoring, on_time=on_time)
        case TeamWonGame(team=team, seats=seats, team_scores=totals):
            members = " & ".join(names[s] for s in seats)
            return (
                f"🎉 {team_name(team)} ({members}) wins the game with {totals[team]} points, "
                "the lowest total!"
            )
        case _:
            return None


def game_won_line(name: str, points: int, *, scoring: Scoring, on_time: bool) -> str:
    """The winner of a game without teams, as the log and the channel's announcement say it."""
    end = EndReason.TIME if on_time else EndReason.TARGET
    return f"🎉 {name} {scoring.win_phrase(points, end)}!"
