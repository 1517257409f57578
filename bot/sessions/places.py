"""Where a server lets its UNO tables run: the channels (or categories) allowed, the role
needed to start or join one, and whether a new table opens in a thread of its own."""

from __future__ import annotations

from dataclasses import dataclass

NOT_HERE = "UNO tables do not run in this channel on this server. Try {0}."
NEEDS_ROLE = "Starting or joining an UNO table on this server needs the <@&{0}> role."


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

    def refusal(self, where: Where) -> str | None:
        """Why a table may not be started or joined there by that member, or None."""
        if self.channel_ids:
            here = {where.channel_id, *where.parent_ids}
            if not here & set(self.channel_ids):
                return NOT_HERE.format(" or ".join(f"<#{c}>" for c in self.channel_ids[:10]))
        if self.role_id is not None and self.role_id not in where.role_ids:
            return NEEDS_ROLE.format(self.role_id)
        return None

    def describe(self) -> str:
        channels = ", ".join(f"<#{c}>" for c in self.channel_ids) if self.channel_ids else "any channel"
        role = f"members with <@&{self.role_id}>" if self.role_id else "everyone"
        threads = "each in a thread of its own" if self.threads else "in the channel itself"
        return f"tables run in {channels}, {threads}; {role} can start or join one"
