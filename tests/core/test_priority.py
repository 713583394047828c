"""Background threads step aside for the loop: their nice value is raised, the loop's is not."""

from __future__ import annotations

import os
import threading

import pytest

from companion.core.priority import BACKGROUND_NICE, lower_priority

pytestmark = pytest.mark.skipif(not hasattr(os, "setpriority"), reason="needs POSIX priorities")


def _nice_of(thread_id: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, thread_id)


def test_a_background_thread_runs_below_the_loop() -> None:
    loop_nice = _nice_of(threading.get_native_id())
    seen: list[int] = []

    def work() -> None:
        lower_priority()
        seen.append(_nice_of(threading.get_native_id()))

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert seen == [min(19, loop_nice + BACKGROUND_NICE)]
    assert _nice_of(threading.get_native_id()) == loop_nice  # the loop itself is untouched


def test_the_statistics_job_thread_lowers_itself(tmp_path: object) -> None:
    """The plays job's thread runs ``lower_priority`` before its work."""
    from companion.core.journal import Journal
    from companion.core.stats import PlaysJob

    journal = Journal(":memory:")
    loop_nice = _nice_of(threading.get_native_id())
    seen: list[int] = []
    job = PlaysJob(journal)
    original = job._run

    def observed() -> None:
        seen.append(_nice_of(threading.get_native_id()))
        original()

    job._run = observed  # type: ignore[method-assign]
    job.start()
    assert job.finished.wait(30)
    assert seen == [min(19, loop_nice + BACKGROUND_NICE)]
    journal.close()
