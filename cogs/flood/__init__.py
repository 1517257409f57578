"""`/flood`: Survive the Flood, a solo game, in DMs and privately in servers.

`solo_front` holds the Discord side shared with `/solitaire` (buttons, starting, clicks)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.flood.cog import FloodCog
from cogs.flood.solo_front import DYNAMIC_ITEMS

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    # The solo buttons serve every solo game; registering them again (by /solitaire) is a no-op.
    bot.add_dynamic_items(*DYNAMIC_ITEMS)
    await bot.add_cog(FloodCog(bot))
