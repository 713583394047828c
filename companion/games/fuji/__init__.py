"""Fuji: a cooperative escape from an erupting volcano."""
