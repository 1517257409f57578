"""`python -m bot`: start the bot, or `python -m bot demo` for the offline browser demo."""

from __future__ import annotations

import argparse
import sys

from pydantic import ValidationError

from bot.settings import Settings

NO_TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

To run it on Discord:
  1. Create an application and a bot at https://discord.com/developers/applications
  2. Copy the bot's token into a file named .env beside README.md:
         cp .env.example .env      # then edit DISCORD_TOKEN=...
  3. Invite the bot with the scopes "bot" and "applications.commands".
  4. Run ./start.sh again.

To try it without Discord, run the offline demo (the real bot against a simulated Discord,
in your browser):
  ./start.sh demo
"""


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
        print(NO_TOKEN_HELP, file=sys.stderr)
        return 2
    from bot.app import run

    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
