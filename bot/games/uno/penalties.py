"""Penalties: what a card makes the next player draw, and why. Where penalties stack (H1, C8,
T4) the ruleset's `stack_answers` say which cards may answer which."""

from __future__ import annotations

from bot.games.uno.cards import DRAW_FIVE
from bot.games.uno.cards import DRAW_TWO
from bot.games.uno.cards import WILD
from bot.games.uno.cards import WILD_DRAW_FOUR
from bot.games.uno.cards import Role
from bot.games.uno.events import DrawReason
from bot.games.uno.ruleset import Ruleset

# Why the victim of each penalty card draws (a Wild only where the ruleset says so).
PENALTY_REASONS = {
    Role.DRAW_TWO: DrawReason.DRAW_TWO,
    Role.WILD_DRAW_FOUR: DrawReason.WILD_DRAW_FOUR,
    Role.WILD: DrawReason.WILD,
    Role.DRAW_FIVE: DrawReason.JOKER,
}


def penalty(rules: Ruleset, role: Role) -> int:
    """How many cards a card of `role` makes the next player draw."""
    if role is DRAW_TWO:
        return 2
    if role is WILD_DRAW_FOUR:
        return 4
    if role is DRAW_FIVE:
        return 5
    if role is WILD:
        return rules.wild_draw  # C2
    return 0
