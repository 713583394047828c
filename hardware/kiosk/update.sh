#!/usr/bin/env bash
# Bring a kiosk up to date: new code, then what it needs, then a restart.
#
#   hardware/kiosk/update.sh [--no-pull] [--no-restart]
#
# Run it as the account the kiosk runs as (not with sudo); it asks for sudo only to
# restart the console service.  The service itself never installs anything when it
# starts, so a table never waits on the network at boot.  See docs/kiosk.md.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
PULL=1
RESTART=1
while [ $# -gt 0 ]; do
    case "$1" in
        --no-pull) PULL=0; shift ;;
        --no-restart) RESTART=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "update.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done

cd "$ROOT"
if [ "$PULL" = 1 ]; then
    echo "==> New code (git pull --ff-only)"
    git pull --ff-only
fi
echo "==> What the app needs (installs only what changed)"
# shellcheck source=../../scripts/bootstrap.sh
source "$ROOT/scripts/bootstrap.sh" app
"$VENV_PYTHON" -m companion --help >/dev/null

if [ "$RESTART" = 1 ]; then
    if systemctl is-enabled --quiet table-companion.service 2>/dev/null; then
        echo "==> Restarting table-companion.service"
        sudo systemctl restart table-companion.service
    elif systemctl --user is-enabled --quiet table-companion-desktop.service 2>/dev/null \
        || [ -f "$HOME/.config/systemd/user/table-companion-desktop.service" ]; then
        echo "==> Restarting table-companion-desktop.service"
        systemctl --user daemon-reload
        systemctl --user restart table-companion-desktop.service
    else
        echo "==> No kiosk service installed here; nothing to restart."
    fi
fi
echo "==> Up to date."
