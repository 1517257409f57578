"""Finds English in what the bot sent to a server and players who read other languages.

Every REST request the bot makes is kept by SimCord (`env.http_requests`): what it posts, edits,
answers, the threads it names, the choices it offers. `said_to_players` takes every string a
person can read out of them (message content, embeds, buttons, selects, modals, alt text, thread
names, autocomplete choices); `english_in` points at those that hold an English sentence of the
catalogues (one the languages read translate otherwise) or an English word none of them uses.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.i18n.words import message_domains

# What a person reads, by key: an embed's and a message's words, a control's label, a select's
# placeholder and options, a modal's title, an attachment's alt text, a thread's name.
_READ = {"content", "title", "description", "name", "value", "text", "label", "placeholder"}
# Keys whose strings nobody reads as words: ids, addresses, what a control sends back.
_NOT_READ = {"custom_id", "url", "proxy_url", "icon_url", "filename", "emoji", "id", "allowed_mentions"}


@dataclass(frozen=True)
class Said:
    """One string the bot sent, with the request it went out in."""

    words: str
    where: str


def said_to_players(requests: Iterable[Any]) -> list[Said]:
    """Every string of the bot's requests that a person reads (commands' registration aside:
    each client shows its own language's names from it)."""
    found: list[Said] = []
    for request in requests:
        if request.json is None or "/commands" in request.path:
            continue
        where = f"{request.method} {request.path}"
        found += [Said(words, where) for words in _strings(request.json)]
    return found


def _strings(value: Any, key: str = "") -> Iterator[str]:
    if isinstance(value, dict):
        # A select's option and an autocomplete's choice send back their `value`: not read.
        sends_back = "label" in value or key == "choices"
        for name, inner in value.items():
            if name in _NOT_READ or (name == "value" and sends_back):
                continue
            yield from _strings(inner, name)
    elif isinstance(value, list):
        for inner in value:
            yield from _strings(inner, key)
    elif isinstance(value, str) and key in _READ and value.strip():
        yield value


# What is no word of any language: mentions, channels, times, custom emoji, code, links, a word
# cut short to fit a picture ("Computer 2 (nor…"), and letters run together with digits: a game's
# random id ("c67be38c" holds no English "be") or a card code ("R5").
_MARKUP = re.compile(r"<[@#:t/a][^>]*>|`[^`]*`|https?://\S+|\{[^{}]*\}|[^\W\d_]+…|\b\w*\d\w*\b")
# A word of two letters or more: a card's rank letter (`Q♣`) is no English.
_WORD = re.compile(r"[^\W\d_]{2,}(?:'[^\W\d_]+)?")


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(_MARKUP.sub(" ", text))}


def _forms(string: Any) -> tuple[str, ...]:
    if not string:
        return ()
    return (string,) if isinstance(string, str) else tuple(s for s in string if s)


@cache
def _catalogue(languages: tuple[str, ...]) -> tuple[dict[str, str], frozenset[str]]:
    """English fragments (a run of words between a sentence's fields) that no translation into
    `languages` keeps, each with its msgid; and the words English uses that none of them does."""
    fragments: dict[str, str] = {}
    english: set[str] = set()
    theirs: set[str] = set()
    # Not the commands' catalogue: its descriptions hold option values as typed ("z. B. easy/uno").
    for domain in message_domains():
        for message in domain.template:
            if not message.id:
                continue
            ids = _forms(message.id)
            translations = [
                forms
                for language in languages
                if (found := domain.catalogues[language].get(message.id, context=message.context))
                and (forms := _forms(found.string))
            ]
            theirs |= {word for forms in translations for form in forms for word in _words(form)}
            for msgid in ids:
                english |= _words(msgid)
                for fragment in re.split(r"\{[^{}]*\}|`[^`]*`|\*\*|\n|[()\[\]:;]", msgid):
                    fragment = fragment.strip(" ,.!?-\u2014\u2013")
                    if len(fragment.split()) < 3 or not re.search("[a-z]", fragment):
                        continue
                    if translations and all(
                        all(fragment not in form for form in forms) for forms in translations
                    ):
                        fragments.setdefault(fragment, msgid)
    return fragments, frozenset(english - theirs)


def english_in(said: Iterable[Said], languages: tuple[str, ...], *, names: Iterable[str] = ()) -> list[str]:
    """What of `said` reads as English to people who read `languages`: an English sentence of
    the catalogues, or an English word; `names` (players', servers') are no words."""
    fragments, english = _catalogue(tuple(sorted(languages)))
    allowed = set().union(*(_words(name) for name in names)) if names else set()
    found: dict[str, str] = {}  # each English sentence or word once, with where it was first seen
    for item in said:
        for fragment, msgid in fragments.items():
            if fragment in item.words:
                found.setdefault(msgid, f"{item.where}: {item.words!r} says {msgid!r}")
                break
        else:
            stray = " ".join(sorted((_words(item.words) & english) - allowed))
            if stray:
                found.setdefault(stray, f"{item.where}: {item.words!r} has English {stray!r}")
    return list(found.values())
