"""The pygame-ce touch UI: app loop, widgets, scenes and each game's screens."""
