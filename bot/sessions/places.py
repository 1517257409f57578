"""Where a server lets its UNO tables run: the channels (or categories) allowed, the role
needed to start or join one, and whether a new table opens in a thread of its own."""

from __future__ import annotations

from dataclasses import dataclass

from bot.i18n.text import AllOf
from bot.i18n.text import AnyOf
from bot.i18n.text import Markup
from bot.i18n.text import Text
from bot.i18n.text import text


@dataclass(frozen=True, slots=True)
class Where:
    """Where a member asks for a table: the channel, its parent (a thread's channel) and
    category, and the member's roles."""

    channel_id: int
    parent_ids: tuple[int, ...]
    role_ids: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class TablePlace:
    threads: bool = False
    # Channels or categories allowed; none for anywhere.
    channel_ids: tuple[int, ...] = ()
    role_id: int | None = None

    def refusal(self, where: Where) -> Text | None:
        """Why a table may not be started or joined there by that member, or None."""
        if self.channel_ids:
            here = {where.channel_id, *where.parent_ids}
            if not here & set(self.channel_ids):
                channels = AnyOf(tuple(_channel(c) for c in self.channel_ids[:10]))
                return text(
                    "UNO tables do not run in this channel on this server. Try {channels}.", channels=channels
                )
        if self.role_id is not None and self.role_id not in where.role_ids:
            return text(
                "Starting or joining an UNO table on this server needs the {role} role.",
                role=Markup.role(self.role_id),
            )
        return None

    def describe(self) -> Text:
        if self.channel_ids:
            channels = AllOf(tuple(Markup.channel(c) for c in self.channel_ids))
            if self.threads:
                where = text("tables run in {channels}, each in a thread of its own", channels=channels)
            else:
                where = text("tables run in {channels}, in the channel itself", channels=channels)
        elif self.threads:
            where = text("tables run in any channel, each in a thread of its own")
        else:
            where = text("tables run in any channel, in the channel itself")
        if self.role_id:
            role = Markup.role(self.role_id)
            return text("{where}; members with {role} can start or join one", where=where, role=role)
        return text("{where}; everyone can start or join one", where=where)


def _channel(channel_id: int) -> Text:
    """A channel's mention, as a choice among others."""
    return Text("{channel}", (("channel", Markup.channel(channel_id)),))
