"""`/preferences`: how a player likes games shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cogs.preferences.cog import PreferencesCog

if TYPE_CHECKING:
    from bot.app import UnoBot


async def setup(bot: UnoBot) -> None:
    await bot.add_cog(PreferencesCog(bot))
