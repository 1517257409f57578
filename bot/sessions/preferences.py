"""How each player and server likes games shown: the cogs ask here, never the store."""

from __future__ import annotations

from typing import Protocol


class PreferenceStore(Protocol):
    async def pictures_on(self, user_id: int, guild_id: int | None) -> bool: ...
    async def guild_pictures_on(self, guild_id: int | None) -> bool: ...
    async def set_user_pictures(self, user_id: int, pictures: bool | None) -> None: ...
    async def set_guild_pictures(self, guild_id: int, pictures: bool) -> None: ...
    async def turn_pings_on(self, user_id: int) -> bool: ...
    async def set_user_turn_pings(self, user_id: int, on: bool) -> None: ...


class Preferences:
    """Card pictures on or off: a player's own choice beats the server's default, which is on
    unless its admins switch it off. Turn pings (a message mentioning a player when their turn
    comes at a server table) on or off, each player's own; on unless they switch them off.
    Without a store (some tests), both are on."""

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

    async def turn_pings_for(self, user_id: int) -> bool:
        return True if self.store is None else await self.store.turn_pings_on(user_id)

    async def set_my_turn_pings(self, user_id: int, on: bool) -> None:
        if self.store is not None:
            await self.store.set_user_turn_pings(user_id, on)
