"""The Discord side shared by the solo games (/flood, /solitaire): their buttons and selects,
starting a game, answering clicks, and showing an idle game's end.

A game in a DM is a normal message of the bot; a game started in a server channel is an
ephemeral message, so it and every update are seen by its player only (each update is made
through the interaction of the player's click, which may edit its own ephemeral message).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING
from typing import Any

import discord

from bot.games.actions import RESIGN
from bot.games.errors import GameError
from bot.i18n.counts import games
from bot.i18n.counts import wins
from bot.i18n.text import Markup
from bot.i18n.text import Percent
from bot.i18n.text import Text
from bot.i18n.text import labelled
from bot.i18n.text import symbols
from bot.i18n.text import text
from bot.i18n.words import Words
from bot.render.images.uno import Picture
from bot.sessions.records import SoloStats
from bot.sessions.solo import SessionError
from bot.sessions.solo import SoloKind
from bot.sessions.solo import SoloSession
from bot.sessions.solo import StaleClick
from cogs.components import GAME_ID
from cogs.components import MoveButton
from cogs.components import MoveSelect
from cogs.language import private_words
from cogs.limits import SELECT_OPTION_LABEL
from cogs.limits import clip
from cogs.permissions import granted_in
from cogs.replies import Rendered
from cogs.replies import controls_view
from cogs.replies import drawn
from cogs.replies import edit_original
from cogs.replies import keep_the_move
from cogs.replies import refuse_ended
from cogs.replies import say
from cogs.replies import with_picture
from cogs.solo.replay import add_recent_games
from cogs.threads import archive_thread
from cogs.threads import open_private_thread
from cogs.threads import thread_reachable

if TYPE_CHECKING:
    from bot.app import UnoBot

log = logging.getLogger(__name__)
Interaction = discord.Interaction[Any]
# A game's picture, in two steps: on the event loop, what the picture needs is copied out of the
# game (which the next click changes); the copy is then drawn in a worker thread.
PictureOf = Callable[[SoloSession], Callable[[], Picture]]
# ... and one whose words are put into the viewer's language before the drawing.
WordedPictureOf = Callable[[SoloSession, Words], Callable[[], Picture]]
# A variant's name (`Easy · UNO deck`), for stats and replays.
LabelOf = Callable[[str], Text | str]
ENGLISH = Words("en")

# A game's message: from its session, a note above it (a hint, a refusal's context) and the
# reader's words.
Renderer = Callable[[SoloSession, Text | str, Words], Rendered]
# What a first click on Resign asks, from the game and the player's record.
Question = Callable[[SoloSession], Awaitable[Text]]

# Every character of the engines' action strings (`play 10H`, `suit D`, `f 1.3`, `p 2.0`), and
# the `!` of the one button that confirms what another asked.
ACTION = r"(?P<action>[A-Za-z0-9 .!]{1,40})"
# A misclick on Resign would lose the game and its streak: the red button only asks, and the
# question's own red button resigns, at the move it was asked at. The game's button keeps the
# engine's action string, so a message drawn before there was a question asks too.
ASK_RESIGN = str(RESIGN)
CONFIRM_RESIGN = f"{RESIGN}!"
KEEP_PLAYING = "keep"  # not shown to players: the action of Keep playing
RESIGN_LABEL = text("Resign")
KEEP_PLAYING_LABEL = text("Keep playing")
SELECT_PAGE = 25
GAME_OVER = text("This game is over.")
THREAD_GONE = text(
    "The thread of your last game is gone, so that game was closed without being counted. Here is a new one."
)
ENDED = text("This game has ended. Start a new one with `/flood play`, `/solitaire play` or `/puzzle`.")


def solo_front(interaction: Interaction, session: SoloSession) -> SoloFront:
    front = session.kind.presenter
    assert isinstance(front, SoloFront), f"no Discord front for {session.kind.name}"
    return front


class SoloButton(
    MoveButton,
    # A select's id (`...:pick0`) must not match a button's pattern too, or discord.py tries
    # to build a button from a select on every pick.
    template=rf"solo:{GAME_ID}:(?P<position>\d+):(?!pick\d$){ACTION}",
):
    """A move made at a given move number: `play 5H`, `draw`, `suit H`, `f w`, `undo`..."""

    prefix = "solo"

    async def answer(self, interaction: Interaction, action: str) -> None:
        await on_solo_action(interaction, self.game_id, self.position, action)


class SoloSelect(MoveSelect, template=rf"solo:{GAME_ID}:(?P<position>\d+):(?P<tag>pick\d)"):
    """A choice among moves (each option's value is the action string), tagged `pick<n>`."""

    prefix = "solo"

    async def answer(self, interaction: Interaction, action: str) -> None:
        await on_solo_action(interaction, self.game_id, self.position, action)


DYNAMIC_ITEMS = (SoloButton, SoloSelect)


def resign_button(session: SoloSession, label: str, *, row: int) -> SoloButton:
    """The game's red Resign (or Give up) button: it asks before anything ends."""
    return SoloButton(
        session.game_id, session.move, ASK_RESIGN, label=label, style=discord.ButtonStyle.danger, row=row
    )


def add_choices(
    view: discord.ui.View,
    session: SoloSession,
    choices: list[tuple[str, str]],
    *,
    placeholder: str,
    first: int = 0,
) -> None:
    """(label, action) choices as selects of at most 25 options each, one per row."""
    for page in range(0, len(choices), SELECT_PAGE):
        n = first + page // SELECT_PAGE
        options = [
            discord.SelectOption(label=clip(label, SELECT_OPTION_LABEL), value=action)
            for label, action in choices[page : page + SELECT_PAGE]
        ]
        view.add_item(
            SoloSelect(
                session.game_id, session.move, f"pick{n}", options, placeholder=placeholder or None, row=n
            )
        )


async def on_solo_action(interaction: Interaction, game_id: str, move: int, text: str) -> None:
    session = interaction.client.solo.get(game_id)
    if session is None:
        await refuse_ended(
            interaction,
            private_words(interaction)(ENDED),
        )
        return
    await solo_front(interaction, session).on_action(interaction, session, move, text)


class SoloFront:
    """One solo game's Discord side: its cog builds it with a renderer, and it is the kind's
    presenter (idle expiry, damaged saves)."""

    def __init__(
        self,
        bot: UnoBot,
        kind: SoloKind,
        render: Renderer,
        *,
        local_actions: dict[str, Callable[[SoloSession], Text | str]] | None = None,
        picture: PictureOf | None = None,
        words_picture: WordedPictureOf | None = None,
        resign_label: Text = RESIGN_LABEL,
        resign_question: Question | None = None,
    ) -> None:
        self.bot = bot
        self.render = render
        self.picture = picture
        self.words_picture = words_picture
        # Buttons answered without changing the game (e.g. solitaire's Hint): action -> note.
        # Keep playing is one: the game shown again as it stands, with no note.
        self.local_actions = {KEEP_PLAYING: _no_note, **(local_actions or {})}
        self.resign_label = resign_label
        self.resign_question = resign_question or self.streak_question
        self.kind = replace(kind, presenter=self)
        bot.solo.register(self.kind)

    async def message(
        self, session: SoloSession, note: Text | str = "", *, words: Words, viewer: int | None = None
    ) -> Rendered:
        """The game's message in `words`, with its picture when its viewer (the player) has
        pictures on. A game in its own thread is a message of the bot's there: where the bot
        lacks Embed Links it is written out as text (Discord would drop its embed and leave a
        row of buttons), and its picture goes beside the text only with Attach Files."""
        rendered = self.render(session, note, words)
        # An answer to a click or a command (a DM, an ephemeral game) needs no permission.
        granted = granted_in(self.bot, session.channel_id) if session.in_thread else None
        if granted is not None and not granted.embed_links:
            rendered = rendered.as_text()
        # The picture is copied with the text, before anything else can change the game.
        if self.words_picture is not None:
            draw = self.words_picture(session, words.plain)
        elif self.picture is not None:
            draw = self.picture(session)
        else:
            return rendered
        who = session.user_id if viewer is None else viewer
        if (granted is not None and not granted.attach_files) or not await self.bot.preferences.pictures_for(
            who, session.guild_id
        ):
            return rendered
        return with_picture(rendered, await drawn(draw))

    # ------------------------------------------------------------------ starting

    async def play(
        self, interaction: Interaction, *, variant: str, build: Callable[[int], Any], thread: bool = False
    ) -> None:
        """`/<game> play`: show the player's running game (point to its thread, where it runs in
        one), or deal a new one from a seed (in a private thread of its own with `thread`, in a
        server)."""
        private = interaction.guild_id is not None
        user = interaction.user
        running = self.bot.solo.of(user.id, self.kind.name)
        await interaction.response.defer(ephemeral=private, thinking=True)
        note: Text | str = ""
        if (
            running is not None
            and running.in_thread
            and not await thread_reachable(self.bot, running.channel_id)
        ):
            # Deleted, or the bot removed from its server: nobody can play or resign that game.
            await running.abort()
            running, note = None, THREAD_GONE
        if running is not None and running.in_thread:
            # Its message is the one in its thread: a copy here would be played on in its place.
            await interaction.edit_original_response(content=self._in_thread(interaction, running.channel_id))
            return
        if running is not None:
            note = text(
                "You already have a game running: here it is. "
                "Finish it, or press **Resign** to start another."
            )
            await self._show_fresh(interaction, running, note)
            return
        if thread and private:
            # "Survive the Flood: ann" with the reader's colon ("Survivre au déluge : ann"); a
            # thread's name shows no Markdown.
            name = private_words(interaction).plain(labelled(self.kind.title, user.display_name))
            opened = await open_private_thread(interaction, name)
            if isinstance(opened, str):
                await interaction.edit_original_response(content=opened)
                return
            await self.start_new(interaction, variant=variant, build=build, thread=opened, note=note)
            return
        await self.start_new(interaction, variant=variant, build=build, note=note)

    async def start_new(
        self,
        interaction: Interaction,
        *,
        variant: str,
        build: Callable[[int], Any],
        thread: discord.Thread | None = None,
        note: Text | str = "",
    ) -> None:
        """Deal a new game from a seed, save it, show it (the interaction is acknowledged), with
        `note` above it."""
        user = interaction.user
        words = private_words(interaction)
        seed = self.bot.solo.next_seed()
        posted: list[int] = []  # the game's message in its thread
        try:
            game = build(seed)

            async def present(session: SoloSession, events: list[Any]) -> None:
                rendered = await self.message(session, note, words=words)
                if thread is None:
                    await edit_original(interaction, rendered)
                else:
                    posted.append((await keep_the_move(post, rendered)).id)

            async def post(shown: Rendered) -> discord.Message:
                assert thread is not None
                return await thread.send(**shown.send_kwargs())

            session = await self.bot.solo.start(
                self.kind.name,
                user_id=user.id,
                user_name=user.display_name,
                channel_id=(interaction.channel_id or 0) if thread is None else thread.id,
                guild_id=interaction.guild_id,
                variant=variant,
                game=game,
                present=present,
                in_thread=thread is not None,
                language=words.language,
            )
        except (GameError, SessionError) as refusal:  # a deal the engine refuses, a game running
            if thread is not None:  # a refused game leaves no empty thread behind
                await archive_thread(self.bot, thread.id)
            await interaction.edit_original_response(content=words(refusal.said))
            return
        if thread is None:
            await self._remember(interaction, session)
            return
        if posted:
            await session.remember_message(posted[0])
        await interaction.edit_original_response(content=self._in_thread(interaction, thread.id))
        await self._archive_if_over(session)

    @staticmethod
    def _in_thread(interaction: Interaction, thread_id: int) -> str:
        return private_words(interaction)(text("Your game is in {thread}.", thread=Markup.channel(thread_id)))

    async def _show_fresh(self, interaction: Interaction, session: SoloSession, note: Text | str) -> None:
        await edit_original(interaction, await self.message(session, note, words=private_words(interaction)))
        if interaction.channel_id == session.channel_id:
            await self._remember(interaction, session)

    async def _remember(self, interaction: Interaction, session: SoloSession) -> None:
        if session.private or session.phase.is_over:
            return  # an ephemeral message can only be edited through its player's clicks
        message = await interaction.original_response()
        await session.remember_message(message.id)

    # ------------------------------------------------------------------ clicks

    async def on_action(self, interaction: Interaction, session: SoloSession, move: int, text: str) -> None:
        try:
            session.check_owner(interaction.user.id)
        except SessionError as refusal:
            await say(interaction, private_words(interaction)(refusal.said))
            return
        await interaction.response.defer()
        if text == ASK_RESIGN:
            await self._ask_resign(interaction, session)
            return
        if text == CONFIRM_RESIGN:
            text = str(RESIGN)
        local = self.local_actions.get(text)
        if local is not None:
            await self._local(interaction, session, move, local)
            return

        words = private_words(interaction)
        session.language = words.language

        async def present(session: SoloSession, events: list[Any]) -> None:
            await edit_original(interaction, await self.message(session, words=words))

        try:
            await session.act(interaction.user.id, text, move, present=present)
        except StaleClick as refusal:
            await say(interaction, words(refusal.said))
            if not session.phase.is_over:
                await edit_original(interaction, await self.message(session, words=words))
            return
        except SessionError as refusal:
            await say(interaction, words(refusal.said))
            return
        message = interaction.message
        if (
            message is not None
            and message.id != session.message_id
            and not session.private
            and interaction.channel_id == session.channel_id
        ):
            # The player moved on another message showing this game in its own place: later
            # edits go there. A copy shown elsewhere (a DM game shown privately in a server) is
            # not the game's message: its idle end could not be shown there.
            await session.remember_message(message.id)
        await self._archive_if_over(session)

    async def _archive_if_over(self, session: SoloSession) -> None:
        """A game in its own thread archives it at its end."""
        if session.in_thread and session.phase.is_over:
            await archive_thread(self.bot, session.channel_id)

    async def _local(
        self,
        interaction: Interaction,
        session: SoloSession,
        move: int,
        answer: Callable[[SoloSession], Text | str],
    ) -> None:
        words = private_words(interaction)
        async with session.lock:
            if session.phase.is_over:
                await say(interaction, words(GAME_OVER))
                return
            if move != session.move and answer is not _no_note:
                # A Hint answers for the position as it stands, not the one its button showed.
                # Keep playing asks for nothing but the controls, so the game moving on is no news.
                await say(interaction, words(text("That button is from an earlier position.")))
            # A Hint searches (the flood planner's slowest moves take most of a second): worked
            # out in a thread, so the bot's other tables and players are not kept waiting. The
            # game cannot change meanwhile: its lock is held.
            note = await asyncio.to_thread(answer, session)
            await edit_original(interaction, await self.message(session, note, words=words))

    async def _ask_resign(self, interaction: Interaction, session: SoloSession) -> None:
        """The game's message again, its controls replaced by the question: the red button
        resigns at the move shown (a question left behind while the game moved on ends
        nothing: the session refuses it as stale), Keep playing shows the controls again.
        Asked on an older showing of the game, it is asked of the game as it stands."""
        words = private_words(interaction)
        question = await self.resign_question(session)  # read from the record before the lock
        async with session.lock:
            if session.phase.is_over:
                await say(interaction, words(GAME_OVER))
                return
            shown = await self.message(session, question, words=words)
            confirm = controls_view()
            gid, move = session.game_id, session.move
            for action, label, style in (
                (CONFIRM_RESIGN, self.resign_label, discord.ButtonStyle.danger),
                (KEEP_PLAYING, KEEP_PLAYING_LABEL, discord.ButtonStyle.primary),
            ):
                confirm.add_item(SoloButton(gid, move, action, label=words(label), style=style))
            await edit_original(interaction, replace(shown, view=confirm))

    async def streak_question(self, session: SoloSession) -> Text:
        """Resign's question for a game counted in the solo streaks: the streak it would end,
        where there is one."""
        rows = await self.bot.records.solo_stats(session.user_id, self.kind.name)
        streak = next((row.current_streak for row in rows if row.variant == session.variant), 0)
        if streak:
            return text(
                "Resign this game? It counts as a loss and ends your win streak of {streak}.",
                streak=streak,
            )
        return text("Resign this game? It counts as a loss.")

    # ------------------------------------------------------------------ stats

    async def show_stats(
        self,
        interaction: Interaction,
        user: discord.User | None,
        *,
        emoji: str,
        colour: discord.Colour,
        label: LabelOf,
        variants: Sequence[str] = (),
    ) -> None:
        """`/<game> stats`: a player's games, wins and streaks per variant (in the order of
        `variants`), privately in a server."""
        target = user or interaction.user
        words = private_words(interaction)
        await interaction.response.defer(thinking=True, ephemeral=interaction.guild_id is not None)
        rows = await self.bot.records.solo_stats(target.id, self.kind.name)
        order = {variant: i for i, variant in enumerate(variants)}
        rows = tuple(sorted(rows, key=lambda s: order.get(s.variant, len(order))))
        embed = discord.Embed(
            title=words(
                symbols("{emoji} {title}", emoji=emoji, title=labelled(self.kind.title, target.display_name))
            ),
            description="\n".join(stats_lines(rows, label, words))
            or words(text("No finished games yet. Start one with `{command}`!", command=self.kind.command)),
            colour=colour,
        )
        if target.id == interaction.user.id:  # replays are theirs alone: so is the list
            await add_recent_games(self, embed, target.id, label, words)
        await interaction.followup.send(embed=embed)

    # ------------------------------------------------------------------ presenter

    async def expired(self, session: SoloSession) -> None:
        """An idle game ended as a loss: a DM game's message says so (an ephemeral one cannot
        be reached without a click of its player)."""
        if session.private or session.message_id is None:
            return
        message = self.bot.get_partial_messageable(session.channel_id).get_partial_message(session.message_id)

        async def edit(shown: Rendered) -> None:
            await message.edit(**shown.edit_kwargs())

        try:
            await keep_the_move(edit, await self.message(session, words=Words(session.language)))
        except discord.HTTPException:
            log.info("could not show that solo game %s expired", session.game_id)
        await self._archive_if_over(session)

    async def damaged(
        self, game_id: str, guild_id: int | None, channel_id: int, language: str = "en"
    ) -> None:
        """A game that could not be restored: its player is told in a DM, in the language saved
        with it (English where the save is unreadable)."""
        if guild_id is not None:
            return
        words = Words(language)
        await self.bot.get_partial_messageable(channel_id).send(
            words(
                text(
                    "⚠️ Your {game} game could not be restored after the bot restarted (its saved "
                    "state was damaged), so it was closed and not counted. Sorry! Start a new one "
                    "with `{command}`.",
                    game=self.kind.title,
                    command=self.kind.command,
                )
            )
        )

    async def server_left(self, session: SoloSession) -> None:
        """A game of a server that removed the bot was closed uncounted: its player is told in a
        DM (the thread or channel it was in is out of their reach, and of the bot's), in the
        language saved with it, and where to start another."""
        words = Words(session.language)
        said = text(
            "I was removed from the server where your {game} game was, so that game was closed without "
            "being counted. Start a new one here with `{command}`.",
            game=self.kind.title,
            command=self.kind.command,
        )
        try:
            user = self.bot.get_user(session.user_id) or await self.bot.fetch_user(session.user_id)
            await user.send(words(said))
        except discord.HTTPException as error:  # DMs closed, or the player gone from Discord
            log.info("could not tell the player of solo game %s that it closed: %s", session.game_id, error)


def _no_note(session: SoloSession) -> str:
    return ""


def stats_lines(rows: tuple[SoloStats, ...], label: LabelOf, words: Words = ENGLISH) -> list[str]:
    """One line per variant: games, wins (and their share), streaks; in `words`."""
    return [
        words(
            text(
                "**{variant}**: {games} · {wins} ({rate}) · streak {streak} · best streak {best}",
                variant=label(s.variant),
                games=games(s.games),
                wins=wins(s.wins),
                rate=Percent(s.win_rate),  # 199 wins in 200 is not 100%
                streak=s.current_streak,
                best=s.best_streak,
            )
        )
        for s in rows
    ]


def result_said(session: SoloSession) -> Text | str:
    """The end of a game and what it did to the player's streak."""
    stats = session.stats
    if stats is None:
        return ""
    if session.won:
        return text(
            "🔥 Win streak: **{current}** (best {best}).",
            current=stats.current_streak,
            best=stats.best_streak,
        )
    return text(
        "Streak reset. Best streak: {best} · {wins}/{games} won.",
        best=stats.best_streak,
        wins=stats.wins,
        games=stats.games,
    )


def result_line(session: SoloSession, words: Words = ENGLISH) -> str:
    """`result_said` in `words` (English by default)."""
    return words(result_said(session))
