"""Reads of belote tournaments: the players, each match's sheet as the rules compute it
(apps.games.domain.belote) and the standings of the submitted matches
(apps.games.domain.match_rounds)."""

from dataclasses import dataclass

from django.db.models import Prefetch

from apps.games.domain import belote
from apps.games.domain.match_rounds import MatchResult, MatchStanding, match_standings
from apps.games.models import BeloteDeal, BeloteMatch
from apps.tournaments.models import Registration, Tournament


def key_of(registration: Registration) -> str:
    """A player's key in the rules: their registration id."""
    return str(registration.pk)


def belote_players(tournament: Tournament) -> list[Registration]:
    """The players (registrations off the waiting list), by name."""
    return list(
        Registration.objects.filter(tournament=tournament, waiting=False).select_related("licensee")
    )


def deal_rules(deal: BeloteDeal) -> belote.BeloteDeal:
    """A recorded deal as the rules read it; ValueError when they do not allow it."""
    return belote.BeloteDeal(
        contract=deal.contract,
        chooser=deal.chooser,
        tricks=(deal.tricks_first, deal.tricks_second),
        last_trick=deal.last_trick,
        combinations=(deal.combinations_first, deal.combinations_second),
        belotes=(deal.belotes_first, deal.belotes_second),
        finish=deal.finish,
    )


@dataclass(frozen=True)
class MatchView:
    match: BeloteMatch
    sheet: belote.MatchSheet | None  # None for a bye

    @property
    def winner(self) -> Registration | None:
        if self.sheet is None or self.sheet.winner is None:
            return None
        return (self.match.first, self.match.second)[self.sheet.winner]


def _matches(tournament: Tournament):
    return (
        BeloteMatch.objects.filter(tournament=tournament)
        .select_related("first__licensee", "second__licensee")
        .prefetch_related(Prefetch("deals", queryset=BeloteDeal.objects.order_by("number")))
    )


def _view(match: BeloteMatch) -> MatchView:
    if match.bye:
        return MatchView(match, None)
    return MatchView(match, belote.match_sheet([deal_rules(d) for d in match.deals.all()]))


def belote_rounds(tournament: Tournament) -> list[tuple[int, list[MatchView]]]:
    """Every round's matches with their sheets (three queries whatever the field)."""
    rounds: dict[int, list[MatchView]] = {}
    for match in _matches(tournament):
        rounds.setdefault(match.round, []).append(_view(match))
    return sorted(rounds.items())


def belote_draw_open(rounds: list[tuple[int, list[MatchView]]], players: int) -> bool:
    """A round may be drawn: none yet, or every sheet submitted and some players still
    to meet."""
    views = [view for _number, round_views in rounds for view in round_views]
    if not views:
        return True
    met = {frozenset((v.match.first_id, v.match.second_id)) for v in views if not v.match.bye}
    submitted = all(view.match.submitted_at for view in views)
    return submitted and len(met) < players * (players - 1) // 2


def belote_match(tournament: Tournament, pk: int) -> MatchView | None:
    match = _matches(tournament).filter(pk=pk).first()
    return None if match is None else _view(match)


def belote_standings(tournament: Tournament) -> list[tuple[MatchStanding, Registration]]:
    """The standings of the submitted matches, with each player; a bye counts as won once
    every match of its round is submitted."""
    players = {key_of(r): r for r in belote_players(tournament)}
    results = []
    for _number, views in belote_rounds(tournament):
        complete = all(view.match.submitted_at is not None for view in views)
        results += [
            _result(view) for view in views if view.match.submitted_at and (complete or view.sheet)
        ]
    known = [r for r in results if r.first in players and (r.second is None or r.second in players)]
    return [(s, players[s.player]) for s in match_standings(players, known)]


def _result(view: MatchView) -> MatchResult:
    match = view.match
    if view.sheet is None:
        return MatchResult(key_of(match.first), None)
    winner = key_of(view.winner) if view.winner else None
    return MatchResult(key_of(match.first), key_of(match.second), view.sheet.totals, winner)
