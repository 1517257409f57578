"""The base of the games' move controls: a button or a select whose custom_id names the game,
the position it was shown at (UNO's turn, a solo game's move number) and the move.

They are discord.py DynamicItems: rebuilt from the custom_id of any message, so controls sent
before a restart still answer, and no View is kept per message (cogs.replies.controls_view).
Each game's subclass gives its custom_id's prefix, its template (with the groups `gid`,
`position` and `action` or `tag`) and what a click does.
"""

from __future__ import annotations

import functools
import logging
import re
from collections.abc import Callable
from collections.abc import Coroutine
from typing import Any
from typing import ClassVar
from typing import Self
from typing import TypeVar

import discord

from cogs.errors import CLICK_WENT_WRONG
from cogs.errors import answer_privately
from cogs.errors import answered_by_another_process
from cogs.language import private_words
from cogs.limits import MESSAGE
from cogs.limits import clip
from cogs.observe import observed

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
GAME_ID = r"(?P<gid>[0-9a-f]{8})"
# The base classes' own template matches nothing: only the games' subclasses are registered.
_NOTHING = r"(?!)"
ItemT = TypeVar("ItemT", bound=discord.ui.Item[Any])


class Control(discord.ui.DynamicItem[ItemT], template=_NOTHING):
    """A button or a select rebuilt from its custom_id: the subclass gives the template and
    reads a match back into its own values (`rebuilt`). A click whose handling fails is logged
    and its player told privately (discord.py would only log it, and leave the player a
    "thinking..." or "This interaction failed")."""

    shown_as: ClassVar[type[discord.ui.Item[Any]]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        callback = cls.__dict__.get("callback")
        if callback is not None:
            cls.callback = _told_if_failing(callback)  # type: ignore[method-assign,assignment]

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> Self:
        assert isinstance(item, cls.shown_as)
        return cls.rebuilt(match, item)  # type: ignore[arg-type]

    @classmethod
    def rebuilt(cls, match: re.Match[str], item: ItemT) -> Self:
        raise NotImplementedError


def _told_if_failing(
    callback: Callable[[Any, Interaction], Coroutine[Any, Any, None]],
) -> Callable[[Any, Interaction], Coroutine[Any, Any, None]]:
    @functools.wraps(callback)
    async def answered(self: Any, interaction: Interaction) -> None:
        try:
            await callback(self, interaction)
        except Exception as error:
            if answered_by_another_process(interaction, error):
                return
            log.exception("a click on %s by %s failed", self.custom_id, interaction.user.id)
            await answer_privately(interaction, clip(private_words(interaction)(CLICK_WENT_WRONG), MESSAGE))

    return answered


class ButtonControl(Control[discord.ui.Button[Any]], template=_NOTHING):
    shown_as = discord.ui.Button

    def __init__(
        self,
        custom_id: str,
        *,
        label: str | None,
        emoji: str | None = None,
        row: int | None = None,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
    ) -> None:
        button = discord.ui.Button[Any](label=label, emoji=emoji, row=row, style=style, custom_id=custom_id)
        super().__init__(button)


class SelectControl(Control[discord.ui.Select[Any]], template=_NOTHING):
    shown_as = discord.ui.Select

    def __init__(
        self,
        custom_id: str,
        options: list[discord.SelectOption],
        *,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        select: discord.ui.Select[Any] = discord.ui.Select(
            custom_id=custom_id, options=options, placeholder=placeholder, row=row
        )
        super().__init__(select)


class MoveButton(ButtonControl, template=_NOTHING):
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
        custom_id = f"{self.prefix}:{game_id}:{position}:{action}"
        super().__init__(custom_id, label=label, emoji=emoji, row=row, style=style)
        self.game_id, self.position, self.action = game_id, position, action

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> Self:
        return cls(match["gid"], int(match["position"]), match["action"], label=button.label or "")

    async def callback(self, interaction: Interaction) -> None:
        async with observed("button", interaction, f"game {self.game_id} {self.prefix}:{self.action}"):
            await self.answer(interaction, self.action)

    async def answer(self, interaction: Interaction, action: str) -> None:
        raise NotImplementedError


class MoveSelect(SelectControl, template=_NOTHING):
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
        custom_id = f"{self.prefix}:{game_id}:{position}:{tag}"
        super().__init__(custom_id, options, placeholder=placeholder, row=row)
        self.game_id, self.position, self.tag = game_id, position, tag

    @classmethod
    def rebuilt(cls, match: re.Match[str], select: discord.ui.Select[Any]) -> Self:
        return cls(match["gid"], int(match["position"]), match["tag"], select.options)

    async def callback(self, interaction: Interaction) -> None:
        async with observed("select", interaction, f"game {self.game_id} {self.prefix}:{self.tag}"):
            await self.answer(interaction, self.item.values[0])

    async def answer(self, interaction: Interaction, action: str) -> None:
        raise NotImplementedError
