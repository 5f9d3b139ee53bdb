"""Unlikely scores asked for confirmation at entry: 0 and ±10 (only a chelem announced and
failed gives them) and a score far below the étui's others."""

import pytest
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st

from apps.scoring.domain.likelihood import WIDE_MARGIN, unlikely_among, unlikely_score
from apps.scoring.models import Play
from tests.builders import played, table_of

HTMX = {"HX-Request": "true"}


@pytest.mark.parametrize("score", [0, 10, -10])
def test_zero_and_ten_come_only_from_a_failed_announced_chelem(score):
    assert unlikely_score(score, [56, 62]) == f"seul un chelem annoncé et chuté donne {score}"


def test_a_score_far_below_the_etuis_others_is_unlikely():
    others = [56, 62, -52]
    assert unlikely_score(-52 - WIDE_MARGIN, others) is None  # at the margin: still likely
    assert unlikely_score(-52 - WIDE_MARGIN - 2, others) == (
        "-254 est très en dessous du plus faible score de l'étui (-52)"
    )
    assert unlikely_score(-300, [56]) is None  # one other score says too little
    assert unlikely_score(-56, [56, 62, 50]) is None  # a failed Garde among made ones


def test_a_score_far_above_the_etuis_others_is_unlikely():
    others = [52, -70]  # 560 typed for 56: a digit typed twice
    assert unlikely_score(52 + WIDE_MARGIN, others) is None  # at the margin: still likely
    assert unlikely_score(560, others) == (
        "560 est très au-dessus du plus fort score de l'étui (52)"
    )
    assert unlikely_score(600, [52]) is None  # one other score says too little
    assert unlikely_score(112, [56, 62, -52]) is None  # a Garde Sans among Gardes


@pytest.mark.django_db
@pytest.mark.parametrize("far", ["-300", "560"])
def test_entry_asks_then_saves_the_same_score_sent_again(world, login, far):
    movement = played(world)
    for position, score in ((1, 56), (2, 62)):
        table = table_of(movement, 1, position)
        Play.objects.create(table=table, etui=1, score=score)
    table = table_of(movement, 1, 3)
    url = reverse("scoring:line", args=[movement.session.pk, table.pk, 1])
    field = f"{table.pk}-1-score"
    browser = login(world.referee)
    asked = browser.post(url, {field: far}, headers=HTMX)
    assert "line-refused" in asked.headers["HX-Trigger-After-Settle"]
    html = asked.content.decode()
    assert "Score peu probable" in html and 'data-test="confirm-unlikely"' in html
    assert not Play.objects.filter(table=table).exists()
    # Another score typed meanwhile is asked about again, not saved unseen.
    browser.post(url, {field: "0", f"{table.pk}-1-confirmed": far}, headers=HTMX)
    assert not Play.objects.filter(table=table).exists()
    saved = browser.post(url, {field: far, f"{table.pk}-1-confirmed": far}, headers=HTMX)
    assert "line-saved" in saved.headers["HX-Trigger-After-Settle"]
    assert Play.objects.get(table=table, etui=1).score == int(far)


def test_among_an_etuis_scores_the_unlikely_ones_are_found_beside_the_others():
    scores = {"a": 56, "b": 62, "c": -52, "d": -300, "e": 0}
    assert unlikely_among(scores) == {
        "d": "-300 est très en dessous du plus faible score de l'étui (-52)",
        "e": "seul un chelem annoncé et chuté donne 0",
    }
    # The lowest score is measured against the next lowest, not against itself.
    assert unlikely_among({"a": -300, "b": 62, "c": 56}) == {
        "a": "-300 est très en dessous du plus faible score de l'étui (56)"
    }
    assert unlikely_among({"a": -300, "b": 62}) == {}  # one other score says too little
    assert unlikely_among({"a": -300, "b": -290, "c": -100}) == {}  # two alike: a deal
    # Far above, the highest score is measured against the next highest.
    assert unlikely_among({"a": 560, "b": 52, "c": -70}) == {
        "a": "560 est très au-dessus du plus fort score de l'étui (52)"
    }
    assert unlikely_among({"a": 560, "b": 540, "c": 400}) == {}  # two alike: a deal


@given(st.dictionaries(st.integers(0, 30), st.integers(-700, 700), max_size=12))
def test_among_agrees_with_the_rule_asked_of_each_score(by_line):
    expected = {
        line: unlikely_score(score, [s for other, s in by_line.items() if other != line])
        for line, score in by_line.items()
    }
    assert unlikely_among(by_line) == {line: why for line, why in expected.items() if why}
