"""The national ranking's reads: the season's published lists and live ranking, their
rows filtered as the pages and the API ask, a player's seasons and the awards that make
their totals. Each read costs a fixed number of queries, whatever the number of players."""

from dataclasses import dataclass
from datetime import date

from django.db.models import Case, OuterRef, Q, QuerySet, Subquery, Value, When
from django.db.models.functions import Coalesce

from apps.approvals.models import ExternalAward
from apps.awards.models import Award
from apps.federation.domain.search import search_terms
from apps.federation.models import Licensee, Season
from apps.rankings.counted import counted_files, counted_tournaments
from apps.rankings.domain.places import rank_among
from apps.rankings.models import (
    LineRestoration,
    Publication,
    PublicationChange,
    RankingRow,
    RankingRun,
    WithheldLine,
)


def publications_of(season: Season) -> QuerySet[Publication]:
    return Publication.objects.filter(season=season).select_related("published_by")


def latest_publication(season: Season) -> Publication | None:
    return publications_of(season).order_by("-published_at").first()


def live_run(season: Season) -> RankingRun | None:
    """The season's latest computed ranking: the live view, ahead of the published list."""
    done = RankingRun.objects.filter(season=season, state=RankingRun.State.DONE)
    return done.order_by("-computed_at", "-pk").first()


def withheld_lines(run: RankingRun) -> QuerySet[WithheldLine]:
    """The lines a computed run did not count (apps.rankings.withholding), by source then
    player, each with its licensee."""
    return (
        WithheldLine.objects.filter(run=run)
        .select_related("licensee")
        .order_by("source", "licensee__last_name", "licensee__first_name", "pk")
    )


def restored_mark(season: Season, lines: list[WithheldLine]) -> None:
    """Set ``restored`` on each line: federation staff restored it since its run was
    computed, and it counts at the next computation (one query)."""
    restored = set(
        LineRestoration.objects.filter(
            season=season, licensee_id__in={line.licensee_id for line in lines}
        ).values_list("award_set_id", "homologation_id", "licensee_id")
    )
    for line in lines:
        line.restored = (line.award_set_id, line.homologation_id, line.licensee_id) in restored


@dataclass(frozen=True)
class RowFilter:
    """What a ranking page or the API narrows the list to (all optional)."""

    text: str = ""  # in the name or the licence number
    club_id: int | None = None
    committee_id: int | None = None
    zone_id: int | None = None
    series: str = ""


def ranking_rows(run: RankingRun, found: RowFilter = RowFilter()) -> QuerySet[RankingRow]:
    """The run's rows in rank order, narrowed by ``found`` (its words as the licensee search
    takes them, in the names and licences the list was computed with), each with its
    licensee and the committee and zone it was ranked in."""
    rows = (
        RankingRow.objects.filter(run=run)
        .select_related("licensee", "committee", "zone")
        .order_by("rank", "last_name", "first_name")
    )
    for word in search_terms(found.text):
        rows = rows.filter(
            Q(last_name__icontains=word)
            | Q(first_name__icontains=word)
            | Q(licence_number__startswith=word)
        )
    if found.club_id:
        rows = rows.filter(club_id=found.club_id)
    if found.committee_id:
        rows = rows.filter(committee_id=found.committee_id)
    if found.zone_id:
        rows = rows.filter(zone_id=found.zone_id)
    if found.series:
        rows = rows.filter(series=found.series)
    return rows


def club_ranks_set(run: RankingRun, club_id: int, rows: list[RankingRow]) -> None:
    """Set ``club_rank`` on each row: its rank by PCN among the players of the club in the
    run (ex-aequo share), whatever else narrows the page (one query, of the club's
    players only)."""
    club_pcns = list(run.rows.filter(club_id=club_id).values_list("pcn", flat=True))
    for row in rows:
        row.club_rank = rank_among(row.pcn, club_pcns)


SNAPSHOT = ("licence_number", "last_name", "first_name", "club_name")


def publication_changes(publication: Publication) -> QuerySet[PublicationChange]:
    """What the publication changed, each player as its list shows them (its row, or for
    a player who left the list, the previous list's): ``licence_number``, ``last_name``,
    ``first_name`` and ``club_name`` annotated (one query)."""
    lists = Publication.objects.filter(pk__in=[publication.pk, publication.previous_id])
    row = RankingRow.objects.filter(
        licensee_id=OuterRef("licensee_id"), run_id__in=lists.values("run_id")
    )
    row = row.order_by(Case(When(run_id=publication.run_id, then=0), default=1))
    return publication.changes.select_related("licensee").annotate(
        **{
            f"shown_{name}": Coalesce(Subquery(row.values(name)[:1]), Value(""))
            for name in SNAPSHOT
        }
    )


@dataclass(frozen=True)
class SeasonLine:
    """A player's line of a season's published ranking (or, lacking one, the live one)."""

    season: Season
    row: RankingRow
    published: bool


def player_seasons(licensee: Licensee, *, live: bool) -> list[SeasonLine]:
    """The player's line of each season's latest publication, oldest season first; with
    ``live``, the current season's live line when it is newer and shows something else
    (two queries)."""
    # Through the runs: the rows' one index is (run, licensee) (RankingRow).
    runs = RankingRun.objects.filter(publication__isnull=False)
    published = (
        RankingRow.objects.filter(run__in=runs, licensee=licensee)
        .select_related("run__season", "run__publication")
        .order_by("run__season__start_year", "run__publication__published_at")
    )
    lines = {row.run.season.start_year: SeasonLine(row.run.season, row, True) for row in published}
    if not live:
        return [lines[year] for year in sorted(lines)]
    latest = (
        RankingRow.objects.filter(
            run__in=RankingRun.objects.filter(state=RankingRun.State.DONE, season__is_current=True),
            licensee=licensee,
        )
        .select_related("run__season")
        .order_by("-run__computed_at", "-run_id")
        .first()
    )
    if latest is not None:
        current = lines.get(latest.run.season.start_year)
        if current is None or (
            current.row.run.computed_at < latest.run.computed_at
            and _shown(current.row) != _shown(latest)
        ):
            lines[latest.run.season.start_year] = SeasonLine(latest.run.season, latest, False)
    return [lines[year] for year in sorted(lines)]


def _shown(row: RankingRow) -> tuple:
    """What a player's line shows: a computation newer than the publication that shows the
    same is the published line still, not « en direct, pas encore publié »."""
    fields = (row.rank, row.pcn, row.pp, row.tournaments, row.committee_rank, row.zone_rank)
    return (*fields, row.run.players)


@dataclass(frozen=True)
class AwardLine:
    """One tournament's PCN and PP counted in a player's season."""

    day: date
    name: str
    pcn: int
    pp: int
    tournament_id: int | None  # None: a tournament received as the FFT's file


def player_awards(licensee: Licensee, season: Season) -> list[AwardLine]:
    """The awards that make the player's season totals (apps.rankings.computation): of
    approved tournaments and approved files of other software, newest first (two
    queries)."""
    span = season.span
    awarded = Award.objects.filter(
        licensee=licensee, award_set__tournament__in=counted_tournaments(span.start, span.end)
    ).values_list(
        "award_set__tournament__date",
        "award_set__tournament__name",
        "pcn",
        "pp",
        "award_set__tournament_id",
    )
    external = ExternalAward.objects.filter(
        licensee=licensee, homologation__in=counted_files(span.start, span.end)
    ).values_list("homologation__date", "homologation__name", "pcn", "pp")
    lines = [AwardLine(*values) for values in awarded]
    lines += [AwardLine(*values, tournament_id=None) for values in external]
    return sorted(lines, key=lambda line: (line.day, line.name), reverse=True)


def pcn_change_of(licensee: Licensee, season: Season) -> PublicationChange | None:
    """What the season's latest publication changed of the player's line, and why."""
    publication = latest_publication(season)
    if publication is None or publication.previous_id is None:
        return None
    return publication.changes.filter(licensee=licensee).first()
