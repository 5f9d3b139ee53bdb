"""The séries, once: their codes as the federation's files write them, highest first, and
their names as the regulation spells them (fascicule 3, ch. 2: « 1ère série », « 2ème
série », « promotion »), which the licensees, the championships and the national ranking
show."""

from apps.competitions.domain.kinds import SERIES_OF, CompetitionKind
from apps.federation.domain.series import NAMES, ORDER, RANKED, Series
from apps.federation.models import Licensee
from apps.rankings.models import SeriesRule


def test_the_series_highest_first_with_the_regulations_spelling():
    assert [(code.value, NAMES[code]) for code in ORDER] == [
        ("1", "1ère série"),
        ("2", "2ème série"),
        ("P", "Promotion"),
        ("NC", "non classé"),
    ]
    assert RANKED == (Series.FIRST, Series.SECOND, Series.PROMOTION)


def test_every_page_names_a_serie_as_the_domain_does():
    assert [(code, str(label)) for code, label in Licensee.Series.choices] == [
        (code.value, NAMES[code]) for code in ORDER
    ]
    assert [(code, NAMES[code]) for code in RANKED] == SeriesRule.SERIES


def test_a_series_championship_gathers_its_serie():
    assert SERIES_OF == {
        CompetitionKind.FIRST_SERIES: Series.FIRST,
        CompetitionKind.SECOND_SERIES: Series.SECOND,
        CompetitionKind.PROMOTION: Series.PROMOTION,
    }
