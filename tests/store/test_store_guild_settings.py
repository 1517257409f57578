"""A server's defaults for new UNO tables (`/uno settings`)."""

from __future__ import annotations

import logging
from datetime import UTC
from datetime import datetime
from datetime import timedelta

import pytest
from sqlalchemy import update

from bot.store import GuildUnoSettings
from bot.store import Store
from bot.store.models import guild_uno_settings_table

GUILD = 1_700_000_000_000_000_001
OTHER_GUILD = 1_700_000_000_000_000_002
ADMIN = 1_700_000_000_000_001_001
OTHER_ADMIN = 1_700_000_000_000_001_002


async def test_no_settings_until_an_admin_saves_some(store: Store) -> None:
    assert await store.guild_uno_settings(GUILD) is None
    before = datetime.now(UTC)
    saved = await store.set_guild_uno_settings(
        GUILD, "twist", {"decks": 6, "house": ["seven_o", "jump_in"]}, updated_by=ADMIN
    )
    assert isinstance(saved, GuildUnoSettings)
    assert (saved.guild_id, saved.ruleset, saved.updated_by) == (GUILD, "twist", ADMIN)
    assert saved.options == {"decks": 6, "house": ["seven_o", "jump_in"]}
    assert before - timedelta(seconds=1) <= saved.updated_at <= datetime.now(UTC)
    read = await store.guild_uno_settings(GUILD)
    assert read is not None
    # The moment may lose precision on the way through the database; the rest comes back exact.
    assert abs(read.updated_at - saved.updated_at) < timedelta(milliseconds=1)
    assert read.updated_at.tzinfo is not None and read.updated_at.utcoffset() == timedelta(0)
    assert (read.guild_id, read.ruleset, read.options, read.updated_by) == (
        GUILD,
        "twist",
        {"decks": 6, "house": ["seven_o", "jump_in"]},
        ADMIN,
    )
    assert await store.guild_uno_settings(OTHER_GUILD) is None


async def test_saving_again_replaces_and_clearing_returns_to_the_defaults(store: Store) -> None:
    await store.set_guild_uno_settings(GUILD, "twist", {"decks": 6}, updated_by=ADMIN)
    await store.set_guild_uno_settings(OTHER_GUILD, "official", {}, updated_by=ADMIN)
    replaced = await store.set_guild_uno_settings(
        GUILD, "classic", {"classic_stacking": True}, updated_by=OTHER_ADMIN
    )
    read = await store.guild_uno_settings(GUILD)
    assert read is not None
    assert (read.ruleset, read.options, read.updated_by) == (
        "classic",
        {"classic_stacking": True},
        OTHER_ADMIN,
    )
    assert replaced.options == read.options
    assert await store.clear_guild_uno_settings(GUILD) is True
    assert await store.guild_uno_settings(GUILD) is None
    assert await store.clear_guild_uno_settings(GUILD) is False
    other = await store.guild_uno_settings(OTHER_GUILD)
    assert other is not None and (other.ruleset, other.options) == ("official", {})


async def test_options_come_back_as_json_gives_them(store: Store) -> None:
    saved = await store.set_guild_uno_settings(
        GUILD, "official", {"target": 500, "pair": (1, 2)}, updated_by=ADMIN
    )
    # A tuple is stored as a JSON list: what is returned is what a later read gives.
    assert saved.options == {"target": 500, "pair": [1, 2]}
    read = await store.guild_uno_settings(GUILD)
    assert read is not None and read.options == saved.options


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [("", {}), ("r" * 65, {}), ("official", {"x": float("nan")}), ("official", {"x": {1, 2}})],
    ids=["empty-ruleset", "overlong-ruleset", "nan", "a-set"],
)
async def test_unstorable_settings_are_refused_and_nothing_is_written(
    store: Store, ruleset: str, options: dict[str, object]
) -> None:
    with pytest.raises((ValueError, TypeError)):
        await store.set_guild_uno_settings(GUILD, ruleset, options, updated_by=ADMIN)
    assert await store.guild_uno_settings(GUILD) is None


async def test_damaged_settings_are_logged_and_the_defaults_apply(
    store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    await store.set_guild_uno_settings(GUILD, "twist", {"decks": 6}, updated_by=ADMIN)
    await store.set_guild_uno_settings(OTHER_GUILD, "twist", {"decks": 5}, updated_by=ADMIN)
    for guild_id, damage in ((GUILD, "{not json"), (OTHER_GUILD, "[1, 2]")):
        async with store.engine.begin() as connection:
            await connection.execute(
                update(guild_uno_settings_table)
                .where(guild_uno_settings_table.c.guild_id == guild_id)
                .values(options_json=damage)
            )
    with caplog.at_level(logging.ERROR, logger="bot.store.repository"):
        assert await store.guild_uno_settings(GUILD) is None
        assert await store.guild_uno_settings(OTHER_GUILD) is None
    assert str(GUILD) in caplog.text and str(OTHER_GUILD) in caplog.text
    # Saving again repairs it.
    await store.set_guild_uno_settings(GUILD, "official", {}, updated_by=ADMIN)
    assert await store.guild_uno_settings(GUILD) is not None
