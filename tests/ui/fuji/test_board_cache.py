"""The Fuji map keeps its cards as ready pictures: same pixels, never stale, bounded."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.core.journal import Journal
from companion.games.fuji import GAME
from companion.games.fuji.state import Board, Cell, Position, TerrainKind
from companion.ui.fonts import clear_cache
from companion.ui.fuji.board_view import (
    BOARD_LAYERS,
    CARD_IMAGES,
    LARGE_LAYER_AREA,
    LARGE_LAYERS,
    BoardPicture,
    BoardView,
    board_layer,
    card_image,
    clear_board_pictures,
    kept_board_layers,
)
from companion.ui.fuji.draw import draw_cell, draw_gap, draw_legal
from companion.ui.fuji.play import FujiPlayScene
from companion.ui.theme import theme_for
from tests.fuzzing import few
from tests.ui.fuji.helpers import context, start

THEME = theme_for((800, 480))
MAP = pygame.Rect(13, 57, 420, 400)


@pytest.fixture(autouse=True)
def fresh_caches() -> Iterator[None]:
    """Fonts initialised and every picture cache empty around each test."""
    pygame.font.init()
    clear_board_pictures()
    yield
    clear_board_pictures()
    clear_cache()


def example_board() -> Board:
    """The board of the example set-up."""
    board: Board = GAME.new_state(GAME.example_setup()).board
    return board


def cards(board: Board) -> list[Position]:
    """Positions holding a card, row by row."""
    return [(row, col) for row in range(board.rows) for col in range(board.cols)
            if board.grid[row][col] is not None]


def shown(picture: BoardPicture, rect: pygame.Rect = MAP) -> bytes:
    """The pixels of the map drawn through the widget (and its caches)."""
    surface = pygame.Surface((800, 480))
    surface.fill(THEME.palette.background)
    BoardView(rect, picture).draw(surface, THEME, "en")
    return pygame.image.tobytes(surface, "RGB")


def drawn_directly(board: Board, rect: pygame.Rect = MAP, gaps: bool = False) -> bytes:
    """The pixels of every card drawn straight onto the screen, each inside its own square."""
    surface = pygame.Surface((800, 480))
    surface.fill(THEME.palette.background)
    view = BoardView(rect, BoardPicture(board))
    for row in range(board.rows):
        for col in range(board.cols):
            cell = board.grid[row][col]
            square = view.cell_rect((row, col))
            surface.set_clip(square)
            if cell is not None:
                draw_cell(surface, square, cell)
            elif gaps:
                draw_gap(surface, square, THEME.palette.border)
    surface.set_clip(None)
    return pygame.image.tobytes(surface, "RGB")


def flipped(board: Board, position: Position) -> Board:
    """``board`` with the card at ``position`` turned to lava."""
    cell = board.cell(position)
    assert cell is not None
    return board.replace(position, replace(cell, lava=True))


def test_cached_map_has_the_pixels_of_cards_drawn_one_by_one() -> None:
    board = example_board()
    assert shown(BoardPicture(board)) == drawn_directly(board)
    assert shown(BoardPicture(board)) == drawn_directly(board)


def test_colour_safe_map_is_kept_apart_and_equals_direct_drawing() -> None:
    board = example_board()
    safe = theme_for((800, 480), colour_safe=True)
    surface = pygame.Surface((800, 480))
    surface.fill(safe.palette.background)
    BoardView(MAP, BoardPicture(board)).draw(surface, safe, "en")
    kept = pygame.image.tobytes(surface, "RGB")
    surface.fill(safe.palette.background)
    view = BoardView(MAP, BoardPicture(board))
    for position in cards(board):
        square = view.cell_rect(position)
        surface.set_clip(square)
        draw_cell(surface, square, board.grid[position[0]][position[1]],  # type: ignore[arg-type]
                  True)
    surface.set_clip(None)
    assert kept == pygame.image.tobytes(surface, "RGB")
    assert kept != shown(BoardPicture(board))


def test_cached_editor_map_dots_the_gaps_like_direct_drawing() -> None:
    board = example_board()
    picture = BoardPicture(board, show_gaps=True)
    assert shown(picture) == drawn_directly(board, gaps=True)


@few()
@given(st.data(), st.integers(min_value=140, max_value=470))
def test_any_flipped_card_shows_at_once(data: st.DataObject, height: int) -> None:
    board = example_board()
    rect = pygame.Rect(7, 9, height + 20, height)
    before = shown(BoardPicture(board), rect)
    candidates = [p for p in cards(board)
                  if not board.grid[p[0]][p[1]].lava]  # type: ignore[union-attr]
    position = data.draw(st.sampled_from(candidates))
    after_board = flipped(board, position)
    after = shown(BoardPicture(after_board), rect)
    assert after != before
    assert after == drawn_directly(after_board, rect)
    assert shown(BoardPicture(board), rect) == before


def test_a_card_change_elsewhere_keeps_the_other_card_pictures() -> None:
    board = example_board()
    shown(BoardPicture(board))
    first = card_image.cache_info()
    position = next(p for p in cards(board)
                    if board.cell(p) is not None and board.cell(p).kind  # type: ignore[union-attr]
                    is TerrainKind.LANDSCAPE)
    shown(BoardPicture(flipped(board, position)))
    second = card_image.cache_info()
    assert second.misses - first.misses == 1


def test_equal_cells_share_one_picture_and_sizes_do_not() -> None:
    cell = Cell(TerrainKind.SCORIA)
    assert card_image(cell, 40) is card_image(Cell(TerrainKind.SCORIA), 40)
    assert card_image(cell, 41).get_size() == (41, 41)


def test_picture_caches_are_bounded() -> None:
    assert card_image.cache_info().maxsize == CARD_IMAGES
    board = example_board()
    cells = board.rows * board.cols
    small = [side for side in range(4, 200) if side * side * cells < LARGE_LAYER_AREA]
    large = [side for side in range(4, 200) if side * side * cells >= LARGE_LAYER_AREA]
    for side in small[-(BOARD_LAYERS + 3):]:
        board_layer(board, side, False, THEME.palette.border)
    assert kept_board_layers() == (BOARD_LAYERS, 0)
    for side in large[:LARGE_LAYERS + 2]:
        board_layer(board, side, False, THEME.palette.border)
    assert kept_board_layers() == (BOARD_LAYERS, LARGE_LAYERS)
    first = board_layer(board, large[LARGE_LAYERS + 1], False, THEME.palette.border)
    assert board_layer(board, large[LARGE_LAYERS + 1], False, THEME.palette.border) is first


def test_play_screen_follows_the_game_and_the_language(journal: Journal) -> None:
    session = start(journal)
    scene = FujiPlayScene()
    surface = pygame.Surface((800, 480))

    def pixels(lang: str) -> bytes:
        scene.draw(surface, context((800, 480), lang, session))
        return pygame.image.tobytes(surface, "RGB")

    english = pixels("en")
    assert pixels("fr") != english
    assert pixels("en") == english
    action = next(iter(GAME.legal_actions(session.state)))
    session.submit(action)
    assert pixels("en") != english


@pytest.mark.parametrize("safe", [False, True])
def test_kept_legal_marks_equal_direct_outlines(safe: bool) -> None:
    board = example_board()
    theme = theme_for((800, 480), colour_safe=safe)
    legal = frozenset(cards(board)[::3])
    surface = pygame.Surface((800, 480))

    def marked(cells: frozenset[Position]) -> bytes:
        surface.fill(theme.palette.background)
        BoardView(MAP, BoardPicture(board, legal=cells)).draw(surface, theme, "en")
        return pygame.image.tobytes(surface, "RGB")

    kept = marked(legal)
    surface.fill(theme.palette.background)
    view = BoardView(MAP, BoardPicture(board))
    view.draw(surface, theme, "en")
    for position in legal:
        draw_legal(surface, view.cell_rect(position), safe)
    assert kept == pygame.image.tobytes(surface, "RGB")
    assert marked(legal - {min(legal)}) != kept
    assert marked(legal) == kept
