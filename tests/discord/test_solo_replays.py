"""/flood replay and /solitaire replay: a finished solo game listed under its player's stats, then
shown again privately move by move from its seed and log, after a restart too; refused to
anyone else, and gone once its player asks to be forgotten."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from bot.app import UnoBot
from bot.games.flood import FloodGame
from bot.games.flood import FloodOptions
from bot.games.tableau import TableauGame
from bot.render.flood_text import card_short
from bot.render.tableau_text import tableau_lines
from bot.sessions import solo_history
from tests.discord.conftest import BotFactory
from tests.discord.flood_driver import fetch
from tests.discord.flood_driver import play_to_the_end
from tests.discord.flood_driver import resign
from tests.discord.flood_driver import session_of
from tests.discord.flood_driver import short_loss
from tests.discord.test_solitaire_play import greedy_seed
from tests.discord.test_solitaire_play import play_greedily
from tests.discord.test_solitaire_play import session_of as solitaire_session
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import field
from tests.discord.uno_driver import flat_components


def _button(message: Any, label: str) -> dict[str, Any]:
    return next(c for c in flat_components(message) if c["type"] == 2 and c.get("label") == label)


def _jump(message: Any) -> dict[str, Any]:
    return next(c for c in flat_components(message) if c["type"] == 3)


def _answer(res: Any) -> Any:
    return res.response or res.followups[0]


def _recent_ids(stats: Any) -> list[int]:
    recent = next(f for f in stats.embeds[0].fields if f.name.startswith("Recent games"))
    return [int(n) for n in re.findall(r"\*\*#(\d+)\*\*", recent.value)]


async def test_a_finished_flood_game_replays_move_by_move_privately_after_a_restart(
    simcord_env: Any, simcord_bot: UnoBot, make_bot: BotFactory
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    ann_user = env.create_user("ann")
    ann = guild.add_member(ann_user)
    bea = guild.add_member(env.create_user("bea"))
    dm = ann_user.dm_channel
    seed = short_loss()
    simcord_bot.solo.seeds = [seed]
    # Played in a DM, replayed in a server: a player's solo games are theirs wherever they ask.
    res = acknowledged(await ann_user.slash("flood play", difficulty="medium"))
    session = session_of(simcord_bot, ann_user)
    final_game = session.game
    assert isinstance(final_game, FloodGame)
    await play_to_the_end(simcord_bot, ann_user, dm, res.response.id)
    log = list(final_game.log)
    assert final_game.is_over and not final_game.won

    stats = _answer(acknowledged(await ann.slash(channel, "flood stats")))
    [game_id] = _recent_ids(stats)
    recent = next(f for f in stats.embeds[0].fields if f.name.startswith("Recent games"))
    assert f"Medium · UNO deck · lost in {len(log)} moves" in recent.value
    overall = _answer(acknowledged(await ann.slash(channel, "stats"))).embeds[0]
    assert [f.name for f in overall.fields].count("Survive the Flood") == 1, "counted once, as a streak"
    others = _answer(acknowledged(await bea.slash(channel, "flood stats", user=ann)))
    assert not any(f.name.startswith("Recent games") for f in others.embeds[0].fields)

    asked = acknowledged(await ann.slash(channel, "flood replay", game=game_id))
    assert asked.ephemeral, "a replay is private to the one who asked"
    message = _answer(asked)
    assert message.id not in {m.id for m in channel.history(viewer=bea)}
    embed = message.embeds[0]
    assert f"Replay of game #{game_id} · move 0 of {len(log)} · the deal" in embed.description
    options = FloodOptions.make("medium", "uno")
    dealt, _ = FloodGame.new(options, seed)
    assert field(message, "Top card") == str(card_short(dealt.view().discard_top))
    assert _button(message, "◀ Previous")["disabled"] and not _button(message, "Next ▶")["disabled"]

    # Step by step, each position is the engine's own replay of the log so far.
    for step in range(1, 4):
        acknowledged(await ann.click(message, label="Next ▶"))
        message = fetch(channel, message.id, viewer=ann)
        description = message.embeds[0].description
        assert f"move {step} of {len(log)}" in description
        assert f"`{log[step - 1]}`" not in description, "the log's notation is not for players"
        then = FloodGame.replay(options, seed, log[:step])
        assert field(message, "Top card") == str(card_short(then.view().discard_top))
        left = then.view().draw_pile_size
        assert field(message, "Draw pile") == f"{left} card{'' if left == 1 else 's'} left"

    middle = len(log) // 2
    jump = _jump(message)
    # Each move is said as the game's own line about it, never by the log's notation (`draw`).
    described = [o["description"] for o in jump["options"] if o.get("description")]
    assert len(described) == len(jump["options"]) - 1, "every move but the deal"
    assert not set(described) & set(log) and any(d.startswith("You played ") for d in described)
    target = min((int(o["value"]) for o in jump["options"]), key=lambda n: abs(n - middle))
    acknowledged(await ann.select(message, [str(target)], custom_id=jump["custom_id"]))
    message = fetch(channel, message.id, viewer=ann)
    assert f"move {target} of {len(log)}" in message.embeds[0].description

    acknowledged(await ann.click(message, label="Last ⏭"))
    message = fetch(channel, message.id, viewer=ann)
    assert message.embeds[0].title == "🌊 The flood won"
    assert field(message, "Top card") == str(card_short(final_game.view().discard_top))
    assert _button(message, "Next ▶")["disabled"]

    # After a restart the old replay message still steps back.
    new_bot = make_bot()
    await env.restart_bot(new_bot)
    acknowledged(await ann.click(message, label="◀ Previous"))
    message = fetch(channel, message.id, viewer=ann)
    assert f"move {len(log) - 1} of {len(log)}" in message.embeds[0].description

    in_dm = _answer(acknowledged(await ann_user.slash("flood replay", game=game_id)))
    assert f"Replay of game #{game_id} · move 0 of {len(log)}" in in_dm.embeds[0].description
    refused = acknowledged(await bea.slash(channel, "flood replay", game=game_id))
    assert refused.ephemeral and "You have no finished Survive the Flood game" in _answer(refused).content

    # Forgotten: the game is gone with the rest of what the bot kept about ann.
    forget = acknowledged(await ann.slash(channel, "privacy forget"))
    acknowledged(await ann.click(forget.response, label="Yes, delete my data"))
    gone = acknowledged(await ann.slash(channel, "flood replay", game=game_id))
    assert f"You have no finished Survive the Flood game #{game_id}" in _answer(gone).content
    assert (await new_bot.store.finished_game(game_id)) is None


async def test_a_solitaire_game_in_a_server_is_picked_from_recent_games_and_replayed(
    simcord_env: Any, simcord_bot: UnoBot
) -> None:
    env = simcord_env
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    lou = guild.add_member(env.create_user("lou"))
    empty = acknowledged(await lou.slash(channel, "solitaire replay"))
    assert empty.ephemeral and "no finished UNO Solitaire game yet" in _answer(empty).content

    seed = greedy_seed(won=False, max_moves=250)
    simcord_bot.solo.seeds = [seed]
    res = acknowledged(await lou.slash(channel, "solitaire play"))
    session = solitaire_session(simcord_bot, lou)
    game = session.game
    assert isinstance(game, TableauGame)
    await play_greedily(simcord_bot, lou, channel, res.response.id, viewer=lou)
    log = list(game.log)

    asked = acknowledged(await lou.slash(channel, "solitaire replay"))
    assert asked.ephemeral
    picker = _answer(asked)
    select = _jump(picker)
    [option] = select["options"]
    assert option["description"] == f"lost in {len(log)} moves"
    acknowledged(await lou.select(picker, [option["value"]], custom_id=select["custom_id"]))
    message = fetch(channel, picker.id, viewer=lou)
    assert f"Replay of game #{option['value']} · move 0 of {len(log)}" in message.embeds[0].description
    assert "\n".join(tableau_lines(TableauGame.new(seed).view())) in message.embeds[0].description

    acknowledged(await lou.click(message, label="Last ⏭"))
    message = fetch(channel, picker.id, viewer=lou)
    assert message.embeds[0].title == "🃏 UNO Solitaire: game over"
    assert "\n".join(tableau_lines(game.view())) in message.embeds[0].description
    acknowledged(await lou.click(message, label="⏮ First"))
    assert "move 0 of" in fetch(channel, picker.id, viewer=lou).embeds[0].description


async def test_a_game_resigned_at_once_is_listed_as_lost_in_one_move(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: Any
) -> None:
    """One move is a move, not "moves", in the recent games and the replay picker, in every
    language's own plural."""
    env = simcord_env
    kit = env.create_user("kit")
    dm = kit.dm_channel
    res = acknowledged(await kit.slash("solitaire play"))
    await resign(kit, dm, res.response.id)
    stats = _answer(acknowledged(await kit.slash("solitaire stats")))
    recent = next(f for f in stats.embeds[0].fields if f.name.startswith("Recent games"))
    assert recent.value.endswith("· draw three · lost in 1 move")
    picker = _answer(acknowledged(await kit.slash("solitaire replay")))
    [option] = _jump(picker)["options"]
    assert option["description"] == "lost in 1 move"
    # The picker dates a game as the stats do, the reader's way.
    assert option["label"].split(" · ")[1] == recent.value.split(" · ")[1]
    assert re.fullmatch(r"[A-Z][a-z]{2} \d{1,2}, \d{4}", recent.value.split(" · ")[1])
    client_locales.users[kit.id] = "fr"
    picker = _answer(acknowledged(await kit.slash("solitaire replay")))
    [option] = _jump(picker)["options"]
    assert option["description"] == "perdue en 1 coup"
    stats = _answer(acknowledged(await kit.slash("solitaire stats")))
    recent = next(f for f in stats.embeds[0].fields if f.name.startswith("Parties récentes"))
    assert option["label"].split(" · ")[1] == recent.value.split(" · ")[1]


async def test_a_replay_click_deals_and_plays_the_game_once(
    simcord_env: Any, simcord_bot: UnoBot, monkeypatch: Any
) -> None:
    """A step and its jump menu (each move said in words) come from one deal played through once:
    a click used to deal the game three times (to check the log, to show the step, to word the
    menu), each played through the log."""
    env = simcord_env
    ann = env.create_user("ann")
    simcord_bot.solo.seeds = [short_loss()]
    res = acknowledged(await ann.slash("flood play", difficulty="medium"))
    await play_to_the_end(simcord_bot, ann, ann.dm_channel, res.response.id)
    dealer = solo_history.DEALERS["flood"]
    deals: list[int] = []

    def counted_deal(seed: int, rules: dict[str, Any]) -> Any:
        deals.append(seed)
        return dealer.deal(seed, rules)

    monkeypatch.setitem(solo_history.DEALERS, "flood", dataclasses.replace(dealer, deal=counted_deal))
    stats = _answer(acknowledged(await ann.slash("flood stats")))
    [game_id] = _recent_ids(stats)
    assert not deals, "listing games deals none"
    message = _answer(acknowledged(await ann.slash("flood replay", game=game_id)))
    assert "move 0 of" in message.embeds[0].description and len(deals) == 1
    for click in ("Next ▶", "Last ⏭", "◀ Previous"):
        deals.clear()
        acknowledged(await ann.click(message, label=click))
        message = fetch(ann.dm_channel, message.id, viewer=ann)
        assert len(deals) == 1, (click, len(deals))
    jump = _jump(message)
    deals.clear()
    acknowledged(await ann.select(message, [jump["options"][1]["value"]], custom_id=jump["custom_id"]))
    assert len(deals) == 1
