"""The common messages (boards, stats, refusals) within Discord's limits in every language: the
longest translation is the one that breaks a limit, so each is rendered in each language."""

from __future__ import annotations

import pytest

from bot.i18n.catalogue import LANGUAGES
from bot.i18n.catalogue import SOURCE
from bot.i18n.counts import games
from bot.i18n.counts import points
from bot.i18n.counts import wins
from bot.i18n.text import Lines
from bot.i18n.text import Percent
from bot.i18n.text import text
from bot.i18n.words import Words
from cogs import limits
from cogs.guards import CreatedTooSoon
from cogs.stats.cog import GAMES
from cogs.stats.cog import METRIC_TITLES
from cogs.stats.cog import NEXT
from cogs.stats.cog import PREVIOUS
from cogs.stats.cog import THIS_SERVER
from cogs.threads import CREATE_PRIVATE_THREADS
from cogs.threads import SEND_MESSAGES_IN_THREADS
from cogs.threads import VIEW_CHANNEL
from cogs.threads import permissions_refusal

LONGEST_NAME = "W" * 32  # Discord's longest display name


@pytest.mark.parametrize("language", (SOURCE, *LANGUAGES))
def test_a_full_leaderboard_page_fits_an_embed(language: str) -> None:
    words = Words(language)
    title = text(
        "{game} leaderboard: {metric} ({scope})",
        game=GAMES["uno_vs_hard"],
        metric=METRIC_TITLES["win_rate"],
        scope=THIS_SERVER,
    )
    rows = Lines(
        tuple(
            text(
                "**{rank}.** {name}: {wins} · {points} pts · {games} · {rate}",
                rank=rank,
                name=LONGEST_NAME,
                wins=wins(99_999),
                points=99_999_999,
                games=games(99_999),
                rate=Percent(0.999),
            )
            for rank in range(1, 11)
        )
    )
    assert len(words(title)) <= limits.EMBED_TITLE
    assert len(words(rows)) <= limits.EMBED_DESCRIPTION
    assert len(words(points(99_999_999))) <= limits.EMBED_FIELD_VALUE
    assert max(len(words(NEXT)), len(words(PREVIOUS))) <= limits.BUTTON_LABEL


@pytest.mark.parametrize("language", (SOURCE, *LANGUAGES))
def test_refusals_fit_a_message(language: str) -> None:
    words = Words(language)
    refusal = permissions_refusal([VIEW_CHANNEL, CREATE_PRIVATE_THREADS, SEND_MESSAGES_IN_THREADS])
    shown = words(refusal)
    assert len(shown) <= limits.MESSAGE
    if language != SOURCE:
        assert "View Channel" not in shown, "Discord's permission names in the reader's language"
    cooldown = CreatedTooSoon("leaderboard", 86_400).said
    assert len(words(cooldown)) <= limits.MESSAGE
