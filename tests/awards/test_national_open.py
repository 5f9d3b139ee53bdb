"""A national open's PP (fascicule 3, ch. 5, « Attribution de PP lors des Open
Nationaux »), played in one session: they go by its classement alterné, the reference for
tournaments in one session (ch. 1, « 3ème étape »)."""

from decimal import Decimal

from apps.awards.domain.pcn import shared
from apps.awards.domain.pp import national_open_pp
from apps.awards.models import Award
from apps.results.reads import session_results_read
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Tournament
from apps.tournaments.services import tournament_transition
from tests.builders import enter_all, played


def _by_place(places: dict[int, int | None], players: int) -> dict[int, int]:
    """{registration: PP} of the open's table for the places given, ties sharing."""
    order = sorted(places, key=lambda p: (places[p] is None, places[p] or 0, p))
    values = [national_open_pp(players, place) for place in range(1, players + 1)]
    return dict(zip(order, shared([places[p] for p in order], values), strict=True))


def test_a_one_session_national_open_pays_pp_by_its_classement_alterne(
    world, django_capture_on_commit_callbacks
):
    Tournament.objects.filter(pk=world.tournament.pk).update(index=Decimal("1.5"))
    world.tournament.refresh_from_db()
    movement = played(world, tables=25)  # 100 players
    enter_all(world, movement, seed=3)
    for status in (Status.RUNNING, Status.FINISHED):
        with django_capture_on_commit_callbacks(execute=True):
            tournament_transition(actor=world.referee, tournament=world.tournament, status=status)
    results = session_results_read(movement.session).players
    alternate = _by_place({p.player.registration_id: p.rank_alternate for p in results}, 100)
    general = _by_place({p.player.registration_id: p.rank for p in results}, 100)
    assert alternate != general  # the two rankings pay different players
    paid = dict(
        Award.objects.filter(award_set__tournament=world.tournament).values_list(
            "registration_id", "pp"
        )
    )
    assert {r: pp for r, pp in paid.items() if pp} == {r: pp for r, pp in alternate.items() if pp}
