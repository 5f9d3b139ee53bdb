"""The notices a championship sends its players (through the outbox, apps.core.outbox),
once the transaction commits: to each player a stage names, whether they
are qualified for the next stage or listed as a replacement, and to a replacement who
enters in the place of a withdrawn player. Players whose licence has no account with an
address get none: the public page of the qualified lists them all."""

from django.urls import reverse

from apps.competitions.models import Qualifier, Stage
from apps.core.addresses import site_address
from apps.core.outbox import mails_queue
from apps.federation.models import Licensee


def _addresses(qualifiers: list[Qualifier]) -> dict[int, str]:
    """{licensee id: the address of their account}, in one query."""
    rows = Licensee.objects.filter(
        pk__in=[q.licensee_id for q in qualifiers], user__is_active=True
    ).exclude(user__email="")
    return dict(rows.values_list("pk", "user__email"))


def _message(stage: Stage, qualifier: Qualifier, opening: str, address: str) -> tuple:
    following = stage.next_stage
    tournament = following.tournament
    played = f"Étape jouée : {stage.name}"
    lines = [
        f"Bonjour {qualifier.licensee.first_name},",
        "",
        opening,
        "",
        f"Championnat : {stage.competition}",
        f"{played}, rang {qualifier.rank}" if qualifier.rank else played,
        f"Étape suivante : {following.name}, le {tournament.date:%d/%m/%Y}, "
        f"{tournament.venue or tournament.club}",
        "",
        "La liste des qualifiés : "
        + site_address(reverse("competitions:qualified", args=[stage.competition_id])),
        "En cas d'empêchement, prévenez l'organisateur au plus tôt : un remplaçant prendra "
        "votre place.",
    ]
    subject = f"{stage.competition} — {following.name}"
    return (subject, "\n".join(lines), [address])


def qualified_notify(*, stage: Stage, qualifiers: list[Qualifier]) -> None:
    """Tell each player the stage named: qualified, or replacement number N."""
    addresses = _addresses(qualifiers)
    messages = []
    replacement = 0
    for qualifier in qualifiers:
        if qualifier.role == Qualifier.Role.REPLACEMENT:
            replacement += 1
            opening = (
                f"Vous êtes remplaçant n° {replacement} pour {stage.next_stage.name} : vous "
                "y entrerez à la place d'un qualifié qui déclarerait forfait."
            )
        else:
            opening = f"Vous êtes qualifié pour {stage.next_stage.name}."
        if qualifier.licensee_id in addresses:
            address = addresses[qualifier.licensee_id]
            messages.append(_message(stage, qualifier, opening, address))
    mails_queue(messages=messages)


def replacement_notify(*, stage: Stage, replacement: Qualifier) -> None:
    """Tell the replacement who enters in the place of a withdrawn player."""
    address = _addresses([replacement]).get(replacement.licensee_id)
    if address is None:
        return
    withdrawn = replacement.replaces.licensee.full_name
    opening = (
        f"{withdrawn} a déclaré forfait : vous entrez à sa place dans {stage.next_stage.name}, "
        "où vous êtes inscrit."
    )
    mails_queue(messages=[_message(stage, replacement, opening, address)])
