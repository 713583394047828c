"""Rules engines, one package per game; each package exposes ``GAME``."""
