# Shared set-up for ./run-app and ./run-tests: make .venv and install the project into it.
# Sourced, not run: leaves $VENV_PYTHON pointing at the environment's interpreter.
set -eu
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${COMPANION_VENV:-$ROOT/.venv}"
PYTHON="${PYTHON:-python3}"

if ! command -v "$PYTHON" >/dev/null 2>&1; then
    echo "Table Companion needs Python 3.11 or newer: sudo apt install python3" >&2
    exit 1
fi
if ! "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
    echo "Table Companion needs Python 3.11 or newer; $("$PYTHON" --version) was found." >&2
    exit 1
fi
if [ ! -x "$VENV/bin/python" ]; then
    echo "Creating the virtual environment in $VENV ..."
    if ! "$PYTHON" -m venv "$VENV"; then
        echo "Could not create a virtual environment. On Debian or Raspberry Pi OS run:" >&2
        echo "    sudo apt install python3-venv" >&2
        exit 1
    fi
fi
VENV_PYTHON="$VENV/bin/python"
STAMP="$VENV/.installed-$(cksum < "$ROOT/pyproject.toml" | cut -d' ' -f1)-$1"
if [ ! -f "$STAMP" ]; then
    echo "Installing Table Companion and what it needs ..."
    "$VENV_PYTHON" -m pip install --quiet --upgrade pip
    if [ "$1" = test ]; then
        "$VENV_PYTHON" -m pip install --quiet -e "$ROOT[test]"
    else
        "$VENV_PYTHON" -m pip install --quiet -e "$ROOT"
    fi
    rm -f "$VENV"/.installed-*
    touch "$STAMP"
fi
