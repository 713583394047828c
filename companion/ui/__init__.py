"""The pygame-ce touch UI: app loop, widgets, scenes and each game's screens."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
