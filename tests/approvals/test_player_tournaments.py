"""The player's « Mes tournois » (issue 26, point 5): every tournament of the season that
gives them PCN or PP, files from other software included, marked « provisoire » until
homologated, as masterpoint services show pending awards."""

import datetime

from django.urls import reverse

from apps.approvals.models import ExternalAward, Homologation
from apps.approvals.panels import player_tournaments_panel
from apps.approvals.selectors import player_tournaments
from apps.awards.models import Award, AwardSet
from apps.federation.models import Season
from apps.tournaments.domain.workflow import Status
from tests import factories as f
from tests.rankings.awarded import approved_with_awards


def _received(world, name, day, level, pcn):
    homologation = Homologation.objects.create(
        club=world.club, name=name, date=day, level=level, external=True
    )
    ExternalAward.objects.create(homologation=homologation, licensee=world.licensee, pcn=pcn, pp=0)


def test_every_tournament_that_counts_with_its_state(world, login):
    season = Season.objects.create(start_year=2026, is_current=True)
    approved = approved_with_awards(world, {world.licensee: (500, 10)})
    pending = f.TournamentFactory(
        club=world.club, status=Status.SUBMITTED, date=datetime.date(2026, 11, 7)
    )
    award_set = AwardSet.objects.create(tournament=pending, state="done")
    Award.objects.create(
        award_set=award_set,
        registration=f.RegistrationFactory(tournament=pending, licensee=world.licensee),
        licensee=world.licensee,
        pcn=320,
        pp=5,
        reason="",
    )
    _received(world, "Open de Brest", datetime.date(2026, 9, 12), "approved", 410)
    _received(world, "Tournoi de Vannes", datetime.date(2026, 12, 5), "committee", 150)
    _received(world, "Saison passée", datetime.date(2026, 5, 2), "approved", 999)  # 2025-2026
    counted = player_tournaments(world.licensee.pk, season)
    assert [(t.name, t.tournament_id, t.pcn, t.approved) for t in counted] == [
        ("Tournoi de Vannes", None, 150, False),
        (pending.name, pending.pk, 320, False),
        (approved.name, approved.pk, 500, True),
        ("Open de Brest", None, 410, True),
    ]
    page = login(world.player).get(reverse("tournaments:player_home")).content.decode()
    start = page.index('data-test="my-tournaments"')
    panel = page[start : page.index("</section>", start)]
    assert "Mes tournois de la saison 2026-2027" in panel
    assert panel.count('data-test="provisional"') == 2
    assert panel.count('data-test="provisional-note"') == 1
    assert "Open de Brest" in panel and "Saison passée" not in panel
    assert f'href="{reverse("tournaments:detail", args=[pending.pk])}"' in panel


def test_the_panel_needs_a_licence_and_a_current_season(world):
    assert player_tournaments_panel(world.player) is None  # no season yet
    Season.objects.create(start_year=2026, is_current=True)
    assert player_tournaments_panel(world.player)["tournaments"] == []
    assert player_tournaments_panel(world.referee) is None  # no licence


def test_provisional_is_explained_only_beside_a_provisional_tournament(world, login):
    """A list whose only tournament is homologated says nothing of « provisoire »."""
    Season.objects.create(start_year=2026, is_current=True)
    _received(world, "Open de Brest", datetime.date(2026, 9, 12), "approved", 410)
    page = login(world.player).get(reverse("tournaments:player_home")).content.decode()
    start = page.index('data-test="my-tournaments"')
    panel = page[start : page.index("</section>", start)]
    assert "Open de Brest" in panel and "Provisoire" not in panel
    _received(world, "Tournoi de Vannes", datetime.date(2026, 12, 5), "committee", 150)
    assert player_tournaments_panel(world.player)["provisional"] is True
