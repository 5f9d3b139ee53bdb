"""The read API of results for the apps above (awards, approval, the national ranking):
a session's and a tournament's results as plain data — frozen dataclasses of numbers and
strings, no model objects — computed as the results pages compute them (fascicule 3,
ch. 1 « Le classement en duplicate individuel »; several sessions: « Pour les tournois en
plusieurs séances »).

A session costs the queries of ``session_results`` plus one for the players, whatever
their number; a vacant place has no result.
"""

from dataclasses import dataclass

from apps.results.domain.model import PlayerResult, SessionResults
from apps.results.domain.rankings import Standing, general_ranking, tournament_standings
from apps.results.selectors import session_results, ties_by_tops
from apps.tournaments.models import Registration, Session, Tournament


@dataclass(frozen=True)
class EtuiResult:
    """One étui of a player's session: their role, the taker's score, their note."""

    etui: int
    role: str  # "taker" or "defender"
    score: int | None
    note: float | None  # 0 to 100; None while the score is missing
    adjustment: str | None  # the play's marque ajustée (an AdjustmentKind value)


@dataclass(frozen=True)
class Player:
    registration_id: int
    licensee_id: int
    licence_number: str


@dataclass(frozen=True)
class PlayerSessionResult:
    player: Player
    rank: int | None  # classement général (ties share a rank)
    rank_alternate: int | None  # classement alterné; None in a Howell
    line: str | None  # N, S, E, W; None in a Howell
    attack: float | None
    defence: float | None
    overall: float | None
    penalty: float  # percentage points taken off
    final: float | None  # overall minus penalty
    tops: int
    etuis: tuple[EtuiResult, ...]


@dataclass(frozen=True)
class UnrankedPlayer:
    """A player the session does not rank (apps.results.domain.forfeits): replaced during
    play (``forfeit``), or entered during play for less than half of the seat's étuis
    (``short``); ``other``: who replaced them, or whom they replaced."""

    registration_id: int
    reason: str
    etuis: int
    seat_etuis: int
    other_registration_id: int | None


@dataclass(frozen=True)
class SessionResultsData:
    session_id: int
    number: int
    coefficient: float
    complete: bool  # every line entered or stated not played
    players: tuple[PlayerSessionResult, ...]  # in general-ranking order
    unranked: tuple[UnrankedPlayer, ...] = ()  # listed apart: no rank, no award


@dataclass(frozen=True)
class PlayerTournamentResult:
    player: Player
    rank: int | None
    total: float | None  # the sessions' final % weighted by their coefficients
    tops: int
    sessions: tuple[float | None, ...]  # the final % of each session, in session order


@dataclass(frozen=True)
class TournamentResultsData:
    tournament_id: int
    play_over: bool  # finished, submitted or approved
    complete: bool  # every session complete
    sessions: tuple[SessionResultsData, ...]
    players: tuple[PlayerTournamentResult, ...]  # in the total ranking's order


def _players(tournament: Tournament) -> dict[str, Player]:
    rows = Registration.objects.filter(tournament=tournament).values_list(
        "pk", "licensee_id", "licensee__licence_number"
    )
    return {str(pk): Player(pk, licensee, number) for pk, licensee, number in rows}


def _player_result(player: Player, result: PlayerResult) -> PlayerSessionResult:
    return PlayerSessionResult(
        player=player,
        rank=result.rank,
        rank_alternate=result.rank_alternate,
        line=result.line,
        attack=result.attack,
        defence=result.defence,
        overall=result.overall,
        penalty=result.penalty,
        final=result.final,
        tops=result.tops,
        etuis=tuple(
            EtuiResult(line.etui, line.role, line.score, line.note, line.adjustment)
            for line in result.sheet
        ),
    )


def _session_data(
    session: Session, results: SessionResults, players: dict[str, Player]
) -> SessionResultsData:
    return SessionResultsData(
        session_id=session.pk,
        number=session.number,
        coefficient=float(session.coefficient),
        complete=results.missing == 0,
        players=tuple(
            _player_result(players[result.player], result)
            for result in results.players
            if result.player in players
        ),
        unranked=tuple(
            UnrankedPlayer(
                int(u.player),
                u.reason,
                u.etuis,
                u.seat_etuis,
                None if u.other is None else int(u.other),
            )
            for u in results.unranked
        ),
    )


def session_results_read(session: Session) -> SessionResultsData:
    """One session's results as plain data."""
    return _session_data(session, session_results(session), _players(session.tournament))


def tournament_results_read(
    tournament: Tournament, *, before: int | None = None
) -> TournamentResultsData:
    """A tournament's results: each session's, and the total ranking of its sessions
    weighted by their coefficients (one session: the same ranking); with ``before``, of
    the sessions before that number only (the running ranking a session was seated by)."""
    players = _players(tournament)
    chosen = tournament.sessions.order_by("number")
    if before is not None:
        chosen = chosen.filter(number__lt=before)
    sessions = [_session_data(session, session_results(session), players) for session in chosen]
    finals = [{p.player.registration_id: p.final for p in s.players} for s in sessions]
    standings = tournament_standings(
        [
            [Standing(str(p.player.registration_id), p.final, p.tops) for p in s.players]
            for s in sessions
        ],
        [s.coefficient for s in sessions],
    )
    return TournamentResultsData(
        tournament_id=tournament.pk,
        play_over=tournament.play_over,
        complete=all(s.complete for s in sessions),
        sessions=tuple(sessions),
        players=tuple(
            PlayerTournamentResult(
                player=players[standing.player],
                rank=rank,
                total=standing.percentage,
                tops=standing.tops,
                sessions=tuple(f.get(players[standing.player].registration_id) for f in finals),
            )
            for standing, rank in general_ranking(standings, by_tops=ties_by_tops(tournament))
        ),
    )
