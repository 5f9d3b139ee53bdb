"""The étui table (fascicule 3, ch. 3 « Les étuis »): dealer and taker of étuis 1 to 38.
Étuis 25 to 38 repeat étuis 1 to 14."""

from apps.movements.domain.model import Seat

N, S, E, W = Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST

# étui: (dealer, taker), as printed for étuis 1 to 24.
_FIRST_24: dict[int, tuple[Seat, Seat]] = {
    1: (N, N), 2: (E, W), 3: (S, E), 4: (W, S),
    5: (N, E), 6: (E, N), 7: (S, S), 8: (W, W),
    9: (N, E), 10: (E, S), 11: (S, N), 12: (W, W),
    13: (N, S), 14: (E, E), 15: (S, W), 16: (W, N),
    17: (N, W), 18: (E, S), 19: (S, N), 20: (W, E),
    21: (N, W), 22: (E, N), 23: (S, E), 24: (W, S),
}  # fmt: skip
MAX_ETUI = 38
REPEAT_FROM = 25  # étuis 25… are prepared like étuis 1…
SEAT_ORDER = ("N", "S", "E", "W")


def _entry(etui: int) -> tuple[Seat, Seat]:
    if not 1 <= etui <= MAX_ETUI:
        raise ValueError(f"étui {etui} : le tableau des étuis va de 1 à {MAX_ETUI}")
    return _FIRST_24[etui - REPEAT_FROM + 1 if etui >= REPEAT_FROM else etui]


def etui_dealer(etui: int) -> Seat:
    return _entry(etui)[0]


def etui_taker(etui: int) -> Seat:
    return _entry(etui)[1]


_DEFENDERS = {
    seat: tuple(SEAT_ORDER[(start + k) % len(SEAT_ORDER)] for k in (1, 2, 3))
    for start, seat in enumerate(SEAT_ORDER)
}


def defender_seats(taker_seat: str) -> tuple[str, str, str]:
    """The defenders' seats of a play: the seats that follow the taker's in N, S, E, W order
    (the order of ``PlayRecord.defenders``)."""
    return _DEFENDERS[taker_seat]
