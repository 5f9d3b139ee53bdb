"""Reads of penalties and adjusted scores, in the shape the results are computed from."""

from collections import defaultdict

from django.db.models import Sum

from apps.movements.models import Place
from apps.penalties.domain.effects import (
    AdjustedScore,
    PenaltyRecord,
    penalties_total,
)
from apps.penalties.domain.ruling import forgotten_by_defender, names_a_side
from apps.penalties.models import (
    CatalogueVersion,
    Incident,
    Penalty,
    PlayersNote,
)
from apps.tournaments.models import Session, Tournament


def session_penalties(session: Session) -> dict[str, float]:
    """{player key: percentage points} of the players seated in the session, keyed like
    apps.scoring.selectors (the registration id); a player's penalties add up. The
    session's penalties are read first (most sessions have none), then whether their
    players are seated: read on every recomputation of the results."""
    rows = (
        Penalty.objects.filter(session=session)
        .order_by()
        .values("registration_id")
        .annotate(total=Sum("percent"))
        .values_list("registration_id", "total")
    )
    totals = dict(rows)
    if not totals:
        return {}
    seated = Place.objects.filter(
        table__movement__session=session, registration_id__in=totals
    ).values_list("registration_id", flat=True)
    return {str(registration_id): float(totals[registration_id]) for registration_id in {*seated}}


def catalogue_on(day) -> CatalogueVersion | None:
    """The published version of the code d'arbitrage valid on ``day`` (the latest one that
    started on or before it)."""
    return (
        CatalogueVersion.objects.filter(published=True, valid_from__lte=day)
        .order_by("-valid_from", "-pk")
        .first()
    )


def catalogue_for(tournament: Tournament) -> CatalogueVersion | None:
    """The code d'arbitrage a tournament is played under: the version valid at its date."""
    return catalogue_on(tournament.date)


def session_incident_penalties(session: Session) -> dict[str, float]:
    """{player key: percentage points} of the session's live incidents, added up as
    ``penalties_total`` says; a fault of the session (no étui) always adds up."""
    rows = Incident.players.through.objects.filter(
        incident__in=Incident.objects.live().filter(session=session),
        incident__penalty_percent__gt=0,
    ).values_list(
        "registration_id",
        "incident__etui",
        "incident__penalty_percent",
        "incident__fault__cumulative",
    )
    return penalties_total(
        PenaltyRecord(str(registration_id), etui, float(percent), cumulative or etui is None)
        for registration_id, etui, percent, cumulative in rows
    )


def session_adjustments(session: Session) -> dict[tuple[str, int, int], dict]:
    """{(section, table number, étui): adjusted score} of the session (cancelled incidents
    left out), each as the keyword arguments of apps.penalties.domain.effects.AdjustedScore:
    "kind"; "faulty", the faulty side of a 40/60 or a forgotten card; "faulty_player", the
    key of the defender who forgot a card; "zero_players" and "forty_players", the keys of
    the players concerned by a cancelled board who get 0 or 40 %."""
    incidents = (
        Incident.objects.live()
        .filter(session=session)
        .exclude(adjustment="")
        .select_related("table")
        .prefetch_related("players")
    )
    adjustments = {}
    for incident in incidents:
        players = sorted(str(player.pk) for player in incident.players.all())
        sided = names_a_side(incident.adjustment)
        adjustments[incident.table.section, incident.table.table, incident.etui] = {
            "kind": incident.adjustment,
            "faulty": incident.faulty_side if sided else None,
            "faulty_player": players[0]
            if forgotten_by_defender(incident.adjustment, incident.faulty_side)
            else None,
            "zero_players": players if incident.players_note == PlayersNote.ZERO else [],
            "forty_players": players if incident.players_note == PlayersNote.FORTY else [],
        }
    return adjustments


def session_decisions(session: Session) -> tuple[dict[str, float], dict]:
    """Everything the referee decided that changes the session's results: the percentage
    points taken off each player (penalties given directly and through incidents) and the
    adjusted scores, ready for ``session_results_compute``."""
    penalties: dict[str, float] = defaultdict(float)
    for source in (session_penalties(session), session_incident_penalties(session)):
        for player, points in source.items():
            penalties[player] += points
    adjustments = {
        key: AdjustedScore(**arguments) for key, arguments in session_adjustments(session).items()
    }
    return dict(penalties), adjustments
