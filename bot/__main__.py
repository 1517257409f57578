"""`python -m bot`: start the bot, or `python -m bot demo` for the offline browser demo."""

from __future__ import annotations

import argparse
import os
import sys

from pydantic import ValidationError

from bot.settings import Settings

NO_TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

To run it on Discord:
  1. Create an application and a bot at https://discord.com/developers/applications
  2. Copy the bot's token into a file named .env beside README.md:
         cp .env.example .env      # then edit DISCORD_TOKEN=...
  3. Invite the bot with the scopes "bot" and "applications.commands" and the permissions
     View Channels, Send Messages, Send Messages in Threads, Embed Links, Attach Files,
     Create Public Threads and Create Private Threads (README.md, "Inviting the bot"; the bot
     logs its invite link when it starts).
  4. Run ./start.sh again.

To try it without Discord, run the offline demo (the real bot against a simulated Discord,
in your browser):
  ./start.sh demo
"""

# The Docker image sets this (Dockerfile): there the token comes from the container's environment,
# and the image holds neither ./start.sh nor the demo's simulated Discord.
IN_IMAGE = "UNOBOT_IN_DOCKER"

NO_TOKEN_HELP_IN_IMAGE = """\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

This is the bot's Docker image: it reads its settings from the container's environment.
  1. Create an application and a bot at https://discord.com/developers/applications
  2. Copy the bot's token into a file named .env beside docker-compose.yml:
         cp .env.example .env      # then edit DISCORD_TOKEN=...
  3. Invite the bot with the scopes "bot" and "applications.commands" and the permissions
     View Channels, Send Messages, Send Messages in Threads, Embed Links, Attach Files,
     Create Public Threads and Create Private Threads (the README's "Inviting the bot"; the
     bot logs its invite link when it starts).
  4. Start it again with that environment:
         docker compose up --build
     or, for one container:
         docker run --env-file .env -v unobot-data:/app/data unobot

The offline demo is not in the image: run ./start.sh demo in a checkout of the source.
"""


def no_token_help() -> str:
    """What to do without a token, where the bot runs: the Docker image or a checkout."""
    return NO_TOKEN_HELP_IN_IMAGE if os.environ.get(IN_IMAGE) else NO_TOKEN_HELP


def settings_problem(error: ValidationError) -> str:
    """What is wrong with the settings, a line for each, named as in .env. Never the values given:
    DISCORD_TOKEN is one of them, and a model check (SHARD_IDS without SHARD_COUNT) would print
    them all."""
    lines = ["A setting in .env (or the environment) is not valid:"]
    for problem in error.errors(include_url=False, include_input=False):
        name = ".".join(str(part) for part in problem["loc"]).upper()
        message = problem["msg"].removeprefix("Value error, ")
        lines.append(f"  {name}: {message}" if name else f"  {message}")
    lines.append("Each setting is described in .env.example.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot", description="The UNO bot for Discord.")
    parser.add_argument(
        "command",
        nargs="?",
        default="run",
        choices=["run", "demo", "catalogue"],
        help="run: log in to Discord (default); demo: offline, in your browser; "
        "catalogue: update the translation catalogues from the code",
    )
    args = parser.parse_args(argv)
    if args.command == "catalogue":
        from bot.app import write_catalogues

        return write_catalogues()
    try:
        settings = Settings()
    except ValidationError as error:
        print(settings_problem(error), file=sys.stderr)
        return 2
    if args.command == "demo":
        from bot.demo import main as demo_main

        return demo_main(settings)
    if not settings.discord_token:
        print(no_token_help(), file=sys.stderr)
        return 2
    from bot.app import run

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
