"""Tests of the Tikal rules engine."""
