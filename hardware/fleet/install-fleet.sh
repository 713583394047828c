#!/bin/sh
# Install the broker settings and the fleet page service on this box.
#   sudo hardware/fleet/install-fleet.sh VENUE
# Then add each table with hardware/fleet/add-account.sh VENUE TABLE.
set -eu
venue=${1:?usage: install-fleet.sh VENUE}
case "$venue" in
  *[!A-Za-z0-9_-]*) echo "venue: letters, digits, - and _ only" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
apt-get install -y mosquitto mosquitto-clients
install -m 644 "$here/mosquitto.conf" /etc/mosquitto/conf.d/table-companion.conf
"$here/add-account.sh" "$venue" collector | sed 's/.*: //' > /tmp/tc-collector-password
install -d -m 750 /etc/table-companion-fleet
install -m 640 /tmp/tc-collector-password /etc/table-companion-fleet/broker-password
rm -f /tmp/tc-collector-password
if [ ! -f /etc/table-companion-fleet/staff-password ]; then
  head -c 9 /dev/urandom | base64 > /etc/table-companion-fleet/staff-password
  chmod 640 /etc/table-companion-fleet/staff-password
  echo "staff password of the fleet page: $(cat /etc/table-companion-fleet/staff-password)"
fi
sed -e "s|@ROOT@|$root|g" -e "s|@VENUE@|$venue|g" "$here/table-companion-fleet.service" \
  > /etc/systemd/system/table-companion-fleet.service
systemctl daemon-reload
systemctl restart mosquitto
systemctl enable --now table-companion-fleet.service
