"""Discord only: slash commands, components and presenters. Rules live in bot.games."""
