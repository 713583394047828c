"""Home Assistant MQTT discovery: a table appears as a device with two entities."""

from __future__ import annotations

import json

from companion.fleet.config import FleetConfig
from companion.fleet.topics import OFFLINE, ONLINE, STATE, STATUS, topic

PREFIX = "homeassistant"
"""Home Assistant's default discovery prefix."""


def discovery(config: FleetConfig) -> dict[str, str]:
    """Retained discovery configs, by topic: a connectivity sensor and the game played."""
    node = f"tc_{config.venue}_{config.table}"
    device = {"identifiers": [node], "name": f"{config.venue} {config.table}",
              "manufacturer": "Table Companion", "model": "table"}
    availability = {"availability_topic": topic(config.venue, config.table, STATUS),
                    "payload_available": ONLINE, "payload_not_available": OFFLINE}
    online = {"name": "online", "unique_id": f"{node}_online", "device_class": "connectivity",
              "state_topic": topic(config.venue, config.table, STATUS),
              "payload_on": ONLINE, "payload_off": OFFLINE, "device": device}
    game = {"name": "game", "unique_id": f"{node}_game",
            "state_topic": topic(config.venue, config.table, STATE),
            "value_template": "{{ value_json.game or 'none' }}",
            "json_attributes_topic": topic(config.venue, config.table, STATE),
            "device": device, **availability}
    call = {"name": "call staff", "unique_id": f"{node}_call",
            "state_topic": topic(config.venue, config.table, STATE),
            "value_template": "{{ 'ON' if value_json.call else 'OFF' }}",
            "device": device, **availability}
    return {
        f"{PREFIX}/binary_sensor/{node}/online/config": json.dumps(online),
        f"{PREFIX}/sensor/{node}/game/config": json.dumps(game),
        f"{PREFIX}/binary_sensor/{node}/call/config": json.dumps(call),
    }
