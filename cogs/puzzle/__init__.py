"""`/puzzle`: the puzzles of "The complexity of UNO", in DMs and privately in servers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.puzzle.cog import PuzzleCog
from cogs.solo.front import DYNAMIC_ITEMS

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)  # shared with the other solo games; a no-op twice
    await bot.add_cog(PuzzleCog(bot))
