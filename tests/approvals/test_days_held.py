"""Dates Donne cannot hold are refused at every door (issue 42, point 11): an index grant
dated 9999, a tournament received as the FFT's file dated 1900 (its details) or imported
as a tournament file dated 1900, a tournament's form."""

import datetime
from decimal import Decimal

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from apps.approvals.external import _details_errors
from apps.approvals.models import ClubIndexGrant
from apps.approvals.services import club_index_grant
from apps.exchange import services as tournament_files
from apps.tournaments.models import Tournament
from tests.exchange.tournament_file_data import document_build

FAR = datetime.date(9999, 12, 31)
OLD = datetime.date(1900, 1, 1)


@pytest.mark.django_db
def test_an_index_grant_dated_9999_is_refused(world):
    with pytest.raises(ValidationError, match="à plus d'un an d'aujourd'hui"):
        club_index_grant(
            actor=world.committee_staff, club=world.club, date=FAR, index=Decimal("1.2")
        )
    assert not ClubIndexGrant.objects.exists()


def test_the_details_of_a_received_tournament_dated_1900_are_refused():
    errors = _details_errors(
        name="Open", day=OLD, index=Decimal("1"), session_players=[28], guests=25
    )
    assert any(e.startswith("Date : La date du 01/01/1900 précède") for e in errors), errors


@pytest.mark.django_db
def test_a_tournament_file_dated_1900_is_refused_and_nothing_written(world):
    document = document_build(5)
    document["tournament"]["date"] = "1900-01-01"
    with pytest.raises(ValidationError) as caught:
        tournament_files.tournament_file_import(actor=None, document=document)
    assert any(
        m.startswith("tournament.date : La date du 01/01/1900") for m in caught.value.messages
    )
    assert not Tournament.objects.filter(name=document["tournament"]["name"]).exists()


def test_the_tournament_form_refuses_a_date_9999(world, login):
    tournament = world.tournament
    response = login(world.club_manager).post(
        reverse("tournaments:edit", args=[tournament.pk]),
        {"name": tournament.name, "date": FAR.isoformat()},
    )
    assert "à plus d&#x27;un an d&#x27;aujourd&#x27;hui" in response.content.decode()
    assert Tournament.objects.get(pk=tournament.pk).date == tournament.date
