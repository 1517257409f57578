"""The host's panel: a "Host tools" button on a server table answers its host (or a server
manager) privately with a select to remove a player and one to hand the host role on: the same
session calls as `/uno kick` and `/uno host`, so each is announced on the table the same way.
"""

from __future__ import annotations

import re
from typing import Any
from typing import Self

import discord

from bot.i18n.text import Text
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from cogs.components import GAME_ID
from cogs.components import ButtonControl
from cogs.components import SelectControl
from cogs.limits import clip
from cogs.replies import Rendered
from cogs.replies import controls_view

Interaction = discord.Interaction[Any]
KICK = "kick"
HOST = "host"
# The table's button to the panel, which /help names too.
HOST_TOOLS = text("Host tools")


def kicked(name: str) -> Text:
    return text("{name} was removed from the table.", name=name)


def new_host(name: str) -> Text:
    return text("{name} is now the host.", name=name)


DONE = {KICK: kicked, HOST: new_host}


def not_host(host: str) -> Text:
    return text("Only the host, {host}, or a server manager can use the host tools.", host=host)


def host_panel(table: Table, viewer: int, words: Words, note: Text | None = None) -> Rendered:
    """The panel as `viewer` (the host or a server manager) may use it now, in their language."""
    view = controls_view()
    others = [m for m in table.members if m.user_id != viewer]
    people = [m for m in others if not m.is_computer and m.user_id != table.host_id]
    # Seats are fixed once the game is dealt: a computer player is removed in the lobby only.
    removable = others if table.phase is TablePhase.LOBBY else [m for m in others if not m.is_computer]
    for what, members, placeholder in (
        (KICK, removable, text("Remove a player…")),
        (HOST, people, text("Hand the host role to…")),
    ):
        if members:
            options = [
                discord.SelectOption(label=clip(m.name, 100), value=str(m.user_id)) for m in members[:25]
            ]
            view.add_item(HostSelect(table.game_id, what, options, placeholder=words(placeholder)))
    lines = [note] if note is not None else []
    lines.append(text("**Host tools** (only you see this). Each change is announced on the table."))
    if not others:
        lines.append(text("Nobody else sits at the table."))
    return Rendered("\n".join(words(line) for line in lines), None, view)


class HostToolsButton(ButtonControl, template=rf"unohost:{GAME_ID}"):
    def __init__(self, game_id: str, words: Words | None = None, *, row: int | None = None) -> None:
        """`words`: the table's language (a button rebuilt from a click needs no label)."""
        label = (words or Words("en"))(HOST_TOOLS)
        super().__init__(f"unohost:{game_id}", label=label, emoji="🛠️", row=row)
        self.game_id = game_id

    @classmethod
    def rebuilt(cls, match: re.Match[str], button: discord.ui.Button[Any]) -> Self:
        return cls(match["gid"])

    async def callback(self, interaction: Interaction) -> None:
        from cogs.uno.components import uno_cog

        await uno_cog(interaction).on_host_tools(interaction, self.game_id)


class HostSelect(
    SelectControl,
    template=rf"unohost:{GAME_ID}:(?P<what>{KICK}|{HOST})",
):
    """A player to remove, or to hand the host role to (each option's value is their user id)."""

    def __init__(
        self, game_id: str, what: str, options: list[discord.SelectOption], *, placeholder: str = ""
    ) -> None:
        super().__init__(f"unohost:{game_id}:{what}", options, placeholder=placeholder or None)
        self.game_id, self.what = game_id, what

    @classmethod
    def rebuilt(cls, match: re.Match[str], select: discord.ui.Select[Any]) -> Self:
        return cls(match["gid"], match["what"], select.options)

    async def callback(self, interaction: Interaction) -> None:
        from cogs.uno.components import uno_cog

        target = int(self.item.values[0])
        await uno_cog(interaction).on_host_tool(interaction, self.game_id, self.what, target)


HOST_ITEMS = (HostToolsButton, HostSelect)
