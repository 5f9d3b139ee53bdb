"""A season's national ranking in one set-based SQL statement (PostgreSQL, and the
embedded SQLite of the quick start): the PCN and PP of every licensee from the awards of
approved tournaments (the same results once: apps.rankings.counted) and of approved files
of other software, played in the season;
ranked by PCN with ex-aequo sharing the rank (RANK), in the nation, their committee and
their zone. No per-player loop: the database aggregates, ranks and stores."""

from django.db import connection

from apps.approvals.models import ExternalAward
from apps.awards.models import Award, AwardSet
from apps.federation.models import Club, Committee, Licensee, Season
from apps.rankings.counted import counted_files, counted_tournaments
from apps.rankings.models import Publication, RankingRow


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


TOTALS = "rankings_season_totals"  # a temporary table, dropped at once


def totals_sql(start, end) -> tuple[str, list]:
    """Each licensee's totals of the season from `start` to `end` into a temporary table,
    and its parameters: a CREATE TABLE … AS SELECT, which PostgreSQL may run in parallel
    (an INSERT … SELECT may not). The tournaments and files counted are
    apps.rankings.counted's: the same results once."""
    tournaments, params = counted_tournaments(start, end).values("pk").query.sql_with_params()
    files, file_params = counted_files(start, end).values("pk").query.sql_with_params()
    sql = f"""
        CREATE TEMPORARY TABLE {TOTALS} AS
        SELECT awarded.licensee_id, SUM(awarded.pcn) AS pcn, SUM(awarded.pp) AS pp,
               COUNT(*) AS tournaments
        FROM (
            SELECT a.licensee_id, a.pcn, a.pp
            FROM {_table(Award)} a
            WHERE a.award_set_id IN (
                SELECT s.id
                FROM {_table(AwardSet)} s
                WHERE s.tournament_id IN ({tournaments})
            )
            UNION ALL
            SELECT e.licensee_id, e.pcn, e.pp
            FROM {_table(ExternalAward)} e
            WHERE e.homologation_id IN ({files})
        ) awarded
        GROUP BY awarded.licensee_id
    """
    return sql, [*params, *file_params]


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
        JOIN {_table(Licensee)} l ON l.id = t.licensee_id
        JOIN {_table(Club)} c ON c.id = l.club_id
        JOIN {_table(Committee)} m ON m.id = c.committee_id
    """


def ranking_totals(*, season: Season) -> None:
    """The first step: the season's totals into this connection's temporary table."""
    span = season.span
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {TOTALS}")
        cursor.execute(*totals_sql(span.start, span.end))


def ranking_rows_store(*, run_id: int) -> int:
    """The second step, inside the caller's transaction: replace the run's rows with the
    totals ranked; how many players it ranks. A published run is never computed again."""
    if Publication.objects.filter(run_id=run_id).exists():
        raise ValueError("un classement publié ne se recalcule pas")
    RankingRow.objects.filter(run_id=run_id).delete()
    with connection.cursor() as cursor:
        cursor.execute(ranking_sql(), [run_id])
        count = cursor.rowcount
        cursor.execute(f"DROP TABLE {TOTALS}")
    return count


def ranking_store(*, run_id: int, season: Season) -> int:
    """Both steps at once: the run's rows from the season's awards."""
    ranking_totals(season=season)
    return ranking_rows_store(run_id=run_id)
