"""`/help`: what the bot offers and how to start, privately, in the reader's language."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.help.cog import HelpCog

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(HelpCog(bot))
