"""A session's ranking rows as the page writes them: every column of the regulation's
ranking, the tie's note in the general ranking only, the feuille de route linked for who
oversees the tournament, the penalty's reasons, the final percentage when a player is
penalised, the awards when the tournament shows them, every value escaped."""

from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.utils import translation

from apps.results.selectors import Person
from apps.results.templatetags.ranking import award_cells, ranking_rows

SESSION = SimpleNamespace(pk=7)


def _row(key="12", name="DURAND Anne", *, penalty=0.0, tie="", rank=1, alternate=3):
    result = SimpleNamespace(
        rank=rank,
        rank_alternate=alternate,
        attack=59.225,
        defence=None,
        overall=71.0,
        penalty=penalty,
        final=71.0 - penalty,
        tops=2,
    )
    person = Person(key, name, "1001517", "Tarot Club")
    return SimpleNamespace(
        result=result, person=person, tie=tie, line_name="Nord", penalty_reasons="Retard"
    )


def _rows(pairs, **options):
    settings = {"alternate": False, "oversee": False, "penalised": False, "awards": False}
    with translation.override("fr"):
        return ranking_rows(pairs, SESSION, **settings | options)


def test_a_row_writes_every_column_in_french():
    assert _rows([(_row(), None)]) == (
        '<tr data-player="12"><td class="num"><strong>1</strong></td><td>DURAND Anne</td>'
        '<td class="optional mono">1001517</td><td class="optional">Tarot Club</td>'
        '<td class="optional">Nord</td><td class="num optional">59,23</td>'
        '<td class="num optional">—</td><td class="num"><strong>71,00</strong></td>'
        '<td class="num optional"></td><td class="num optional">2</td></tr>'
    )


def test_who_oversees_opens_each_feuille_de_route_from_the_name():
    html = _rows([(_row(), None), (_row(key="guest-1", name="Invité"), None)], oversee=True)
    assert '<td><a href="/seances/7/feuilles-de-route/12/">DURAND Anne</a></td>' in html
    assert "<td>Invité</td>" in html  # a player without a registration has no sheet


def test_the_tie_note_goes_with_the_general_ranking_only():
    tied = [(_row(tie="ex æquo"), None)]
    note = '<small class="tie" data-test="tie"><a href="/aide/#ex-aequo">ex æquo</a>'
    assert note in _rows(tied)
    alternate = _rows(tied, alternate=True)
    assert "tie" not in alternate and "<strong>3</strong>" in alternate


def test_an_unranked_player_shows_a_dash():
    assert "<strong>—</strong>" in _rows([(_row(rank=None), None)])


@pytest.mark.parametrize(
    ("oversee", "cell"),
    [
        (True, '<a href="/seances/7/feuilles-de-route/12/" title="Retard">1,50</a>'),
        (False, '<abbr title="Retard">1,50</abbr>'),
    ],
)
def test_a_penalty_shows_its_reasons_and_the_final_percentage(oversee, cell):
    html = _rows([(_row(penalty=1.5), None)], oversee=oversee, penalised=True)
    assert f'<td class="num optional">{cell}</td>' in html
    assert '<td class="num"><strong>69,50</strong></td>' in html


def test_the_awards_columns_show_pcn_and_pp_with_the_reason():
    award = SimpleNamespace(pcn=Decimal("1.5"), pp=0, reason="1er de la série")
    html = _rows([(_row(), award), (_row(key="13"), None)], awards=True)
    assert '<td class="num" title="1er de la série">1,5</td><td class="num optional"></td>' in html
    assert html.endswith('<td class="num"></td><td class="num optional"></td></tr>')
    assert "title" not in _rows([(_row(), award)])  # not shown: no columns


def test_award_cells_are_empty_without_an_award():
    assert award_cells(None) == '<td class="num"></td><td class="num optional"></td>'


def test_every_value_is_escaped():
    html = _rows([(_row(key='1"2', name="<b>O'Brien</b>", tie="<i>"), None)])
    assert "<b>" not in html and "&lt;b&gt;O&#x27;Brien&lt;/b&gt;" in html
    assert 'data-player="1&quot;2"' in html and "&lt;i&gt;" in html
