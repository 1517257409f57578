"""`/flood rules`: how Survive the Flood is played here (docs/rules.md), per difficulty, in the
reader's language (numbers and percentages written its way)."""

from __future__ import annotations

from bot.games.flood import DeckKind
from bot.games.flood import Difficulty
from bot.games.flood import minimum_target
from bot.games.flood.odds import PLAYER_ODDS
from bot.i18n.text import AllOf
from bot.i18n.text import Lines
from bot.i18n.text import Percent
from bot.i18n.text import Text
from bot.i18n.text import text

BASICS = (
    text(
        "**Survive the Flood** is UNO played alone, backwards: you want to *keep* cards. "
        "You start with 7 cards and one card face up. Each move you either play one card that "
        "matches the top card (same suit/colour, or same rank or symbol; after a wild only the "
        "called suit counts), or draw one card — but only when nothing in your hand can be played. "
        "A Draw Two makes *you* draw 2, a Wild Draw Four makes you draw 4; after a wild you call "
        "any suit you like (calling one you lack is the classic trick)."
    ),
    text(
        "Every time the draw pile runs out, that is one **draw deck survived**; the discard pile "
        "(less its top card) is shuffled into a new draw pile. Survive the target number of draw "
        "decks and you win, at that very instant. Run out of cards once a play is over and you lose "
        "— so a last card that is a Draw Two or Wild Draw Four is safe, a last ordinary card or "
        "Wild is not."
    ),
    text(
        "Cards: the UNO deck (108 cards), or a standard deck with jokers, where a Queen is a Wild, "
        "a King a Draw Two and a Joker a Wild Draw Four. Resigning, or leaving a game untouched "
        "for a day, counts as a loss for your win streak."
    ),
)

DETAILS = {
    Difficulty.EASY: text(
        "Special cards (Draw Two, Wild, Wild Draw Four) go to a **reserve** beside your hand: "
        "play them whenever they match, but they never force you to play and never count as "
        "cards in hand."
    ),
    Difficulty.MEDIUM: text(
        "Special cards are ordinary members of your hand: a playable special obliges you to "
        "play like any other card, and counts as a card in hand."
    ),
    Difficulty.HARD: text(
        "As medium, and whenever a special card can be played, only special cards may be played "
        "(so a wild goes at once). A Wild Draw Four calls the suit *before* you draw the four."
    ),
    Difficulty.MASTER: text(
        "A deck of 54 cards in two suits: the hearts and spades of two packs and both jokers, or "
        "the red and blue cards of one UNO deck with two Wilds and two Wild Draw Fours; with "
        "easy's reserve for special cards."
    ),
    Difficulty.MASTER_INHAND: text(
        "The master two-suit deck, with medium's rule: special cards live in your hand."
    ),
}

TABLE_RULE = text(
    "Table rule `penalty_draws:true`: you may draw even when you could play, but then 3 cards from "
    "your hand go under the top card (specials first on medium and hard; on easy and master, "
    "ordinary cards only, and with 3 or fewer of them you lose)."
)


def targets_text(difficulty: Difficulty) -> Text:
    """A difficulty's heading is the choice to type, named as the reader's command menu names it
    (`schwierigkeit:leicht` to a German reader), then its targets."""
    return text(
        "`difficulty:{level}`: survive {uno} draw decks with the UNO deck, "
        "{standard} with the standard deck.",
        level=difficulty.value,
        uno=minimum_target(difficulty, DeckKind.UNO),
        standard=minimum_target(difficulty, DeckKind.STANDARD),
    )


def odds_text(difficulty: Difficulty) -> Text | str:
    """How often the bot's careful player (the planner) wins this difficulty per deck (table rule
    off), from the figures bench/flood.py measured."""
    parts = []
    for deck in (DeckKind.UNO, DeckKind.STANDARD):
        odds = PLAYER_ODDS.get((difficulty.value, deck.value, False))
        if odds is None:
            continue
        rate = Percent(odds.rate)  # never 0% for a difficulty the planner has won
        if deck is DeckKind.UNO:
            parts.append(text("{rate} with the UNO deck ({count} deals)", rate=rate, count=odds.deals))
        else:
            parts.append(text("{rate} with the standard deck ({count} deals)", rate=rate, count=odds.deals))
    if not parts:
        return ""
    return text("A careful computer player wins {odds}.", odds=AllOf(tuple(parts)))


def rules_text(difficulty: Difficulty | None = None) -> Lines:
    """The basics, then one difficulty in detail, or a line for each."""
    chosen = [difficulty] if difficulty else list(Difficulty)
    lines: list[Text | str] = [*BASICS, ""]
    for level in chosen:
        odds = odds_text(level)
        pattern = "{targets} {details} {odds}" if odds else "{targets} {details}"
        lines.append(
            Text(pattern, (("targets", targets_text(level)), ("details", DETAILS[level]), ("odds", odds)))
        )
    lines += ["", text("You may raise the target with `decks:`, never lower it."), TABLE_RULE]
    return Lines(tuple(lines))
