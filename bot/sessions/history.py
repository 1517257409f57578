"""Finished games looked back at: a server's history, a player's recent games, and a replay
computed again from a game's seed and move log (never kept as text)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import replace

from bot.games.errors import GameError
from bot.games.uno.replay import Replay
from bot.games.uno.replay import replay
from bot.i18n.text import AllOf
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.sessions.core import SessionError
from bot.sessions.persistence import COMPUTER_KINDS
from bot.sessions.persistence import KIND
from bot.sessions.table import Line
from bot.sessions.table import TableSettings
from bot.store import FinishedGameSummary
from bot.store import FinishedSeat
from bot.store import GameRecord
from bot.store import Store

# People-only games and those with computer players (recorded apart, off the people's boards):
# all of them are a server's finished UNO games.
KINDS = (KIND, *COMPUTER_KINDS)
FORMER_PLAYER = text("a former player")
DEFAULT_LEVEL = TableSettings().computer_level
_CACHED = 16


@dataclass(frozen=True, slots=True)
class GameReplay:
    """A finished game's replay with what shows it: each seat's name at the deal ("a former
    player" once forgotten) and the points recorded for it (None once forgotten)."""

    summary: FinishedGameSummary
    replay: Replay
    names: tuple[Text | str, ...]
    recorded_points: tuple[int | None, ...]
    recorded_won: tuple[bool | None, ...]


@dataclass(frozen=True, slots=True)
class Rematch:
    """A finished table played again: its settings, its computer players' levels, and whether
    it was a table of one person against them in a DM (/uno solo)."""

    settings: TableSettings
    computers: tuple[str, ...]
    solo: bool


class History:
    def __init__(self, store: Store) -> None:
        self._store = store
        # Replays are recomputed, not stored; the last few are kept so paging through one does
        # not deal it again at every click. Keyed by game id: a finished game never changes.
        self._replays: OrderedDict[int, Replay] = OrderedDict()

    async def server_games(self, guild_id: int, *, limit: int = 10) -> tuple[FinishedGameSummary, ...]:
        return await self._with_computers(
            await self._store.finished_games(KINDS, guild_id=guild_id, limit=limit)
        )

    async def player_games(
        self, user_id: int, *, guild_id: int | None = None, limit: int = 5
    ) -> tuple[FinishedGameSummary, ...]:
        """A player's last games: in one server, or anywhere (for a DM)."""
        games = await self._store.finished_games(KINDS, user_id=user_id, guild_id=guild_id, limit=limit)
        return await self._with_computers(games)

    async def _with_computers(self, games: Sequence[FinishedGameSummary]) -> tuple[FinishedGameSummary, ...]:
        """The games with their computer players' seats, which only their records keep."""
        ids = [game.game_id for game in games if game.kind != KIND and game.replayable]
        records = await self._store.game_records(ids) if ids else {}
        return tuple(with_computers(game, records.get(game.game_id)) for game in games)

    async def table_end(self, table_id: str, channel_id: int) -> Line | None:
        """Why the table `table_id` of channel `channel_id` ended, as its finished game was
        recorded: who won it (for a click on its controls once the bot no longer remembers it).
        None for an end nothing recorded: ended by its host, abandoned, or before its id was kept."""
        game = await self._finished_table(table_id, channel_id)
        if game is None:
            return None
        summary = with_computers(*game)
        # The count is for the verb only: a team's members won it together.
        won = counted(
            "{winners} won the game.",
            "{winners} won the game.",
            count=max(len(summary.winners), 1),
            winners=winners_of(summary),
        )
        return Line(won)

    async def rematch(self, table_id: str, channel_id: int) -> Rematch | None:
        """What "Play again" on the finished table `table_id` of channel `channel_id` opens: the
        same rules and timer, and computer players of the same levels. None when its game was
        not recorded (a table ended unwon, or before tables' ids were kept)."""
        game = await self._finished_table(table_id, channel_id)
        if game is None:
            return None
        summary, record = game
        if record is None:  # finished before records were kept: its rules are not known
            return None
        return Rematch(record_rules(record), computer_levels(record), summary.guild_id is None)

    async def _finished_table(
        self, table_id: str, channel_id: int
    ) -> tuple[FinishedGameSummary, GameRecord | None] | None:
        """The finished game of the table `table_id` of channel `channel_id`, with its record."""
        found = await self._store.finished_game_of_table(table_id, channel_id)
        return None if found is None else await self._store.finished_game(found)

    async def game_replay(
        self, game_id: int, *, guild_id: int | None, user_id: int | None = None
    ) -> GameReplay:
        """The replay of finished game `game_id`: asked in a server, only that server's games;
        asked elsewhere (`guild_id` None), only a game `user_id` played. Refused with a sentence
        for the player when there is none."""
        found = await self._store.finished_game(game_id)
        number = str(game_id)  # as the player types it back, never grouped ("#12.345")
        if found is None or found[0].kind not in KINDS or not _may_see(found[0], guild_id, user_id):
            raise SessionError(
                text(
                    "There is no finished game #{id} here. `/uno history` lists this server's games.",
                    id=number,
                )
            )
        summary, record = found
        summary = with_computers(summary, record)
        if record is None:
            raise SessionError(
                text("Game #{id} finished before replays were kept: it can only be listed.", id=number)
            )
        computed = self._replays.get(game_id)
        if computed is None:
            try:
                computed = replay_record(record)
            except (GameError, KeyError, TypeError, ValueError) as error:
                raise SessionError(
                    text("Game #{id} cannot be replayed: its record no longer fits the rules.", id=number)
                ) from error
            self._replays[game_id] = computed
            while len(self._replays) > _CACHED:
                self._replays.popitem(last=False)
        self._replays.move_to_end(game_id)
        by_seat = {seat.seat: seat for seat in summary.seats}
        seating = record.log.get("seating", [])
        known = [by_seat.get(result) if result is not None else None for result in seating]
        return GameReplay(
            summary=summary,
            replay=computed,
            names=tuple(seat.display_name if seat else FORMER_PLAYER for seat in known),
            recorded_points=tuple(seat.points if seat else None for seat in known),
            recorded_won=tuple(seat.won if seat else None for seat in known),
        )


def with_computers(game: FinishedGameSummary, record: GameRecord | None) -> FinishedGameSummary:
    """`game` with the seats of its computer players, as its record keeps them (they have no
    result of their own, being nobody's); a game recorded before it kept them is as it was."""
    computers = record.log.get("computers", []) if record is not None else []
    if not computers:
        return game
    seats = [
        *game.seats,
        *(
            FinishedSeat(int(seat), int(user_id), str(name), int(points), bool(won), team)
            for seat, user_id, name, points, won, team, *_level in computers
        ),
    ]
    return replace(game, seats=tuple(sorted(seats, key=lambda seat: seat.seat)))


def winners_of(game: FinishedGameSummary) -> Text | AllOf:
    """Who won `game`, as its players are still known ("a former player" once forgotten)."""
    return AllOf(tuple(seat.display_name for seat in game.winners)) if game.winners else FORMER_PLAYER


def _may_see(game: FinishedGameSummary, guild_id: int | None, user_id: int | None) -> bool:
    if guild_id is not None:
        return game.guild_id == guild_id
    return user_id is not None and any(seat.user_id == user_id for seat in game.seats)


def record_rules(record: GameRecord) -> TableSettings:
    """The settings a recorded game was played with: its rules, and its turn timer and
    takeover where the record keeps them (games recorded before, the defaults)."""
    rules = record.rules
    defaults = TableSettings()
    return TableSettings(
        ruleset=str(rules["ruleset"]),
        target_score=int(rules["target_score"]),
        options=dict(rules.get("options", {})),
        turn_seconds=int(rules.get("turn_seconds", defaults.turn_seconds)),
        takeover=str(rules.get("takeover", defaults.takeover)),
    )


def computer_levels(record: GameRecord) -> tuple[str, ...]:
    """The level of each computer player a recorded game was dealt with, in seat order ("normal"
    where the record is older than levels kept in it). One that took over a person's seat is
    left out: it sat there for that person, who may well come to play again."""
    # The seats of those dealt in, as the result seats the record keeps them under: a computer
    # player's is its seat, and the one taking a seat over was not dealt in.
    dealt = set(record.log.get("seating", []))
    computers = sorted(
        (seat for seat in record.log.get("computers", []) if int(seat[0]) in dealt),
        key=lambda seat: int(seat[0]),
    )
    return tuple(str(seat[6]) if len(seat) > 6 and seat[6] else DEFAULT_LEVEL for seat in computers)


def replay_record(record: GameRecord) -> Replay:
    """Deal and play a recorded game again."""
    return replay(record_rules(record).rules(), record.seat_count, record.seed, record.log["moves"])
