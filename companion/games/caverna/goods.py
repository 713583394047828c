"""The six goods, their limits, and paying or receiving them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.core.messages import IllegalActionError

GOODS: tuple[str, ...] = ("wood", "stone", "emmer", "flax", "food", "gold")
"""Every kind of good, in the order of the goods track."""

LIMITS: Mapping[str, int] = {
    "wood": 9,
    "stone": 9,
    "emmer": 9,
    "flax": 9,
    "food": 9,
    "gold": 19,
}
"""The most of each good a player may hold; gains beyond it are lost."""

FOOD_SOURCES: tuple[str, ...] = ("emmer", "flax", "gold")
"""Goods that may be turned into food, one for one, at any time."""


@dataclass(frozen=True)
class Goods:
    """How many of each good one player holds."""

    wood: int = 1
    """Wood on the track."""
    stone: int = 1
    """Stone on the track."""
    emmer: int = 1
    """Emmer on the track."""
    flax: int = 1
    """Flax on the track."""
    food: int = 1
    """Food on the track."""
    gold: int = 1
    """Gold on the track (it counts one point each at the end)."""

    def get(self, good: str) -> int:
        """Return the amount of ``good``."""
        check_good(good)
        value: int = getattr(self, good)
        return value

    def with_amount(self, good: str, amount: int) -> Goods:
        """Return a copy with ``good`` set to ``amount``."""
        check_good(good)
        changes: dict[str, int] = {good: amount}
        return replace(self, **changes)

    def as_dict(self) -> dict[str, int]:
        """Return the goods as a plain mapping in track order."""
        return {good: self.get(good) for good in GOODS}


@dataclass(frozen=True)
class Receipt:
    """Goods after a gain, and what the limit took away."""

    goods: Goods
    """The goods after the gain."""
    lost: Mapping[str, int]
    """Per good, the amount that did not fit under the limit (only goods that lost some)."""


def check_good(good: str) -> None:
    """Refuse a name that is not one of the six goods."""
    if good not in LIMITS:
        raise IllegalActionError("caverna.error.unknown_good", good=good)


def receive(goods: Goods, gains: Mapping[str, int]) -> Receipt:
    """Add ``gains`` to ``goods``, capping each good at its limit."""
    lost: dict[str, int] = {}
    for good, amount in gains.items():
        if amount <= 0:
            continue
        total = goods.get(good) + amount
        if total > LIMITS[good]:
            lost[good] = total - LIMITS[good]
            total = LIMITS[good]
        goods = goods.with_amount(good, total)
    return Receipt(goods, lost)


def pay(goods: Goods, costs: Mapping[str, int]) -> Goods:
    """Take ``costs`` from ``goods``; refuse, naming the first good that is short."""
    for good, amount in costs.items():
        if goods.get(good) < amount:
            raise IllegalActionError(
                "caverna.error.not_enough",
                good=f"@caverna.good.{good}",
                needed=amount,
                have=goods.get(good),
            )
    for good, amount in costs.items():
        goods = goods.with_amount(good, goods.get(good) - amount)
    return goods


def add_costs(*costs: Mapping[str, int]) -> dict[str, int]:
    """Sum several cost mappings into one."""
    total: dict[str, int] = {}
    for cost in costs:
        for good, amount in cost.items():
            if amount:
                total[good] = total.get(good, 0) + amount
    return total


def top_up(goods: Goods, good: str, level: int) -> int:
    """Return how many ``good`` are needed to raise it to ``level`` (never negative)."""
    return max(0, level - goods.get(good))
