"""A season's national ranking in one set-based SQL statement (PostgreSQL, and the
embedded SQLite of the quick start): the PCN and PP of every licensee from the awards of
approved tournaments (the same results once: apps.rankings.counted) and of approved files
of other software, played in the season;
ranked by PCN with ex-aequo sharing the rank (RANK), in the nation, their committee and
their zone. No per-player loop: the database aggregates, ranks and stores."""

from dataclasses import asdict, dataclass

from django.db import connection
from django.db.models import QuerySet
from django.db.models.expressions import RawSQL

from apps.approvals.models import ExternalAward, Homologation
from apps.awards.models import Award, AwardSet
from apps.federation.models import Club, Committee, Licensee, Season
from apps.rankings.checks import sources_check
from apps.rankings.counted import counted_files, counted_tournaments
from apps.rankings.models import (
    LineRestoration,
    Publication,
    RankingRow,
    SourceCheck,
    WithheldLine,
)
from apps.rankings.withholding import Withheld, over_bounds, withheld_plan


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


TOTALS = "rankings_season_totals"  # temporary tables, dropped at once
WITHHELD = "rankings_season_withheld"


def _subquery(queryset) -> tuple[str, tuple]:
    """A queryset's ids as SQL, unsorted: an IN (…) needs no order."""
    return queryset.order_by().values("pk").query.sql_with_params()


@dataclass(frozen=True)
class Counted:
    """The sources a season's ranking counts (apps.rankings.counted), compiled once: their
    SQL, and querysets that read it."""

    tournaments: tuple[str, tuple]
    files: tuple[str, tuple]

    @classmethod
    def of(cls, season: Season) -> "Counted":
        span = season.span
        return cls(
            _subquery(counted_tournaments(span.start, span.end)),
            _subquery(counted_files(span.start, span.end)),
        )

    @property
    def award_sets(self) -> QuerySet:
        return AwardSet.objects.filter(tournament_id__in=RawSQL(*self.tournaments))

    @property
    def homologations(self) -> QuerySet:
        return Homologation.objects.filter(pk__in=RawSQL(*self.files))


def _lines_sql(counted: Counted, *, withheld: bool, restored_in: int | None, only: str = ""):
    """The lines of the season's ``counted`` sources (licensee_id, pcn, pp, counts) as SQL,
    and its parameters; ``counts`` when the line's source check (apps.rankings.checks)
    bounds it, or, with ``restored_in`` a season, federation staff restored it there. The
    withheld table's lines are left out when ``withheld``; ``only`` narrows the
    licensees (an SQL condition on ``licensee_id``)."""
    tournaments, params = counted.tournaments
    files, file_params = counted.files
    restored = f"""OR EXISTS (
        SELECT 1 FROM {_table(LineRestoration)} r
        WHERE r.season_id = %s AND r.licensee_id = {{line}}.licensee_id
          AND r.{{source}} = {{line}}.{{source}}
    )"""
    kept = f"""AND NOT EXISTS (
        SELECT 1 FROM {WITHHELD} w
        WHERE w.licensee_id = {{line}}.licensee_id AND w.{{source}} = {{line}}.{{source}}
    )"""
    restorations = restored_in is not None

    def clauses(line: str, source: str) -> tuple[str, str, str]:
        return (
            restored.format(line=line, source=source) if restorations else "",
            kept.format(line=line, source=source) if withheld else "",
            f"AND {line}.{only}" if only else "",
        )

    award_restored, award_kept, award_only = clauses("a", "award_set_id")
    file_restored, file_kept, file_only = clauses("e", "homologation_id")
    sql = f"""
        SELECT a.licensee_id, a.pcn, a.pp,
               (a.pcn <= c.max_pcn AND a.pp <= c.max_pp) {award_restored} AS counts
        FROM {_table(Award)} a
        JOIN (
            SELECT k.award_set_id, k.max_pcn, k.max_pp
            FROM {_table(SourceCheck)} k
            JOIN {_table(AwardSet)} s ON s.id = k.award_set_id
            WHERE s.tournament_id IN ({tournaments})
        ) c ON c.award_set_id = a.award_set_id
        WHERE TRUE {award_kept} {award_only}
        UNION ALL
        SELECT e.licensee_id, e.pcn, e.pp,
               (e.pcn <= c.max_pcn AND e.pp <= c.max_pp) {file_restored} AS counts
        FROM {_table(ExternalAward)} e
        JOIN {_table(SourceCheck)} c ON c.homologation_id = e.homologation_id
        WHERE e.homologation_id IN ({files}) {file_kept} {file_only}
    """
    seasons = [restored_in] if restorations else []
    return sql, [*seasons, *params, *seasons, *file_params]


def totals_sql(counted: Counted, *, withheld: bool = True) -> tuple[str, list]:
    """Each licensee's totals of every line of the season's ``counted`` sources into a
    temporary table, and its parameters: a CREATE TABLE … AS SELECT, which PostgreSQL may
    run in parallel (an INSERT … SELECT may not). The tournaments and files counted are
    apps.rankings.counted's: the same results once. ``over`` counts a licensee's lines
    above their source's bounds: their totals are counted again exactly
    (``recount_sql``), which the usual season, with none, never needs. Without
    ``withheld`` lines (the usual case) their clause is left out."""
    lines, params = _lines_sql(counted, withheld=withheld, restored_in=None)
    sql = f"""
        CREATE TEMPORARY TABLE {TOTALS} AS
        SELECT line.licensee_id, SUM(line.pcn) AS pcn, SUM(line.pp) AS pp,
               COUNT(*) AS tournaments,
               SUM(CASE WHEN line.counts THEN 0 ELSE 1 END) AS over
        FROM ({lines}) line
        GROUP BY line.licensee_id
    """
    return sql, params


def recount_sql(counted: Counted, season_id: int, *, withheld: bool = True) -> tuple[str, list]:
    """The totals of the licensees with a line above the bounds, counted again from the
    lines that count (bounded, or restored by federation staff), and its parameters."""
    lines, params = _lines_sql(
        counted,
        withheld=withheld,
        restored_in=season_id,
        only=f"licensee_id IN (SELECT licensee_id FROM {TOTALS} WHERE over > 0)",
    )
    sql = f"""
        UPDATE {TOTALS} SET pcn = exact.pcn, pp = exact.pp, tournaments = exact.tournaments
        FROM (
            SELECT line.licensee_id,
                   SUM(CASE WHEN line.counts THEN line.pcn ELSE 0 END) AS pcn,
                   SUM(CASE WHEN line.counts THEN line.pp ELSE 0 END) AS pp,
                   SUM(CASE WHEN line.counts THEN 1 ELSE 0 END) AS tournaments
            FROM ({lines}) line
            GROUP BY line.licensee_id
        ) exact
        WHERE {TOTALS}.licensee_id = exact.licensee_id
    """
    return sql, params


def ranking_sql() -> str:
    """The run's rows from the totals, ranked, each with the player's licence, name and
    club as they are now (parameter: the run's id)."""
    return f"""
        INSERT INTO {_table(RankingRow)}
            (run_id, licensee_id, club_id, committee_id, zone_id, licence_number, last_name,
             first_name, club_name, series, pcn, pp, tournaments, rank, committee_rank,
             zone_rank)
        SELECT %s, t.licensee_id, l.club_id, c.committee_id, m.zone_id,
               COALESCE(l.licence_number, ''), l.last_name, l.first_name, c.name, l.series,
               t.pcn, t.pp, t.tournaments,
               RANK() OVER (ORDER BY t.pcn DESC),
               RANK() OVER (PARTITION BY c.committee_id ORDER BY t.pcn DESC),
               RANK() OVER (PARTITION BY m.zone_id ORDER BY t.pcn DESC)
        FROM {TOTALS} t
        JOIN {_table(Licensee)} l ON l.id = t.licensee_id AND t.tournaments > 0
        JOIN {_table(Club)} c ON c.id = l.club_id
        JOIN {_table(Committee)} m ON m.id = c.committee_id
    """


def _withheld_table(cursor, lines: list[Withheld]) -> None:
    """The lines the sum leaves out, in a temporary table (made only when there are some:
    the usual ranking withholds nothing)."""
    cursor.execute(f"DROP TABLE IF EXISTS {WITHHELD}")
    cursor.execute(
        f"CREATE TEMPORARY TABLE {WITHHELD} (award_set_id bigint, homologation_id bigint,"
        " licensee_id bigint)"
    )
    cursor.executemany(
        f"INSERT INTO {WITHHELD} VALUES (%s, %s, %s)",
        [(line.award_set_id, line.homologation_id, line.licensee_id) for line in lines],
    )
    cursor.execute(f"ANALYZE {WITHHELD}")  # a temporary table has no statistics


def ranking_totals(*, season: Season) -> list[Withheld]:
    """The first step: the season's sources checked (apps.rankings.checks) and the totals
    of the lines they do not withhold, into this connection's temporary table; the lines
    withheld, for the second step to keep with the run."""
    counted = Counted.of(season)
    award_sets, files = counted.award_sets, counted.homologations
    sources_check(award_sets=award_sets, files=files)
    withheld = withheld_plan(season=season, award_sets=award_sets, files=files)
    with connection.cursor() as cursor:
        if withheld:
            _withheld_table(cursor, withheld)
        cursor.execute(f"DROP TABLE IF EXISTS {TOTALS}")
        cursor.execute(*totals_sql(counted, withheld=bool(withheld)))
        cursor.execute(f"SELECT licensee_id FROM {TOTALS} WHERE over > 0")
        licensees = [row[0] for row in cursor.fetchall()]
        if licensees:
            cursor.execute(*recount_sql(counted, season.pk, withheld=bool(withheld)))
        if withheld:
            cursor.execute(f"DROP TABLE {WITHHELD}")
    if licensees:
        withheld += over_bounds(
            season=season, award_sets=award_sets, files=files, licensees=licensees
        )
    return withheld


def ranking_rows_store(*, run_id: int, withheld: list[Withheld]) -> int:
    """The second step, inside the caller's transaction: replace the run's rows with the
    totals ranked, and keep the lines ``withheld``; how many players it ranks. A
    published run is never computed again."""
    if Publication.objects.filter(run_id=run_id).exists():
        raise ValueError("un classement publié ne se recalcule pas")
    RankingRow.objects.filter(run_id=run_id).delete()
    WithheldLine.objects.filter(run_id=run_id).delete()
    with connection.cursor() as cursor:
        cursor.execute(ranking_sql(), [run_id])
        count = cursor.rowcount
        cursor.execute(f"DROP TABLE {TOTALS}")
    WithheldLine.objects.bulk_create(
        (WithheldLine(run_id=run_id, **asdict(line)) for line in withheld), batch_size=1000
    )
    return count


def ranking_store(*, run_id: int, season: Season) -> int:
    """Both steps at once: the run's rows from the season's awards."""
    withheld = ranking_totals(season=season)
    return ranking_rows_store(run_id=run_id, withheld=withheld)
