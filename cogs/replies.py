"""How every cog answers: a private reply, a rendered message, and a control of a game that has
ended."""

from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Any

import discord

from bot.render.images.uno import Picture

Interaction = discord.Interaction[Any]


def controls_view() -> discord.ui.View:
    """A message's controls. Every control of this bot is a DynamicItem, answered from its
    custom_id by the class registered with the bot, so discord.py need keep nothing per message:
    the View is stopped before it is sent, which discord.py takes as "do not store it" (no entry
    in its view store, no 15-minute timeout task per private message). Call within the event
    loop (a stopped View needs one)."""
    view = discord.ui.View(timeout=None)
    view.stop()
    return view


@dataclass(frozen=True, slots=True)
class Rendered:
    """A message as the renderers build it: any of its text, embed and controls, and a picture
    (whose text is in the attachment's description and in the message itself)."""

    content: str | None
    embed: discord.Embed | None
    view: discord.ui.View | None
    picture: Picture | None = None

    def edit_kwargs(self) -> dict[str, Any]:
        """Replace the whole message: what it lacks is taken off."""
        kwargs: dict[str, Any] = {"content": self.content, "embed": self.embed, "view": self.view}
        if self.picture is not None:
            kwargs["attachments"] = [picture_file(self.picture)]
        return kwargs

    def without_picture(self) -> Rendered:
        """The text version, sent when a picture is refused or cannot be drawn."""
        if self.embed is not None and self.picture is not None:
            self.embed.set_image(url=None)
        return Rendered(self.content, self.embed, self.view)

    def send_kwargs(self) -> dict[str, Any]:
        """Send only what the message has (send's types take no None; a view without controls
        is no view)."""
        kwargs: dict[str, Any] = {}
        if self.content:
            kwargs["content"] = self.content
        if self.embed is not None:
            kwargs["embed"] = self.embed
        if self.view is not None and self.view.children:
            kwargs["view"] = self.view
        if self.picture is not None:
            kwargs["file"] = picture_file(self.picture)
        return kwargs


def game_group(name: str, description: str) -> discord.app_commands.Group:
    """A game's slash commands (`/uno ...`, `/flood ...`): usable in servers and in DMs (a game
    that needs a server says so when asked in a DM)."""
    return discord.app_commands.Group(
        name=name,
        description=description,
        allowed_contexts=discord.app_commands.AppCommandContext(guild=True, dm_channel=True),
    )


def picture_file(picture: Picture) -> discord.File:
    """A fresh file each time: discord.py reads a File once."""
    return discord.File(io.BytesIO(picture.png), filename=picture.filename, description=picture.description)


async def send(interaction: Interaction, rendered: Rendered, *, ephemeral: bool = True) -> None:
    """Answer with a message, privately by default, whether or not the interaction was
    acknowledged yet."""
    try:
        await _send(interaction, rendered, ephemeral)
    except discord.HTTPException:
        if rendered.picture is None:
            raise
        # A refused picture never loses the answer: the text goes alone.
        await _send(interaction, rendered.without_picture(), ephemeral)


async def _send(interaction: Interaction, rendered: Rendered, ephemeral: bool) -> None:
    kwargs = rendered.send_kwargs()
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)


async def say(interaction: Interaction, text: str) -> None:
    """Answer privately, whether or not the interaction was acknowledged yet."""
    await send(interaction, Rendered(text, None, None))


async def refuse_ended(interaction: Interaction, text: str) -> None:
    """A click on a control of a game that has ended: the message loses its stale controls, and
    the player is told why, privately."""
    await interaction.response.edit_message(view=None)
    await say(interaction, text)
