"""How each player and server likes games shown: the cogs ask here, never the store."""

from __future__ import annotations

from typing import Protocol


class PreferenceStore(Protocol):
    async def pictures_on(self, user_id: int, guild_id: int | None) -> bool: ...
    async def guild_pictures_on(self, guild_id: int | None) -> bool: ...
    async def set_user_pictures(self, user_id: int, pictures: bool | None) -> None: ...
    async def set_guild_pictures(self, guild_id: int, pictures: bool) -> None: ...
    async def turn_pings_on(self, user_id: int, guild_id: int | None) -> bool: ...
    async def guild_turn_pings_on(self, guild_id: int | None) -> bool: ...
    async def set_user_turn_pings(self, user_id: int, on: bool) -> None: ...
    async def set_guild_turn_pings(self, guild_id: int, on: bool) -> None: ...


class Preferences:
    """Card pictures on or off: a player's own choice beats the server's default, which is on
    unless its admins switch it off. Turn pings (a message mentioning a player when their turn
    comes at a server table) are on unless the player or the server switches them off: either
    one's off wins, since the pings are the player's notifications and the server's messages.
    Without a store (some tests), all are on."""

    def __init__(self, store: PreferenceStore | None = None) -> None:
        self.store = store

    async def pictures_for(self, user_id: int, guild_id: int | None) -> bool:
        return True if self.store is None else await self.store.pictures_on(user_id, guild_id)

    async def server_pictures(self, guild_id: int | None) -> bool:
        return True if self.store is None else await self.store.guild_pictures_on(guild_id)

    async def set_my_pictures(self, user_id: int, pictures: bool | None) -> None:
        if self.store is not None:
            await self.store.set_user_pictures(user_id, pictures)

    async def set_server_pictures(self, guild_id: int, pictures: bool) -> None:
        if self.store is not None:
            await self.store.set_guild_pictures(guild_id, pictures)

    async def turn_pings_for(self, user_id: int, guild_id: int | None) -> bool:
        """Whether to ping this player when their turn comes in this server (None: their own
        choice alone)."""
        return True if self.store is None else await self.store.turn_pings_on(user_id, guild_id)

    async def my_turn_pings(self, user_id: int) -> bool:
        """The player's own choice, wherever they are."""
        return await self.turn_pings_for(user_id, None)

    async def server_turn_pings(self, guild_id: int | None) -> bool:
        return True if self.store is None else await self.store.guild_turn_pings_on(guild_id)

    async def set_my_turn_pings(self, user_id: int, on: bool) -> None:
        if self.store is not None:
            await self.store.set_user_turn_pings(user_id, on)

    async def set_server_turn_pings(self, guild_id: int, on: bool) -> None:
        if self.store is not None:
            await self.store.set_guild_turn_pings(guild_id, on)
