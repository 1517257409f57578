"""`/help [topic]`: the overview, or one game's page (or the server admins'), answered privately
in servers and DMs alike."""

from __future__ import annotations

from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from cogs.help.pages import ADMIN
from cogs.help.pages import FLOOD
from cogs.help.pages import PUZZLE
from cogs.help.pages import SOLITAIRE
from cogs.help.pages import UNO
from cogs.help.render import help_embed
from cogs.help.render import mentions_of
from cogs.language import private_words
from cogs.replies import Interaction

if TYPE_CHECKING:
    from bot.app import UnoBot

TOPIC_CHOICES = [
    app_commands.Choice(name="UNO tables", value=UNO),
    app_commands.Choice(name="Survive the Flood", value=FLOOD),
    app_commands.Choice(name="UNO Solitaire", value=SOLITAIRE),
    app_commands.Choice(name="Puzzles", value=PUZZLE),
    app_commands.Choice(name="Server admins: settings and permissions", value=ADMIN),
]


class HelpCog(commands.Cog, name="Help"):
    def __init__(self, bot: UnoBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description="What the bot plays and how to start (only you see it)")
    @app_commands.describe(topic="One game, or the server admins' page, in more detail")
    @app_commands.choices(topic=TOPIC_CHOICES)
    @app_commands.allowed_contexts(guilds=True, dms=True)
    async def show_help(self, interaction: Interaction, topic: str | None = None) -> None:
        paths = (
            c.qualified_name for c in self.bot.tree.walk_commands() if isinstance(c, app_commands.Command)
        )
        embed = help_embed(topic, private_words(interaction), mentions_of(paths, self.bot.command_ids))
        await interaction.response.send_message(embed=embed, ephemeral=True)
