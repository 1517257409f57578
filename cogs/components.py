"""The base of the games' move controls: a button or a select whose custom_id names the game,
the position it was shown at (UNO's turn, a solo game's move number) and the move.

They are discord.py DynamicItems: rebuilt from the custom_id of any message, so controls sent
before a restart still answer, and no View is kept per message (cogs.replies.controls_view).
Each game's subclass gives its custom_id's prefix, its template (with the groups `gid`,
`position` and `action` or `tag`) and what a click does.
"""

from __future__ import annotations

import re
from typing import Any, ClassVar, Self

import discord

from cogs.observe import observed

Interaction = discord.Interaction[Any]
GAME_ID = r"(?P<gid>[0-9a-f]{8})"
# The base classes' own template matches nothing: only the games' subclasses are registered.
_NOTHING = r"(?!)"


class MoveButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=_NOTHING):
    """A move made at a given position of a game: `{prefix}:{game id}:{position}:{action}`."""

    prefix: ClassVar[str]

    def __init__(
        self,
        game_id: str,
        position: int,
        action: str,
        *,
        label: str,
        emoji: str | None = None,
        row: int | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.primary,
    ) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji=emoji,
                row=row,
                style=style,
                custom_id=f"{self.prefix}:{game_id}:{position}:{action}",
            )
        )
        self.game_id, self.position, self.action = game_id, position, action

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Button)
        return cls(match["gid"], int(match["position"]), match["action"], label=item.label or "")

    async def callback(self, interaction: Interaction) -> None:
        async with observed("button", interaction, f"game {self.game_id} {self.prefix}:{self.action}"):
            await self.answer(interaction, self.action)

    async def answer(self, interaction: Interaction, action: str) -> None:
        raise NotImplementedError


class MoveSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=_NOTHING):
    """A choice among moves at a given position (each option's value is the move):
    `{prefix}:{game id}:{position}:{tag}`, the tag telling the game's selects apart."""

    prefix: ClassVar[str]

    def __init__(
        self,
        game_id: str,
        position: int,
        tag: str,
        options: list[discord.SelectOption],
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder,
                options=options,
                custom_id=f"{self.prefix}:{game_id}:{position}:{tag}",
                row=row,
            )
        )
        self.game_id, self.position, self.tag = game_id, position, tag

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, discord.ui.Select)
        return cls(match["gid"], int(match["position"]), match["tag"], item.options)

    async def callback(self, interaction: Interaction) -> None:
        async with observed("select", interaction, f"game {self.game_id} {self.prefix}:{self.tag}"):
            await self.answer(interaction, self.item.values[0])

    async def answer(self, interaction: Interaction, action: str) -> None:
        raise NotImplementedError
