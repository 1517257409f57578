"""`/leaderboard`, `/stats` and `/privacy`: what the store remembers, and forgetting it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.stats.cog import DYNAMIC_ITEMS
from cogs.stats.cog import StatsCog

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(StatsCog(bot))
