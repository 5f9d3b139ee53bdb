"""`manage.py movement`: the room's movement on the command line, as JSON for scripts or as
a French text grid (fascicule 3, ch. 3)."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from apps.movements.domain.room import room_movement

ROOT = Path(__file__).resolve().parents[2]


def movement(**options) -> str:
    out = StringIO()
    call_command("movement", stdout=out, **options)
    return out.getvalue()


def manage_movement(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "movement", *args],
        cwd=ROOT,
        env=os.environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_json_is_the_room_movement():
    assert json.loads(movement(tables=10, as_json=True)) == room_movement(10).to_json()


def test_json_shape_of_the_contract():
    data = json.loads(movement(tables=5, as_json=True))
    assert list(data) == ["tables", "sections"]
    assert data["tables"] == 5
    (section,) = data["sections"]
    assert {k: v for k, v in section.items() if k != "positions"} == {
        "name": "Rouge",
        "type": "ligne",
        "tables": 5,
    }
    assert [p["position"] for p in section["positions"]] == [1, 2, 3, 4, 5]
    assert section["positions"][0]["tables"][0] == {
        "table": 1, "N": "N1", "S": "S1", "E": "E1", "W": "W1", "etuis": [1, 2, 3, 4],
    }  # fmt: skip


def test_json_keeps_the_section_names_that_tell_players_apart():
    sections = json.loads(movement(tables=10, as_json=True))["sections"]
    assert [s["name"] for s in sections] == ["Rouge", "Vert"]
    assert [s["positions"][0]["tables"][2]["S"] for s in sections] == ["S3", "S3"]


def test_type_and_positions_options():
    data = json.loads(movement(tables=9, type="howell", positions=2, as_json=True))
    assert [(s["name"], s["type"], s["tables"]) for s in data["sections"]] == [
        ("Rouge", "ligne", 5),
        ("Vert", "howell", 4),
    ]
    assert {len(s["positions"]) for s in data["sections"]} == {2}


def test_text_grid_in_french():
    text = movement(tables=10, positions=2)
    assert text.startswith("Salle de 10 tables : 2 tournois parallèles sur les mêmes étuis\n")
    assert "Tournoi Rouge : en ligne, 5 tables, 2 positions" in text
    assert "Tournoi Vert : en ligne, 5 tables, 2 positions" in text
    assert text.count("Position 2\n") == 2
    assert "Table   Nord    Sud     Est     Ouest   Étuis\n" in text
    assert "1       N1      S1      E1      W1      1, 2, 3, 4\n" in text
    assert "1       N1      S5      E4      W3      5, 6, 7, 8\n" in text
    assert "{" not in text


def test_text_names_the_howell():
    text = movement(tables=3)
    assert text.startswith("Salle de 3 tables : un tournoi\n")
    assert "Tournoi Rouge : Howell, 3 tables, 7 positions" in text


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"tables": 2}, "2 tables : un tournoi se joue à 3 tables au moins"),
        ({"tables": 10, "type": "howell"}, "pas de mouvement Howell à 10 tables"),
        ({"tables": 7, "positions": 8}, "8 positions demandées : à 7 tables, de 1 à 7"),
    ],
)
def test_unsupported_request_is_a_command_error(options, message):
    with pytest.raises(CommandError, match=message):
        movement(**options)


def test_subprocess_prints_the_json_contract():
    result = manage_movement("--tables", "7", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == room_movement(7).to_json()


def test_subprocess_unsupported_request_exits_non_zero_with_the_message_on_stderr():
    result = manage_movement("--tables", "2", "--json")
    assert result.returncode != 0
    assert result.stdout == ""
    assert "2 tables : un tournoi se joue à 3 tables au moins" in result.stderr


def test_subprocess_rejects_an_unknown_type():
    result = manage_movement("--tables", "7", "--type", "suisse")
    assert result.returncode != 0
    assert "suisse" in result.stderr


# --- the variants the regulation offers beside the advised movement -----------------


@pytest.mark.parametrize("tables", [17, 19])
def test_17_and_19_tables_as_one_en_ligne_tournament(tables):
    (section,) = json.loads(movement(tables=tables, variant="single_section", as_json=True))[
        "sections"
    ]
    assert (section["name"], section["type"], section["tables"]) == ("Rouge", "ligne", tables)
    assert json.loads(movement(tables=tables, as_json=True))["sections"][0]["tables"] < tables


def test_the_6_table_duplication_position_comes_first():
    (section,) = json.loads(movement(tables=6, variant="duplication", as_json=True))["sections"]
    assert [p["position"] for p in section["positions"]] == [0, 1, 2, 3, 4, 5]
    plain = json.loads(movement(tables=6, as_json=True))["sections"][0]
    assert [p["position"] for p in plain["positions"]] == [1, 2, 3, 4, 5]


def test_the_duplication_position_does_not_count_among_the_positions_asked():
    (section,) = json.loads(movement(tables=6, variant="duplication", positions=3, as_json=True))[
        "sections"
    ]
    assert [p["position"] for p in section["positions"]] == [0, 1, 2, 3]


def test_the_howell_3_tables_fourth_etui():
    (section,) = json.loads(movement(tables=3, variant="fourth_etui", as_json=True))["sections"]
    assert {len(t["etuis"]) for p in section["positions"] for t in p["tables"]} == {4}
    plain = json.loads(movement(tables=3, as_json=True))["sections"][0]
    assert {len(t["etuis"]) for p in plain["positions"] for t in p["tables"]} == {3}


@pytest.mark.parametrize(
    ("tables", "variant", "reason"),
    [
        (18, "single_section", "un seul tournoi en ligne se joue à 17 ou 19 tables"),
        (7, "duplication", "la position 0 de duplication est celle du mouvement à 6 tables"),
        (4, "fourth_etui", "le 4e étui ne se prépare qu'au Howell 3 tables"),
    ],
)
def test_a_variant_where_it_does_not_apply_is_refused_with_the_reason(tables, variant, reason):
    with pytest.raises(CommandError, match=reason):
        movement(tables=tables, variant=variant)


def test_subprocess_refuses_an_unknown_variant():
    result = manage_movement("--tables", "6", "--variant", "double")
    assert result.returncode != 0 and "--variant" in result.stderr
