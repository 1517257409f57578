"""The demo's clock and the page's clicks take turns (issue 14, item 1): a player clicking steadily
in the browser never meets the clock's tick, so neither the demo nor the click dies; and a player
who looks at the page a few seconds before clicking is not refused for a page the clock republished
while nothing changed (the page does not retry a refused click: "Action was not completed")."""

from __future__ import annotations

import asyncio
import json
import logging
import re
from datetime import datetime
from typing import Any

import aiohttp

from bot.demo import demo_settings
from bot.demo import run_demo
from bot.demo import setup_demo_logging
from bot.logs import QUIET_LIBRARIES
from bot.settings import Settings

TICKS = 12
# The demo's clock ticks each second; here each quarter second, which the clock's turns with the
# clicks do not depend on (and the tests wait a quarter as long).
TICK = 0.25


async def _start_demo(ticks: int) -> tuple[asyncio.Task[str], str, str]:
    """The demo, running for `ticks` ticks, and its page's address: base URL and capability."""
    ready: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    settings = demo_settings(Settings(_env_file=None))  # type: ignore[call-arg]
    demo = asyncio.create_task(run_demo(settings, ticks=ticks, tick_seconds=TICK, on_ready=ready.set_result))
    base, capability = (await asyncio.wait_for(ready, 30)).split("/#")
    return demo, base, capability


async def _open_page(http: aiohttp.ClientSession, base: str, capability: str) -> Any:
    """A new page on the demo, as a browser tab opens one: its first publication."""
    opened = await http.post(f"{base}/api/pages", json={}, headers={"X-Simcord-Capability": capability})
    return await opened.json()


async def _click_rules_for(
    seconds: float, base: str, capability: str, *, pause: float = 0.0
) -> list[tuple[int, Any]]:
    """Press the lobby's Rules button through the preview page's own HTTP API, one click after
    the other (`pause` seconds apart), for `seconds`; returns each click's HTTP status and answer.
    Like the page, it clicks on the publication it last read and does not retry a refused click."""
    until = asyncio.get_running_loop().time() + seconds
    answers: list[tuple[int, Any]] = []
    async with aiohttp.ClientSession() as http:
        page = await _open_page(http, base, capability)
        headers = {"X-Simcord-Capability": capability, "X-Simcord-Context": page["context"]["id"]}
        lobby = page["messages"][page["timeline"][-1]]
        rules = next(b for row in lobby["components"] for b in row["components"] if b["label"] == "Rules")
        revision = page["publishedRevision"]
        sequence = 0
        while asyncio.get_running_loop().time() < until:
            await asyncio.sleep(pause)
            sequence += 1
            body = {
                "protocol_version": 3,
                "kind": "click",
                "sequence": sequence,
                "request_id": f"click-{sequence}",
                "generation": page["context"]["generation"],
                "bot_generation": page["botGeneration"],
                "published_revision": revision,
                "target_id": lobby["id"],
                "control_key": rules["control_key"],
            }
            response = await http.post(f"{base}/api/action", json=body, headers=headers)
            answer = await response.json()
            answers.append((response.status, answer))
            if response.status != 200 or answer.get("rejected"):
                break
            revision = answer.get("revision", revision)
    return answers


def _code(answer: Any) -> str | None:
    diagnostics = answer.get("diagnostics") or [answer.get("error") or {}]
    return next((d.get("code") for d in diagnostics if d.get("code")), None)


async def _clicks_during_the_demo(pause: float) -> list[tuple[int, Any]]:
    demo, base, capability = await _start_demo(TICKS)
    # The clicks stop 1.5 s before the demo does, so that the last one is answered.
    answers = await _click_rules_for(TICKS * TICK - 1.5, base, capability, pause=pause)
    await demo  # re-raises what killed the clock, if anything did
    refused = [(status, _code(a)) for status, a in answers if status != 200 or a.get("rejected")]
    assert refused == []
    assert all(a["dispatch"] == "dispatched" and a["settlement"] == "settled" for _, a in answers)
    return answers


async def test_clicking_steadily_never_overlaps_the_demo_clock() -> None:
    answers = await _clicks_during_the_demo(pause=0.0)
    # Clicks ran across several ticks of the clock (they click for six).
    assert len(answers) > 3


async def test_a_click_after_looking_for_a_few_seconds_is_taken() -> None:
    # Two ticks of the clock pass between clicks, and nothing happens in the lobby meanwhile.
    answers = await _clicks_during_the_demo(pause=2.2 * TICK)
    assert len(answers) >= 2


def test_the_demo_at_debug_keeps_the_libraries_at_info() -> None:
    saved = {name: logging.getLogger(name).level for name in ("", *QUIET_LIBRARIES)}
    try:
        setup_demo_logging("DEBUG")
        assert logging.getLogger().getEffectiveLevel() == logging.DEBUG
        for name in QUIET_LIBRARIES:
            assert logging.getLogger(name).getEffectiveLevel() >= logging.INFO, name
        # aiosqlite logs each statement it runs (a saved hand among them) at DEBUG.
        assert not logging.getLogger("aiosqlite").isEnabledFor(logging.DEBUG)
    finally:
        for name, level in saved.items():
            logging.getLogger(name).setLevel(level)


async def test_the_demo_table_gives_each_turn_five_minutes() -> None:
    # One person plays all three seats, switching between them: 60 s turns ran out while they looked.
    demo, base, capability = await _start_demo(2)
    async with aiohttp.ClientSession() as http:
        page = await _open_page(http, base, capability)
    await demo
    lobby = page["messages"][page["timeline"][-1]]
    fields = {f["name"]: f["value"] for embed in lobby["embeds"] for f in embed["fields"]}
    assert fields["Turn timer"] == "300 s"


class _Page:
    """One tab of the demo's page, driven through the page's own HTTP API as the browser does."""

    def __init__(self, http: aiohttp.ClientSession, base: str, capability: str, state: Any) -> None:
        self.http, self.base, self.state, self.sequence = http, base, state, 0
        self.headers = {"X-Simcord-Capability": capability, "X-Simcord-Context": state["context"]["id"]}
        self.viewers = {v["username"]: v["id"] for v in state["viewers"]}

    async def act(self, kind: str, **fields: Any) -> Any:
        self.sequence += 1
        body = {
            "protocol_version": 3,
            "kind": kind,
            "sequence": self.sequence,
            "request_id": f"action-{self.sequence}",
            "generation": self.state["context"]["generation"],
            "bot_generation": self.state["botGeneration"],
            "published_revision": self.state["publishedRevision"],
            **fields,
        }
        posted = await self.http.post(f"{self.base}/api/action", json=body, headers=self.headers)
        answer = await posted.json()
        assert not answer.get("rejected"), answer
        self.state = await (await self.http.get(f"{self.base}/api/state", headers=self.headers)).json()
        return answer

    async def click_as(self, username: str, label: str) -> None:
        await self.act("viewer", viewer_id=self.viewers[username])
        for message_id in reversed(self.state["timeline"]):
            message = self.state["messages"][message_id]
            for row in message.get("components", []):
                for button in row.get("components", []):
                    if button.get("label") == label:
                        await self.act("click", target_id=message_id, control_key=button["control_key"])
                        return
        raise AssertionError(f"no {label} button in sight of {username}")


async def test_the_turn_timer_reads_five_minutes_on_the_page() -> None:
    # The page writes "<t:deadline:R>" relative to the time of its publication: that time stayed at
    # the moment the page was opened while the players joined and started, so a five-minute turn read
    # "in 6 minutes" once half a minute had passed. The clock now moves the page's time as it ticks.
    demo, base, capability = await _start_demo(12)
    async with aiohttp.ClientSession() as http:
        page = _Page(http, base, capability, await _open_page(http, base, capability))
        await asyncio.sleep(5 * TICK)  # the players read the page before they join
        await page.click_as("bob", "Join")
        await page.click_as("carol", "Join")
        await page.click_as("alice", "Start")
    await demo
    shown_at = datetime.fromisoformat(page.state["profile"]["presentationTime"]).timestamp()
    (deadline,) = re.findall(r"<t:(\d+):R>", json.dumps(page.state["messages"]))
    # Within one tick of the clock (the deadline is written in whole seconds).
    assert 299 < int(deadline) - shown_at <= 300 + TICK
