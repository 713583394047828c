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
# On a Raspberry Pi where PyPI has no real lgpio wheel (Python 3.13 and later, or a
# 32-bit system), the pin library comes from Raspberry Pi OS's python3-lgpio; the environment
# must then see the system's packages.  Elsewhere it stays sealed off.
uses_system_lgpio() {
    [ "$(uname -s)" = Linux ] || return 1
    if [ "${COMPANION_SYSTEM_LGPIO:-}" != 1 ]; then
        grep -qa "Raspberry Pi" /proc/device-tree/model 2>/dev/null || return 1
    fi
    "$PYTHON" -c 'import platform, sys
sys.exit(0 if platform.machine() != "aarch64" or sys.version_info >= (3, 13) else 1)'
}
VENV_FLAGS=()
if uses_system_lgpio; then VENV_FLAGS=(--system-site-packages); fi
if [ ! -x "$VENV/bin/python" ] || { [ ${#VENV_FLAGS[@]} -gt 0 ] \
        && ! grep -q "include-system-site-packages = true" "$VENV/pyvenv.cfg"; }; then
    echo "Creating the virtual environment in $VENV ${VENV_FLAGS[*]:-}..."
    if ! "$PYTHON" -m venv "${VENV_FLAGS[@]}" "$VENV"; then
        echo "Could not create a virtual environment. On Debian or Raspberry Pi OS run:" >&2
        echo "    sudo apt install python3-venv" >&2
        exit 1
    fi
fi
VENV_PYTHON="$VENV/bin/python"
if [ ${#VENV_FLAGS[@]} -gt 0 ] && ! "$VENV_PYTHON" -c 'import lgpio' 2>/dev/null; then
    echo "GPIO buttons need the pin library from the system: sudo apt install python3-lgpio" >&2
    echo "(the app still starts; touch and the USB button box work without it)" >&2
fi
# One stamp per pyproject.toml and kind of install.  The test install is the app's plus
# the test tools, so it serves ./run-app too: ./run-app after ./run-tests never installs
# again (a café Pi is often offline once set up).
SUM="$(cksum < "$ROOT/pyproject.toml" | cut -d' ' -f1)"
STAMP="$VENV/.installed-$SUM-$1"
if [ "$1" = app ] && [ -f "$VENV/.installed-$SUM-test" ]; then
    STAMP="$VENV/.installed-$SUM-test"
fi
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
