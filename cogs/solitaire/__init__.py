"""`/solitaire`: UNO Solitaire, a solo game, in DMs and privately in servers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.solitaire.cog import SolitaireCog
from cogs.solo.front import DYNAMIC_ITEMS
from cogs.solo.replay import REPLAY_ITEMS

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    bot.add_dynamic_items(*DYNAMIC_ITEMS, *REPLAY_ITEMS)  # shared with /flood; registering twice is a no-op
    await bot.add_cog(SolitaireCog(bot))
