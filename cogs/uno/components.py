"""Buttons and selects whose custom_id names the table, the turn and the action.

They are discord.py DynamicItems: rebuilt from the custom_id of any message, so buttons sent
before a restart still answer, and no View object (nor its timeout) is kept per message.
"""

from __future__ import annotations

import enum
import re
from typing import TYPE_CHECKING
from typing import Any

import discord

from bot.i18n.text import Text
from bot.i18n.text import text
from bot.i18n.words import Words
from cogs.components import GAME_ID
from cogs.components import ButtonControl
from cogs.components import MoveButton
from cogs.components import MoveSelect
from cogs.components import SelectControl

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


class HandButton(ButtonControl, template=rf"uno:{GAME_ID}:hand(?::(?P<page>\d+))?"):
    """Show (or refresh, or page through) the clicking player's private hand."""

    def __init__(self, game_id: str, *, label: str, page: int | None = None, row: int | None = None) -> None:
        suffix = "" if page is None else f":{page}"
        super().__init__(f"uno:{game_id}:hand{suffix}", label=label, row=row)
        self.game_id, self.page = game_id, page

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> HandButton:
        page = int(match["page"]) if match["page"] else None
        return cls(match["gid"], label=button.label or "", page=page)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await uno_cog(interaction).on_show_hand(interaction, self.game_id, self.page or 0)


class LobbyButton(
    ButtonControl,
    template=rf"uno:{GAME_ID}:lobby:(?P<what>{'|'.join(a.value for a in LobbyAction)})",
):
    def __init__(self, game_id: str, what: LobbyAction, words: Words | None = None) -> None:
        """`words`: the table's language (a button rebuilt from a click needs no label)."""
        label = (words or Words("en"))(what.label)
        super().__init__(f"uno:{game_id}:lobby:{what.value}", label=label, style=what.style)
        self.game_id, self.what = game_id, what

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> LobbyButton:
        return cls(match["gid"], LobbyAction(match["what"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await uno_cog(interaction).on_lobby_button(interaction, self.game_id, self.what)


class SettingsSelect(
    SelectControl,
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
        super().__init__(f"uno:{game_id}:set:{what.value}", options, placeholder=placeholder or None)
        self.item.min_values, self.item.max_values = min_values, max_values
        self.game_id, self.what = game_id, what

    @classmethod
    def rebuilt(cls, match: re.Match[str], select: discord.ui.Select[Any]) -> SettingsSelect:
        what = LobbySetting(match["what"])
        at_least, at_most = select.min_values, select.max_values
        return cls(match["gid"], what, select.options, min_values=at_least, max_values=at_most)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await uno_cog(interaction).on_setting(interaction, self.game_id, self.what, list(self.item.values))


PLAY_AGAIN = text("Play again")


class AgainButton(ButtonControl, template=rf"uno:{GAME_ID}:again"):
    """On a finished table: a new table here with the same rules and computer players."""

    def __init__(self, game_id: str, words: Words | None = None) -> None:
        """`words`: the table's language (a button rebuilt from a click needs no label)."""
        label = (words or Words("en"))(PLAY_AGAIN)
        super().__init__(f"uno:{game_id}:again", label=label, emoji="🔁", style=discord.ButtonStyle.success)
        self.game_id = game_id

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> AgainButton:
        return cls(match["gid"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await uno_cog(interaction).on_play_again(interaction, self.game_id)


DYNAMIC_ITEMS = (GameButton, PlaySelect, HandButton, LobbyButton, SettingsSelect, AgainButton)
