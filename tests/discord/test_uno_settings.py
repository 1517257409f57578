"""Choosing the rules: the host's lobby settings (house rules H1-H6, ruleset, teams, decks),
refused combinations with the engine's reason, server defaults (`/uno settings`, Manage Server
only) and `/uno rules` for exactly the rules in force."""

from __future__ import annotations

import re
from typing import Any

import discord
import pytest

from bot.app import UnoBot
from bot.games.uno.cards import Card
from bot.games.uno.cards import Face
from bot.games.uno.game import Phase
from bot.games.uno.game import UnoGame
from bot.sessions.table import Table
from bot.sessions.table import TablePhase
from tests.discord.flood_driver import fetch
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import button_labels
from tests.discord.uno_driver import channel_table_message
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components
from tests.discord.uno_driver import forged_select
from tests.discord.uno_driver import open_hand
from tests.discord.uno_driver import table_of
from tests.discord.uno_driver import whose_turn


def texts(res: Any) -> list[str]:
    """What a player was told, in answer or follow-ups, each checked to be private (a click
    on a public message that only updates it answers nothing of its own)."""
    if res.response is not None and not res.deferred:
        assert res.ephemeral, "an answer of its own is private"
    shown = ([res.response] if res.response is not None and res.ephemeral else []) + list(res.followups)
    assert all(m.ephemeral for m in shown), "refusals and settings are private"
    return [m.content or "" for m in shown]


def select_of(message: Any, what: str) -> dict[str, Any]:
    return next(c for c in flat_components(message) if c["custom_id"].endswith(f":set:{what}"))


async def choose(host: Any, settings: Any, what: str, values: list[str]) -> list[str]:
    select = select_of(settings, what)
    return texts(acknowledged(await host.select(settings, values, custom_id=select["custom_id"])))


def server_with_admin(env: Any) -> tuple[Any, Any, Any, Any]:
    """A server with a channel, a member who may manage the server and one who may not."""
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("admin"), roles=[admins])
    bob = guild.add_member(env.create_user("bob"))
    return guild, channel, admin, bob


async def started_with(env: Any, bot: UnoBot, house_rule: str) -> tuple[Any, list[Any], Table]:
    """Three players at an official table with one house rule, chosen in the lobby, started;
    a Wild turned first already has its colour."""
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    players = [guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol")]
    acknowledged(await players[0].slash(channel, "uno start"))
    for player in players[1:]:
        acknowledged(await player.click(channel.last_message, label="Join"))
    settings = (await players[0].click(channel.last_message, label="Settings")).response
    await choose(players[0], settings, "house", [house_rule])
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    table = table_of(bot, channel)
    game = table.game
    assert game is not None
    if game.phase is Phase.AWAITING_COLOUR:
        game.apply(game.current, next(a for a in game.legal_actions(game.current)))
    return channel, players, table


def give(game: UnoGame, seat: int, card: Card) -> None:
    """`seat` gets a copy of `card` for one of its own cards, from the pile or another hand."""
    if card not in game.hands[seat]:
        holder = next(pile for pile in (game.draw_pile, *game.hands) if card in pile)
        holder[holder.index(card)] = game.hands[seat].pop(0)
        game.hands[seat].append(card)
    assert game.card_count == 108


async def test_the_host_changes_the_rules_in_the_lobby_and_bad_combinations_are_refused(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    names = ("alice", "bob", "carol", "dave")
    alice, bob, carol, dave = (guild.add_member(env.create_user(n)) for n in names)
    acknowledged(await alice.slash(channel, "uno start"))
    for player in (bob, carol):
        acknowledged(await player.click(channel.last_message, label="Join"))
    table = table_of(simcord_bot, channel)

    told = texts(acknowledged(await bob.click(channel.last_message, label="Settings")))
    assert any("Only the host, alice," in t for t in told)

    res = acknowledged(await alice.click(channel.last_message, label="Settings"))
    settings = res.response
    assert settings.ephemeral and "**Table settings**: Official UNO rules" in settings.content
    visible = {m.id for m in channel.history(viewer=bob)}
    assert settings.id not in visible, "only the host sees the settings"

    # H1 with Wild Draw Four stacking needs H6: refused at the lobby, with the engine's reason.
    told = await choose(alice, settings, "house", ["stacking_wd4"])
    assert any("A stacked Wild Draw Four cannot be challenged" in t for t in told), told
    assert table.settings.options == {}
    told = await choose(alice, settings, "house", ["stacking_wd4", "no_bluffing", "seven_o"])
    assert table.settings.rules().house_rules == ("stacking_wd4", "seven_o", "no_bluffing")
    rules = field(channel.last_message, "Rules")
    assert "Stacking with Wild +4" in rules and "Seven-O" in rules and "No bluffing" in rules
    assert not re.search(r"\b[CHOT][0-9]\b", rules), "rule numbers stay out of what players read"

    # Twist: the house rules go with the preset; Seven-O makes no sense with playing cards.
    await choose(alice, settings, "ruleset", ["twist"])
    assert table.settings.ruleset == "twist" and table.settings.options == {}
    settings = (await alice.click(channel.last_message, label="Settings")).response
    told = await choose(alice, settings, "house", ["seven_o"])
    assert any("Seven-O needs UNO cards" in t for t in told), told
    await choose(alice, settings, "teams", ["partners"])
    await choose(alice, settings, "decks", ["5"])
    await choose(alice, settings, "target", ["200"])
    assert table.settings.options == {"decks": 5, "teams": "partners"}
    assert table.settings.target_score == 200
    lobby = channel.last_message.embeds[0]
    assert any(f.name == "Game ends at" and f.value == "200 points" for f in lobby.fields)

    # Partners need an even number of players: three are refused at Start, privately.
    told = texts(acknowledged(await alice.click(channel.last_message, label="Start")))
    assert any("Partners need an even number of players" in t for t in told), told
    assert table.phase is TablePhase.LOBBY
    acknowledged(await dave.click(channel.last_message, label="Join"))
    acknowledged(await alice.click(channel.last_message, label="Start"))
    game = table.game
    assert game is not None and game.card_count == 270 and game.team_list == [0, 1, 0, 1]
    told = await choose(alice, settings, "decks", ["6"])
    assert any("before the game starts" in t for t in told), told
    assert not flat_components(fetch(channel, settings.id, viewer=alice)), "stale settings keep their selects"

    # /uno rules explains exactly these rules.
    told = texts(acknowledged(await bob.slash(channel, "uno rules")))
    text = "\n".join(told)
    assert "5 decks of playing cards" in text and "Partners sit across" in text
    assert "200" in text and "Seven-O" not in text


async def test_seven_o_offers_the_swap_in_the_hand(simcord_env: Any, simcord_bot: UnoBot) -> None:
    channel, players, table = await started_with(simcord_env, simcord_bot, "seven_o")
    game = table.game
    assert game is not None
    # The player to move gets a 7 of the colour in force.
    seat = game.current
    seven = Card.of(game.colour, Face.SEVEN)  # type: ignore[arg-type]
    give(game, seat, seven)
    by_id = {p.id: p for p in players}
    mover = by_id[table.members[seat].user_id]
    hand = await open_hand(mover, channel_table_message(channel), players, channel)
    select = next(c for c in flat_components(hand) if c["type"] == 3)
    acknowledged(await mover.select(hand, [f"play {seven}"], custom_id=select["custom_id"]))
    assert game.phase is Phase.AWAITING_SWAP and table.phase is TablePhase.AWAITING_SWAP
    assert "to choose whom to swap hands with" in field(channel_table_message(channel), "Turn")
    hand = await open_hand(mover, channel_table_message(channel), players, channel)
    assert "Seven-O" in hand.content
    swap = next(c for c in flat_components(hand) if c["type"] == 3)
    others = [s for s in range(3) if s != seat]
    assert [o["value"] for o in swap["options"]] == [f"swap {s}" for s in others]
    assert swap["options"][0]["label"].startswith(table.members[others[0]].name)
    mine, theirs = list(game.hands[seat]), list(game.hands[others[0]])
    acknowledged(await mover.select(hand, [f"swap {others[0]}"], custom_id=swap["custom_id"]))
    assert game.hands[seat] == theirs and game.hands[others[0]] == mine
    assert any("swapped hands with" in line for line in table.recent)
    assert game.phase is Phase.PLAYING and whose_turn(channel_table_message(channel)) != mover.id


async def test_only_a_server_manager_sets_the_defaults_and_new_tables_use_them(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    guild, channel, admin, bob = server_with_admin(simcord_env)
    store = simcord_bot.store

    told = texts(acknowledged(await bob.slash(channel, "uno settings", ruleset="twist")))
    assert any("Only members with **Manage Server**" in t for t in told), told
    # Bob only wanted to look: he is told where to.
    assert any("`/uno rules`" in t for t in told), told
    assert await store.guild_uno_settings(guild.id) is None

    told = texts(acknowledged(await admin.slash(channel, "uno settings", house_rules="stacking_wd4")))
    assert any("Not saved" in t and "no bluffing." in t for t in told), told
    assert await store.guild_uno_settings(guild.id) is None

    told = texts(
        acknowledged(
            await admin.slash(
                channel, "uno settings", ruleset="twist", teams="partners", house_rules="jump_in"
            )
        )
    )
    assert any(t.startswith("Saved.") for t in told), told
    saved = await store.guild_uno_settings(guild.id)
    assert saved is not None and saved.ruleset == "twist"
    assert saved.options == {"jump_in": True, "teams": "partners"}
    assert saved.updated_by == admin.id

    told = texts(acknowledged(await bob.slash(channel, "uno rules")))
    assert any("this server's defaults" in t and "Jump-in" in t for t in told), told

    acknowledged(await bob.slash(channel, "uno start"))
    table = table_of(simcord_bot, channel)
    rules = table.settings.rules()
    assert (rules.name, rules.teams, rules.jump_in) == ("twist", "partners", True)
    assert "partners" in field(channel.last_message, "Rules")
    # A start option still overrides the server's default for this one table.
    other = guild.create_text_channel("official")
    acknowledged(await bob.slash(other, "uno start", ruleset="official"))
    assert table_of(simcord_bot, other).settings.rules().house_rules == ()

    told = texts(acknowledged(await admin.slash(channel, "uno settings", reset=True)))
    assert any("Back to the bot's defaults" in t for t in told)
    assert await store.guild_uno_settings(guild.id) is None


async def test_rules_explain_a_chosen_ruleset(simcord_env: Any, simcord_bot: UnoBot) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    told = texts(acknowledged(await alice.slash(channel, "uno rules", ruleset="classic")))
    text = "\n".join(told)
    assert "Classic computer UNO" in text and "above 250 is out" in text


def top_card_to_jumper(game: UnoGame) -> tuple[Card, int]:
    """A player who is not to move (the seat after next) gets the very card on top, made a number
    card (not a wild card) if it was not one; the card and the seat."""
    top = game.discard_top
    if top.role.is_wild or top.role.value != "number":
        top = next(c for c in game.draw_pile if c.role.value == "number" and c.colour is game.colour)
        game.draw_pile.remove(top)
        game.draw_pile.insert(0, game.discard.pop())
        game.discard.append(top)
    jumper = (game.current + 2) % 3
    give(game, jumper, top)
    return top, jumper


async def test_jump_in_is_offered_in_the_hand_of_a_player_holding_the_top_card(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    channel, players, table = await started_with(simcord_env, simcord_bot, "jump_in")
    game = table.game
    assert game is not None
    _, jumper = top_card_to_jumper(game)
    by_id = {p.id: p for p in players}
    member = by_id[table.members[jumper].user_id]
    hand = await open_hand(member, channel_table_message(channel), players, channel)
    assert "Waiting for" in hand.content
    button = next(c for c in flat_components(hand) if c.get("label", "").startswith("Jump in with"))
    held = len(game.hands[jumper])
    acknowledged(await member.click(hand, custom_id=button["custom_id"]))
    assert len(game.hands[jumper]) == held - 1
    assert any("jumped in" in line for line in table.recent)
    # Play goes on from the jumper: the player after them is to move now.
    assert game.current == (jumper + game.direction) % 3 or game.phase is not Phase.PLAYING


@pytest.mark.parametrize("typed", [False, True], ids=["button", "typed"])
async def test_jumping_in_with_the_second_to_last_card_calls_uno_so_nobody_can_catch_the_jumper(
    simcord_env: Any, simcord_bot: UnoBot, typed: bool
) -> None:
    """H3 with O7 through the hand, or typed with `/uno play` out of turn (its autocomplete
    offers the card): a player on two cards jumps in with the card on top, and the UNO call
    goes down with it; the table offers nobody a Catch, and one typed anyway is refused."""
    channel, players, table = await started_with(simcord_env, simcord_bot, "jump_in")
    game = table.game
    assert game is not None
    top, jumper = top_card_to_jumper(game)
    # Down to two cards, the copy of the top card one of them: the rest go under the draw pile.
    hand = game.hands[jumper]
    hand.remove(top)
    game.draw_pile[:0] = hand[1:]
    game.hands[jumper] = [top, hand[0]]
    assert game.card_count == 108
    by_id = {p.id: p for p in players}
    member = by_id[table.members[jumper].user_id]
    shown = await open_hand(member, channel_table_message(channel), players, channel)
    jumps = [c for c in flat_components(shown) if c.get("label", "").startswith("Jump in with")]
    assert len(jumps) == 1, "one jump-in control"
    assert "and call UNO" in jumps[0]["label"]
    if typed:
        choices = await member.autocomplete(channel, "uno play", "card", "")
        assert [choice["value"] for choice in choices] == [str(top)], "the card to jump in with"
        acknowledged(await member.slash(channel, "uno play", card=str(top)))
    else:
        acknowledged(await member.click(shown, custom_id=jumps[0]["custom_id"]))
    assert len(game.hands[jumper]) == 1
    assert "Catch!" not in button_labels(channel_table_message(channel))
    assert any("called UNO" in line for line in table.recent)
    other = by_id[table.members[(jumper + 1) % 3].user_id]
    told = texts(acknowledged(await other.slash(channel, "uno play", card="catch")))
    assert any("Nobody can be caught" in t for t in told), told
    assert len(game.hands[jumper]) == 1


async def test_forced_play_tells_the_player_the_drawn_card_must_be_played(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    """H5 through the hand: a drawn card that can be played is the only control, and the hand
    says it must be played, not that the player may pass (there is no Pass button)."""
    channel, players, table = await started_with(simcord_env, simcord_bot, "forced_play")
    game = table.game
    assert game is not None
    seat = game.current
    # The player to move holds nothing that plays; the card they will draw does.
    colour, face = game.colour, game.discard_top.face
    hand = game.hands[seat]
    for index, card in enumerate(hand):
        if game.is_playable(card):
            dud = next(
                c
                for c in game.draw_pile
                if not c.role.is_wild and c.colour is not colour and c.face is not face
            )
            game.draw_pile[game.draw_pile.index(dud)] = card
            hand[index] = dud
    drawn = next(c for c in game.draw_pile if c.colour is colour and not c.role.is_wild)
    game.draw_pile.remove(drawn)
    game.draw_pile.append(drawn)  # the top of the draw pile
    assert game.card_count == 108
    mover = next(p for p in players if p.id == table.members[seat].user_id)
    shown = await open_hand(mover, channel_table_message(channel), players, channel)
    acknowledged(await mover.click(shown, label="Draw"))
    shown = fetch(channel, shown.id, viewer=mover)
    assert "Pass" not in [c.get("label") for c in flat_components(shown)]
    select = next(c for c in flat_components(shown) if c["type"] == 3)
    assert [o["value"] for o in select["options"]] == [f"play {drawn}"]
    assert "pass" not in shown.content.lower(), shown.content
    assert "must play it" in shown.content, shown.content


@pytest.mark.parametrize(("what", "forged"), [("target", ["abc"]), ("decks", ["x"]), ("target", ["t:soon"])])
async def test_a_forged_setting_is_refused_in_words(
    simcord_env: Any, simcord_bot: UnoBot, what: str, forged: list[str]
) -> None:
    """A select's value the bot never offered (a forged interaction) is refused privately; the
    settings stay as they were and the handler does not crash."""
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    alice = guild.add_member(env.create_user("alice"))
    acknowledged(await alice.slash(channel, "uno start", ruleset="twist"))
    table = table_of(simcord_bot, channel)
    before = table.settings
    settings = acknowledged(await alice.click(channel.last_message, label="Settings")).response
    select = select_of(settings, what)
    told = texts(acknowledged(await forged_select(alice, settings, select["custom_id"], forged)))
    assert any("not one of the choices" in text for text in told), told
    assert table.settings == before


async def test_only_a_server_manager_turns_the_servers_turn_pings_off_and_the_settings_show_them(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    guild, channel, admin, bob = server_with_admin(simcord_env)
    preferences = simcord_bot.preferences
    pings_on, pings_off = "Turn pings are on in this server:", "Turn pings are off in this server:"

    told = texts(acknowledged(await bob.slash(channel, "uno settings", turn_pings=False)))
    assert any("Only members with **Manage Server**" in t for t in told), told
    assert await preferences.server_turn_pings(guild.id)

    shown = "\n".join(texts(acknowledged(await admin.slash(channel, "uno settings"))))
    assert "Card pictures are on by default in this server." in shown and pings_on in shown, shown
    # The person the table names to deal the next round is pinged too: the settings say so.
    assert (
        f"{pings_on} a short message mentions each player when their turn comes, and between rounds "
        "when the table names them to deal, unless they turned theirs off with `/preferences`."
    ) in shown, shown
    option = simcord_bot.tree.get_command("uno").get_command("settings").get_parameter("turn_pings")
    assert "deal" in option.description, option.description

    told = texts(acknowledged(await admin.slash(channel, "uno settings", turn_pings=False)))
    assert told == [
        f"{pings_off} nobody is mentioned when their turn comes or the table names them to deal, "
        "whatever they chose with `/preferences`."
    ]
    assert not await preferences.server_turn_pings(guild.id)
    assert await preferences.server_pictures(guild.id), "pictures stay as they were"
    shown = "\n".join(texts(acknowledged(await admin.slash(channel, "uno settings"))))
    assert pings_off in shown and pings_on not in shown, shown
    assert shown.startswith("This server's defaults for new tables: Official UNO rules"), shown

    # Like pictures, turn pings are not rules: going back to the default rules keeps them.
    told = texts(acknowledged(await admin.slash(channel, "uno settings", reset=True)))
    assert any("Back to the bot's defaults" in t for t in told), told
    assert not await preferences.server_turn_pings(guild.id)

    # With other options, the rules are saved and said as ever, and so are the pings.
    told = texts(acknowledged(await admin.slash(channel, "uno settings", ruleset="classic", turn_pings=True)))
    assert any(t.startswith(pings_on) for t in told) and any(t.startswith("Saved.") for t in told), told
    assert await preferences.server_turn_pings(guild.id)


async def test_reset_with_other_options_applies_them_too(simcord_env: Any, simcord_bot: UnoBot) -> None:
    """`reset:true` with other options went back to the bot's defaults and said only that: a
    `threads:true` or `ruleset:classic` given with it was dropped without a word. Now the reset
    comes first and what else is given is saved on top of it, and said."""
    guild, channel, admin, bob = server_with_admin(simcord_env)
    records = simcord_bot.records
    acknowledged(await admin.slash(channel, "uno settings", ruleset="twist", house_rules="jump_in"))

    told = texts(acknowledged(await admin.slash(channel, "uno settings", reset=True, threads=True)))
    assert (await records.table_place(guild.id)).threads, told
    assert (await records.server_defaults(guild.id)).ruleset == "official", told
    assert any("each in a thread of its own" in t for t in told), told
    assert any(t.startswith("Back to the bot's defaults") for t in told), told

    acknowledged(await admin.slash(channel, "uno settings", ruleset="twist", language="de"))
    told = texts(
        acknowledged(await admin.slash(channel, "uno settings", reset=True, ruleset="classic", points=200))
    )
    saved = await records.server_defaults(guild.id)
    assert (saved.ruleset, saved.target_score, saved.language) == ("classic", 200, ""), told
    assert told == [
        "Saved. New tables in this server start with: Classic computer UNO · house rules: none; points 200."
    ], told
    acknowledged(await bob.slash(channel, "uno start", thread=False))
    assert table_of(simcord_bot, channel).settings.rules().name == "classic"

    # A refused combination saves nothing, the reset included.
    told = texts(acknowledged(await admin.slash(channel, "uno settings", reset=True, teams="partners")))
    assert told == ["Not saved: Teams are a twist rule."], told
    assert (await records.server_defaults(guild.id)).ruleset == "classic"
