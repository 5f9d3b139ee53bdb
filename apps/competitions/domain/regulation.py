"""A stage's regulation table (fascicule 3, ch. 2, art. 3, 8, 13: « un tableau précisant en
fonction du nombre de joueurs présents à la première séance le nombre de séances jouées
et le nombre de joueurs jouant chaque séance »), checked against the regulation:

- « Participation de 15 joueurs minimum, en 1ère séance » (art. 2, 7, 12);
- at least 2 sessions of 20 donnes, « sauf en championnat promotion » (art. 2) and in
  Senior (art. 12 « 1 séance de 20 donnes minimum »): 1 session;
- these minimums hold for « chaque finale locale, régionale, par regroupement de comités »
  (art. 2, 7) and, in the Senior, for « chaque tournoi de ces qualificatifs » (art. 12):
  every regional stage;
- no more sessions than a tournament may have (MAX_SESSIONS);
- ch. 5, « Tournois Duplicates en plusieurs séances »: only players of the previous
  session play the next one, and « le nombre d'éliminés à chaque séance ne doit pas être
  supérieur à 50 % des participants de la séance précédente ».

Local finals « qualificatives directement pour le championnat de France » exist in the
Promotion only (art. 2).

The Jeunes championship is not in the regulation: it is held to 2 sessions, as the Open.
"""

from dataclasses import dataclass
from itertools import pairwise

from apps.competitions.domain.kinds import KINDS, CompetitionKind
from apps.tournaments.domain.sessions import MAX_SESSIONS

MIN_PLAYERS = 15
MIN_DEALS = 20


@dataclass(frozen=True)
class RegulationRow:
    """For ``low`` to ``high`` players present at the first session, the players of each
    session after the first (the first seats everyone present)."""

    low: int
    high: int
    next_sessions: tuple[int, ...] = ()

    @property
    def sessions(self) -> int:
        return 1 + len(self.next_sessions)


def min_sessions(kind: CompetitionKind) -> int:
    return KINDS[kind].min_sessions


def minimums_hold(kind: CompetitionKind, *, regional: bool, final: bool) -> bool:
    """Whether a stage is held to the minimums (players, sessions, donnes): a local,
    regional or group final (art. 2, 7), and every regional stage of the Senior (art. 12).
    A semi-final of the other championships, and a national final (its format set by the
    CCN: art. 4, 9, 14), are held to the cuts only."""
    return regional and (final or KINDS[kind].minimums_every_stage)


def local_final_refusal(
    kind: CompetitionKind, *, qualifies_for_national: bool | None
) -> str | None:
    """Why a local final may not be organised (None: it may): only in the Promotion, and it
    qualifies for the national final directly (art. 2). ``qualifies_for_national`` None:
    the stage names no next stage yet."""
    if not KINDS[kind].local_finals:  # « La CCR peut pour le championnat promotion … »
        return (
            "seul le championnat promotion organise des finales locales, qualificatives "
            "directement pour le championnat de France (art. 2)"
        )
    if qualifies_for_national is False:
        return "une finale locale qualifie directement pour la finale nationale (art. 2)"
    return None


def row_problems(
    kind: CompetitionKind, row: RegulationRow, deals: int, *, minimums: bool = True
) -> list[str]:
    """What is wrong with one row of the table, ``deals`` being the donnes of a session.
    ``minimums`` False (``minimums_hold``) checks the cuts only."""
    where = f"de {row.low} à {row.high} joueurs"
    if row.sessions > MAX_SESSIONS:  # said once, before anything about each session
        return [f"{where} : {row.sessions} séances, un tournoi en compte {MAX_SESSIONS} au plus"]
    problems = []
    if row.low > row.high:
        problems.append(f"{where} : la borne basse dépasse la borne haute")
    if minimums and row.low < MIN_PLAYERS:
        problems.append(f"{where} : il faut {MIN_PLAYERS} joueurs au moins en 1ère séance")
    if minimums and row.sessions < min_sessions(kind):
        problems.append(f"{where} : il faut {min_sessions(kind)} séances au moins")
    if minimums and deals < MIN_DEALS:
        problems.append(f"{where} : une séance compte {MIN_DEALS} donnes au moins")
    # The worst case: the most players cut, and no more players than the fewest present.
    most, fewest = row.high, row.low
    for number, players in enumerate(row.next_sessions, start=2):
        if players > fewest:
            problems.append(
                f"{where} : la séance {number} ne peut réunir que des joueurs de la séance "
                f"précédente ({fewest} au plus), pas {players}"
            )
        if 2 * (most - players) > most:
            problems.append(
                f"{where} : la séance {number} élimine {most - players} joueurs sur {most}, "
                "plus de 50 %"
            )
        most, fewest = players, min(fewest, players)
    return problems


def regulation_problems(
    kind: CompetitionKind, rows: list[RegulationRow], deals: int, *, minimums: bool = True
) -> list[str]:
    """Everything wrong with a stage's table, said before the stage starts: each row's
    problems, and rows that overlap."""
    problems = [
        problem for row in rows for problem in row_problems(kind, row, deals, minimums=minimums)
    ]
    ordered = sorted(rows, key=lambda row: row.low)
    for before, after in pairwise(ordered):
        if after.low <= before.high:
            problems.append(
                f"les lignes de {before.low} à {before.high} et de {after.low} à {after.high} "
                "joueurs se chevauchent"
            )
    return problems
