"""A short mutation check: plant single-line bugs, run the tests that should catch them.

Each mutant replaces one line's text in a throw-away copy of the project (the working
tree is never touched) and runs the named tests there; a mutant is *caught* when they
fail.  The first five are the bugs a review planted that no test caught (issue 32); the
others guard the loop's limits, the plural rule and the conformance check of results.

Usage: ``python bench/mutation.py`` (about a minute per mutant on a quiet machine);
``--only N`` runs mutant N alone.  Prints one line per mutant and the score.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Mutant:
    """One planted bug: in ``path``, ``before`` becomes ``after``; ``tests`` should fail."""

    name: str
    path: str
    before: str
    after: str
    tests: tuple[str, ...]


PLANTED = "tests/test_planted_bugs.py::"
MUTANTS: tuple[Mutant, ...] = (
    Mutant("a Tinkerer's turned cards score as unused", "companion/games/fuji/scoring.py",
           "sum(1 for card in someone.equipment if card not in someone.equipment_turned)",
           "len(someone.equipment)",
           (PLANTED + "test_a_tinkerers_turned_card_is_not_scored_as_unused",)),
    Mutant("a card flipped to lava keeps its equipment token",
           "companion/games/fuji/eruption.py",
           "lava_side = replace(cell, lava=True, equipment_token=False, eruption_token=0)",
           "lava_side = replace(cell, lava=True, eruption_token=0)",
           (PLANTED + "test_a_card_flipped_to_lava_loses_its_equipment_token",)),
    Mutant("a power cut resumes the older game, the saved list upside down",
           "companion/core/journal.py", '" ORDER BY updated DESC, id DESC"',
           '" ORDER BY updated ASC, id ASC"',
           (PLANTED + "test_after_a_power_cut_the_game_played_last_comes_back_and_the_list_is"
            "_newest_first",)),
    Mutant("the Bid button greyed when the whole score is exactly the lowest raise",
           "companion/ui/tikal/play.py",
           "return auction.high_bid + 1 <= state.players[auction.current].score",
           "return auction.high_bid + 1 < state.players[auction.current].score",
           (PLANTED + "test_the_bid_button_is_lit_when_the_whole_score_is_exactly_the_lowest"
            "_raise",)),
    Mutant("a box line holding * refused for another reason", "hardware/protocol.py",
           'if b"*" in body or int(digits, 16) != checksum(body):',
           "if int(digits, 16) != checksum(body):",
           (PLANTED + "test_a_star_inside_a_box_line_is_refused_as_a_bad_checksum",)),
    Mutant("keys skip the press limit", "companion/ui/loop.py",
           'if item.kind == "release" or self.limit.allow():', "if True:",
           ("tests/faults/test_loop_floods.py",)),
    Mutant("a pass never stops at its budget", "companion/ui/loop.py",
           "while backlog and self.work_clock() - started < PASS_BUDGET:\n"
           "            self.process(backlog.popleft())",
           "while backlog:\n            self.process(backlog.popleft())",
           ("tests/faults/test_loop_floods.py",)),
    Mutant("the plural rule's remainder read as a division", "companion/core/plurals.py",
           '"%": lambda a, b: a % b if b else 0', '"%": lambda a, b: a // b if b else 0',
           ("tests/core/test_plural_forms.py",)),
    Mutant("Tikal's winners are the lowest scorers", "companion/games/tikal/scoring.py",
           "best = max(scores", "best = min(scores",
           ("tests/test_conformance.py::test_result_holds_at_the_end_of_every_playout",)),
)


def copy_project(target: Path) -> None:
    """Copy the files git knows (and the working changes) into ``target``."""
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout.split("\n")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def run_mutant(copy: Path, mutant: Mutant) -> tuple[bool, float]:
    """Plant ``mutant`` in ``copy``, run its tests, restore; (caught, seconds)."""
    path = copy / mutant.path
    original = path.read_text(encoding="utf-8")
    if original.count(mutant.before) != 1:
        raise SystemExit(f"{mutant.path}: the line to mutate is not there once: {mutant.before}")
    path.write_text(original.replace(mutant.before, mutant.after), encoding="utf-8")
    started = time.perf_counter()
    try:
        outcome = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
             *mutant.tests], cwd=copy, capture_output=True, text=True,
            check=False)
    finally:
        path.write_text(original, encoding="utf-8")
    return outcome.returncode != 0, time.perf_counter() - started


def main() -> int:
    """Run every mutant (or one) and print the score."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--only", type=int, help="run mutant N alone (1-based)")
    args = parser.parse_args()
    chosen = list(enumerate(MUTANTS, start=1))
    if args.only:
        chosen = [chosen[args.only - 1]]
    caught = 0
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder)
        copy_project(copy)
        for number, mutant in chosen:
            killed, seconds = run_mutant(copy, mutant)
            caught += killed
            print(f"{number:>2}. {'caught' if killed else 'MISSED'}  {seconds:6.1f} s  "
                  f"{mutant.name}", flush=True)
    print(f"score: {caught} of {len(chosen)} planted bugs caught "
          f"({100 * caught / len(chosen):.0f} %)")
    return 0 if caught == len(chosen) else 1


if __name__ == "__main__":
    sys.exit(main())
