"""The adversary's tools for the national ranking (tests/rankings/test_adversary.py): the
one invariant checker every door ends with, ``ranking_holds``, and the sources an adversary
writes straight through the models (the admin's door).

What holds, whatever fed the season (docs/architecture.md, « The ranking's invariants »):

- no point the tables deny: every counted line is within its source's check
  (apps.rankings.checks), and those bounds within the regulation's absolute maxima
  (5000 PCN a stage, a session at most a stage, or a national final's first place; the
  largest PP of any table);
- nothing twice: no two counted sources hold the same results
  (apps.results.domain.same_results.results_verdict on the lines they count) but where
  federation staff received a file despite them, with a reason;
- each ranked licensee's totals are the sum of their counted lines.
"""

import datetime
from collections import defaultdict
from itertools import combinations

from apps.approvals.domain.chain import Level
from apps.approvals.models import ExternalAward, Homologation
from apps.awards.domain import pcn as pcn_tables
from apps.awards.domain.pp import NATIONAL_FINALS, NATIONAL_OPEN_PP, SERIES_PP
from apps.awards.models import Award, AwardSet
from apps.federation.models import Season
from apps.rankings.computation import ranking_store
from apps.rankings.counted import counted_files, counted_tournaments
from apps.rankings.models import LineRestoration, RankingRow, RankingRun, SourceCheck, WithheldLine
from apps.results.domain.same_results import Likeness, results_verdict
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Session
from tests import factories as f


def _flat(values) -> list[int]:
    if isinstance(values, int):
        return [values]
    if isinstance(values, dict):
        values = values.values()
    return [n for value in values for n in _flat(value)]


# The most a line may ever hold, whatever the facts: the regional championships' ceiling a
# stage (every session may be one), a national final's first place; the largest PP of the
# fixed tables (a national final's, the national opens', the séries'): a regional open's,
# computed from its potential, is not among them, and no door of the adversary makes one.
MOST_PCN_A_STAGE = pcn_tables.REGIONAL_CHAMPIONSHIP_CEILING
MOST_FINAL_PCN = max(band.pcn for bands in NATIONAL_FINALS.values() for band in bands)
MOST_PP = max(
    max(band.pp for bands in NATIONAL_FINALS.values() for band in bands),
    max(_flat(NATIONAL_OPEN_PP)),
    max(_flat(SERIES_PP)),
)


def _most_pcn(sessions: int) -> int:
    return max(MOST_PCN_A_STAGE * max(sessions, 1), MOST_FINAL_PCN)


def _counted_lines(season: Season, run: RankingRun):
    """The lines the run counts by source: {("t", award set id) | ("h", homologation id):
    {licensee: (pcn, pp)}}, and the restored lines' keys."""
    span = season.span
    withheld = set(
        WithheldLine.objects.filter(run=run).values_list(
            "award_set_id", "homologation_id", "licensee_id"
        )
    )
    restored = set(
        LineRestoration.objects.filter(season=season).values_list(
            "award_set_id", "homologation_id", "licensee_id"
        )
    )
    lines: dict[tuple[str, int], dict[int, tuple[int, int]]] = defaultdict(dict)
    tournaments = counted_tournaments(span.start, span.end).values("pk")
    for award_set, licensee, pcn, pp in Award.objects.filter(
        award_set__tournament_id__in=tournaments
    ).values_list("award_set_id", "licensee_id", "pcn", "pp"):
        if (award_set, None, licensee) not in withheld:
            lines[("t", award_set)][licensee] = (pcn, pp)
    for homologation, licensee, pcn, pp in ExternalAward.objects.filter(
        homologation__in=counted_files(span.start, span.end).values("pk")
    ).values_list("homologation_id", "licensee_id", "pcn", "pp"):
        if (None, homologation, licensee) not in withheld:
            lines[("h", homologation)][licensee] = (pcn, pp)
    return lines, restored


def _sessions(key: tuple[str, int]) -> int:
    kind, pk = key
    if kind == "t":
        tournament = AwardSet.objects.get(pk=pk).tournament_id
        return Session.objects.filter(tournament_id=tournament).count()
    return len(Homologation.objects.get(pk=pk).session_players or [])


def ranking_holds(season: Season) -> dict[int, tuple[int, int]]:
    """Compute the season's ranking in a fresh run and assert its invariants (the module's
    docstring); the ranked totals {licensee: (pcn, pp)}, 0-point rows left out."""
    run = RankingRun.objects.create(season=season, state="running")
    ranking_store(run_id=run.pk, season=season)
    lines, restored = _counted_lines(season, run)
    checks = {("t", c.award_set_id): c for c in SourceCheck.objects.filter(award_set__isnull=False)}
    checks |= {("h", c.homologation_id): c for c in SourceCheck.objects.filter(award_set=None)}
    expected: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for key, source in lines.items():
        check = checks.get(key)
        assert check is not None, f"{key}: counted without a check"
        assert check.max_pcn <= _most_pcn(_sessions(key)), (key, check.max_pcn, check.bounds)
        assert check.max_pp <= MOST_PP, (key, check.max_pp, check.bounds)
        for licensee, (pcn, pp) in source.items():
            line = (key[1], None, licensee) if key[0] == "t" else (None, key[1], licensee)
            if line not in restored:
                assert pcn <= check.max_pcn and pp <= check.max_pp, (
                    f"{key} counts {pcn} PCN {pp} PP for {licensee}: {check.bounds}"
                )
            expected[licensee][0] += pcn
            expected[licensee][1] += pp
    # Received or imported despite the same results, by federation staff with a reason.
    accepted = {
        ("h", pk)
        for pk in Homologation.objects.exclude(same_results_accepted="").values_list(
            "pk", flat=True
        )
    } | {
        ("t", pk)
        for pk in AwardSet.objects.exclude(tournament__same_results_accepted="").values_list(
            "pk", flat=True
        )
    }
    for (one, mine), (other, theirs) in combinations(lines.items(), 2):
        if {one, other} & accepted:
            continue
        verdict = results_verdict(awards=(mine, theirs))
        assert verdict.likeness != Likeness.SAME, f"{one} and {other} both count: {verdict}"
    rows = list(RankingRow.objects.filter(run=run).values_list("licensee_id", "pcn", "pp"))
    assert len(rows) == len({licensee for licensee, _pcn, _pp in rows}), "a licensee twice"
    ranked = {licensee: (pcn, pp) for licensee, pcn, pp in rows if pcn or pp}
    assert ranked == {who: tuple(v) for who, v in expected.items() if any(v)}
    return ranked


# --- sources written straight through the models (the admin's door) ---------------------


def tournament_written(
    world,
    awards: dict,
    *,
    players: int,
    date: datetime.date,
    sessions: int = 1,
    at=None,
    index: str = "1",
):
    """An approved tournament of ``players`` registered players (its listed licensees and
    fillers) and ``sessions`` sessions starting ``at``, its awards written as given."""
    tournament = f.TournamentFactory(
        club=world.club, status=Status.APPROVED, date=date, index=index
    )
    for number in range(2, sessions + 1):
        Session.objects.create(tournament=tournament, number=number)
    if at is not None:
        tournament.sessions.update(starts_at=at)
    award_set = AwardSet.objects.create(tournament=tournament, state="done")
    fillers = f.LicenseeFactory.create_batch(max(0, players - len(awards)), club=world.club)
    for licensee in [*awards, *fillers]:
        registration = f.RegistrationFactory(tournament=tournament, licensee=licensee)
        pcn, pp = awards.get(licensee, (0, 0))
        Award.objects.create(
            award_set=award_set,
            registration=registration,
            licensee=licensee,
            pcn=pcn,
            pp=pp,
            reason="",
        )
    return tournament


def file_written(
    world, awards: dict, *, session_players: list, date: datetime.date, index: str = "1"
):
    """An approved file of other software, its declarations and awards written as given."""
    homologation = Homologation.objects.create(
        club=world.other_club,
        name="Reçu",
        date=date,
        level=Level.APPROVED,
        external=True,
        index=index,
        session_players=list(session_players),
    )
    ExternalAward.objects.bulk_create(
        ExternalAward(homologation=homologation, licensee=licensee, pcn=pcn, pp=pp)
        for licensee, (pcn, pp) in awards.items()
    )
    return homologation
