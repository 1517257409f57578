"""Team seating for twist (T7): who plays with whom.

Seats are numbered clockwise. With k teams a seat's team is its number modulo k: partners (teams
of two) then sit across the table and larger teams alternate around it, as T7 asks; seating
players into those seats is the lobby's business.
"""

from __future__ import annotations

from bot.games.errors import IllegalAction
from bot.games.uno.ruleset import NO_TEAMS
from bot.games.uno.ruleset import PARTNERS
from bot.i18n.text import text


def team_count(mode: str, seat_count: int) -> int:
    """How many teams `mode` makes at a table of `seat_count`; individuals are teams of one."""
    if mode == NO_TEAMS:
        return seat_count
    if mode == PARTNERS:
        if seat_count < 4 or seat_count % 2:
            raise IllegalAction(text("Partners need an even number of players, at least {least}.", least=4))
        return seat_count // 2
    count = int(mode)
    if seat_count % 2 or seat_count % count or seat_count // count < 2:
        raise IllegalAction(
            text(
                "{count} teams need an even number of players that splits into {count} equal "
                "teams of two or more.",
                count=count,
            )
        )
    return count


def seat_teams(mode: str, seat_count: int) -> list[int]:
    """The team of each seat."""
    count = team_count(mode, seat_count)
    return [seat % count for seat in range(seat_count)]


def members(teams: list[int], team: int) -> tuple[int, ...]:
    """The seats of `team`, in seat order."""
    return tuple(seat for seat, t in enumerate(teams) if t == team)
