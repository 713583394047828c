#!/usr/bin/env bash
# Start Table Companion as a kiosk: screen kept awake, no cursor, full screen.
# Run by the systemd units in this folder.  COMPANION_DISPLAY chooses how to draw:
#   kms      the Linux console, straight to the screen (no X or Wayland running)
#   desktop  inside an X11 or Wayland session
#   auto     desktop if DISPLAY or WAYLAND_DISPLAY is set, else kms (the default)
set -u
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
MODE="${COMPANION_DISPLAY:-auto}"
if [ "$MODE" = auto ]; then
    if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then MODE=desktop; else MODE=kms; fi
fi

# SDL must not let the screensaver run while the app is up (this is SDL's default,
# stated here so nobody turns it on by accident).
export SDL_VIDEO_ALLOW_SCREENSAVER=0
export COMPANION_KIOSK=1

keep_console_awake() {
    # Console blanking off for this tty (the kernel's consoleblank=0 does it for good).
    if command -v setterm >/dev/null 2>&1 && [ -t 0 ]; then
        setterm --blank 0 --powerdown 0 --cursor off >/dev/null 2>&1 || true
    fi
}

keep_desktop_awake() {
    # X11: no screensaver, no blanking, no DPMS power-down.
    if [ -n "${DISPLAY:-}" ] && command -v xset >/dev/null 2>&1; then
        xset s off >/dev/null 2>&1 || true
        xset s noblank >/dev/null 2>&1 || true
        xset -dpms >/dev/null 2>&1 || true
    fi
    # Wayland compositors: turn the outputs back on if an idle daemon switched them off.
    if [ -n "${WAYLAND_DISPLAY:-}" ] && command -v wlopm >/dev/null 2>&1; then
        wlopm --on '*' >/dev/null 2>&1 || true
    fi
}

case "$MODE" in
    kms)
        export SDL_VIDEODRIVER=kmsdrm
        keep_console_awake
        ;;
    desktop)
        unset SDL_VIDEODRIVER
        keep_desktop_awake
        ;;
    *)
        echo "start-kiosk.sh: unknown COMPANION_DISPLAY=$MODE (kms, desktop or auto)" >&2
        exit 2
        ;;
esac

# Start what is installed; never install at boot.  Updates are a separate step:
# hardware/kiosk/update.sh (see docs/kiosk.md).  exec keeps the app the service's
# main process, so its READY=1 and watchdog pings reach systemd.
PYTHON="${COMPANION_VENV:-$ROOT/.venv}/bin/python"
if [ ! -x "$PYTHON" ]; then
    echo "start-kiosk.sh: no Python environment at $PYTHON; run hardware/kiosk/update.sh once" >&2
    exit 1
fi
exec "$PYTHON" -m companion --fullscreen --kiosk "$@"
