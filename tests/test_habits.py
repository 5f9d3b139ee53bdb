"""The project's own lint rules (scripts/check_habits.py): each finds what it is meant to,
and the repository keeps them."""

import ast
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("check_habits", ROOT / "scripts/check_habits.py")
habits = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(habits)


def _lines(findings) -> list[int]:
    return [line for line, _what in findings]


def test_a_template_comparing_a_status_string_is_found():
    text = (
        '{% if tournament.status == "finished" %}\n'
        "{% if job.succeeded %}\n"
        "{% if run.state != 'done' %}\n"
        '{% elif box.level in "zone committee" %}\n'
        '{% if line.role == "taker" %}\n'
    )
    assert _lines(habits.template_findings(text)) == [1, 3, 4]


def test_an_index_or_a_series_name_outside_its_home_is_found():
    source = (
        '"""Docstrings quote « 1ère série » and « Indice 1,5 » freely."""\n'
        'RATE = Decimal("1.5")\n'
        "BASE = Decimal(1)\n"
        'NAME = "le championnat 2ème série"\n'
        'OTHER = f"un joueur {name} en 1ʳᵉ série"\n'
        "# a comment on the 1ère série\n"
    )
    tree = ast.parse(source)
    assert _lines(habits.literal_findings(tree, Path("apps/awards/x.py"))) == [2, 4, 5]
    assert _lines(habits.literal_findings(tree, habits.HOMES["index"])) == [4, 5]
    assert _lines(habits.literal_findings(tree, habits.HOMES["series"])) == [2]


def test_writing_another_apps_model_is_found():
    source = (
        "from apps.scoring.models import Play\n"
        "from apps.results.models import AwardSet\n"
        "def f(table):\n"
        "    Play.objects.create(table=table, etui=1)\n"
        "    Play.objects.filter(table=table).update(score=1)\n"
        "    play = Play.objects.get(pk=1)\n"
        "    play.save()\n"
        "    award_set = AwardSet.objects.get(pk=1)\n"
        "    award_set.delete()\n"
        "    Play.objects.filter(table=table).count()\n"
    )
    tree = ast.parse(source)
    assert _lines(habits.write_findings(tree, "results")) == [4, 5, 7]
    assert _lines(habits.write_findings(tree, "scoring")) == [9]
    assert _lines(habits.write_findings(tree, "demo")) == []


def test_the_repository_keeps_its_habits():
    assert habits.findings() == []
