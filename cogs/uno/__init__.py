"""`/uno`: group UNO tables in server channels."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.uno.cog import UnoCog
from cogs.uno.components import DYNAMIC_ITEMS
from cogs.uno.history import REPLAY_ITEMS
from cogs.uno.host_panel import HOST_ITEMS

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS, *HOST_ITEMS)
    await bot.add_cog(UnoCog(bot))
