"""What each championship kind implies (fascicule 3, ch. 2; ch. 5 « POINT DE
PERFORMANCE »), held as data, and the overseas committees' rules of art. 1."""

import pytest

from apps.competitions.domain.kinds import KINDS, OPEN_SHEET, SERIES_OF, CompetitionKind
from apps.competitions.domain.overseas import (
    VISITS_REFUSAL,
    ranked_by_the_open,
    ranking_source_refusal,
    visiting,
)
from apps.federation.domain.series import Series

K = CompetitionKind
# kind: série, Senior age, sessions at least, minimums at every stage, local finals,
# drawn regional final, champion enters the regional final, champion first of the direct
# qualifiers, regional PP, national final's PP
TABLE = {
    K.FIRST_SERIES: ("1", False, 2, False, False, False, False, True, "1", "1"),
    K.SECOND_SERIES: ("2", False, 2, False, False, False, False, True, "2", "2"),
    K.PROMOTION: ("P", False, 1, False, True, False, False, True, "P", "P"),
    K.OPEN: (None, False, 2, False, False, True, True, False, OPEN_SHEET, "open"),
    K.SENIOR: (None, True, 1, True, False, False, True, True, "senior", "senior"),
    K.YOUTH: (None, False, 2, False, False, False, False, True, "", "jeunes"),
}


def test_each_kind_implies_what_the_regulation_says():
    assert {kind: tuple(vars(rules).values()) for kind, rules in KINDS.items()} == TABLE


def test_the_series_championships_gather_their_serie():
    assert SERIES_OF == {K.FIRST_SERIES: Series.FIRST, K.SECOND_SERIES: Series.SECOND,
                         K.PROMOTION: Series.PROMOTION}  # fmt: skip


@pytest.mark.parametrize("kind", list(K))
def test_an_overseas_player_visits_only_a_metropolitan_first_series(kind):
    visits = visiting(kind, licensed_in=False, player_overseas=True, stage_overseas=False)
    assert visits == (kind == K.FIRST_SERIES)
    assert not visiting(kind, licensed_in=True, player_overseas=True, stage_overseas=False)
    assert not visiting(kind, licensed_in=False, player_overseas=False, stage_overseas=False)
    assert not visiting(kind, licensed_in=False, player_overseas=True, stage_overseas=True)
    assert "une fois" not in VISITS_REFUSAL and "1ère série métropolitain" in VISITS_REFUSAL


def test_only_the_overseas_second_series_qualifies_by_the_opens_ranking():
    assert [k for k in K if ranked_by_the_open(k, overseas=True)] == [K.SECOND_SERIES]
    assert not ranked_by_the_open(K.SECOND_SERIES, overseas=False)
    same = {"same_season": True, "same_zone": True, "source_kind": K.OPEN}
    assert ranking_source_refusal(K.SECOND_SERIES, overseas=True, **same) is None
    assert "2ème série" in ranking_source_refusal(K.SECOND_SERIES, overseas=False, **same)
    for other in ({**same, "source_kind": K.SENIOR},
                  {"source_kind": K.OPEN, "same_season": False, "same_zone": True},
                  {"source_kind": K.OPEN, "same_season": True, "same_zone": False}):  # fmt: skip
        refusal = ranking_source_refusal(K.SECOND_SERIES, overseas=True, **other)
        assert refusal.startswith("Le classement doit être celui du championnat régional open")
