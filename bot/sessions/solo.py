"""Solo games (Survive the Flood, UNO Solitaire): one running game per user per kind.

Every change goes through `SoloSession._change` under the session's lock: validate (whose game,
the move number the click was made on) -> apply to the engine -> persist -> present. The idle
deadline is data saved with the game; the manager's scheduler (bot.sessions.deadlines) wakes
for it, and a game left idle past it ends as a loss.
"""

from __future__ import annotations

import asyncio
import enum
import logging
import random
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Container
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from datetime import date
from datetime import datetime
from datetime import timedelta
from typing import Any
from typing import Protocol

from bot.games.errors import GameError
from bot.i18n.text import Text
from bot.i18n.text import from_json
from bot.i18n.text import text
from bot.i18n.text import to_json
from bot.sessions.core import GameEnded as GameEnded
from bot.sessions.core import MovedOn
from bot.sessions.core import NotYourGame as NotYourGame
from bot.sessions.core import SaveConflict
from bot.sessions.core import SessionError as SessionError
from bot.sessions.core import StaleClick as StaleClick
from bot.sessions.core import change_or_undo
from bot.sessions.core import fresh_game_id
from bot.sessions.core import present_saved
from bot.sessions.core import refuse_stale
from bot.sessions.deadlines import DeadlineScheduler
from bot.sessions.deadlines import utc_now
from bot.store import RunningGame
from bot.store import SoloGameTaken
from bot.store import SoloStats

log = logging.getLogger(__name__)

DEFAULT_IDLE_SECONDS = 24 * 3600
RECENT_LINES = 6
STALE = text(
    "That button is from an earlier position and no longer applies; "
    "the message now shows the game as it stands."
)


class SoloPhase(enum.Enum):
    PLAYING = "playing"
    FINISHED = "finished"  # the engine ended the game: won, lost or resigned
    EXPIRED = "expired"  # left idle past the deadline: a loss
    ABORTED = "aborted"  # closed without a result (the player asked to be forgotten, its thread is gone)

    @property
    def is_over(self) -> bool:
        return self is not SoloPhase.PLAYING


TRANSITIONS: dict[SoloPhase, frozenset[SoloPhase]] = {
    SoloPhase.PLAYING: frozenset(SoloPhase),
    SoloPhase.FINISHED: frozenset(),
    SoloPhase.EXPIRED: frozenset(),
    SoloPhase.ABORTED: frozenset(),
}


class SoloEngine(Protocol):
    """What a session needs from a solo rules engine (FloodGame and TableauGame have it)."""

    @property
    def is_over(self) -> bool: ...

    @property
    def won(self) -> bool: ...

    def apply(self, action: Any) -> list[Any]: ...

    def to_json(self) -> dict[str, Any]: ...


Present = Callable[["SoloSession", list[Any]], Awaitable[None]]


class SoloPresenter(Protocol):
    """What Discord does for a game when no player's click is there to answer."""

    async def expired(self, session: SoloSession) -> None: ...

    async def damaged(
        self, game_id: str, guild_id: int | None, channel_id: int, language: str = "en"
    ) -> None: ...

    async def server_left(self, session: SoloSession) -> None: ...


@dataclass(frozen=True, slots=True)
class SoloKind:
    """One solo game as the session layer knows it; its cog registers it with the manager."""

    name: str  # the store's kind: "flood", "solitaire"
    title: Text | str  # its name in messages: "Survive the Flood"
    parse: Callable[[str], Any]
    load: Callable[[dict[str, Any]], SoloEngine]
    command: str  # how to start one, for messages: "/flood play"
    # The lines an accepted move adds to the game's recent log (Texts, said in the reader's
    # language when shown).
    describe: Callable[[list[Any]], list[Any]] = lambda _events: []
    presenter: SoloPresenter | None = None
    # How a finished or expired game is counted when it is not a win or loss in the store's solo
    # streaks (the puzzles keep their own records); what it returns is kept in `session.record`.
    count: Callable[[SoloSession], Awaitable[Any]] | None = None
    # The UTC day whose daily puzzle a game is (None: not a daily puzzle), saved with it: while it
    # is open past midnight, its player's streak is not broken yet (`Store.puzzle_stats`).
    puzzle_day: Callable[[Any], date | None] = lambda _game: None


class SoloRepository(Protocol):
    async def save(self, session: SoloSession) -> None: ...

    async def game_id_in_use(self, game_id: str) -> bool: ...

    async def running_elsewhere(
        self, user_id: int, kind: str, held: Container[str]
    ) -> RunningGame | None: ...

    async def finish(self, session: SoloSession) -> SoloStats | None: ...


@dataclass(eq=False, repr=False, kw_only=True)
class SoloSession:
    """One running solo game: its player, its place, the engine's game and what the session
    keeps around it. Compared by identity (eq=False), as a live session should be."""

    kind: SoloKind
    game_id: str
    variant: str
    user_id: int
    user_name: str
    channel_id: int
    guild_id: int | None
    game: SoloEngine
    idle_seconds: int
    now: Callable[[], datetime]
    # In a private thread of its own: its messages are normal ones there, as in a DM.
    in_thread: bool = field(default=False, init=False)
    # The player's language (bot/i18n), for what the game says without a click of theirs
    # to read it from (an idle game's end); each click brings it up to date.
    language: str = field(default="en", init=False)
    phase: SoloPhase = field(init=False)
    move: int = field(default=0, init=False)
    # The move the store holds, which the next save must replace (None: never saved).
    saved_move: int | None = field(default=None, init=False)
    # The store holds the game's ending: if counting it then fails, it is counted at the next
    # start (`restore_solo_games`), and its player may start another game meanwhile.
    ending_saved: bool = field(default=False, init=False)
    deadline: datetime | None = field(init=False)
    message_id: int | None = field(default=None, init=False)
    # Texts (said in the reader's language); plain strings from a kind that says them so.
    recent: list[Any] = field(default_factory=list, init=False)
    stats: SoloStats | None = field(default=None, init=False)  # the player's record once counted
    record: Any = field(default=None, init=False)  # ... or what the kind's own `count` returned
    lock: asyncio.Lock = field(default_factory=asyncio.Lock, init=False)
    repository: SoloRepository | None = field(default=None, init=False)
    on_change: Callable[[SoloSession], Awaitable[None]] | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.phase = SoloPhase.FINISHED if self.game.is_over else SoloPhase.PLAYING
        self.deadline = self.now() + timedelta(seconds=self.idle_seconds)

    # ------------------------------------------------------------------ queries

    @property
    def private(self) -> bool:
        """Played in a server channel: every message of the game is ephemeral to its player."""
        return self.guild_id is not None and not self.in_thread

    @property
    def won(self) -> bool:
        return self.phase is SoloPhase.FINISHED and self.game.won

    def check_owner(self, user_id: int) -> None:
        if user_id != self.user_id:
            raise NotYourGame(
                text(
                    "This game belongs to {name}, so its buttons are not yours. "
                    "Start your own with `{command}`.",
                    name=self.user_name,
                    command=self.kind.command,
                )
            )

    # ------------------------------------------------------------------ changes

    async def start(self, present: Present | None = None) -> None:
        """Save and show a new game (its deal may already have ended it)."""
        await self._change(lambda: [], present=present, starting=True)

    async def act(
        self, user_id: int, text: str, move: int | None = None, present: Present | None = None
    ) -> list[Any]:
        """The player's move, as the engine's action string. `move` is the move number the
        clicked message was drawn at (None for typed commands)."""

        def change() -> list[Any]:
            self.check_owner(user_id)
            refuse_stale(
                move,
                self.move,
                STALE,
            )
            return self.game.apply(self.kind.parse(text))

        return await self._change(change, present=present)

    async def expire(self, move: int) -> bool:
        """The deadline armed at `move` came: end the game as a loss if it is still idle."""
        async with self.lock:
            if self.phase.is_over or move != self.move or self.deadline is None:
                return False
            if self.now() < self.deadline:
                return False
            before = self.snapshot()
            self._set_phase(SoloPhase.EXPIRED)
            try:
                await self._persist(before)
            except MovedOn:
                return False  # another process holds a newer game: its own scheduler decides
        await _tell(self, lambda presenter, game: presenter.expired(game), "expired")
        await self._changed()
        return True

    async def abort(self) -> bool:
        """Close the game without counting it (the player asked to be forgotten, or nobody can
        reach it any more: its thread or its server is gone). False if it had ended already."""
        async with self.lock:
            if self.phase.is_over:
                return False
            before = self.snapshot()
            self._set_phase(SoloPhase.ABORTED)
            await self._persist(before)
        await self._changed()
        return True

    async def remember_message(self, message_id: int) -> None:
        """The game was shown in a new message: save its id (a DM game is edited there later)."""
        async with self.lock:
            self.message_id = message_id
            if not self.phase.is_over and self.repository is not None:
                await self.repository.save(self)

    async def _change(
        self, mutate: Callable[[], list[Any]], *, present: Present | None, starting: bool = False
    ) -> list[Any]:
        async with self.lock:
            if self.phase.is_over and not starting:
                raise GameEnded(
                    text("This game is over. Start a new one with `{command}`.", command=self.kind.command)
                )
            before = self.snapshot()
            events = change_or_undo(mutate, save=lambda: before["game"], restore=self._restore_game)
            if not starting:
                self.move += 1
            self.recent = (self.recent + self.kind.describe(events))[-RECENT_LINES:]
            if self.game.is_over:
                if not self.phase.is_over:  # a game its deal ended is FINISHED from the start
                    self._set_phase(SoloPhase.FINISHED)
            else:
                self.deadline = self.now() + timedelta(seconds=self.idle_seconds)
            await self._persist(before)
            if present is not None:
                await present_saved(
                    lambda: present(self, events),
                    f"move {self.move} of solo game {self.game_id}",  # not shown to players
                )
        await self._changed()
        return events

    def _restore_game(self, saved: dict[str, Any]) -> None:
        self.game = self.kind.load(saved)

    def _set_phase(self, phase: SoloPhase) -> None:
        if phase not in TRANSITIONS[self.phase]:
            raise AssertionError(f"no transition from {self.phase} to {phase}")
        self.phase = phase
        if phase.is_over:
            self.deadline = None

    async def _persist(self, before: dict[str, Any] | None = None) -> None:
        """Save the change (count the game, once over). A change the store did not take is
        undone back to `before`: the session holds nothing the store does not have, so the same
        click made again is taken, not refused as an earlier move's; unless its ending was saved
        and only its count failed: then the game is over for its player all the same."""
        if self.repository is None:
            return
        try:
            if self.phase.is_over:
                self.stats = await self.repository.finish(self)
            else:
                await self.repository.save(self)
        except SaveConflict as conflict:
            await self._take_newer(conflict.newer)
            raise MovedOn() from conflict
        except Exception:
            if self.ending_saved:
                await self._changed()  # over for its player, though not counted yet
            elif before is not None:
                saved_move = self.saved_move
                self._restore(before)
                self.saved_move = saved_move
            raise

    async def _take_newer(self, newer: dict[str, Any] | None) -> None:
        """Another process saved this game first: hold what it saved instead of our change. Its
        manager is told, as of any change: a game that ended there (or whose player was forgotten
        there) is no longer this player's running game here either."""
        if newer is None:
            self.phase = SoloPhase.ABORTED  # it ended there, and was counted there
            self.deadline = None
        else:
            self._restore(newer)
        await self._changed()

    async def _changed(self) -> None:
        if self.on_change is not None:
            await self.on_change(self)

    # ------------------------------------------------------------------ persistence

    def snapshot(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "kind": self.kind.name,
            "variant": self.variant,
            "user_id": self.user_id,
            "user_name": self.user_name,
            "channel_id": self.channel_id,
            "guild_id": self.guild_id,
            "in_thread": self.in_thread,
            "language": self.language,
            "game": self.game.to_json(),
            "phase": self.phase.value,
            "move": self.move,
            "deadline": self.deadline.isoformat() if self.deadline else None,
            "message_id": self.message_id,
            "idle_seconds": self.idle_seconds,
            "recent": [to_json(line) for line in self.recent],
        }

    @classmethod
    def from_snapshot(cls, kind: SoloKind, data: dict[str, Any], now: Callable[[], datetime]) -> SoloSession:
        if data["kind"] != kind.name:
            raise ValueError(f"a {data['kind']} game is not a {kind.name} game")
        guild_id = data["guild_id"]
        session = cls(
            kind=kind,
            game_id=str(data["game_id"]),
            variant=str(data["variant"]),
            user_id=int(data["user_id"]),
            user_name=str(data["user_name"]),
            channel_id=int(data["channel_id"]),
            guild_id=None if guild_id is None else int(guild_id),
            game=kind.load(data["game"]),
            idle_seconds=int(data["idle_seconds"]),
            now=now,
        )
        session._restore(data)
        return session

    def _restore(self, data: dict[str, Any]) -> None:
        """Take the state of a save of this game (the game, its position and deadline)."""
        self.game = self.kind.load(data["game"])
        self.in_thread = bool(data.get("in_thread", False))
        self.language = str(data.get("language", "en"))
        self.phase = SoloPhase(data["phase"])
        self.move = int(data["move"])
        self.saved_move = self.move
        deadline = data["deadline"]
        self.deadline = datetime.fromisoformat(deadline) if deadline else None
        message_id = data["message_id"]
        self.message_id = None if message_id is None else int(message_id)
        self.recent = [from_json(line) for line in data["recent"]]


async def _tell(
    session: SoloSession, show: Callable[[SoloPresenter, SoloSession], Awaitable[None]], what: str
) -> None:
    """Show the player a change no click of theirs asked for, through the kind's presenter. The
    change is made and saved already: a failure to show it is logged, and it stands."""
    presenter = session.kind.presenter
    if presenter is None:
        return
    try:
        await show(presenter, session)
    except Exception:
        log.exception("could not show that solo game %s %s", session.game_id, what)  # not shown to players


def _already_running(kind: SoloKind) -> Text:
    return text("You already have a {game} game running. Finish or resign it first.", game=kind.title)


def running_there(kind: SoloKind, guild_id: int | None) -> Text:
    """Why a new game of `kind` is refused when the player's running one is held elsewhere."""
    if guild_id is None:
        return text(
            "You already have a {game} game running in your DMs with me. Finish or resign it there first.",
            game=kind.title,
        )
    return text(
        "You already have a {game} game running in another server. Finish or resign it there first.",
        game=kind.title,
    )


class SoloManager:
    """Every running solo game, by player and kind and by game id, and their idle deadlines."""

    def __init__(
        self,
        *,
        repository: SoloRepository | None = None,
        now: Callable[[], datetime] = utc_now,
        idle_seconds: int = DEFAULT_IDLE_SECONDS,
    ) -> None:
        self.repository = repository
        self.now = now
        self.idle_seconds = idle_seconds
        self.kinds: dict[str, SoloKind] = {}
        # Where game ids and seeds come from; `seeds` are used first (tests, bug reports).
        self.rng: random.Random = random.SystemRandom()
        self.seeds: list[int] = []
        self._by_player: dict[tuple[int, str], SoloSession] = {}
        self._by_id: dict[str, SoloSession] = {}
        self.deadlines = DeadlineScheduler(now, "solo game")  # not shown to players

    def register(self, kind: SoloKind) -> None:
        self.kinds[kind.name] = kind

    def get(self, game_id: str) -> SoloSession | None:
        return self._by_id.get(game_id)

    def of(self, user_id: int, kind: str) -> SoloSession | None:
        return self._by_player.get((user_id, kind))

    def sessions_of(self, user_id: int) -> list[SoloSession]:
        return [s for s in self._by_id.values() if s.user_id == user_id]

    @property
    def sessions(self) -> list[SoloSession]:
        return list(self._by_id.values())

    def next_seed(self) -> int:
        return self.seeds.pop(0) if self.seeds else self.rng.getrandbits(63)

    async def start(
        self,
        kind: str,
        *,
        user_id: int,
        user_name: str,
        channel_id: int,
        guild_id: int | None,
        variant: str,
        game: SoloEngine,
        present: Present | None = None,
        in_thread: bool = False,
        language: str = "en",
    ) -> SoloSession:
        """Adopt a new game, save it, then show it with `present`. One game of a kind runs per
        player: a second is refused here when this process holds the first, and by the store
        when another does or another start of theirs is saving at the same moment (the checks
        before the first save cannot see a start that has not saved yet)."""
        solo_kind = self.kinds[kind]
        if (user_id, kind) in self._by_player:
            raise SessionError(_already_running(solo_kind))
        if self.repository is not None:
            # Held by another process of the bot (a DM game lives with shard 0, a server's game
            # with its shard): this one cannot show it, so it says where it is.
            elsewhere = await self.repository.running_elsewhere(user_id, kind, self._by_id)
            if elsewhere is not None:
                raise SessionError(running_there(solo_kind, elsewhere.guild_id))
        session = SoloSession(
            kind=solo_kind,
            game_id=await fresh_game_id(self.rng, self._by_id, self.repository),
            variant=variant,
            user_id=user_id,
            user_name=user_name,
            channel_id=channel_id,
            guild_id=guild_id,
            game=game,
            idle_seconds=self.idle_seconds,
            now=self.now,
        )
        session.in_thread = in_thread
        session.language = language
        if (user_id, kind) in self._by_player:  # another start of theirs got here while this one waited
            raise SessionError(_already_running(solo_kind))
        self._adopt(session)
        try:
            await session.start(present)
        except SoloGameTaken as taken:
            self.forget(session)
            raise SessionError(await self._running_where(solo_kind, user_id)) from taken
        except BaseException:
            self.forget(session)
            raise
        return session

    async def _running_where(self, kind: SoloKind, user_id: int) -> Text:
        """Why a start the store refused is refused: the player's game of `kind` that another
        process holds, said with where it is, as the check before the save says it."""
        if self.repository is not None and self.of(user_id, kind.name) is None:
            elsewhere = await self.repository.running_elsewhere(user_id, kind.name, self._by_id)
            if elsewhere is not None:
                return running_there(kind, elsewhere.guild_id)
        return _already_running(kind)

    def _adopt(self, session: SoloSession) -> None:
        session.repository = self.repository
        session.on_change = self._changed
        self._by_player[session.user_id, session.kind.name] = session
        self._by_id[session.game_id] = session

    def restore(self, snapshots: Iterable[dict[str, Any]]) -> tuple[list[SoloSession], list[dict[str, Any]]]:
        """Adopt games saved before a restart and re-arm their idle deadlines. Returns the games
        restored and the snapshots that could not be (for the caller to close)."""
        restored, damaged = [], []
        for data in snapshots:
            try:
                session = SoloSession.from_snapshot(self.kinds[str(data["kind"])], data, self.now)
            except (GameError, KeyError, TypeError, ValueError, AttributeError) as error:
                log.error("saved solo game %s cannot be restored: %r", data.get("game_id"), error)
                damaged.append(data)
                continue
            if session.phase.is_over or (session.user_id, session.kind.name) in self._by_player:
                continue
            self._adopt(session)
            self.arm(session)
            restored.append(session)
        return restored, damaged

    async def _changed(self, session: SoloSession) -> None:
        if session.phase.is_over:
            self.forget(session)
        else:
            self.arm(session)

    async def close_in_servers(self, left: Callable[[int], bool]) -> list[SoloSession]:
        """The bot was removed from the servers `left` names: the games played there (privately
        in a channel, or in a private thread) end now, uncounted, as one whose thread is gone
        does. Nobody can play or resign them there any more, and until they end their players
        could start no other in their DMs. Each player is told (`SoloPresenter.server_left`).
        Returns the games closed."""
        closed = []
        for session in self.sessions:
            if session.guild_id is None or not left(session.guild_id):
                continue
            try:
                if not await session.abort():
                    continue
            except Exception:
                log.exception("could not close solo game %s of a server the bot left", session.game_id)
                continue
            closed.append(session)
            what = "closed with its server"  # not shown to players
            await _tell(session, lambda presenter, game: presenter.server_left(game), what)
        return closed

    def forget(self, session: SoloSession) -> None:
        if self._by_id.get(session.game_id) is session:
            del self._by_id[session.game_id]
            if self._by_player.get((session.user_id, session.kind.name)) is session:
                del self._by_player[session.user_id, session.kind.name]
        self.deadlines.cancel(session.game_id)

    def arm(self, session: SoloSession) -> None:
        """Have the scheduler wake for the game's idle deadline."""
        self.deadlines.arm(
            session.game_id,
            lambda: None if session.phase.is_over else session.deadline,
            lambda: session.expire(session.move),
        )

    async def close(self) -> None:
        await self.deadlines.close()
