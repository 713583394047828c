"""A folder of games that exist only for the tests (added to ``companion.games`` by a test)."""
