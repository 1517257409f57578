"""Buttons and selects whose custom_id names the table, the turn and the action.

They are discord.py DynamicItems: rebuilt from the custom_id of any message, so buttons sent
before a restart still answer, and no View object (nor its timeout) is kept per message.
"""

from __future__ import annotations

import enum
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n.text import Text, text
from bot.i18n.words import Words
from cogs.components import GAME_ID, MoveButton, MoveSelect

if TYPE_CHECKING:
    from cogs.uno.cog import UnoCog


class LobbyAction(enum.Enum):
    """The lobby's buttons, in the order shown (the value names the button in the custom_id)."""

    JOIN = "join"
    LEAVE = "leave"
    START = "start"
    RULES = "rules"
    SETTINGS = "settings"
    ADD_COMPUTER = "computer"
    REMOVE_COMPUTER = "nocomputer"

    @property
    def label(self) -> Text:
        return _LOBBY_LABELS[self.value]

    @property
    def style(self) -> discord.ButtonStyle:
        if self is LobbyAction.JOIN:
            return discord.ButtonStyle.success
        return discord.ButtonStyle.primary if self is LobbyAction.START else discord.ButtonStyle.secondary


_LOBBY_LABELS = {
    "join": text("Join"),
    "leave": text("Leave"),
    "start": text("Start"),
    "rules": text("Rules"),
    "settings": text("Settings"),
    "computer": text("Add computer"),
    "nocomputer": text("Remove computer"),
}


class LobbySetting(enum.Enum):
    """What the host's lobby settings can change, one select each (its value names the select
    in the custom_id)."""

    RULESET = "ruleset"
    HOUSE_RULES = "house"
    TEAMS = "teams"
    DECKS = "decks"
    TARGET = "target"  # the points target, and a time limit if any


def uno_cog(interaction: discord.Interaction[Any]) -> UnoCog:
    cog = interaction.client.get_cog("UNO")
    assert cog is not None, "the UNO cog is not loaded"
    return cog  # type: ignore[no-any-return]


class GameButton(MoveButton, template=rf"uno:{GAME_ID}:(?P<position>\d+):(?P<action>[A-Za-z0-9 ]{{1,24}})"):
    """A move made on a given turn: play, draw, pass, colour, UNO, catch, challenge..."""

    prefix = "uno"

    async def answer(self, interaction: discord.Interaction[Any], action: str) -> None:
        await uno_cog(interaction).on_move(interaction, self.game_id, self.position, action)


class PlaySelect(MoveSelect, template=rf"uno:{GAME_ID}:(?P<position>\d+):(?P<tag>pick:\d+)"):
    """The cards a player may play, as a select (one page of at most 25, tagged `pick:<page>`);
    or, for a Seven-O swap (H2), the players to swap hands with. Each value is an action string."""

    prefix = "uno"

    async def answer(self, interaction: discord.Interaction[Any], action: str) -> None:
        await uno_cog(interaction).on_move(interaction, self.game_id, self.position, action)


class HandButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"uno:{GAME_ID}:hand(?::(?P<page>\d+))?",
):
    """Show (or refresh, or page through) the clicking player's private hand."""

    def __init__(self, game_id: str, *, label: str, page: int | None = None, row: int | None = None) -> None:
        suffix = "" if page is None else f":{page}"
        super().__init__(
            discord.ui.Button(
                label=label,
                row=row,
                style=discord.ButtonStyle.secondary,
                custom_id=f"uno:{game_id}:hand{suffix}",
            )
        )
        self.game_id, self.page = game_id, page

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> HandButton:
        assert isinstance(item, discord.ui.Button)
        page = int(match["page"]) if match["page"] else None
        return cls(match["gid"], label=item.label or "", page=page)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await uno_cog(interaction).on_show_hand(interaction, self.game_id, self.page or 0)


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"uno:{GAME_ID}:lobby:(?P<what>{'|'.join(a.value for a in LobbyAction)})",
):
    def __init__(self, game_id: str, what: LobbyAction, words: Words | None = None) -> None:
        """`words`: the table's language (a button rebuilt from a click needs no label)."""
        super().__init__(
            discord.ui.Button(
                label=(words or Words("en"))(what.label),
                style=what.style,
                custom_id=f"uno:{game_id}:lobby:{what.value}",
            )
        )
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> LobbyButton:
        return cls(match["gid"], LobbyAction(match["what"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await uno_cog(interaction).on_lobby_button(interaction, self.game_id, self.what)


class SettingsSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"uno:{GAME_ID}:set:(?P<what>{'|'.join(s.value for s in LobbySetting)})",
):
    """One of the lobby's settings (ruleset, house rules, teams, decks, points target), in the
    host's private settings message."""

    def __init__(
        self,
        game_id: str,
        what: LobbySetting,
        options: list[discord.SelectOption],
        *,
        placeholder: str = "",
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                placeholder=placeholder or None,
                options=options,
                min_values=min_values,
                max_values=max_values,
                custom_id=f"uno:{game_id}:set:{what.value}",
            )
        )
        self.game_id, self.what = game_id, what

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SettingsSelect:
        assert isinstance(item, discord.ui.Select)
        return cls(
            match["gid"],
            LobbySetting(match["what"]),
            item.options,
            min_values=item.min_values,
            max_values=item.max_values,
        )

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await uno_cog(interaction).on_setting(interaction, self.game_id, self.what, list(self.item.values))


DYNAMIC_ITEMS = (GameButton, PlaySelect, HandButton, LobbyButton, SettingsSelect)
