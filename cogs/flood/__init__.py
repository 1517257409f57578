"""`/flood`: Survive the Flood, a solo game, in DMs and privately in servers.

The Discord side it shares with the other solo games is in `cogs.solo`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.flood.cog import FloodCog
from cogs.solo.front import DYNAMIC_ITEMS
from cogs.solo.replay import REPLAY_ITEMS

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    # The solo buttons serve every solo game; registering them again (by /solitaire) is a no-op.
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS)
    await bot.add_cog(FloodCog(bot))
