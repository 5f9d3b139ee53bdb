"""The homologation chain's emails (through the outbox, apps.core.outbox):
each step tells the level the tournament now waits for — the next level when it goes up,
the level below when it is sent back, the organiser when it is approved or a correction is
decided, the federation when a correction is asked."""

from django.db.models import Q
from django.urls import reverse

from apps.accounts.models import User
from apps.approvals.domain.chain import ACTION_NAMES, LEVEL_NAMES, LEVEL_PLACES, Action, Level
from apps.approvals.models import Homologation
from apps.competitions.models import Stage
from apps.core.addresses import site_address
from apps.core.outbox import mails_queue
from apps.federation.models import Role


def _users(homologation: Homologation, level: Level) -> list[str]:
    """The addresses of whoever works the tournament at ``level``."""
    club = homologation.club
    if level == Level.FEDERATION:
        scope = Q(role_assignments__role=Role.FEDERATION_STAFF)
    elif level == Level.ZONE:
        scope = Q(
            role_assignments__role=Role.ZONE_MANAGER,
            role_assignments__zone_id=club.committee.zone_id,
        )
    elif level == Level.COMMITTEE:
        scope = Q(
            role_assignments__role=Role.COMMITTEE_STAFF,
            role_assignments__committee_id=club.committee_id,
        )
    else:
        scope = _organiser_scope(homologation)
    return sorted(set(User.objects.filter(scope).exclude(email="").values_list("email", flat=True)))


def _organiser_scope(homologation: Homologation) -> Q:
    """The organiser: the club's managers, or for a championship stage its organising
    committee, zone or the federation; for a tournament received as the FFT's file, its
    committee."""
    club = homologation.club
    stage = (
        Stage.objects.filter(tournament_id=homologation.tournament_id).first()
        if homologation.tournament_id
        else None
    )
    if homologation.external or (stage is not None and stage.committee_id):
        committee = stage.committee_id if stage is not None else club.committee_id
        return Q(
            role_assignments__role=Role.COMMITTEE_STAFF, role_assignments__committee_id=committee
        )
    if stage is not None and stage.zone_id:
        return Q(role_assignments__role=Role.ZONE_MANAGER, role_assignments__zone_id=stage.zone_id)
    if stage is not None:
        return Q(role_assignments__role=Role.FEDERATION_STAFF)
    return Q(role_assignments__role=Role.CLUB_MANAGER, role_assignments__club_id=club.pk)


def _link(homologation: Homologation, level: Level) -> str:
    """Where the reader acts: the organiser on the tournament's page (to correct it and
    send it again), the officers on its homologation page (its next step)."""
    if level == Level.ORGANISER and homologation.tournament_id:
        path = reverse("tournaments:detail", args=[homologation.tournament_id])
    else:
        path = reverse("approvals:homologation", args=[homologation.pk])
    return site_address(path)


def step_notify(*, homologation: Homologation, action: Action, actor) -> None:
    """Queue the step's email, sent once the transaction commits: the tournament, the
    step and who took it, the reason, where the tournament is now and the address of the
    page where the reader acts."""
    level = Level(homologation.level)
    if action == Action.ASK_CORRECTION:
        level = Level.FEDERATION
    elif level == Level.APPROVED:
        level = Level.ORGANISER
    recipients = _users(homologation, level)
    if not recipients:
        return
    who = actor.get_full_name() or actor.username
    step = homologation.steps.order_by("-pk").first()
    lines = [
        f"{ACTION_NAMES[action].capitalize()} de « {homologation.name} » par {who}.",
        "",
        f"Tournoi : {homologation.name}, {homologation.date:%d/%m/%Y}, {homologation.club}",
        f"Étape : {ACTION_NAMES[action]} ({LEVEL_NAMES[Level(step.from_level)]} → "
        f"{LEVEL_NAMES[Level(step.to_level)]})",
    ]
    if step.comment:
        lines.append(f"Raison : {step.comment}")
    lines += [
        f"Le tournoi est maintenant {LEVEL_PLACES[Level(homologation.level)]}.",
        "",
        f"Pour agir : {_link(homologation, level)}",
    ]
    subject = f"Homologation : {homologation} — {ACTION_NAMES[action]}"
    mails_queue(messages=[(subject, "\n".join(lines), recipients)])
