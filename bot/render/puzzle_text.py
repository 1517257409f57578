"""The paper's (colour, number) cards as text: chains, hands, the events of a puzzle or a duel,
the answer of `/puzzle solve`, and the help text. No Discord objects.

A card is written in the notation players type (`R5`, `c12n7`), after its colour's square, so a
chain read off a message can be pasted into `/puzzle solve`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from collections.abc import Sequence

from bot.games.puzzles import PLAYER
from bot.games.puzzles import CardPlayed
from bot.games.puzzles import CardTakenBack
from bot.games.puzzles import ChainCleared
from bot.games.puzzles import DuelGame
from bot.games.solver import Card
from bot.games.solver import Uno1Answer
from bot.games.solver.cards import COLOUR_LETTERS
from bot.games.solver.cards import GENERAL_FORM
from bot.games.solver.cards import MAX_HAND
from bot.games.solver.cards import card_text
from bot.games.solver.cards import colour_square
from bot.games.solver.cards import format_card
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text


def chain_text(cards: Sequence[Card]) -> str:
    return " → ".join(card_text(card) for card in cards)


def colour_label(colour: int) -> str:
    return COLOUR_LETTERS[colour] if colour < len(COLOUR_LETTERS) else f"c{colour}"


def hand_lines(cards: Iterable[Card]) -> list[str]:
    """A hand grouped by colour, one line per colour: `🟥 R: 1 5 5 8`."""
    numbers: dict[int, list[str]] = {}
    for card in sorted(cards):
        numbers.setdefault(card.colour, []).append(str(card.number))
    return [
        f"{colour_square(colour)} {colour_label(colour)}: {' '.join(values)}"
        for colour, values in numbers.items()
    ]


def copies_label(card: Card, copies: int) -> str:
    """A card on a button or in a select: `R5`, `R5 x2`."""
    return format_card(card) + (f" x{copies}" if copies > 1 else "")


def count_values(cards: Iterable[Card]) -> list[tuple[Card, int]]:
    """Each distinct card with its number of copies, in order."""
    return sorted(Counter(cards).items())


def chain_event_line(event: object) -> Text | None:
    if isinstance(event, CardPlayed):
        return text("Played {card}.", card=card_text(event.card))
    if isinstance(event, CardTakenBack):
        return text("↩️ Took back {card}.", card=card_text(event.card))
    if isinstance(event, ChainCleared):
        return counted(
            "🔄 Started over ({count} card taken back).",
            "🔄 Started over ({count} cards taken back).",
            count=event.cards,
        )
    return None  # solving and giving up are told from the puzzle's state


def duel_history_lines(game: DuelGame, most: int = 4) -> list[Text]:
    """The last cards played, oldest first (the duel keeps its whole history)."""
    return [
        text("You played {card}.", card=card_text(card))
        if seat == PLAYER
        else text("The bot played {card}.", card=card_text(card))
        for seat, card in game.played[-most:]
    ]


def duel_result_line(game: DuelGame) -> Text | None:
    """How a finished duel ended, from its state (the bot's opening move may have ended it)."""
    if not game.is_over:
        return None
    if game.resigned:
        return text("🏳️ You gave up: the bot wins.")
    last = game.last
    if game.won:
        if last is None:
            return text("🏆 The bot has no card to answer: you win!")
        return text("🏆 The bot has no card to answer {card}: you win!", card=card_text(last))
    if last is None:
        return text("🤖 You have no card to answer: the bot wins.")
    return text("🤖 You have no card to answer {card}: the bot wins.", card=card_text(last))


def describe_chain_events(events: Sequence[object]) -> list[Text]:
    return [line for line in map(chain_event_line, events) if line is not None]


def solve_answer_lines(
    hand: Sequence[Card], answer: Uno1Answer, chains: int | None, cap: int
) -> list[Text | str]:
    """`/puzzle solve`'s answer: the order, or the reason none exists. `chains` is the number of
    chains when it was counted, up to `cap`; None when the hand was too big to count."""
    if not answer.playable or answer.order is None:
        return [
            counted(
                "❌ No chain plays the {count} card.", "❌ No chain plays all {count} cards.", count=len(hand)
            ),
            answer.reason or "",
        ]
    lines: list[Text | str] = [
        counted(
            "✅ The {count} card can be played in one chain:",
            "✅ All {count} cards can be played in one chain:",
            count=len(hand),
        ),
        chain_text(answer.order),
    ]
    if chains is not None:
        if chains >= cap:
            lines.append(
                text(
                    "Chains that play the whole hand (copies of a card are alike): {count} or more.",
                    count=cap,
                )
            )
        else:
            lines.append(
                text("Chains that play the whole hand (copies of a card are alike): {count}.", count=chains)
            )
    return lines


HELP_TITLE = text("🧩 Puzzles: the rules and the card notation")


def help_lines(practice_sizes: range) -> list[Text | str]:
    return [
        text(
            "**The cards.** Puzzles use number cards only: a card is a colour and a number. "
            "A card may follow another when they share the colour or the number. The first card is free."
        ),
        "",
        text(
            "**Writing cards** (for `/puzzle solve`): a colour letter R, Y, G or B and a digit 0-9, "
            "like `R1 B5 G0`; upper or lower case. Other cards are `{form}` with both from "
            "0 to 99, like `c12n7` (c0 to c3 are R, Y, G, B). Separate cards with spaces or commas; a "
            "hand holds 1 to {most} cards, and the same card may appear more than once.",
            most=MAX_HAND,
            form=GENERAL_FORM,
        ),
        "",
        text(
            "**`/puzzle daily`**: one hand for everyone, new every day at midnight UTC, harder as the "
            "week goes on. Play all of its cards in one chain, one button at a time; **Undo** takes the "
            "last card back, **Restart** empties the chain, **Give up** shows a solution. Solving it on "
            "consecutive days builds your daily streak. One result per day counts."
        ),
        text(
            "**`/puzzle random [size]`**: a practice hand of {low} to {high} cards "
            "from a real deck's number cards; no streak, but solves are counted.",
            low=practice_sizes.start,
            high=practice_sizes.stop - 1,
        ),
        text(
            "**`/puzzle solve cards:`**: any hand in the notation above; the answer is a chain that "
            "plays every card, or the reason no chain does."
        ),
        text(
            "**`/puzzle duel`**: you and the bot each hold an open hand. The one who starts plays any "
            "card; then each in turn plays a card of their own that matches the card just played. "
            "Whoever cannot play on their turn loses, also when their hand is empty: the last card "
            "played wins. The bot plays perfectly and tells you at the start whether you can force "
            "a win."
        ),
        "",
        text(
            "These are the puzzles of the paper *The complexity of UNO*: the chain is hard to find in "
            "general, while the duel is decided quickly with maximum matchings."
        ),
    ]
