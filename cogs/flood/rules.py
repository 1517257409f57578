"""`/flood rules`: how Survive the Flood is played here (docs/rules.md), per difficulty."""

from __future__ import annotations

from bot.games.flood import DeckKind, Difficulty, minimum_target
from bot.games.flood.odds import PLAYER_ODDS

BASICS = (
    "**Survive the Flood** is UNO played alone, backwards: you want to *keep* cards. "
    "You start with 7 cards and one card face up. Each move you either play one card that "
    "matches the top card (same suit/colour, or same rank or symbol; after a wild only the "
    "called suit counts), or draw one card — but only when nothing in your hand can be played. "
    "A Draw Two makes *you* draw 2, a Wild Draw Four makes you draw 4; after a wild you call "
    "any suit you like (calling one you lack is the classic trick).\n"
    "Every time the draw pile runs out, that is one **draw deck survived**; the discard pile "
    "(less its top card) is shuffled into a new draw pile. Survive the target number of draw "
    "decks and you win, at that very instant. Run out of cards once a play is over and you lose "
    "— so a last card that is a Draw Two or Wild Draw Four is safe, a last ordinary card or "
    "Wild is not.\n"
    "Cards: the UNO deck (108 cards), or a standard deck with jokers, where a Queen is a Wild, "
    "a King a Draw Two and a Joker a Wild Draw Four. Resigning, or leaving a game untouched "
    "for a day, counts as a loss for your win streak."
)

DETAILS = {
    Difficulty.EASY: (
        "Special cards (Draw Two, Wild, Wild Draw Four) go to a **reserve** beside your hand: "
        "play them whenever they match, but they never force you to play and never count as "
        "cards in hand."
    ),
    Difficulty.MEDIUM: (
        "Special cards are ordinary members of your hand: a playable special obliges you to "
        "play like any other card, and counts as a card in hand."
    ),
    Difficulty.HARD: (
        "As medium, and whenever a special card can be played, only special cards may be played "
        "(so a wild goes at once). A Wild Draw Four calls the suit *before* you draw the four."
    ),
    Difficulty.MASTER: (
        "A two-suit deck of 54 cards (two copies of each card of two suits, plus two of each "
        "wild), with easy's reserve for special cards."
    ),
    Difficulty.MASTER_INHAND: (
        "The master two-suit deck, with medium's rule: special cards live in your hand."
    ),
}

TABLE_RULE = (
    "Table rule `penalty_draws`: you may draw even when you could play, but then 3 cards from "
    "your hand go under the top card (specials first on medium and hard; on easy and master, "
    "ordinary cards only, and with 3 or fewer of them you lose)."
)


def targets_text(difficulty: Difficulty) -> str:
    standard = minimum_target(difficulty, DeckKind.STANDARD)
    uno = minimum_target(difficulty, DeckKind.UNO)
    return f"survive {uno} draw decks with the UNO deck, {standard} with the standard deck"


def odds_text(difficulty: Difficulty) -> str:
    """How often the bot's careful (greedy) player wins this difficulty per deck (table rule off), from the
    figures bench/flood.py measured."""
    parts = []
    for deck, name in ((DeckKind.UNO, "UNO deck"), (DeckKind.STANDARD, "standard deck")):
        odds = PLAYER_ODDS.get((difficulty.value, deck.value, False))
        if odds is not None:
            parts.append(f"{odds.rate:.0%} with the {name} ({odds.deals:,} deals)")
    return f"A careful computer player wins {' and '.join(parts)}." if parts else ""


def rules_text(difficulty: Difficulty | None = None) -> str:
    """The basics, then one difficulty in detail, or a line for each."""
    chosen = [difficulty] if difficulty else list(Difficulty)
    lines = [BASICS, ""]
    for level in chosen:
        lines.append(
            f"**{level.value}**: {targets_text(level)}. {DETAILS[level]} {odds_text(level)}".rstrip()
        )
    lines += ["", "You may raise the target with `decks:`, never lower it.", TABLE_RULE]
    return "\n".join(lines)
