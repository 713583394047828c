"""Table Companion: keeps the books for board games played on a real table."""

__version__ = "0.1.0"
