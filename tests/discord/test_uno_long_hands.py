"""The longest hand the rules allow shows every card its player holds, in every language, in one
message: twist with eight decks (432 cards) where one player holds all but the discard and one
card each for nine others, teamed with four long-named partners, with a stacked penalty on them
and the game's time up. Discord refuses a message over 2,000 characters and the hand's text is cut
there: this pins that no card ever reaches the cut (the longest, in Spanish, is about 1,900)."""

from __future__ import annotations

from collections import Counter
from typing import Any

import discord

from bot.app import UnoBot
from bot.games.uno.playing_cards import Suit
from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from tests.discord.conftest import ClientLocales
from tests.discord.uno_driver import acknowledged
from tests.discord.uno_driver import table_of

DISCORD_LOCALE = {SOURCE: "en-US", "de": "de", "fr": "fr", "es": "es-ES", "pt_BR": "pt-BR", "it": "it"}
JOKER_ROW = "🃏 "


def shown_cards(content: str) -> Counter[str]:
    """The cards a hand message lists, as `rank+suit` (`10♥`) or `joker`: one row a suit, faces
    two spaces apart, each card once."""
    rows = {suit.symbol: suit.symbol for suit in Suit} | {JOKER_ROW.strip(): "joker"}
    cards: Counter[str] = Counter()
    for line in content.splitlines():
        sign, _, faces = line.partition(" ")
        if sign not in rows or not faces:
            continue
        for face in faces.split("  "):
            cards[rows[sign] if sign == JOKER_ROW.strip() else f"{face}{rows[sign]}"] += 1
    return cards


def held_cards(hand: list[Any]) -> Counter[str]:
    return Counter("joker" if card.suit is None else f"{card.rank.value}{card.suit.symbol}" for card in hand)


async def test_the_longest_twist_hand_shows_every_card_in_every_language(
    simcord_env: Any, simcord_bot: UnoBot, client_locales: ClientLocales
) -> None:
    env = simcord_env
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
    table = table_of(simcord_bot, channel)
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
    for language in (SOURCE, *LANGUAGES):
        client_locales.users[holder.id] = DISCORD_LOCALE[language]
        hand = acknowledged(await holder.slash(channel, "uno hand")).response
        assert len(hand.content) <= 2000
        assert shown_cards(hand.content) == held_cards(game.hands[seat]), language
        # What follows the cards is still there: the team, and the turn with its penalty.
        assert "16" in hand.content.splitlines()[-1], (language, hand.content[-300:])
