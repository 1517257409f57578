"""How every cog answers: a private reply, a rendered message, and a control of a game that has
ended."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import replace
from typing import Any
from typing import TypeVar

import discord

from bot.render.images.uno import Picture
from cogs.limits import MESSAGE
from cogs.limits import clip
from cogs.limits import pages

Interaction = discord.Interaction[Any]
log = logging.getLogger(__name__)
Shown = TypeVar("Shown")
# Discord's code for a request refused for a permission the bot lacks in the channel (Embed Links,
# Attach Files, Send Messages); 50001, Missing Access, is a channel the bot cannot see at all.
MISSING_PERMISSIONS = 50013


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
        """Replace the whole message: what it lacks is taken off (a picture too, when pictures
        were switched off or this one could not be drawn)."""
        files = [] if self.picture is None else [picture_file(self.picture)]
        return {"content": self.content, "embed": self.embed, "view": self.view, "attachments": files}

    def without_picture(self) -> Rendered:
        """The text version, sent when a picture is refused or cannot be drawn."""
        if self.embed is not None and self.picture is not None:
            self.embed.set_image(url=None)
        return Rendered(self.content, self.embed, self.view)

    def as_text(self) -> Rendered:
        """The message in its text alone, its embed written out: what Discord still shows where
        the bot lacks Embed Links (there it drops a bot's embeds, or refuses them)."""
        if self.embed is None:
            return self
        return Rendered(embed_text(self.embed, self.content), None, self.view)

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


def embed_text(embed: discord.Embed, before: str | None = None) -> str:
    """An embed as the text of one message: its title in bold, its description, each field (a
    short one on the line of its name), its footer as small print; what cannot fit in a message
    is cut between lines, the title and footer kept."""
    head = [
        line for line in (before, f"**{embed.title}**" if embed.title else None, embed.description) if line
    ]
    body = [
        f"**{field.name}**: {field.value}"
        if "\n" not in str(field.value)
        else f"**{field.name}**\n{field.value}"
        for field in embed.fields
    ]
    tail = [f"-# {embed.footer.text}"] if embed.footer.text else []
    room = MESSAGE - sum(len(line) + 1 for line in (*head, *tail))
    fields = "\n".join(body)
    if len(fields) > room:
        fields = pages(fields, max(room, 1))[0] if room > 0 else ""
    return clip("\n".join(line for line in (*head, fields, *tail) if line), MESSAGE)


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


async def drawn(draw: Callable[[], Picture]) -> Picture | None:
    """Draw a picture in a worker thread (never on the event loop); one that fails is logged and
    the message goes as text."""
    try:
        return await asyncio.to_thread(draw)
    except Exception:
        log.exception("a picture could not be drawn; sending text")
        return None


def with_picture(rendered: Rendered, picture: Picture | None) -> Rendered:
    """The message with its picture: inside its embed when it has one, else beside its text."""
    if picture is None:
        return rendered
    if rendered.embed is not None:
        rendered.embed.set_image(url=f"attachment://{picture.filename}")
    return replace(rendered, picture=picture)


async def keep_the_move(show: Callable[[Rendered], Awaitable[Shown]], rendered: Rendered) -> Shown:
    """Show a message; if Discord refuses it with its picture, show it without; if it refuses its
    embed for a permission the bot lacks (Embed Links), show it as text: a refused picture or
    embed never loses the move or the answer. What is refused as text too is raised."""
    try:
        return await show(rendered)
    except discord.HTTPException as error:
        plainer = _plainer(rendered, error)
        if plainer is None:
            raise
        log.warning("Discord refused a message (%s %s); sending it plainer", error.status, error.code)
        return await keep_the_move(show, plainer)


def _plainer(rendered: Rendered, error: discord.HTTPException) -> Rendered | None:
    """The next plainer form of a message Discord refused with `error`; None when there is none."""
    if isinstance(error, discord.NotFound):
        return None
    if rendered.picture is not None:
        return rendered.without_picture()
    if (
        rendered.embed is not None
        and isinstance(error, discord.Forbidden)
        and error.code == MISSING_PERMISSIONS
    ):
        return rendered.as_text()
    return None


async def send(interaction: Interaction, rendered: Rendered, *, ephemeral: bool = True) -> None:
    """Answer with a message, privately by default, whether or not the interaction was
    acknowledged yet."""

    async def show(shown: Rendered) -> None:
        await _send(interaction, shown, ephemeral)

    await keep_the_move(show, rendered)


async def edit_original(interaction: Interaction, rendered: Rendered) -> None:
    """Replace the message the interaction answers (a solo game's own message)."""

    async def show(shown: Rendered) -> None:
        await interaction.edit_original_response(**shown.edit_kwargs())

    await keep_the_move(show, rendered)


async def _send(interaction: Interaction, rendered: Rendered, ephemeral: bool) -> None:
    kwargs = rendered.send_kwargs()
    if interaction.response.is_done():
        await interaction.followup.send(ephemeral=ephemeral, **kwargs)
    else:
        await interaction.response.send_message(ephemeral=ephemeral, **kwargs)


async def say(interaction: Interaction, text: str) -> None:
    """Answer privately, whether or not the interaction was acknowledged yet; a text longer than
    a message comes in several, cut between lines."""
    for page in pages(text):
        await send(interaction, Rendered(page, None, None))


async def refuse_ended(interaction: Interaction, text: str | Callable[[], Awaitable[str]]) -> None:
    """A click on a control of a game that has ended: the message loses its stale controls, and
    the player is told why, privately; in words read (from the store) once the click is
    acknowledged, when `text` has to read them."""
    # Answering a click by updating its message drops the attachments not listed again
    # (discord-api-docs#6277, serenity#3068): the game's last picture would vanish with the controls.
    kept = interaction.message.attachments if interaction.message is not None else []
    await interaction.response.edit_message(view=None, attachments=kept)
    await say(interaction, text if isinstance(text, str) else await text())
