# The install ./start.sh and ./test.sh share (sourced, not run): `install_venv NAME TARGET` makes
# .venv and installs the project as TARGET ('.', '.[dev]', '.[demo]'), again only when
# pyproject.toml changed; each NAME keeps its own stamp, so switching between them reinstalls
# only after a change.
#
# The bot needs Python 3.11 or newer (pyproject.toml). A .venv it cannot use is made again: one
# made by an older Python (pip then refused the project, and kept refusing once a newer Python was
# installed), or one without pip that ensurepip cannot mend: `python3 -m venv` on a system without
# ensurepip (Debian's python3-venv) leaves such a .venv, and every later run failed on "No module
# named pip".
python_fits() {
  "$1" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null
}

install_venv() {
  local name=$1 target=$2 python=${PYTHON:-python3} stamp
  stamp=.venv/.installed-$name-$(sha1sum pyproject.toml | cut -c1-12)
  if [ -f "$stamp" ]; then
    return 0
  fi
  if [ -e .venv ] && ! python_fits .venv/bin/python; then
    echo "The .venv folder was made by a Python older than 3.11 (or is broken): making it again."
    rm -rf .venv
  elif [ -e .venv ] && ! .venv/bin/python -m pip --version >/dev/null 2>&1 \
      && ! .venv/bin/python -m ensurepip --default-pip >/dev/null 2>&1; then
    echo "The .venv folder has no pip: making it again."
    rm -rf .venv
  fi
  if [ ! -x .venv/bin/python ]; then
    if ! python_fits "$python"; then
      echo "The bot needs Python 3.11 or newer; $python is $("$python" --version 2>&1 || echo "not found")." >&2
      echo "Install one, then run again, naming it if it is not python3: PYTHON=python3.12 $0" >&2
      return 1
    fi
    if ! "$python" -m venv .venv; then
      rm -rf .venv  # half made: the next run starts again
      echo "Could not make .venv with $python (on Debian or Ubuntu: sudo apt install python3-venv)." >&2
      return 1
    fi
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
