"""UNO cards as text and emoji, for messages, buttons and select options."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.uno.cards import Card, Colour, Face
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
    Passed,
    PileReshuffled,
    RoundStarted,
    RoundWon,
    SeatLeft,
    TurnSkipped,
    UnoCalled,
    UnoCaught,
)

COLOUR_EMOJI = {
    Colour.RED: "🟥",
    Colour.YELLOW: "🟨",
    Colour.GREEN: "🟩",
    Colour.BLUE: "🟦",
}
WILD_EMOJI = "🌈"
_FACE_SHORT = {
    Face.SKIP: "Skip",
    Face.REVERSE: "Reverse",
    Face.DRAW_TWO: "+2",
    Face.WILD: "Wild",
    Face.WILD_DRAW_FOUR: "Wild +4",
}


def colour_emoji(colour: Colour | None) -> str:
    return COLOUR_EMOJI[colour] if colour else WILD_EMOJI


def card_short(card: Card) -> str:
    """Compact, for hands and logs: `🟥 5`, `🟦 +2`, `🌈 Wild +4`."""
    return f"{colour_emoji(card.colour)} {_FACE_SHORT.get(card.face, card.face.value)}"


def card_long(card: Card) -> str:
    """For select options and sentences: `🟥 Red 5`."""
    return f"{colour_emoji(card.colour)} {card.label}"


def hand_text(cards: Iterable[Card]) -> str:
    """A hand grouped by colour, one line per colour, wilds last."""
    lines: dict[Colour | None, list[str]] = {}
    for card in sorted(cards, key=lambda c: c.order):
        lines.setdefault(card.colour, []).append(_FACE_SHORT.get(card.face, card.face.value))
    return "\n".join(f"{colour_emoji(colour)} {'  '.join(faces)}" for colour, faces in lines.items())


def describe_event(event: Event, names: list[str]) -> str | None:
    """One line for the table's log, or None for events not worth a line. `names` are the seat
    names as they were when the event happened; a SeatLeft removes its seat from `names`."""
    match event:
        case RoundStarted(round_number=number, dealer=dealer):
            return f"Round {number} dealt by {names[dealer]}."
        case FirstCardTurned(card=card):
            return f"First card: {card_short(card)}."
        case CardPlayed(seat=seat, card=card):
            return f"{names[seat]} played {card_short(card)}."
        case ColourChosen(seat=seat, colour=colour):
            return f"{names[seat]} called {colour_emoji(colour)} {colour.label.lower()}."
        case CardsDrawn(seat=seat, cards=cards, reason=reason):
            count = len(cards)
            noun = "card" if count == 1 else "cards"
            if reason is DrawReason.CHOSE_TO_DRAW:
                return f"{names[seat]} drew a card." if count else f"{names[seat]} found nothing to draw."
            return f"{names[seat]} drew {count} {noun}: {reason.value}."
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
        case SeatLeft(seat=seat, cards_returned=count):
            name = names.pop(seat)
            return f"{name}'s {count} cards went under the draw pile."
        case RoundWon(seat=seat, points=points):
            return f"🏆 {names[seat]} won the round and scores {points} points."
        case GameWon(seat=seat, scores=scores):
            return f"🎉 {names[seat]} wins the game with {scores[seat]} points!"
        case _:
            return None
