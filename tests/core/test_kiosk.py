"""Kiosk life: new group, idle -> attract -> back, crash -> resume, the staff lock."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.core.kiosk import (
    SLIDE_SECONDS,
    Kiosk,
    KioskSettings,
    KioskState,
    Phase,
    attract_slide,
    attract_slides,
    load_kiosk_settings,
    on_boot,
    on_staff_closed,
    on_staff_opened,
    on_tick,
    on_touch,
)
from companion.core.messages import IllegalActionError
from companion.core.registry import all_games
from companion.core.session import Session
from companion.core.staff import StaffLock
from tests.clock import FakeClock
from tests.fuzzing import examples

SETUP = {"players": 2, "target": 10}
PIN = "808080"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(500.0)


@pytest.fixture
def journal() -> Journal:
    return Journal(":memory:")


@pytest.fixture
def kiosk(journal: Journal, clock: FakeClock) -> Kiosk:
    StaffLock(journal).set_pin(PIN)
    machine = Kiosk(journal, clock, StaffLock(journal, clock))
    machine.boot()
    return machine


def add(session: Session, *amounts: int) -> None:
    for amount in amounts:
        session.submit({"type": "add", "amount": amount})


# ------------------------------------------------------------------ start and new group
def test_boot_without_games_shows_the_start_screen(kiosk: Kiosk) -> None:
    assert kiosk.state.phase == Phase.START
    assert kiosk.session is None


def test_new_group_archives_a_finished_game(kiosk: Kiosk, journal: Journal) -> None:
    session = kiosk.start_game("counting", SETUP)
    add(session, 3, 3, 3, 1)
    assert session.finished
    kiosk.new_group()
    assert journal.summary(session.game_id).status == "archived"
    assert kiosk.state.phase == Phase.START
    assert kiosk.session is None
    assert journal.latest_active() is None


def test_new_group_archives_an_abandoned_game(kiosk: Kiosk, journal: Journal) -> None:
    session = kiosk.start_game("counting", SETUP)
    add(session, 2)
    kiosk.new_group()
    assert journal.summary(session.game_id).status == "archived"
    assert journal.load(session.game_id).actions == ({"type": "add", "amount": 2},)
    kiosk.boot()
    assert kiosk.state.phase == Phase.START


def test_starting_a_game_over_an_open_one_archives_the_old(kiosk: Kiosk, journal: Journal) -> None:
    first = kiosk.start_game("counting", SETUP)
    second = kiosk.start_game("counting", SETUP)
    assert journal.summary(first.game_id).status == "archived"
    assert journal.summary(second.game_id).status == "active"


# ------------------------------------------------------------------ idle and attract
def test_idle_start_screen_goes_to_attract_and_back(kiosk: Kiosk, clock: FakeClock) -> None:
    clock.advance(kiosk.settings.idle_seconds - 1)
    assert kiosk.tick().phase == Phase.START
    clock.advance(1)
    assert kiosk.tick().phase == Phase.ATTRACT
    clock.advance(600)
    assert kiosk.tick().phase == Phase.ATTRACT
    assert kiosk.touch().phase == Phase.START


def test_a_touch_restarts_the_idle_time(kiosk: Kiosk, clock: FakeClock) -> None:
    clock.advance(kiosk.settings.idle_seconds - 5)
    kiosk.touch()
    clock.advance(kiosk.settings.idle_seconds - 5)
    assert kiosk.tick().phase == Phase.START


def test_idle_time_is_configurable(journal: Journal, clock: FakeClock) -> None:
    StaffLock(journal).set_pin(PIN)
    machine = Kiosk(journal, clock, StaffLock(journal, clock))
    machine.boot()
    assert machine.unlock_staff(PIN).accepted
    machine.update_settings(idle_seconds=20)
    machine.close_staff()
    restarted = Kiosk(journal, clock)
    restarted.boot()
    clock.advance(20)
    assert restarted.tick().phase == Phase.ATTRACT


def test_game_waits_longer_then_attract_offers_it_back(
    kiosk: Kiosk, journal: Journal, clock: FakeClock
) -> None:
    session = kiosk.start_game("counting", SETUP)
    add(session, 2)
    clock.advance(kiosk.settings.idle_seconds)
    assert kiosk.tick().phase == Phase.PLAYING
    clock.advance(kiosk.settings.game_idle_seconds)
    assert kiosk.tick().phase == Phase.ATTRACT
    assert journal.summary(session.game_id).status == "active"
    assert kiosk.touch().phase == Phase.RESUME
    assert kiosk.interrupted_game == session.game_id
    resumed = kiosk.continue_game()
    assert resumed.state == session.state
    assert kiosk.state.phase == Phase.PLAYING


def test_a_finished_game_left_alone_is_archived(
    kiosk: Kiosk, journal: Journal, clock: FakeClock
) -> None:
    session = kiosk.start_game("counting", SETUP)
    add(session, 3, 3, 3, 1)
    clock.advance(kiosk.settings.idle_seconds)
    assert kiosk.tick().phase == Phase.ATTRACT
    assert journal.summary(session.game_id).status == "archived"
    assert kiosk.touch().phase == Phase.START


def test_attract_slides_follow_each_other(kiosk: Kiosk, clock: FakeClock) -> None:
    clock.advance(kiosk.settings.idle_seconds)
    kiosk.tick()
    seen = []
    slides = attract_slides()
    for _ in slides:
        seen.append(kiosk.attract_slide().key)
        clock.advance(SLIDE_SECONDS)
    assert seen == list(slides)
    assert kiosk.attract_slide().key == slides[0]
    assert {game.info.attract_key for game in all_games().values()} <= set(slides)


# ------------------------------------------------------------------ crash and resume
def test_crash_mid_game_offers_continue_after_restart(tmp_path: Path, clock: FakeClock) -> None:
    path = tmp_path / "journal.sqlite3"
    before = Kiosk(Journal(path), clock)
    before.boot()
    session = before.start_game("counting", SETUP)
    add(session, 3, 2, 1)
    expected_state, expected_cursor = session.state, session.cursor
    del before, session  # the process dies: nothing is closed or saved on the way out

    after = Kiosk(Journal(path), clock)
    assert after.boot().phase == Phase.RESUME
    resumed = after.continue_game()
    assert resumed.state == expected_state
    assert resumed.cursor == expected_cursor
    assert after.state.phase == Phase.PLAYING


def test_start_over_after_a_crash_archives_and_starts_clean(tmp_path: Path) -> None:
    path = tmp_path / "journal.sqlite3"
    journal = Journal(path)
    session = Session.start(journal, "counting", SETUP)
    add(session, 1)
    after = Kiosk(Journal(path))
    after.boot()
    assert after.start_over().phase == Phase.START
    assert Journal(path).summary(session.game_id).status == "archived"
    assert Kiosk(Journal(path)).boot().phase == Phase.START


def test_continue_without_an_interrupted_game_is_refused(kiosk: Kiosk) -> None:
    with pytest.raises(IllegalActionError) as refused:
        kiosk.continue_game()
    assert refused.value.key == "kiosk.error.nothing_to_continue"


# ------------------------------------------------------------------ staff
def test_exit_is_refused_without_the_pin(kiosk: Kiosk) -> None:
    with pytest.raises(IllegalActionError) as refused:
        kiosk.request_exit()
    assert refused.value.key == "kiosk.error.exit_needs_pin"
    assert not kiosk.unlock_staff("0000").accepted
    with pytest.raises(IllegalActionError):
        kiosk.request_exit()


def test_exit_is_allowed_from_the_staff_menu(kiosk: Kiosk) -> None:
    assert kiosk.unlock_staff(PIN).accepted
    assert kiosk.staff_open
    kiosk.request_exit()


def test_staff_menu_locks_itself_when_left_open(kiosk: Kiosk, clock: FakeClock) -> None:
    session = kiosk.start_game("counting", SETUP)
    kiosk.unlock_staff(PIN)
    clock.advance(kiosk.settings.staff_timeout)
    assert kiosk.tick().phase == Phase.PLAYING
    assert kiosk.session is session
    with pytest.raises(IllegalActionError):
        kiosk.request_exit()


def test_staff_menu_stays_open_while_its_work_runs(kiosk: Kiosk, clock: FakeClock) -> None:
    """Statistics or an export still running count as use; idle time starts when they end."""
    kiosk.unlock_staff(PIN)
    clock.advance(kiosk.settings.staff_timeout + 1)
    assert kiosk.tick(busy=True).phase == Phase.STAFF
    clock.advance(kiosk.settings.staff_timeout - 1)
    assert kiosk.tick().phase == Phase.STAFF
    clock.advance(1)
    assert kiosk.tick().phase != Phase.STAFF


def test_settings_change_only_with_the_staff_menu_open(kiosk: Kiosk, journal: Journal) -> None:
    with pytest.raises(IllegalActionError) as refused:
        kiosk.update_settings(volume=0.2)
    assert refused.value.key == "kiosk.error.staff_only"
    kiosk.unlock_staff(PIN)
    kiosk.update_settings(volume=0.2, default_language="pl", table_layout="flat")
    stored = load_kiosk_settings(journal)
    assert (stored.volume, stored.default_language, stored.table_layout) == (0.2, "pl", "flat")


def test_staff_reset_archives_every_open_game(kiosk: Kiosk, journal: Journal) -> None:
    other = Session.start(journal, "counting", SETUP)
    mine = kiosk.start_game("counting", SETUP)
    kiosk.unlock_staff(PIN)
    assert kiosk.archive_all_open() == 2
    assert {journal.summary(g.game_id).status for g in (other, mine)} == {"archived"}
    assert kiosk.close_staff().phase == Phase.START


def test_diagnostics_report_the_journal(kiosk: Kiosk) -> None:
    lines = {line.label.key: line for line in kiosk.diagnostics()}
    assert lines["kiosk.diag.integrity"].ok
    assert lines["kiosk.diag.staff_pin"].ok
    assert lines["kiosk.diag.games"].value == "0 / 0 / 0"


def test_settings_from_json_ignore_junk() -> None:
    loaded = KioskSettings.from_json(
        {"volume": "loud", "idle_seconds": 1, "default_language": "xx", "muted": 1, "x": 3}
    )
    assert loaded.volume == KioskSettings().volume
    assert loaded.idle_seconds == 10.0
    assert loaded.default_language == "en"
    assert loaded.muted is False
    assert KioskSettings.from_json(loaded.to_json()) == loaded


# ------------------------------------------------------------------ pure transitions
EVENTS = st.lists(
    st.tuples(st.sampled_from(["touch", "tick", "staff", "close"]),
              st.floats(min_value=0, max_value=4000)),
    max_size=30,
)


@examples("lots")
@given(st.one_of(st.none(), st.integers(1, 9)), EVENTS, st.booleans())
def test_transitions_keep_their_promises(
    game: int | None, events: list[tuple[str, float]], finished: bool
) -> None:
    config = KioskSettings()
    now = 0.0
    state = on_boot(game, now)
    for kind, wait in events:
        now += wait
        previous = state
        if kind == "touch":
            state = on_touch(state, now)
            assert state.phase != Phase.ATTRACT
        elif kind == "tick":
            state = on_tick(state, now, config, finished)
            if state.phase != previous.phase:
                assert now - previous.last_touch >= config.idle_seconds
        elif kind == "staff":
            state = on_staff_opened(state, now)
            assert state.phase == Phase.STAFF
        else:
            state = on_staff_closed(state, now)
            assert state.phase != Phase.STAFF
        assert state.return_to not in (Phase.ATTRACT, Phase.STAFF)
        if state.phase == Phase.RESUME:
            assert state.game_id is not None
        assert 0 <= attract_slide(state, now) < len(attract_slides())


def test_staff_opened_from_attract_returns_past_it() -> None:
    asleep = KioskState(Phase.ATTRACT, 0.0, 4, Phase.RESUME, 10.0)
    opened = on_staff_opened(asleep, 20.0)
    assert on_staff_closed(opened, 30.0).phase == Phase.RESUME


# ------------------------------------------------------------------ boot files
KIOSK_DIR = Path(__file__).resolve().parents[2] / "hardware" / "kiosk"


def run_installer(*args: str) -> str:
    import subprocess

    done = subprocess.run([str(KIOSK_DIR / "install.sh"), *args], capture_output=True,
                          text=True, check=True)
    return done.stdout


@pytest.mark.parametrize("mode, unit", [
    ("kms", "etc/systemd/system/table-companion.service"),
    ("desktop", "home/cafe/.config/systemd/user/table-companion-desktop.service"),
])
def test_installer_writes_a_unit_that_restarts_the_app(
    tmp_path: Path, mode: str, unit: str
) -> None:
    run_installer("--user", "cafe", "--mode", mode, "--dest", str(tmp_path))
    matches = list(tmp_path.rglob(Path(unit).name))
    assert len(matches) == 1
    text = matches[0].read_text()
    assert not re.search(r"@[A-Z_]+@", text)
    assert "Restart=always" in text and "StartLimitIntervalSec=0" in text
    start = next(line.split("=", 1)[1] for line in text.splitlines()
                 if line.startswith("ExecStart="))
    assert Path(start).resolve() == (KIOSK_DIR / "start-kiosk.sh").resolve()
    assert Path(start).stat().st_mode & 0o111
    if mode == "kms":
        assert "User=cafe" in text and "Conflicts=getty@tty1.service" in text
        assert "WantedBy=multi-user.target" in text


def test_installer_dry_run_changes_nothing_and_turns_blanking_off(tmp_path: Path) -> None:
    out = run_installer("--user", "cafe", "--mode", "kms", "--dry-run", "--no-pin")
    assert "would write: /etc/systemd/system/table-companion.service" in out
    assert "would run: systemctl enable table-companion.service" in out
    start = (KIOSK_DIR / "start-kiosk.sh").read_text()
    for switch in ("setterm --blank 0", "xset -dpms", "SDL_VIDEODRIVER=kmsdrm",
                   "SDL_VIDEO_ALLOW_SCREENSAVER=0"):
        assert switch in start
