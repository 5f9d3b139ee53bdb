"""The étui table of chapter 3 « Les étuis », held as printed: étui, dealer, taker."""

import pytest

from apps.movements.domain.etuis import MAX_ETUI, etui_dealer, etui_taker

# As printed: "1 ou 25 NORD NORD", … "14 ou 38 EST EST", "15 SUD OUEST", … "24 OUEST SUD".
PRINTED = """
1 25 NORD NORD
2 26 EST OUEST
3 27 SUD EST
4 28 OUEST SUD
5 29 NORD EST
6 30 EST NORD
7 31 SUD SUD
8 32 OUEST OUEST
9 33 NORD EST
10 34 EST SUD
11 35 SUD NORD
12 36 OUEST OUEST
13 37 NORD SUD
14 38 EST EST
15 - SUD OUEST
16 - OUEST NORD
17 - NORD OUEST
18 - EST SUD
19 - SUD NORD
20 - OUEST EST
21 - NORD OUEST
22 - EST NORD
23 - SUD EST
24 - OUEST SUD
"""
SEAT = {"NORD": "N", "SUD": "S", "EST": "E", "OUEST": "W"}


def _rows():
    for line in PRINTED.strip().splitlines():
        first, second, dealer, taker = line.split()
        for etui in (first, second):
            if etui != "-":
                yield int(etui), SEAT[dealer], SEAT[taker]


@pytest.mark.parametrize("etui, dealer, taker", list(_rows()))
def test_dealer_and_taker_as_printed(etui, dealer, taker):
    assert (etui_dealer(etui), etui_taker(etui)) == (dealer, taker)


def test_the_table_covers_etuis_1_to_38():
    assert sorted(etui for etui, _d, _t in _rows()) == list(range(1, MAX_ETUI + 1))


@pytest.mark.parametrize("etui", [0, MAX_ETUI + 1])
def test_etuis_outside_the_table_are_refused(etui):
    with pytest.raises(ValueError, match="de 1 à 38"):
        etui_taker(etui)


def test_every_set_of_four_has_one_taker_per_seat():
    """With 4 étuis per table each player takes one étui per position."""
    for first in range(1, 25, 4):
        assert {etui_taker(e) for e in range(first, first + 4)} == {"N", "S", "E", "W"}
