from __future__ import annotations

from typing import Any


async def test_start_join_and_show_hand(simcord_env: Any) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    bob = guild.add_member(env.create_user("bob"))
    res = await alice.slash(channel, "uno start")
    print("start:", res, res.ephemeral, res.response, res.followups)
    table = channel.last_message
    print("table:", table.content, [e.to_dict() for e in table.embeds], table.components)
    res = await bob.click(table, label="Join")
    print("join:", res, res.response, res.followups)
    res = await alice.click(channel.last_message, label="Start")
    print("start btn:", res, res.response, res.followups)
    table = channel.last_message
    print("game:", [e.to_dict() for e in table.embeds])
    res = await bob.click(table, label="Show my hand")
    print("hand:", res.ephemeral, res.response, res.followups)
    for f in res.followups:
        print(f.content, f.components, f.ephemeral)
    print(channel.history(viewer=alice))
