#!/usr/bin/env bash
# Turn a Raspberry Pi (or any Debian machine) into a Table Companion kiosk.
#
#   sudo hardware/kiosk/install.sh [--mode kms|desktop] [--user NAME] [--no-pin]
#                                  [--no-boot-changes] [--dry-run] [--dest DIR]
#
#   --mode kms        no desktop: the app draws on the console via KMS/DRM (default when
#                     no desktop is installed)
#   --mode desktop    inside the desktop session (X11 or Wayland), started at log-in
#   --user NAME       the account the app runs as (default: the one that ran sudo)
#   --no-pin          do not ask for the staff PIN now; the staff menu stays closed until
#                     it is set with: python -m companion.staff_pin (the screen never
#                     offers the choice: a guest could make it)
#   --no-boot-changes leave cmdline.txt and the boot target alone
#   --dry-run         print what would be done, change nothing
#   --dest DIR        install the unit files under DIR instead of / (for packaging)
#
# Step by step, with the reasons, in docs/kiosk.md.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
HERE="$ROOT/hardware/kiosk"
MODE=""
TARGET_USER="${SUDO_USER:-}"
ASK_PIN=1
BOOT_CHANGES=1
DRY_RUN=0
DEST=""

say() { printf '==> %s\n' "$*"; }
fail() { printf 'install.sh: %s\n' "$*" >&2; exit 1; }
run() {
    if [ "$DRY_RUN" = 1 ]; then printf 'would run: %s\n' "$*"; else "$@"; fi
}

while [ $# -gt 0 ]; do
    case "$1" in
        --mode) MODE="${2:-}"; shift 2 ;;
        --user) TARGET_USER="${2:-}"; shift 2 ;;
        --no-pin) ASK_PIN=0; shift ;;
        --no-boot-changes) BOOT_CHANGES=0; shift ;;
        --dry-run) DRY_RUN=1; shift ;;
        --dest) DEST="${2:-}"; shift 2 ;;
        -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
        *) fail "unknown option $1 (see --help)" ;;
    esac
done

[ -n "$TARGET_USER" ] || fail "say which account runs the app: --user NAME"
if [ "$DRY_RUN" = 0 ] && [ -z "$DEST" ] && [ "$(id -u)" != 0 ]; then
    fail "run me with sudo (or use --dry-run)"
fi
if [ -z "$MODE" ]; then
    if systemctl get-default 2>/dev/null | grep -q graphical; then MODE=desktop; else MODE=kms; fi
fi
case "$MODE" in kms|desktop) ;; *) fail "--mode must be kms or desktop" ;; esac
HOME_DIR="$(getent passwd "$TARGET_USER" | cut -d: -f6 || true)"
[ -n "$HOME_DIR" ] || HOME_DIR="/home/$TARGET_USER"

# Device groups the app needs, where they exist: screen, GPU, touch, sound, GPIO, serial.
DEVICE_GROUPS=""
for group in video render input audio gpio dialout; do
    if getent group "$group" >/dev/null 2>&1; then DEVICE_GROUPS="$DEVICE_GROUPS $group"; fi
done
DEVICE_GROUPS="${DEVICE_GROUPS# }"

fill() {  # fill TEMPLATE > TARGET with this machine's values
    sed -e "s|@USER@|$TARGET_USER|g" -e "s|@ROOT@|$ROOT|g" -e "s|@DEVICE_GROUPS@|$DEVICE_GROUPS|g" "$1"
}

install_file() {  # install_file TEMPLATE TARGET OWNER
    local target="$DEST$2"
    if [ "$DRY_RUN" = 1 ]; then
        printf 'would write: %s\n' "$target"
        fill "$1"
        return
    fi
    mkdir -p "$(dirname "$target")"
    fill "$1" > "$target"
    if [ -z "$DEST" ] && [ "$3" != root ]; then chown "$3" "$target"; fi
}

say "Table Companion kiosk: mode $MODE, user $TARGET_USER, from $ROOT"

if [ -z "$DEST" ]; then
    say "System packages (Python venv, SDL's KMS/DRM libraries, console tools)"
    run apt-get install -y python3-venv libgbm1 libdrm2 libegl1 util-linux x11-xserver-utils
    if apt-cache show python3-lgpio >/dev/null 2>&1; then
        say "GPIO pin library (python3-lgpio)"
        run apt-get install -y python3-lgpio
    fi
    say "Device groups: $DEVICE_GROUPS"
    for group in $DEVICE_GROUPS; do run usermod -aG "$group" "$TARGET_USER"; done
    say "Python environment (first run of ./run-app)"
    run sudo -u "$TARGET_USER" -H "$ROOT/run-app" --help
fi

if [ "$MODE" = kms ]; then
    install_file "$HERE/table-companion.service" /etc/systemd/system/table-companion.service root
    if [ -z "$DEST" ]; then
        run systemctl daemon-reload
        run systemctl enable table-companion.service
    fi
else
    install_file "$HERE/table-companion-desktop.service" \
        "$HOME_DIR/.config/systemd/user/table-companion-desktop.service" "$TARGET_USER"
    install_file "$HERE/table-companion-autostart.desktop" \
        "$HOME_DIR/.config/autostart/table-companion.desktop" "$TARGET_USER"
fi

if [ -z "$DEST" ] && [ "$BOOT_CHANGES" = 1 ]; then
    CMDLINE=""
    for candidate in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
        if [ -f "$candidate" ]; then CMDLINE="$candidate"; break; fi
    done
    if [ -n "$CMDLINE" ] && ! grep -q 'consoleblank=0' "$CMDLINE"; then
        say "Console blanking off for good: consoleblank=0 in $CMDLINE (backup: $CMDLINE.bak)"
        run cp "$CMDLINE" "$CMDLINE.bak"
        run sed -i '1 s/$/ consoleblank=0/' "$CMDLINE"
    fi
    if command -v raspi-config >/dev/null 2>&1; then
        say "Screen blanking off in the desktop (raspi-config)"
        run raspi-config nonint do_blanking 1
        if [ "$MODE" = desktop ]; then
            say "Boot to the desktop, logged in as $TARGET_USER"
            run raspi-config nonint do_boot_behaviour B4
        fi
    fi
    if [ "$MODE" = kms ]; then
        say "Boot to the console (no desktop over the kiosk)"
        run systemctl set-default multi-user.target
    fi
fi

if [ -z "$DEST" ] && [ "$ASK_PIN" = 1 ]; then
    say "Choose the staff PIN (6 to 8 digits); it opens the staff menu"
    # Asked until one is set: the kiosk never lets the person at the screen choose it.
    until run sudo -u "$TARGET_USER" -H "$ROOT/.venv/bin/python" -m companion.staff_pin; do
        say "No PIN was set; try again (Ctrl+C stops the install)"
    done
fi

if [ ! -f "$HOME_DIR/.config/table-companion/hardware.toml" ]; then
    say "No buttons or lights set up: touch only. For buttons, copy config.example.toml to"
    say "$HOME_DIR/.config/table-companion/hardware.toml and switch on what is wired (docs/kiosk.md)"
fi

say "Done. Reboot to start the kiosk: sudo reboot"
