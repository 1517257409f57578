"""What /help says: an overview of the bot, and a page per game and for server admins.

Commands are written by their English names, in backticks (`/uno start bots:2`), in every
language: each reader sees them under the names their client shows (bot/i18n/commands.py), a test
holds each one to the command tree in every language, and the page turns each into a mention that
runs the command when the ids are known. The rules themselves are not written again here:
the pages reuse the sentences of `/flood rules` and `/puzzle help`, the rulesets' and house
rules' names, the buttons' labels, and point to the rules commands for the rest."""

from __future__ import annotations

from dataclasses import dataclass

from bot.games.flood import Difficulty
from bot.games.puzzles import PRACTICE_SIZES
from bot.games.uno.ruleset import HOUSE_RULES
from bot.games.uno.ruleset import RULESETS
from bot.i18n.text import AllOf
from bot.i18n.text import Code
from bot.i18n.text import Text
from bot.i18n.text import counted
from bot.i18n.text import text
from bot.render.puzzle_text import HELP_TITLE as PUZZLE_TITLE
from bot.render.puzzle_text import help_lines as puzzle_help_lines
from bot.sessions.table import TIMEOUTS_BEFORE_REMOVAL
from cogs.flood.rules import BASICS as FLOOD_BASICS
from cogs.permissions import PERMISSION_NAMES
from cogs.permissions import invite_permission_names
from cogs.solitaire.render import TITLE as SOLITAIRE_TITLE
from cogs.threads import bold
from cogs.uno.components import PLAY_AGAIN
from cogs.uno.components import LobbyAction
from cogs.uno.host_panel import HOST_TOOLS
from cogs.uno.render import CATCH
from cogs.uno.render import CHALLENGE_LABEL
from cogs.uno.render import DEAL_NEXT
from cogs.uno.render import HOUSE_RULE_TEXT
from cogs.uno.render import SHOW_HAND

Said = Text | str
UNO, FLOOD, SOLITAIRE, PUZZLE, ADMIN = "uno", "flood", "solitaire", "puzzle", "admin"
TOPICS = (UNO, FLOOD, SOLITAIRE, PUZZLE, ADMIN)
FLOOD_NAME = text("Survive the Flood")
SOLITAIRE_NAME = text("UNO Solitaire")


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the help: a title, its text, and (the overview) a field per part."""

    title: Said
    lines: tuple[Said, ...]
    fields: tuple[tuple[Said, tuple[Said, ...]], ...] = ()


def overview() -> Page:
    return Page(
        title=text("❓ What the bot plays, and how to start"),
        lines=(
            text(
                "UNO with the people of a server channel, and card games and puzzles to play alone. "
                "Only you see this help."
            ),
            text(
                "More on one part: `/help topic:uno`, `topic:flood`, `topic:solitaire`, `topic:puzzle` "
                "or `topic:admin`."
            ),
        ),
        fields=(
            (text("🎴 UNO at a table"), _overview_uno()),
            (text("🌊 Games to play alone"), _overview_solo()),
            (
                text("🏆 Scores, settings and your data"),
                (
                    text(
                        "`/stats` and `/leaderboard`: wins, points and streaks. `/uno history` and "
                        "`/uno replay`: this server's last games, move by move."
                    ),
                    text(
                        "`/preferences pictures:off` shows your games as text, without card pictures; "
                        "`/privacy forget` deletes everything the bot keeps about you."
                    ),
                ),
            ),
            (
                text("🛠️ For server admins"),
                (
                    text(
                        "`/uno settings` (Manage Server) sets the rules, channels, role and language of "
                        "new tables; `/help topic:admin` tells more, and which permissions I need."
                    ),
                ),
            ),
        ),
    )


def _overview_uno() -> tuple[Said, ...]:
    return (
        text(
            "In a server channel, `/uno start` opens a table: the others press {join}, then you "
            "press {start}. `ruleset:` picks the official rules, the classic computer rules or the "
            "twist (playing cards); the {settings} button in the lobby adds house rules.",
            join=bold(LobbyAction.JOIN.label),
            start=bold(LobbyAction.START.label),
            settings=bold(LobbyAction.SETTINGS.label),
        ),
        text(
            "`/uno start bots:3` seats computer players; to play alone against them, in a DM with "
            "me: `/uno solo`."
        ),
        text(
            "Your cards stay private: press {show_hand} on the table, or use `/uno hand`.",
            show_hand=bold(SHOW_HAND),
        ),
    )


def _overview_solo() -> tuple[Said, ...]:
    return (
        text(
            "`/flood play difficulty:easy`: {flood}, keep your hand alive while the draw decks run out.",
            flood=FLOOD_NAME,
        ),
        text(
            "`/solitaire play`: {solitaire}, clear the tableau onto the foundations.",
            solitaire=SOLITAIRE_NAME,
        ),
        text(
            "`/puzzle daily`, `/puzzle random`, `/puzzle duel` and `/puzzle solve`: the puzzles of the "
            "paper *The complexity of UNO*."
        ),
        text("They are played in a DM with me, or privately in a server: nobody else sees them."),
    )


def uno_page() -> Page:
    house_rules = AllOf(tuple(HOUSE_RULE_TEXT[name][0] for name in HOUSE_RULES))
    return Page(
        title=text("🎴 UNO tables"),
        lines=(
            text(
                "**A table.** In a server channel, `/uno start` posts a table. Players press {join}; "
                "the host presses {start} once everyone is in, and the table's message shows the game "
                "as it goes.",
                join=bold(LobbyAction.JOIN.label),
                start=bold(LobbyAction.START.label),
            ),
            text(
                "**The rules.** Three rulesets, chosen with `/uno start ruleset:`: {rulesets}. In the "
                "lobby, the host's {settings} button changes the ruleset, the house rules "
                "({house_rules}), the points target and a time limit. `/uno rules` explains the rules "
                "in force, in detail.",
                rulesets=AllOf(tuple(ruleset.title for ruleset in RULESETS.values())),
                settings=bold(LobbyAction.SETTINGS.label),
                house_rules=house_rules,
            ),
            text(
                "**Your hand.** Only you see your cards: press {show_hand} on the table, or use "
                "`/uno hand`. Play from its menu, or type `/uno play card:R5`, `/uno draw` and "
                "`/uno uno`. {catch} and {challenge} appear on the table when they apply.",
                show_hand=bold(SHOW_HAND),
                catch=bold(CATCH),
                challenge=bold(CHALLENGE_LABEL),
            ),
            counted(
                "**Turns.** Each turn has a timer (`/uno start turn_timer:`, in seconds). Whoever lets "
                "it run out draws and the turn passes on; after {count} time-out in a row, they leave "
                "the table.",
                "**Turns.** Each turn has a timer (`/uno start turn_timer:`, in seconds). Whoever lets "
                "it run out draws and the turn passes on; after {count} time-outs in a row, they leave "
                "the table.",
                count=TIMEOUTS_BEFORE_REMOVAL,
            ),
            text(
                "**Your turn.** At a table of several people, a short message mentions you when your "
                "turn comes, with a {show_hand} button, and between rounds when the table names you to "
                "deal, with a {deal} button; `/preferences turn_pings:off` stops it, and a server's "
                "admins may stop it for everyone there.",
                show_hand=bold(SHOW_HAND),
                deal=bold(DEAL_NEXT),
            ),
            text(
                "**Computer players.** `/uno start bots:2 level:hard` seats them at once, and the "
                "host's {add} button in the lobby seats more. With `takeover:normal`, a computer player "
                "takes the seat of someone who leaves or times out. `/uno solo` plays against them "
                "alone, in a DM with me.",
                add=bold(LobbyAction.ADD_COMPUTER.label),
            ),
            text(
                "**The host** (or a member with Manage Server) removes a player with `/uno kick`, hands "
                "the host role on with `/uno host`, stops and restarts the timer with `/uno pause` and "
                "`/uno resume`, and closes the table with `/uno end`; the table's {host_tools} button "
                "does the first two. `/uno start thread:true` opens a table in a thread of its own.",
                host_tools=bold(HOST_TOOLS),
            ),
            text(
                "**Afterwards.** `/uno history` lists this server's last games, and "
                "`/uno replay game:` shows one again, move by move, every hand face up."
            ),
            text(
                "**Again.** A finished table's {again} button opens a new table in its place with the "
                "same rules, turn timer and computer players; whoever presses it hosts it.",
                again=bold(PLAY_AGAIN),
            ),
        ),
    )


def flood_page() -> Page:
    levels = AllOf(tuple(Code(level.value) for level in Difficulty))
    return Page(
        title=text("🌊 Survive the Flood"),
        lines=(
            FLOOD_BASICS[0],
            "",
            text(
                "**Starting.** `/flood play difficulty:easy` starts a game; the difficulties are "
                "{levels}. `/flood play deck:standard` plays a standard deck with jokers instead of the "
                "UNO deck, `decks:` sets a higher target, and `penalty_draws:true` lets you draw at a "
                "cost.",
                levels=levels,
            ),
            text(
                "**The whole rules**, difficulty by difficulty: `/flood rules`. Your games and win "
                "streaks: `/flood stats`; a finished game again, move by move: `/flood replay`."
            ),
            text(
                "In a server, the game is private: only you see it, and `/flood play thread:true` "
                "opens it in a private thread of its own."
            ),
        ),
    )


def solitaire_page() -> Page:
    return Page(
        title=SOLITAIRE_TITLE,
        lines=(
            text(
                "**UNO Solitaire** is played alone with the 108 UNO cards. Seven are dealt face up as "
                "the first row of the tableau; a card is free when no card of the next row lies on it. "
                "Free cards go to the foundations: each colour's number cards from 9 down to 0 and back "
                "up to 9, and one pile of action cards, each matching the one below by colour or symbol."
            ),
            text(
                "Drawing turns up to three cards from the stock onto the waste. The waste's top card "
                "may go to a foundation, or into an empty slot of the tableau whose cards it matches. "
                "You win when all 108 cards are on the foundations."
            ),
            "",
            text(
                "`/solitaire play` starts a game, with {undo} and {hint} buttons. `/solitaire stats` "
                "shows your games and win streaks; `/solitaire replay` a finished game again, move by "
                "move.",
                undo=bold(text("Undo")),
                hint=bold(text("Hint")),
            ),
            text(
                "In a server, the game is private: only you see it, and `/solitaire play thread:true` "
                "opens it in a private thread of its own."
            ),
        ),
    )


def puzzle_page() -> Page:
    """`/puzzle help` itself, and where the streaks are."""
    return Page(
        title=PUZZLE_TITLE,
        lines=(
            *puzzle_help_lines(PRACTICE_SIZES),
            "",
            text(
                "Your daily streak: `/stats`; the longest ones: `/leaderboard game:puzzle`. "
                "`/puzzle help` shows these rules too."
            ),
        ),
    )


def admin_page() -> Page:
    needed = AllOf(tuple(bold(name) for name in invite_permission_names(needed=True)))
    optional = AllOf(tuple(bold(name) for name in invite_permission_names(needed=False)))
    return Page(
        title=text("🛠️ For server admins"),
        lines=(
            text(
                "**Defaults for new tables.** `/uno settings` (for members with Manage Server) sets "
                "`ruleset:`, `house_rules:`, `points:` and `minutes:`, and for the twist `teams:` and "
                "`decks:`; `reset:true` goes back to the bot's defaults. Without options, it shows the "
                "current ones."
            ),
            text(
                "**Where tables run.** With `/uno settings`, `threads:true` opens each new table in a "
                "thread of its own, `channels:` keeps tables to some channels or categories, and "
                "`role:` lets only the members with that role start or join one."
            ),
            text(
                "**Language and pictures.** Tables speak the server's language, or the one set with "
                "`/uno settings language:`; `pictures:false` turns card pictures off by default, and "
                "each player may still choose with `/preferences`."
            ),
            text(
                "**Turn pings.** `/uno settings turn_pings:false` stops the message that mentions a "
                "player when their turn comes or the table names them to deal, for everyone in this "
                "server, whatever each chose with `/preferences`."
            ),
            text(
                "**Running tables.** A member with Manage Server may also end any table with "
                "`/uno end`, remove a player with `/uno kick` and stop the timer with `/uno pause`."
            ),
            text(
                "**Removing the bot.** Its tables here end at once and what was set with "
                "`/uno settings` is deleted; the games played here stay in each player's own "
                "record, which they may delete with `/privacy forget`."
            ),
            text(
                "**Permissions.** In the channels where people play, I need {needed}. I also ask for "
                "{optional}: without {embed}, a table, or a solo game in its thread, is written out as "
                "text; without {files}, it shows no card pictures; the thread permissions let tables "
                "and solo games open in "
                "threads of their own. Hands, solo games, puzzles, `/stats` and `/leaderboard` are "
                "answers to commands, which need no permission in the channel. Where a permission a "
                "table needs is missing, `/uno start` says which.",
                needed=needed,
                optional=optional,
                embed=bold(PERMISSION_NAMES["embed_links"]),
                files=bold(PERMISSION_NAMES["attach_files"]),
            ),
        ),
    )


PAGES = {UNO: uno_page, FLOOD: flood_page, SOLITAIRE: solitaire_page, PUZZLE: puzzle_page, ADMIN: admin_page}


def page(topic: str | None) -> Page:
    """The overview, or one topic's page."""
    return PAGES[topic]() if topic is not None else overview()
