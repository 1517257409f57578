# syntax=docker/dockerfile:1
# Build stage: install the bot and its dependencies into a virtual environment.
FROM python:3.11-slim AS build
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_CACHE_DIR=1
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py compile_engine.py README.md LICENSE ./
COPY bot ./bot
COPY cogs ./cogs
# The UNO rules engine is compiled with mypyc (compile_engine.py): the bot runs it as native code.
# mypy is needed only to build, so it leaves the environment afterwards.
RUN python -m venv /opt/venv \
    && /opt/venv/bin/pip install "setuptools>=77" "mypy>=1.10,<3" \
    && UNO_BOT_COMPILE=1 /opt/venv/bin/pip install --no-build-isolation . \
    && /opt/venv/bin/pip uninstall -y mypy \
    && /opt/venv/bin/python -c "import bot.games.uno.game as g; assert g.__file__.endswith('.so'), g.__file__"

# Run stage: the virtual environment only, run by an unprivileged user.
FROM python:3.11-slim
ENV PATH=/opt/venv/bin:$PATH PYTHONUNBUFFERED=1 PYTHONDONTWRITEBYTECODE=1
RUN useradd --create-home --uid 10001 unobot
COPY --from=build /opt/venv /opt/venv
WORKDIR /app
COPY alembic.ini ./
RUN mkdir -p /app/data && chown unobot:unobot /app/data
USER unobot
# Scores and running games (SQLite by default) live here: mount a volume to keep them.
VOLUME ["/app/data"]
CMD ["python", "-m", "bot"]
