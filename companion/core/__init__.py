"""Game-agnostic core: messages, game registry, journal, session and game records."""
