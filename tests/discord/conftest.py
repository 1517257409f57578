"""SimCord: the real bot against a simulated Discord, offline."""

from __future__ import annotations

import asyncio
import logging
import random
import shutil
from collections.abc import AsyncIterator
from collections.abc import Callable
from collections.abc import Iterator
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
import simcord.interactions
from PIL import ImageDraw

from bot.app import UnoBot
from bot.app import create_bot
from bot.settings import Settings
from bot.store import Store
from tests.discord.english_leaks import Said

BotFactory = Callable[[], UnoBot]


@pytest.fixture(scope="session")
def migrated_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database the migrations have brought to head, made once per test process: each test's
    bot starts on a copy of it, as a bot restarted on its own database does. Building one afresh
    through every migration took half of a SimCord test's setup; the migrations themselves are
    tested on fresh databases in tests/store."""
    path = tmp_path_factory.mktemp("template") / "bot.db"

    async def migrate() -> None:
        store = await Store.open(f"sqlite+aiosqlite:///{path}", synchronous="normal")
        await store.close()

    asyncio.run(migrate())
    return path


@pytest.fixture
def bot_settings(tmp_path: Path, migrated_database: Path) -> Settings:
    shutil.copyfile(migrated_database, tmp_path / "bot.db")
    return Settings(
        _env_file=None,  # type: ignore[call-arg]
        discord_token="",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
        # Tests play game after game at once: the wait between two uses of a command that creates
        # something is off here, and on in the tests of that wait (test_per_user_limits.py).
        create_cooldown_seconds=0,
        # SimCord runs the AutoShardedBot as one process holding one shard.
        shard_count=1,
        # What a test sees is the same either way; "full" waits on the disk at every commit (over
        # 17,000 of them in the suite). The store's own tests and the kill test keep "full".
        sqlite_synchronous="normal",
    )


@pytest_asyncio.fixture
async def make_bot(bot_settings: Settings) -> AsyncIterator[BotFactory]:
    """Builds bots on the test's database; their stores are closed at the end (SimCord's
    restart_bot does not close the bot it replaces)."""
    bots: list[UnoBot] = []

    def factory() -> UnoBot:
        bot = create_bot(bot_settings)
        bot.tables.rng = random.Random(20261121 + len(bots))  # the same decks every run
        bot.solo.rng = random.Random(20261129 + len(bots))  # and the same solo deals
        bots.append(bot)
        return bot

    yield factory
    for bot in bots:
        if bot.ops is not None:
            await bot.ops.stop()
        await bot.tables.close()
        if hasattr(bot, "store"):
            await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot: BotFactory) -> UnoBot:
    return make_bot()


@pytest.fixture(autouse=True)
def no_logged_bot_errors(request: pytest.FixtureRequest, caplog: pytest.LogCaptureFixture) -> Iterator[None]:
    """The bot logs, rather than raises, what it survives (a message Discord refused, a damaged
    save): a test fails on such a log unless it expects one, so a survived bug is still a red test.
    Every logger counts, discord.py's included: it logs, for instance, a component it could not
    rebuild from its custom_id."""
    yield
    if request.node.get_closest_marker("logged_errors_expected"):
        return
    errors = [
        f"{r.name}: {r.getMessage()}"
        for when in ("setup", "call")  # the bot starts in setup: its errors count too
        for r in caplog.get_records(when)
        if r.levelno >= logging.ERROR
    ]
    assert not errors, "the bot logged errors:\n" + "\n".join(errors)


@dataclass
class ClientLocales:
    """The locales Discord would send with each interaction: `users` (user id -> the language
    of that user's client) and `servers` (guild id -> the server's language, `guild_locale`)."""

    users: dict[int, str] = field(default_factory=dict)
    servers: dict[int, str] = field(default_factory=dict)


@pytest.fixture
def client_locales() -> Iterator[ClientLocales]:
    """SimCord 3.2.1 sends every interaction with the locale "en-US" and no guild_locale
    (simcord/interactions.py, `base_payload`); this sets what Discord would send, one step below
    SimCord's public API, so it may need a change when SimCord models locales."""
    locales = ClientLocales()
    original = simcord.interactions.base_payload

    def with_locales(*args: Any, **kwargs: Any) -> Any:
        record, payload = original(*args, **kwargs)
        payload["locale"] = locales.users.get(kwargs["user_id"], "en-US")
        guild_id = kwargs.get("guild_id")
        if guild_id is not None and guild_id in locales.servers:
            payload["guild_locale"] = locales.servers[guild_id]
        return record, payload

    simcord.interactions.base_payload = with_locales  # type: ignore[assignment]
    try:
        yield locales
    finally:
        simcord.interactions.base_payload = original  # type: ignore[assignment]


@pytest.fixture
def drawn_words(monkeypatch: pytest.MonkeyPatch) -> list[Said]:
    """The words the bot draws on its pictures (a hand, the table): read by whoever sees them."""
    drawn: list[Said] = []
    draw_text = ImageDraw.ImageDraw.text

    def noted(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> Any:
        drawn.append(Said(str(text), "a picture"))
        return draw_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", noted)
    return drawn
