"""Reports filed on other Discord bots about setting one up and running it (a token, a database,
Docker, stopping it, its logs), checked against ours. Each test names the reports it answers."""

from __future__ import annotations

import ast
import asyncio
import inspect
import logging
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import asyncpg
import discord
import pytest
import simcord
import yaml
from alembic.script import ScriptDirectory
from pydantic import ValidationError

from bot.__main__ import main
from bot.__main__ import settings_problem
from bot.app import UnoBot
from bot.app import create_bot
from bot.app import run
from bot.app import why_it_failed
from bot.settings import Settings
from bot.store import Store
from bot.store.engine import make_engine
from bot.store.migrate import alembic_config

ROOT = Path(__file__).resolve().parents[1]
PG_URL = os.environ.get("TEST_DATABASE_URL")


@pytest.fixture(autouse=True)
def root_logging() -> Iterator[None]:
    """`run` sets up logging to the stderr of its time (capsys's, in a test): put the root logger
    back, or the next test's logs go to a closed stream."""
    root = logging.getLogger()
    handlers, level = list(root.handlers), root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


def _settings(**values: object) -> Settings:
    return Settings(_env_file=None, **values)  # type: ignore[call-arg, arg-type]


class DiscordAccepts(UnoBot):
    """The bot as Discord lets it in (no network here): the start goes on to the store and the
    health server."""

    async def login(self, token: str) -> None:
        await self.setup_hook()


def _start(settings: Settings, capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """`run` with Discord letting the bot in: its exit status and what it printed to stderr (its
    warnings and errors: the start's own lines, the migrations applied, are not what is looked at)."""
    settings = settings.model_copy(update={"log_level": "WARNING"})
    status = run(settings, DiscordAccepts(settings))
    return status, capsys.readouterr().err


def _one_sentence(err: str) -> str:
    assert "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


# --- The token and the other settings, as people paste them ---------------------------------------


# https://github.com/LinusPotocnik/ExampleBot/pull/45 (a token quoted in .env: "invalid token")
# https://github.com/TBI-SCC-ICT-Diensten/acc-mcp-server/issues/26 (`docker run --env-file` keeps
# the quotes of KEY="value"; the service then refuses the value, and the message blames the value)
# https://github.com/bwmarrin/disgord/pull/1 (tokens written with the "Bot " prefix of the header)
@pytest.mark.parametrize(
    "pasted",
    ['"MTIz.abc.def"', "'MTIz.abc.def'", "  MTIz.abc.def \n", "Bot MTIz.abc.def", '"Bot MTIz.abc.def"'],
)
def test_a_token_pasted_with_quotes_spaces_or_the_bot_prefix_is_the_token(
    pasted: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", pasted)
    assert _settings().discord_token == "MTIz.abc.def"


def test_every_setting_given_in_quotes_by_docker_run_env_file_is_read_as_written(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The same report (acc-mcp-server#26): docker run --env-file .env passes "60" with its quotes.
    monkeypatch.setenv("TURN_TIMEOUT_SECONDS", '"90"')
    monkeypatch.setenv("DATABASE_URL", '"sqlite+aiosqlite:///data/other.db"')
    monkeypatch.setenv("SHARD_COUNT", "'2'")
    monkeypatch.setenv("SHARD_IDS", '"0,1"')
    settings = _settings()
    assert settings.turn_timeout_seconds == 90
    assert settings.database_url == "sqlite+aiosqlite:///data/other.db"
    assert settings.shard_ids == (0, 1)


def test_a_setting_given_empty_in_quotes_is_its_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # The same report (acc-mcp-server#26): DEV_GUILD_ID= is empty, and so is DEV_GUILD_ID="".
    monkeypatch.setenv("DEV_GUILD_ID", '""')
    monkeypatch.setenv("SHARD_COUNT", "''")
    monkeypatch.setenv("TURN_TIMEOUT_SECONDS", '" "')
    settings = _settings()
    assert (settings.dev_guild_id, settings.shard_count) == (None, None)
    assert settings.turn_timeout_seconds == type(settings).model_fields["turn_timeout_seconds"].default


# A value opening a quote it never closes (DISCORD_TOKEN="MTIz...): python-dotenv skips the line, so the
# bot said no token was set, with the token right there in .env. `docker run --env-file` passes the quote
# on, and Discord refused the token. Either way, the start names the setting and the quote.
@pytest.mark.parametrize("quote", ['"', "'"])
def test_a_value_opening_a_quote_it_never_closes_is_refused_naming_the_setting(
    quote: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text(
        f"DISCORD_TOKEN={quote}MTIz.abc.def\nTURN_TIMEOUT_SECONDS=90\n", encoding="utf-8"
    )
    assert main(["run"]) == 2
    err = capsys.readouterr().err
    assert "No DISCORD_TOKEN is set" not in err and "MTIz" not in err
    said = [line.strip() for line in err.splitlines() if "DISCORD_TOKEN" in line]
    assert said == [
        f"DISCORD_TOKEN: the value opens a quote ({quote}) and does not close it: "
        f"end it with {quote}, or write it without quotes"
    ], err
    # As `docker run --env-file .env` passes it: in the environment, quote included.
    monkeypatch.setenv("DISCORD_TOKEN", f"{quote}MTIz.abc.def")
    with pytest.raises(ValidationError) as refused:
        _settings()
    assert said[0] in settings_problem(refused.value)


# --- DATABASE_URL as hosts and guides write it ------------------------------------------------------


# https://github.com/simonw/db-to-sqlite/issues/34 and https://github.com/sqlalchemy/sqlalchemy/issues/11705
# (Heroku, Render and others hand out postgres://...; SQLAlchemy refuses it) and
# https://github.com/smnorris/fwapg/issues/159 (a README's postgres:// URL)
@pytest.mark.parametrize(
    ("given", "read"),
    [
        ("postgres://bot:p%40ss@db:5432/uno", "postgresql+asyncpg://bot:p%40ss@db:5432/uno"),
        ("postgresql://bot:pw@db/uno", "postgresql+asyncpg://bot:pw@db/uno"),
        ("postgresql+asyncpg://bot:pw@db/uno", "postgresql+asyncpg://bot:pw@db/uno"),
        ("sqlite:///data/bot.db", "sqlite+aiosqlite:///data/bot.db"),
        ("sqlite:////srv/unobot/bot.db", "sqlite+aiosqlite:////srv/unobot/bot.db"),
    ],
)
def test_a_database_url_without_the_async_driver_is_read_with_it(given: str, read: str) -> None:
    assert _settings(database_url=given).database_url == read


# https://github.com/sqlalchemy/sqlalchemy/issues/6275, https://github.com/MagicStack/asyncpg/issues/737
# and https://github.com/aegra/aegra/issues/388: a managed PostgreSQL's URL ends in ?sslmode=require,
# which asyncpg refused with a TypeError traceback at start.
def test_sslmode_reaches_asyncpg_as_ssl() -> None:
    url = _settings(database_url="postgres://bot:pw@db.example.com/uno?sslmode=require").database_url
    assert url == "postgresql+asyncpg://bot:pw@db.example.com/uno?ssl=require"
    engine = make_engine(url)
    _, connect_args = engine.dialect.create_connect_args(engine.url)
    assert connect_args["ssl"] == "require" and "sslmode" not in connect_args


def test_an_option_asyncpg_does_not_take_is_named_at_start() -> None:
    # Neon's URLs add channel_binding=require, which reached asyncpg as a TypeError traceback.
    with pytest.raises(ValidationError) as refused:
        _settings(database_url="postgresql://bot:hunter2@db/uno?sslmode=require&channel_binding=require")
    said = settings_problem(refused.value)
    assert "DATABASE_URL: " in said and "channel_binding" in said
    assert "hunter2" not in said
    # The options the settings let through are asyncpg's own (or SQLAlchemy's).
    from bot.settings import ASYNCPG_OPTIONS

    accepted = set(inspect.signature(asyncpg.connect).parameters)
    assert set(ASYNCPG_OPTIONS) - {"prepared_statement_cache_size"} <= accepted


# https://github.com/PowerDNS-Admin/PowerDNS-Admin/issues/727 (three slashes or four: a SQLite
# path written the other way); ours raised SQLAlchemy's ArgumentError with a traceback.
def test_a_sqlite_url_with_a_host_is_refused_with_the_forms_that_work() -> None:
    with pytest.raises(ValidationError) as refused:
        _settings(database_url="sqlite+aiosqlite://data/bot.db")
    said = settings_problem(refused.value)
    assert "DATABASE_URL: " in said
    assert "sqlite+aiosqlite:///data/bot.db" in said  # the relative form, three slashes
    assert "sqlite+aiosqlite:////" in said  # the absolute one, four


# --- A database the bot cannot use: one sentence, never a traceback ---------------------------------


# https://github.com/Ballsdex-Team/BallsDex-DiscordBot/issues/96 (password authentication failed:
# a traceback at every start) and https://github.com/hummingbot/hummingbot-api/issues/67 (database
# "..." does not exist, a traceback). On SQLite: a file that is not a database.
def test_a_database_file_that_is_not_a_database_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.db"
    path.write_text("scores: alice 3, bob 1\n" * 200, encoding="utf-8")
    status, err = _start(
        _settings(discord_token="not-a-real-token", database_url=f"sqlite:///{path}"), capsys
    )
    assert status == 1
    line = _one_sentence(err)
    assert line.startswith(
        f"Could not open the database (DATABASE_URL in .env) at sqlite+aiosqlite:///{path}"
    )
    assert "file is not a database" in line


@pytest.mark.skipif(not PG_URL, reason="TEST_DATABASE_URL is not set")
def test_a_postgres_server_refusing_the_role_or_the_database_is_one_sentence(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert PG_URL is not None
    server = PG_URL.split("@", 1)[1].split("/", 1)[0]
    for url, reason in (
        (f"postgresql+asyncpg://nobody_here:hunter2@{server}/test", 'role "nobody_here" does not exist'),
        (
            f"postgresql+asyncpg://postgres:hunter2@{server}/no_such_db",
            'database "no_such_db" does not exist',
        ),
    ):
        status, err = _start(_settings(discord_token="not-a-real-token", database_url=url), capsys)
        assert status == 1
        line = _one_sentence(err)
        assert line.startswith("Could not open the database") and reason in line
        assert "hunter2" not in line


# https://github.com/Morelitea/initiative/pull/1800 and https://github.com/langgenius/dify/issues/15220:
# an image rolled back below the one that migrated the database died with "Can't locate revision".
def test_a_database_migrated_by_a_newer_bot_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bot.db"
    url = f"sqlite+aiosqlite:///{path}"

    async def migrate() -> None:
        await (await Store.open(url)).close()

    asyncio.run(migrate())
    with sqlite3.connect(path) as database:
        database.execute("UPDATE alembic_version SET version_num = '0099_from_the_future'")
    status, err = _start(_settings(discord_token="not-a-real-token", database_url=url), capsys)
    assert status == 1
    line = _one_sentence(err)
    assert line.startswith("Could not open the database")
    assert "0099_from_the_future" in line and "newer version of the bot" in line


# https://github.com/goneturbo/fetcherr/issues/43, https://github.com/TheNickOfTime/handbrake-web/issues/149
# and https://github.com/dani-garcia/vaultwarden/issues/287: an image running as a user of its own
# (ours: 10001) cannot write a folder Docker made for a bind mount (root's), and SQLite says only
# "unable to open database file".
PROBE_UNWRITABLE = """
import sys
from bot.app import UnoBot, run
from bot.settings import Settings

class DiscordAccepts(UnoBot):
    async def login(self, token):
        await self.setup_hook()

settings = Settings(
    _env_file=None, discord_token="not-a-real-token", database_url=sys.argv[1], log_level="WARNING"
)
sys.exit(run(settings, DiscordAccepts(settings)))
"""


def test_a_sqlite_folder_the_bot_cannot_write_is_named_with_its_user() -> None:
    base = Path(tempfile.mkdtemp(prefix="unobot-unwritable-"))
    try:
        base.chmod(0o755)
        data = base / "data"
        data.mkdir(mode=0o555)
        data.chmod(0o555)  # whatever the umask: nobody but root may write it
        command = [sys.executable, "-c", PROBE_UNWRITABLE, f"sqlite+aiosqlite:///{data / 'bot.db'}"]
        uid = os.geteuid()
        if uid == 0:  # root writes anywhere: the bot runs as nobody, as the image runs it as unobot
            if shutil.which("setpriv") is None:
                pytest.skip("run as root without setpriv to run the bot as another user")
            uid = 65534
            command = ["setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups", *command]
        result = subprocess.run(
            command,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            cwd=base,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    finally:
        subprocess.run(["rm", "-rf", str(base)], check=False)
    assert result.returncode == 1, result.stderr
    line = _one_sentence(result.stderr)
    assert f"the folder {data} cannot be written by this process (user id {uid})" in line


# --- The health server ----------------------------------------------------------------------------


# https://github.com/fabston/TradingView-Webhook-Bot/issues/91 and
# https://github.com/BitBotFactory/MikaLendingBot/issues/156: "[Errno 98] Address already in use";
# ours said "Could not reach Discord (no network, or Discord is down)" for it.
def test_a_metrics_port_in_use_is_named_not_taken_for_no_network(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        settings = _settings(
            discord_token="not-a-real-token",
            database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
            metrics_port=port,
            sync_commands_on_start=False,
        )
        status, err = _start(settings, capsys)
    assert status == 1
    line = _one_sentence(err)
    assert "Could not reach Discord" not in line
    assert line.startswith(f"Could not serve health and metrics on 127.0.0.1:{port} (METRICS_PORT in .env)")


# https://github.com/sigp/lighthouse-metrics/pull/17 (listen on localhost only by default): holds.
def test_health_and_metrics_listen_on_loopback_unless_told_and_compose_publishes_them_so() -> None:
    assert _settings().metrics_host == "127.0.0.1"
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    published = [port for service in compose["services"].values() for port in service.get("ports", [])]
    assert published and all(str(port).startswith("127.0.0.1:") for port in published)


# --- Stopping -------------------------------------------------------------------------------------


# https://github.com/aiogram/aiogram/issues/591, https://github.com/SinusBot/docker/issues/5 and
# https://github.com/Py-KMS-Organization/py-kms/issues/69: `docker stop` sends SIGTERM, which Python
# leaves to its default; as a container's first process (PID 1) that default is to ignore it, so
# Docker waited 10 s and killed the bot, which never closed its gateway or its store.
PROBE_STOPPED = """
import asyncio, sys
import bot.store.repository
from bot.app import UnoBot, run
from bot.settings import Settings

migrate, moment = bot.store.repository.upgrade_to_head, sys.argv[2]


async def slow_migration(url):
    if moment == "migrating":
        print("migrating", flush=True)
        await asyncio.sleep(3)
    await migrate(url)


bot.store.repository.upgrade_to_head = slow_migration


class Connected(UnoBot):
    async def login(self, token):
        await self.setup_hook()
        print("ready", flush=True)

    async def restore_tables(self, repository):
        if moment == "restoring":
            print("restoring", flush=True)
            await asyncio.sleep(3)
        await super().restore_tables(repository)

    async def connect(self, *, reconnect=True):
        while not self.is_closed():
            await asyncio.sleep(0.05)

    async def close(self):
        await super().close()
        print("closed, store included", flush=True)

settings = Settings(
    _env_file=None, discord_token="not-a-real-token", database_url=sys.argv[1], sync_commands_on_start=False
)
sys.exit(run(settings, Connected(settings)))
"""


def _sigterm(tmp_path: Path, moment: str) -> tuple[int, str, str]:
    """The bot stopped with SIGTERM once it printed `moment`: its exit status, what it printed
    after that, and its stderr."""
    process = subprocess.Popen(
        [sys.executable, "-c", PROBE_STOPPED, f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}", moment],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == f"{moment}\n"
        process.send_signal(signal.SIGTERM)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    return process.returncode, out, err


def test_sigterm_closes_the_bot_and_its_store_and_exits_0(tmp_path: Path) -> None:
    status, out, err = _sigterm(tmp_path, "ready")
    assert status == 0, err
    assert "closed, store included" in out
    assert "Traceback" not in err


# A SIGTERM (docker stop) while the bot was still setting up, migrating its database or taking up
# its saved tables, closed the bot under the setup, which went on regardless: a store opened after
# the close and never closed, the gateway connected after it. It stops there, as a SIGTERM later
# does, exit status 0.
@pytest.mark.parametrize("moment", ["migrating", "restoring"])
def test_sigterm_while_setting_up_stops_the_bot_and_exits_0(moment: str, tmp_path: Path) -> None:
    status, out, err = _sigterm(tmp_path, moment)
    assert status == 0, err
    assert "Traceback" not in err, err
    assert out.splitlines() == ["closed, store included"], "the setup went no further"


# --- Logs -----------------------------------------------------------------------------------------


# https://github.com/discordrb/discordrb/issues/225, https://github.com/hikari-py/hikari/pull/137,
# https://github.com/discordeno/discordeno/pull/3558 and https://github.com/discordjs/discord.js/issues/8763:
# debug logs carrying secrets. At LOG_LEVEL=DEBUG discord.py logs every gateway frame (an
# interaction's token among them) and every HTTP call with its payload (a private hand, and the
# interaction token in the URL).
def test_debug_logging_leaves_out_gateway_frames_and_http_payloads(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    class RefusedLogin(UnoBot):
        async def login(self, token: str) -> None:
            raise discord.LoginFailure("Improper token has been passed.")

    settings = _settings(
        discord_token="not-a-real-token",
        database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
        log_level="DEBUG",
    )
    assert run(settings, RefusedLogin(settings)) == 1
    capsys.readouterr()
    assert logging.getLogger("bot.app").isEnabledFor(logging.DEBUG)
    for frames in ("discord.gateway", "discord.http"):
        assert not logging.getLogger(frames).isEnabledFor(logging.DEBUG), frames


# Alembic said "Context impl SQLiteImpl." and "Will assume transactional DDL." at INFO at every start,
# a migration applied or not: lines an admin cannot act on. They are for LOG_LEVEL=DEBUG; at INFO a
# start says what it changed in the database, once for each migration it applied, and else nothing.
def test_the_database_start_logs_at_info_only_the_migrations_it_applied(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    revisions = list(ScriptDirectory.from_config(alembic_config()).walk_revisions())
    chatter = ("Context impl", "Will assume transactional DDL", "Running upgrade")

    class StartsAndStops(DiscordAccepts):
        async def connect(self, *, reconnect: bool = True) -> None:
            return None

    def start(level: str) -> str:
        settings = _settings(
            discord_token="not-a-real-token",
            database_url=f"sqlite+aiosqlite:///{tmp_path / 'bot.db'}",
            log_level=level,
            sync_commands_on_start=False,
        )
        assert run(settings, StartsAndStops(settings)) == 0
        return capsys.readouterr().err

    first = start("INFO")
    assert not [line for line in first.splitlines() if any(said in line for said in chatter)], first
    applied = [line for line in first.splitlines() if "Database updated to schema" in line]
    assert len(applied) == len(revisions), first
    head = revisions[0]
    assert any(
        f"schema {head.revision}: {head.doc.split('.')[0].replace(chr(10), ' ')}" in line for line in applied
    )
    again = start("INFO")
    assert "Database updated" not in again and not any(said in again for said in chatter), again
    assert "Context impl" in start("DEBUG")


# --- Discord's side -------------------------------------------------------------------------------


# https://github.com/rslavin/slack2discord/issues/19, https://github.com/JonnyPtn/zomboi/issues/66 and
# https://github.com/Spiderjockey02/Discord-Bot/issues/99: "Privileged intent provided is not
# enabled". Ours asks for none, so none has to be switched on: holds.
def test_the_bot_asks_for_no_privileged_intent() -> None:
    intents = create_bot(_settings()).intents
    assert not (intents.members or intents.presences or intents.message_content)


# https://github.com/lilserf/bot-on-the-clocktower/issues/188: "Sharding Required" (4011) once the bot
# passed 2,500 servers, with SHARD_COUNT set below what Discord asks.
def test_discord_asking_for_more_shards_is_one_sentence_naming_shard_count() -> None:
    closed = discord.ConnectionClosed(None, shard_id=0, code=4011)  # type: ignore[arg-type]
    said = why_it_failed(closed) or ""
    assert "SHARD_COUNT" in said and "more shards" in said


# https://github.com/kkrypt0nn/Python-Discord-Bot-Template/issues/101 and
# https://github.com/moonstar-x/discord-tts-bot/issues/63: slash commands never registered, nothing said.
# A bot started with SYNC_COMMANDS_ON_START=false on an application whose commands were never
# registered could not be used by anyone, and said nothing.
async def test_a_start_finding_no_registered_commands_says_how_to_register_them(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="bot.app")
    for sync, warned in ((False, True), (True, False)):
        caplog.clear()
        settings = _settings(
            database_url=f"sqlite+aiosqlite:///{tmp_path / f'bot-{sync}.db'}",
            sync_commands_on_start=sync,
            shard_count=1,
        )
        bot = create_bot(settings)
        async with simcord.run(bot, shard_count=1, check_errors=False):
            said = [record.getMessage() for record in caplog.records if record.name == "bot.app"]
        await bot.close()
        assert any("SYNC_COMMANDS_ON_START=true" in line for line in said) == warned, said


# --- The host's clock -----------------------------------------------------------------------------


# https://github.com/WFCD/warframe-hub/issues/657 (a daily reset on local time, not UTC) and
# https://github.com/eelmafia/octopus-minmax/issues/72 (a container's zone): the daily puzzle's day,
# the timers and the records are UTC wherever the bot runs, for no code reads the host's zone: holds.
LOCAL_CLOCK = {("date", "today"), ("datetime", "today"), ("datetime", "utcnow"), ("time", "localtime")}


def _local_clock_reads(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        owner = node.func.value
        name = owner.id if isinstance(owner, ast.Name) else getattr(owner, "attr", "")
        call = (name, node.func.attr)
        naive_now = call == ("datetime", "now") and not (node.args or node.keywords)
        naive_stamp = call == ("datetime", "fromtimestamp") and len(node.args) < 2 and not node.keywords
        if call in LOCAL_CLOCK or naive_now or naive_stamp:
            found.append(f"{name}.{node.func.attr} line {node.lineno}")
    return found


def test_no_code_reads_the_hosts_time_zone() -> None:
    assert _local_clock_reads("from datetime import datetime\nx = datetime.now()\ny = date.today()\n")
    assert not _local_clock_reads("x = datetime.now(UTC)\ny = discord.utils.utcnow()\n")
    offenders = {
        str(path.relative_to(ROOT)): reads
        for tree in ("bot", "cogs")
        for path in sorted((ROOT / tree).rglob("*.py"))
        if (reads := _local_clock_reads(path.read_text(encoding="utf-8")))
    }
    assert offenders == {}


# --- The install ----------------------------------------------------------------------------------


def _python(path: Path, version: str, *, pip: bool = True, log: Path) -> Path:
    """A stand-in interpreter reporting `version`: it answers the version check, logs every other
    call, makes a .venv when asked to (`-m venv`) and has pip or not."""
    major, minor = version.split(".")
    path.write_text(
        "#!/bin/sh\n"
        f'echo "$0 $*" >> "{log}"\n'
        'case "$*" in\n'
        f"  *version_info*) [ {major}{minor:0>2} -ge 311 ] && exit 0; exit 1 ;;\n"
        f'  "-m venv .venv") mkdir -p .venv/bin && cp "$0" .venv/bin/python && exit 0 ;;\n'
        f'  "-m pip --version"|"-m ensurepip"*) exit {0 if pip else 1} ;;\n'
        '  "-m pip"*) exit 0 ;;\n'
        "esac\n"
        "exit 0\n",
        encoding="utf-8",
    )
    path.chmod(0o755)
    return path


def _install_with(project: Path, python: Path) -> subprocess.CompletedProcess[str]:
    (project / "pyproject.toml").write_text("[project]\nname = 'x'\n", encoding="utf-8")
    script = f". '{ROOT / 'scripts' / 'venv.sh'}'; install_venv run ."
    return subprocess.run(
        ["bash", "-euc", script],
        cwd=project,
        env={**os.environ, "PYTHON": str(python)},
        capture_output=True,
        text=True,
        check=False,
    )


# https://github.com/skygaze-ai/bot-python/issues/5 and https://github.com/alexzhang13/rlm/pull/150:
# an interpreter too old met pip's "requires a different Python" after a venv was made with it.
def test_the_install_with_a_python_too_old_names_the_version_needed(tmp_path: Path) -> None:
    log = tmp_path / "calls.log"
    old = _python(tmp_path / "python3.10", "3.10", log=log)
    project = tmp_path / "project"
    project.mkdir()
    result = _install_with(project, old)
    assert result.returncode != 0
    assert "Python 3.11 or newer" in result.stderr
    assert "PYTHON=" in result.stderr  # how to name another interpreter
    assert not (project / ".venv").exists()


# https://github.com/appu1232/Discord-Selfbot/issues/434 ("No module named pip") and
# https://github.com/tox-dev/tox/pull/3789 (Debian's python3-venv): `python3 -m venv` without
# ensurepip leaves a .venv without pip, and every later ./start.sh failed on it, python3-venv
# installed or not; a .venv made by an older Python was kept as well.
@pytest.mark.parametrize("left", ["without pip", "by Python 3.10"])
def test_a_venv_left_unusable_is_made_again(tmp_path: Path, left: str) -> None:
    log = tmp_path / "calls.log"
    project = tmp_path / "project"
    (project / ".venv" / "bin").mkdir(parents=True)
    if left == "without pip":
        _python(project / ".venv" / "bin" / "python", "3.11", pip=False, log=log)
    else:
        _python(project / ".venv" / "bin" / "python", "3.10", log=log)
    python = _python(tmp_path / "python3", "3.12", log=log)
    result = _install_with(project, python)
    assert result.returncode == 0, result.stderr
    calls = log.read_text(encoding="utf-8").splitlines()
    assert f"{python} -m venv .venv" in calls
    assert (project / ".venv" / "bin" / "python").read_text(encoding="utf-8") == python.read_text(
        encoding="utf-8"
    )


# --- What the setup text says ---------------------------------------------------------------------


# https://github.com/discordjs/guide/pull/1150, https://github.com/discord-jda/JDA-Website/pull/36 and
# https://github.com/railwayapp/templates/pull/319: global commands no longer take an hour to appear
# (since 2022); waiting an hour only delays finding the real cause, an invite without
# applications.commands (https://github.com/discord/discord-api-docs/issues/3831).
def test_the_setup_text_sends_nobody_to_wait_an_hour_and_says_what_to_check() -> None:
    env_example = (ROOT / ".env.example").read_text(encoding="utf-8")
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "hour" not in env_example.partition("DEV_GUILD_ID=")[0].rpartition("\n\n")[2]
    inviting = readme.split("## Inviting the bot", 1)[1].split(" ## ", 1)[0]
    assert "applications.commands" in inviting and "Ctrl+R" in inviting
    assert "The bot needs no privileged intent" in readme
