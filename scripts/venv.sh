# The install ./start.sh and ./test.sh share (sourced, not run): `install_venv NAME TARGET` makes
# .venv and installs the project as TARGET ('.', '.[dev]', '.[demo]'), again only when
# pyproject.toml changed; each NAME keeps its own stamp, so switching between them reinstalls
# only after a change.
install_venv() {
  local name=$1 target=$2
  if [ ! -x .venv/bin/python ]; then
    "${PYTHON:-python3}" -m venv .venv
  fi
  local stamp
  stamp=.venv/.installed-$name-$(sha1sum pyproject.toml | cut -c1-12)
  if [ -f "$stamp" ]; then
    return 0
  fi
  # uv installs the same pinned ranges as pip in a fraction of pip's time (CI installs everything
  # into a clean clone); pip remains the way where uv cannot be had. Unlike pip, uv leaves the
  # bytecode uncompiled unless asked, and where PYTHONDONTWRITEBYTECODE is set (as on CI's
  # machine) no import writes it either: every process (each test worker, each bot the tests
  # start) then compiled discord.py, SQLAlchemy and the rest from source, about 3 s of a core.
  if .venv/bin/python -m pip install --quiet 'uv>=0.9,<1' \
      && .venv/bin/uv pip install --quiet --compile-bytecode --python .venv/bin/python -e "$target"; then
    :
  else
    echo "uv could not install the project: installing with pip."
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -e "$target"
  fi
  rm -f .venv/.installed-"$name"-*
  touch "$stamp"
}
