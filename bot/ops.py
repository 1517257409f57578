"""What an operator watches: a health check and Prometheus metrics, served over HTTP.

Off unless METRICS_PORT is set. `/healthz` answers 200 once the bot is connected and has restored
its games (503 before: a load balancer or an orchestrator waits for it); `/metrics` is Prometheus'
text format. The counters are the process's (a process is one bot); what is counted at the time of
a scrape (open tables, gateway latency per shard) is read from the bot then, so nothing polls.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from dataclasses import dataclass

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST
from prometheus_client import REGISTRY
from prometheus_client import CollectorRegistry
from prometheus_client import Counter
from prometheus_client import Histogram
from prometheus_client import generate_latest
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.core import Metric
from prometheus_client.registry import Collector

log = logging.getLogger(__name__)

INTERACTIONS = Counter(
    "unobot_interactions",
    "Interactions handled, by kind (command, button, select) and outcome (ok, refused, error).",
    ["kind", "outcome"],
)
HANDLING_SECONDS = Histogram(
    "unobot_interaction_handling_seconds",
    "Time from an interaction's arrival to the end of its handling, by kind.",
    ["kind"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
STORE_ERRORS = Counter("unobot_store_errors", "Saves of a running game that failed in the store.")
STORE_CONFLICTS = Counter(
    "unobot_store_conflicts",
    "Saves refused because another process had saved a newer move of the game first.",
)


class PortUnavailable(Exception):
    """The health server could not listen where it was told (a port another program holds, an
    address this host does not have): raised from `OpsServer.start`, naming where."""

    def __init__(self, host: str, port: int, error: OSError) -> None:
        self.host, self.port = host, port
        super().__init__(error.strerror or str(error))


@dataclass(frozen=True, slots=True)
class Readings:
    """What the bot is asked at each scrape."""

    open_tables: Callable[[], int]
    solo_games: Callable[[], int]
    gateway_latencies: Callable[[], Iterable[tuple[int, float]]]  # (shard id, seconds)
    ready: Callable[[], bool]


class _BotCollector(Collector):
    def __init__(self, readings: Readings) -> None:
        self.readings = readings

    def collect(self) -> Iterator[Metric]:
        readings = self.readings
        yield GaugeMetricFamily(
            "unobot_open_tables", "UNO tables open (lobbies and games).", value=readings.open_tables()
        )
        yield GaugeMetricFamily("unobot_solo_games", "Solo games in progress.", value=readings.solo_games())
        latency = GaugeMetricFamily(
            "unobot_gateway_latency_seconds", "Heartbeat latency of each shard's gateway.", labels=["shard"]
        )
        for shard, seconds in self.readings.gateway_latencies():
            if seconds == seconds and seconds != float("inf"):  # a shard not yet connected has none
                latency.add_metric([str(shard)], seconds)
        yield latency


class OpsServer:
    """The HTTP endpoints; `start` binds them, `port` is the port bound (useful with port 0)."""

    def __init__(self, readings: Readings) -> None:
        self.readings = readings
        self._bot_registry = CollectorRegistry()
        self._bot_registry.register(_BotCollector(readings))
        self._runner: web.AppRunner | None = None
        self.port: int | None = None

    async def start(self, host: str, port: int) -> None:
        app = web.Application()
        app.router.add_get("/healthz", self._health)
        app.router.add_get("/metrics", self._metrics)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        try:
            await site.start()
        except OSError as error:
            # An OSError of our own: left as it was, it read as "Could not reach Discord".
            await self.stop()
            raise PortUnavailable(host, port, error) from error
        server = site._server  # aiohttp keeps the bound socket here; its port answers port 0
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        log.info("health and metrics on http://%s:%s/healthz and /metrics", host, self.port)

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def _health(self, request: web.Request) -> web.Response:
        if self.readings.ready():
            return web.json_response({"status": "ready"})
        return web.json_response({"status": "starting"}, status=503)

    async def _metrics(self, request: web.Request) -> web.Response:
        body = generate_latest(REGISTRY) + generate_latest(self._bot_registry)
        return web.Response(body=body, headers={"Content-Type": CONTENT_TYPE_LATEST})
