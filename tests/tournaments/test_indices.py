"""The PCN indices a tournament may have (fascicule 3, ch. 5 « Application des Indices »,
« Tournois Régionaux - Indice 1,2 », « Tournois Nationaux - Indice 1,5 », « Championnats
Régionaux », the overseas « coefficient 3 »), held as data, and a tournament that accepts
no other: its validation, its database and its form."""

from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.urls import reverse

from apps.tournaments.domain.indices import (
    GRANTED_INDICES,
    INDICES,
    REGULARITY_MINIMUM_PLAYERS,
    STAGE_INDICES,
    index_choices,
    index_problem,
    index_text,
)
from apps.tournaments.models import Tournament

# value, what it needs: (players at least, granted by) for the granted ones
REGULATION = [
    ("1", None),
    ("1.2", (52, "la C.C.R.")),  # « Tournoi Régional »
    ("1.5", (100, "la C.C.N. (la fédération)")),  # « Tournoi National »
    ("1.8", None),  # a regional final
    ("3", None),  # index 1 x « coefficient 3 », overseas local tournaments
]


def test_the_indices_are_the_regulations():
    assert [str(index) for index in INDICES] == [value for value, _ in REGULATION]
    granted = {Decimal(v): needs for v, needs in REGULATION if needs}
    assert {i: (g.min_players, g.granted_by) for i, g in GRANTED_INDICES.items()} == granted
    assert {Decimal(1): 0, Decimal("1.2"): 52, Decimal("1.5"): 100} == REGULARITY_MINIMUM_PLAYERS


def test_each_stage_has_the_index_of_its_level():
    assert {
        "local_final": Decimal(1),
        "regional_semi_final": Decimal("1.5"),
        "regional_final": Decimal("1.8"),
        "national_final": Decimal(1),
    } == STAGE_INDICES


def test_the_index_is_written_as_the_regulation_writes_it():
    assert [index_text(Decimal(v)) for v in ("1.0", "1.20", "3", "1.8")] == ["1", "1,2", "3", "1,8"]
    assert index_choices(tuple(GRANTED_INDICES)) == [
        (Decimal("1.2"), "1,2"),
        (Decimal("1.5"), "1,5"),
    ]
    assert [str(value) for value, _ in index_choices()] == ["1.0", "1.2", "1.5", "1.8", "3.0"]


@pytest.mark.parametrize("value", ["2.3", "0.5", "1.1", "NaN", "4"])
def test_any_other_value_is_refused_in_french(value):
    assert index_problem(Decimal(value)).startswith(f"L'indice {index_text(Decimal(value))} n'est")
    assert "1, 1,2, 1,5, 1,8 ou 3" in index_problem(Decimal(value))


@pytest.mark.parametrize("value", ["1", "1.0", "1.2", "1.5", "1.8", "3.0"])
def test_every_index_of_the_regulation_is_accepted(value):
    assert index_problem(Decimal(value)) == ""


@pytest.mark.django_db
def test_a_tournament_accepts_only_an_index_of_the_regulation(world):
    world.tournament.index = Decimal("2.3")
    with pytest.raises(ValidationError) as refused:
        world.tournament.full_clean()
    assert "index" in refused.value.message_dict
    with transaction.atomic(), pytest.raises(IntegrityError):
        Tournament.objects.filter(pk=world.tournament.pk).update(index=Decimal("2.3"))


@pytest.mark.django_db
def test_pages_write_the_index_as_the_regulation_does(world, login):
    Tournament.objects.filter(pk=world.tournament.pk).update(index=Decimal("1.2"))
    page = login(world.club_manager).get(reverse("tournaments:detail", args=[world.tournament.pk]))
    assert "<dd>1,2</dd>" in page.content.decode()
