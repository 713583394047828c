"""Tests of the touch UI."""
