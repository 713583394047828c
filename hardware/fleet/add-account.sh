#!/bin/sh
# Add a broker account for a table (or the collector) and print its [fleet] section.
#   sudo hardware/fleet/add-account.sh VENUE TABLE
# The password is made here and shown once; the broker keeps only its hash.
set -eu
venue=${1:?usage: add-account.sh VENUE TABLE}
table=${2:?usage: add-account.sh VENUE TABLE}
case "$venue$table" in
  *[!A-Za-z0-9_-]*) echo "venue and table: letters, digits, - and _ only" >&2; exit 2 ;;
esac
passwd=/etc/mosquitto/table-companion.passwd
acl=/etc/mosquitto/table-companion.acl
here=$(dirname "$0")
password=$(head -c 18 /dev/urandom | base64 | tr -d '/+=')
if [ -f "$passwd" ]; then
  mosquitto_passwd -b "$passwd" "$table" "$password"
else
  mosquitto_passwd -c -b "$passwd" "$table" "$password"
fi
chown root:mosquitto "$passwd" 2>/dev/null || true
chmod 640 "$passwd"
if [ ! -f "$acl" ]; then
  sed "s/@VENUE@/$venue/g" "$here/acl.template" > "$acl"
  chown root:mosquitto "$acl" 2>/dev/null || true
  chmod 640 "$acl"
fi
systemctl reload mosquitto 2>/dev/null || systemctl restart mosquitto 2>/dev/null || true
case "$table" in
  collector)
    echo "collector password (put it in /etc/table-companion-fleet/broker-password): $password"
    exit 0 ;;
  homeassistant)
    echo "Home Assistant's MQTT password (user homeassistant): $password"
    exit 0 ;;
esac
cat <<SECTION
[fleet]
enabled = true
host = "$(hostname -I 2>/dev/null | cut -d' ' -f1)"
port = 1883
venue = "$venue"
table = "$table"
password = "$password"
SECTION
