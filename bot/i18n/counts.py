"""Numbers with the noun they count, said in several parts of the bot: one counted phrase per
noun, so that each language picks its singular or plural once ("1 point", "0 point" in French)."""

from __future__ import annotations

from bot.i18n.text import Text
from bot.i18n.text import counted


def wins(count: int) -> Text:
    return counted("{count} win", "{count} wins", count=count)


def games(count: int) -> Text:
    return counted("{count} game", "{count} games", count=count)


def points(count: int) -> Text:
    """UNO points: "12 points"."""
    return counted("{count} point", "{count} points", count=count)


def points_short(count: int) -> Text:
    """UNO points where room is short (a seat's line, a leaderboard's row): "12 pts"."""
    return counted("{count} pt", "{count} pts", count=count)


# English says "solved" and "played" alone after a puzzle count; other languages make the word
# agree with the puzzles counted ("1 résolue", "3 résolues").
def puzzles_solved(count: int) -> Text:
    """Puzzles solved, the noun left unsaid: "3 solved"."""
    return counted("{count} solved", "{count} solved", count=count)


def puzzles_played(count: int) -> Text:
    """Puzzles played, the noun left unsaid: "5 played"."""
    return counted("{count} played", "{count} played", count=count)
