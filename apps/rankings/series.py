"""The séries' writes: the season's rules set by federation staff, the end-of-season
proposal computed from a published list (apps.rankings.domain.series), reviewed, then
applied to the licensees in one audited step."""

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from apps.core.audit import audit_record
from apps.federation.models import Licensee, Season
from apps.federation.services import licensees_series_set
from apps.rankings.domain.series import Rule, Standing, rule_problems, series_move
from apps.rankings.models import Publication, SeriesChange, SeriesProposal, SeriesRule
from apps.rankings.permissions import can_manage_national_ranking


def _federation_only(actor) -> None:
    if not can_manage_national_ranking(actor):
        raise PermissionDenied("Seule la fédération fixe les séries.")


def _rule(row: SeriesRule) -> Rule:
    return Rule(row.series, row.purpose, row.measure, row.threshold)


@transaction.atomic
def series_rules_set(*, actor, season: Season, rules: list[dict]) -> list[SeriesRule]:
    """Replace the season's rules (each ``{"series", "purpose", "measure", "threshold"}``);
    refused with every problem, nothing written."""
    _federation_only(actor)
    problems = rule_problems(Rule(**rule) for rule in rules)
    if problems:
        raise ValidationError(problems)
    before = [str(_rule(r)) for r in season.series_rules.all()]
    season.series_rules.all().delete()
    created = SeriesRule.objects.bulk_create(SeriesRule(season=season, **rule) for rule in rules)
    audit_record(
        actor=actor,
        action="update",
        instance=season,
        changes={"series_rules": [before, [f"{r['series']}: {Rule(**r)}" for r in rules]]},
    )
    return created


@transaction.atomic
def series_propose(*, actor, publication: Publication) -> SeriesProposal:
    """The séries changes the season's rules give from this published list: players it
    ranks, and players of a série with keep rules whom it does not rank."""
    _federation_only(actor)
    rules = [_rule(r) for r in publication.season.series_rules.all()]
    if not rules:
        raise ValidationError("Aucune règle de série n'est fixée pour cette saison.")
    standings = {
        licensee: Standing(pcn, pp, rank)
        for licensee, pcn, pp, rank in publication.run.rows.values_list(
            "licensee_id", "pcn", "pp", "rank"
        )
    }
    kept_series = {r.series for r in rules if r.purpose == "keep"}
    licensees = Licensee.objects.filter(
        Q(pk__in=publication.run.rows.values("licensee_id")) | Q(series__in=kept_series)
    ).values_list("pk", "series")
    proposal = SeriesProposal.objects.create(
        season=publication.season, publication=publication, created_by=actor
    )
    changes = []
    for licensee, current in licensees.iterator(chunk_size=2000):
        move = series_move(current, standings.get(licensee, Standing()), rules)
        if move is not None:
            changes.append(
                SeriesChange(
                    proposal=proposal,
                    licensee_id=licensee,
                    before=move.before,
                    after=move.after,
                    reason=move.reason,
                )
            )
    SeriesChange.objects.bulk_create(changes, batch_size=1000)
    audit_record(
        actor=actor, action="create", instance=proposal, changes={"changes": [None, len(changes)]}
    )
    return proposal


@transaction.atomic
def series_change_keep(*, actor, change: SeriesChange, kept: bool) -> SeriesChange:
    """The reviewer keeps or leaves out one change of a proposal not yet applied."""
    _federation_only(actor)
    proposal = SeriesProposal.objects.select_for_update().get(pk=change.proposal_id)
    if proposal.applied_at is not None:
        raise ValidationError("Cette proposition est déjà appliquée.")
    change.refresh_from_db(fields=["kept"])
    if change.kept != kept:
        change.kept = kept
        change.save(update_fields=["kept"])
        audit_record(
            actor=actor, action="update", instance=change, changes={"kept": [not kept, kept]}
        )
    return change


@transaction.atomic
def series_apply(*, actor, proposal: SeriesProposal) -> int:
    """Apply the kept changes to the licensees at once, audited; refused with nothing
    written when the proposal is applied already or a licensee's série changed since."""
    _federation_only(actor)
    proposal = SeriesProposal.objects.select_for_update().get(pk=proposal.pk)
    if proposal.applied_at is not None:
        raise ValidationError("Cette proposition est déjà appliquée.")
    changes = list(proposal.changes.filter(kept=True).select_related("licensee"))
    moved = [c.licensee for c in changes if c.licensee.series != c.before]
    if moved:
        raise ValidationError(
            [
                f"La série de {licensee} a changé depuis la proposition : calculez-la à nouveau."
                for licensee in moved
            ]
        )
    count = licensees_series_set(actor=actor, series={c.licensee_id: c.after for c in changes})
    proposal.applied_at, proposal.applied_by = timezone.now(), actor
    proposal.save(update_fields=["applied_at", "applied_by"])
    audit_record(
        actor=actor, action="update", instance=proposal, changes={"applied": [None, count]}
    )
    return count
