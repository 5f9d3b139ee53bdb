"""A player's seasons as a chart drawn on the server (an inline SVG, no script): PCN
and national rank, one point a season. PCN grows upwards; rank 1 is at the top, so
both lines rise as the player improves."""

from dataclasses import dataclass

WIDTH, HEIGHT = 640, 240
LEFT, RIGHT, TOP, BOTTOM = 56, 56, 16, 32  # room for the two axes and the seasons


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    label: str  # the value shown beside the point


@dataclass(frozen=True)
class Chart:
    seasons: list[tuple[float, str]]  # (x, name)
    pcn: list[Point]
    rank: list[Point]
    pcn_top: int
    rank_bottom: int
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_axis: int = WIDTH - RIGHT
    top: int = TOP
    base: int = HEIGHT - BOTTOM

    @staticmethod
    def polyline(points: list[Point]) -> str:
        return " ".join(f"{p.x:.1f},{p.y:.1f}" for p in points)

    @property
    def pcn_line(self) -> str:
        return self.polyline(self.pcn)

    @property
    def rank_line(self) -> str:
        return self.polyline(self.rank)


def _x(index: int, count: int) -> float:
    span = WIDTH - LEFT - RIGHT
    return LEFT + (span / 2 if count == 1 else span * index / (count - 1))


def _y(share: float) -> float:
    """The height of a share of the scale (0 at the bottom, 1 at the top)."""
    return HEIGHT - BOTTOM - share * (HEIGHT - TOP - BOTTOM)


def season_chart(seasons: list[tuple[str, int, int]]) -> Chart | None:
    """The chart of ``[(season name, PCN, rank), …]`` oldest first; None without data."""
    if not seasons:
        return None
    count = len(seasons)
    pcn_top = max(1, max(pcn for _name, pcn, _rank in seasons))
    rank_bottom = max(rank for _name, _pcn, rank in seasons)
    pcn, rank = [], []
    for index, (_name, points, place) in enumerate(seasons):
        x = _x(index, count)
        pcn.append(Point(x, _y(points / pcn_top), str(points)))
        share = 1.0 if rank_bottom == 1 else 1 - (place - 1) / (rank_bottom - 1)
        rank.append(Point(x, _y(share), "1ᵉʳ" if place == 1 else f"{place}ᵉ"))
    return Chart(
        seasons=[(_x(i, count), name) for i, (name, _p, _r) in enumerate(seasons)],
        pcn=pcn,
        rank=rank,
        pcn_top=pcn_top,
        rank_bottom=rank_bottom,
    )
