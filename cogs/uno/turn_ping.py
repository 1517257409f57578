"""The turn's ping: one short message in a server table's channel that mentions the person whose
turn has come, with the table's own Show my hand button (between rounds, the person named to
deal, with its Deal next round button). Edits of the table message notify nobody, so without it
a player learns of their turn only by looking.

The table decides whom to call and which earlier ping goes (`TurnPing`); this posts and deletes,
best effort. A ping Discord refuses (a permission, the channel gone, a rate limit) costs the ping
and nothing else: the move stands, the table goes on, and the table's own handling of a channel
it cannot post in is not involved. Hands stay pulled: the ping is never edited, and its button
answers through a new interaction, as the table's does."""

from __future__ import annotations

import logging
from collections.abc import Awaitable
from collections.abc import Callable

import discord

from bot.i18n.text import text
from bot.sessions.table import Member
from bot.sessions.table import Table
from bot.sessions.table import TurnPing
from cogs.replies import Rendered
from cogs.replies import controls_view
from cogs.uno.components import HandButton
from cogs.uno.render import SHOW_HAND
from cogs.uno.render import deal_button
from cogs.uno.render import who

log = logging.getLogger(__name__)

Wanted = Callable[[int, int | None], Awaitable[bool]]


def ping_message(table: Table, ping: TurnPing, member: Member) -> Rendered:
    """`<@id>, your turn.` in the table's language, with the table's Show my hand button; between
    rounds, `<@id>, your turn to deal.` with its Deal next round button."""
    words = table.words
    view = controls_view()
    if ping.deal and table.game is not None:
        view.add_item(deal_button(table, table.game, words))
        return Rendered(words(text("{mention}, your turn to deal.", mention=who(member))), None, view)
    view.add_item(HandButton(table.game_id, label=words(SHOW_HAND)))
    return Rendered(words(text("{mention}, your turn.", mention=who(member))), None, view)


def only(member: Member) -> discord.AllowedMentions:
    """The ping notifies the person it names and nobody else: no role, no everyone, no reply."""
    return discord.AllowedMentions(
        everyone=False, users=[discord.Object(member.user_id)], roles=False, replied_user=False
    )


async def follow_turn(
    channel: discord.PartialMessageable, table: Table, ping: TurnPing, wanted: Wanted
) -> None:
    """Delete the ping the turn has moved on from, then ping the person it has passed to unless
    they or the server switched turn pings off (`wanted`, asked with the person and the server).
    Never raises for what Discord refuses."""
    if ping.retire is not None:
        await _delete(channel, table, ping.retire)
    if ping.call is not None and await wanted(ping.call.user_id, table.guild_id or None):
        await _post(channel, table, ping, ping.call)


async def _delete(channel: discord.PartialMessageable, table: Table, message_id: int) -> None:
    try:
        await channel.get_partial_message(message_id).delete()
    except discord.NotFound:
        log.debug("the turn ping %s of table %s was already deleted", message_id, table.game_id)
    except discord.DiscordException as refused:
        log.info("Discord refused to delete the turn ping of table %s: %s", table.game_id, refused)


async def _post(channel: discord.PartialMessageable, table: Table, ping: TurnPing, member: Member) -> None:
    rendered = ping_message(table, ping, member)
    try:
        message = await channel.send(**rendered.send_kwargs(), allowed_mentions=only(member))
    except discord.DiscordException as refused:
        log.info("Discord refused the turn ping of table %s: %s", table.game_id, refused)
        return
    await table.remember_ping(message.id)
