"""The homologation chain's steps as the tests take them, each on commit."""

from apps.approvals import services
from apps.approvals.models import Homologation
from apps.tournaments.models import Tournament


def status_of(world) -> str:
    return Tournament.objects.get(pk=world.tournament.pk).status


def step(world, capture, actor, action, comment=""):
    homologation = Homologation.objects.get(tournament=world.tournament)
    with capture(execute=True):
        return services.homologation_step(
            actor=actor, homologation=homologation, action=action, comment=comment
        )


def pass_on(world, capture, actor):
    with capture(execute=True):
        services.homologations_pass_on(
            actor=actor, homologations=[Homologation.objects.get(tournament=world.tournament)]
        )


def submit(world, capture):
    with capture(execute=True):
        return services.tournament_submit(actor=world.club_manager, tournament=world.tournament)
