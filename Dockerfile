# syntax=docker/dockerfile:1
# Build stage: install the bot and its dependencies into a virtual environment.
FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
WORKDIR /src
COPY pyproject.toml README.md LICENSE ./
COPY bot ./bot
COPY cogs ./cogs
RUN python -m venv /opt/venv && /opt/venv/bin/pip install .

# Run stage: the virtual environment only, run by an unprivileged user.
FROM python:3.11-slim
# FriBiDi lets Pillow shape text: without it an Arabic or Hebrew player's name would be drawn as
# unjoined letters in reverse order, so the table picture leaves such letters out.
# Names in Chinese, Japanese or Korean need a font with their letters, which the bot does not ship
# (DejaVu Sans has none; without one such a name is drawn as its seat number). Add one with
#   docker build --build-arg EXTRA_PACKAGES=fonts-noto-cjk .        (about 90 MB)
#   docker build --build-arg EXTRA_PACKAGES=fonts-wqy-microhei .    (5 MB, Chinese, Japanese, Korean too)
ARG EXTRA_PACKAGES=""
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 ${EXTRA_PACKAGES} \
    && rm -rf /var/lib/apt/lists/*
# UNOBOT_IN_DOCKER: without a token, `python -m bot` says how to give this container one.
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1 UNOBOT_IN_DOCKER=1
RUN useradd --create-home --uid 10001 unobot
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY alembic.ini ./
RUN mkdir -p /app/data && chown unobot:unobot /app/data
USER unobot
# Scores and running games (SQLite by default) live here: mount a volume to keep them.
VOLUME ["/app/data"]
CMD ["python", "-m", "bot"]
