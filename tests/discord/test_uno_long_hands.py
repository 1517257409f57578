"""The longest hand the rules allow shows every card its player holds, in every language, in one
message: twist with eight decks (432 cards) where one player holds all but the discard and one
card each for nine others, teamed with four long-named partners, with a stacked penalty on them
and the game's time up. Discord refuses a message over 2,000 characters: a hand whose lines would
not fit is written each face once with its count after a multiplication sign, so no card is ever
cut off. The longest the rules allow today, in Spanish, is about 1,900 characters card by card; a
longer one (more cards than the rules allow, standing for a longer ruleset or translation) is
tallied."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.app import UnoBot
from bot.games.uno.playing_cards import Suit
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.sessions.table import Table
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import table_of

DISCORD_LOCALE = {SOURCE: "en-US", "de": "de", "fr": "fr", "es": "es-ES", "pt_BR": "pt-BR", "it": "it"}
JOKER_ROW = "🃏 "
TIMES = "\N{MULTIPLICATION SIGN}"


def shown_cards(content: str) -> Counter[str]:
    """The cards a hand message lists, as `rank+suit` (`10♥`) or `joker`: one row a suit, faces
    two spaces apart, each card once or, tallied, each face once with its count after `TIMES`."""
    rows = {suit.symbol: suit.symbol for suit in Suit} | {JOKER_ROW.strip(): "joker"}
    cards: Counter[str] = Counter()
    for line in content.splitlines():
        sign, _, faces = line.partition(" ")
        if sign not in rows or not faces:
            continue
        for face in faces.split("  "):
            name, times, count = face.rpartition(TIMES)
            if not times:
                name, count = face, "1"
            cards[rows[sign] if sign == JOKER_ROW.strip() else f"{name}{rows[sign]}"] += int(count)
    return cards


def held_cards(hand: list[Any]) -> Counter[str]:
    return Counter("joker" if card.suit is None else f"{card.rank.value}{card.suit.symbol}" for card in hand)


async def twist_hand_of_all_but_ten(env: Any, bot: UnoBot) -> tuple[Any, Any, Table]:
    """Ten long-named players at a twist table of eight decks in teams of two, one of them (the one
    to move) holding every card but the discard and one for each other player, with a stacked
    penalty on them and the game's time up: the channel, that player and the table."""
    guild = env.create_guild()
    channel = guild.create_text_channel("uno")
    admins = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    # Discord's longest nickname, every character one the bot escapes: each name doubles.
    players = [guild.add_member(env.create_user(f"p{i}"), nick="_*" * 16, roles=[admins]) for i in range(10)]
    acknowledged(await players[0].slash(channel, "uno settings", ruleset="twist", decks=8, teams="2"))
    acknowledged(await players[0].slash(channel, "uno start"))
    for other in players[1:]:
        acknowledged(await other.click(channel.last_message, label="Join"))
    acknowledged(await players[0].click(channel.last_message, label="Start"))
    table = table_of(bot, channel)
    game = table.game
    assert game is not None
    seat = game.current
    holder = next(p for p in players if table.seat_of(p.id) == seat)
    # Every card but the discard and one for each other player, moved, so none is made or lost.
    for other, hand in enumerate(game.hands):
        if other != seat:
            game.draw_pile.extend(hand[1:])
            del hand[1:]
    game.hands[seat].extend(game.draw_pile)
    game.draw_pile.clear()
    game.pending_draw = 16
    game.time_called = True
    assert len(game.hands[seat]) == 432 - 1 - 9 and game.card_count == 432
    return channel, holder, table


async def test_the_longest_twist_hand_shows_every_card_in_every_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    channel, holder, table = await twist_hand_of_all_but_ten(simcord_env, simcord_bot)
    game = table.game
    assert game is not None
    seat = table.seat_of(holder.id)
    for language in (SOURCE, *LANGUAGES):
        client_locales.users[holder.id] = DISCORD_LOCALE[language]
        hand = acknowledged(await holder.slash(channel, "uno hand")).response
        assert len(hand.content) <= 2000
        assert TIMES not in hand.content, "a hand that fits is listed card by card"
        assert shown_cards(hand.content) == held_cards(game.hands[seat]), language
        # What follows the cards is still there: the team, and the turn with its penalty.
        assert "16" in hand.content.splitlines()[-1], (language, hand.content[-300:])


async def test_a_hand_too_long_to_list_card_by_card_is_tallied_and_loses_no_card(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    """The same player given every card twice over, more than any ruleset deals today: the hand
    card by card would pass Discord's 2,000 characters (and was cut there, the last suits and the
    turn lost), so it is written each face once with its count, and everything after it stays."""
    channel, holder, table = await twist_hand_of_all_but_ten(simcord_env, simcord_bot)
    game = table.game
    assert game is not None
    seat = table.seat_of(holder.id)
    game.hands[seat].extend(list(game.hands[seat]))
    for language in (SOURCE, "es"):
        client_locales.users[holder.id] = DISCORD_LOCALE[language]
        hand = acknowledged(await holder.slash(channel, "uno hand")).response
        assert len(hand.content) <= 2000
        assert TIMES in hand.content, "tallied"
        assert shown_cards(hand.content) == held_cards(game.hands[seat]), language
        assert "16" in hand.content.splitlines()[-1], (language, hand.content[-300:])
