"""The progress page's missing lines: grouped by table in their order, each étui a link to
its line for who enters scores, plain text for the others."""

from types import SimpleNamespace

from django.utils import translation

from apps.scoring.templatetags.progress import missing_lines


def _line(table: int, pk: int, etui: int):
    return SimpleNamespace(table=SimpleNamespace(table=table, pk=pk), etui=etui, id=f"{pk}-{etui}")


MISSING = [_line(4, 40, 5), _line(4, 40, 6), _line(7, 70, 5), _line(4, 41, 9)]


def test_missing_lines_link_each_etui_to_its_line_by_table_in_order():
    with translation.override("fr"):
        html = missing_lines(MISSING, True, ("/t/", "/"), ("/e/", "/?x=1"))
    assert html == (
        '<span class="missing-list">'
        '<span class="missing-table"><a href="/t/40/" data-test="table-sheet">Table 4\u00a0:</a> '
        '<a class="mono" href="/e/5/?x=1#line-40-5">5</a>, '
        '<a class="mono" href="/e/6/?x=1#line-40-6">6</a></span>'
        '<span class="missing-table"><a href="/t/70/" data-test="table-sheet">Table 7\u00a0:</a> '
        '<a class="mono" href="/e/5/?x=1#line-70-5">5</a></span>'
        '<span class="missing-table"><a href="/t/41/" data-test="table-sheet">Table 4\u00a0:</a> '
        '<a class="mono" href="/e/9/?x=1#line-41-9">9</a></span>'
        "</span>"
    )


def test_missing_lines_are_plain_text_for_who_does_not_enter_scores():
    with translation.override("fr"):
        html = missing_lines(MISSING[:2], False, ("/t/", "/"), ("/e/", "/"))
    assert html == (
        '<span class="missing-list"><span class="missing-table">Table 4\u00a0: '
        '<span class="mono">5</span>, <span class="mono">6</span></span></span>'
    )
    assert "<a" not in html


def test_missing_lines_escape_what_they_write():
    line = SimpleNamespace(table=SimpleNamespace(table=1, pk=1), etui=2, id='1"><b>x')
    html = missing_lines([line], True, ("/t/", "/"), ("/e/", "/"))
    assert "<b>" not in html and "&lt;b&gt;" in html
