"""Reads of the other games' tournaments: the players; belote's matches with their sheets
as the rules compute them (apps.games.domain.belote) and the standings of the submitted
matches (apps.games.domain.match_rounds); free-play tarot's tables with their sheets and
the standings over every table (apps.games.domain.free_tarot)."""

from dataclasses import dataclass
from decimal import Decimal

from django.db.models import Prefetch, Q

from apps.games.domain import belote, free_tarot, pinochle
from apps.games.domain.free_tarot import FreeStanding
from apps.games.domain.match_rounds import MatchResult, MatchStanding, match_standings
from apps.games.models import (
    BeloteDeal,
    BeloteMatch,
    FreeDeal,
    FreeSeat,
    FreeTable,
    GamePrize,
    PinochleExtras,
    PinochleGame,
    PinochleHand,
    PinochleSpecial,
    PinochleTeam,
    PinochleTicketSale,
    RoundClock,
)
from apps.scoring.domain.deal import Deal
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament


def key_of(registration: Registration) -> str:
    """A player's key in the rules: their registration id."""
    return str(registration.pk)


def game_players(tournament: Tournament) -> list[Registration]:
    """The players of a game's tournament (registrations off the waiting list), by name."""
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
        took_a_trick=None
        if deal.took_trick_first is None
        else (deal.took_trick_first, deal.took_trick_second),
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
    sheet = belote.match_sheet([deal_rules(d) for d in match.deals.all()])
    if match.left_by is not None:
        sheet = belote.match_left(sheet, match.left_by)
    return MatchView(match, sheet)


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


def belote_standings(
    tournament: Tournament, rounds: list[tuple[int, list[MatchView]]] | None = None
) -> list[tuple[MatchStanding, Registration]]:
    """The standings of the submitted matches, with each player; a bye counts as won once
    every match of its round is submitted (``rounds``: ``belote_rounds``, read already)."""
    players = {key_of(r): r for r in game_players(tournament)}
    results = []
    for _number, views in belote_rounds(tournament) if rounds is None else rounds:
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


# --- free-play tarot -----------------------------------------------------------------


@dataclass(frozen=True)
class FreeTableView:
    table: FreeTable
    players: tuple[Registration, ...]  # in their seats' order
    sheet: free_tarot.FreeSheet

    def name(self, key: str) -> str:
        return next(p.licensee.full_name for p in self.players if key_of(p) == key)

    @property
    def lines(self) -> list[list[int]]:
        """Each deal's marks in the players' order."""
        return [[line[key_of(p)] for p in self.players] for line in self.sheet.lines]

    @property
    def totals(self) -> list[int]:
        return [self.sheet.totals[key_of(p)] for p in self.players]


def free_deal_rules(deal: FreeDeal) -> free_tarot.FreeDeal:
    """A recorded deal as the rules read it."""
    partner = str(deal.partner_id) if deal.partner_id is not None else None
    return free_tarot.FreeDeal(Deal(**deal.deal), str(deal.taker_id), partner)


def _free_tables(tournament: Tournament):
    return FreeTable.objects.filter(tournament=tournament).prefetch_related(
        Prefetch("seats", queryset=FreeSeat.objects.select_related("registration__licensee")),
        Prefetch("deals", queryset=FreeDeal.objects.order_by("number")),
    )


def _free_view(table: FreeTable) -> FreeTableView:
    players = tuple(seat.registration for seat in table.seats.all())
    keys = [key_of(p) for p in players]
    sheet = free_tarot.free_sheet(keys, [free_deal_rules(d) for d in table.deals.all()])
    return FreeTableView(table, players, sheet)


def free_rounds(tournament: Tournament) -> list[tuple[int, list[FreeTableView]]]:
    """Every round's tables with their sheets (three queries whatever the field)."""
    rounds: dict[int, list[FreeTableView]] = {}
    for table in _free_tables(tournament):
        rounds.setdefault(table.round, []).append(_free_view(table))
    return sorted(rounds.items())


def free_table(tournament: Tournament, pk: int) -> FreeTableView | None:
    table = _free_tables(tournament).filter(pk=pk).first()
    return None if table is None else _free_view(table)


def free_standings_of(
    tournament: Tournament, rounds: list[tuple[int, list[FreeTableView]]] | None = None
) -> list[tuple[FreeStanding, Registration]]:
    """The standings over every table and round, with each player (``rounds``:
    ``free_rounds``, read already)."""
    players = {key_of(r): r for r in game_players(tournament)}
    rounds = free_rounds(tournament) if rounds is None else rounds
    views = [view for _number, round_views in rounds for view in round_views]
    standings = free_tarot.free_standings(view.sheet.totals for view in views)
    return [(s, players[s.player]) for s in standings if s.player in players]


# --- pinochle --------------------------------------------------------------------------


def pinochle_teams(tournament: Tournament) -> list[PinochleTeam]:
    return list(
        PinochleTeam.objects.filter(tournament=tournament).select_related(
            "first__licensee", "second__licensee"
        )
    )


def hand_rules(hand: PinochleHand) -> pinochle.PinochleHand:
    """A recorded hand as the rules read it; ValueError when they do not allow it."""
    return pinochle.PinochleHand(
        bidder=hand.bidder,
        bid=hand.bid,
        meld=(hand.meld_a, hand.meld_b),
        tricks=(hand.tricks_a, hand.tricks_b),
        outcome=hand.outcome,
        team=hand.team,
    )


@dataclass(frozen=True)
class GameView:
    game: PinochleGame
    hands: tuple[PinochleHand, ...]
    sheet: pinochle.RoundSheet | None  # None for a bye

    @property
    def winner(self) -> PinochleTeam | None:
        if self.sheet is None or self.sheet.winner is None:
            return None
        return (self.game.team_a, self.game.team_b)[self.sheet.winner]

    @property
    def pending(self) -> bool:
        """Some hand waits for a scorekeeper's confirmation."""
        return any(not hand.confirmed for hand in self.hands)


def _games(tournament: Tournament):
    teams = ("team_a__first__licensee", "team_a__second__licensee")
    teams += ("team_b__first__licensee", "team_b__second__licensee")
    return (
        PinochleGame.objects.filter(tournament=tournament)
        .select_related(*teams)
        .prefetch_related(Prefetch("hands", queryset=PinochleHand.objects.order_by("number")))
    )


def _game_view(game: PinochleGame) -> GameView:
    hands = tuple(game.hands.all())
    if game.bye:
        return GameView(game, hands, None)
    sheet = pinochle.round_sheet([hand_rules(h) for h in hands], time_called=game.time_called)
    if game.left_by is not None:
        sheet = pinochle.round_left(sheet, game.left_by)
    return GameView(game, hands, sheet)


def pinochle_rounds(tournament: Tournament) -> list[tuple[int, list[GameView]]]:
    """Every round's games with their sheets (three queries whatever the field)."""
    rounds: dict[int, list[GameView]] = {}
    for game in _games(tournament):
        rounds.setdefault(game.round, []).append(_game_view(game))
    return sorted(rounds.items())


def specials_open(tournament: Tournament) -> bool:
    """Whether names may still go in the tournament's specials' container."""
    extras = PinochleExtras.objects.filter(tournament=tournament, specials=True)
    return extras.filter(drawn_at__isnull=True).exists()


def pinochle_game(tournament: Tournament, pk: int) -> GameView | None:
    game = _games(tournament).filter(pk=pk).first()
    return None if game is None else _game_view(game)


def _round_results(views: list[GameView]) -> list[tuple[PinochleTeam, pinochle.TeamResult]]:
    """Each team's result in a round whose games are all submitted; the bye, and a team
    whose opponents left, get the average of the round's other winning scores."""
    results, winning, alone = [], [], []
    for view in views:
        if view.sheet is None:
            alone.append((view.game.team_b, None))
            continue
        for side, team in enumerate((view.game.team_a, view.game.team_b)):
            won, total = view.sheet.winner == side, view.sheet.totals[side]
            if won and view.sheet.ended_by == "left":
                alone.append((team, total))  # its opponents left: it scores as the bye
                continue
            results.append((team, pinochle.TeamResult(won, total)))
            if won:
                winning.append(total)
    for team, written in alone:
        if winning:
            results.append((team, pinochle.TeamResult(True, pinochle.bye_score(winning))))
        elif written is not None:  # no other winner to average: its own points
            results.append((team, pinochle.TeamResult(True, written)))
    return results


def pinochle_standings_of(
    tournament: Tournament,
    rounds: list[tuple[int, list[GameView]]] | None = None,
    teams: list[PinochleTeam] | None = None,
) -> list[tuple[pinochle.Standing, PinochleTeam]]:
    """The standings over the rounds whose every game is submitted: wins, then points
    (``rounds`` and ``teams``: ``pinochle_rounds`` and ``pinochle_teams``, read already)."""
    teams = pinochle_teams(tournament) if teams is None else teams
    by_number = {team.number: team for team in teams if team.number}
    results: dict[str, list[pinochle.TeamResult]] = {number: [] for number in by_number}
    for _number, views in pinochle_rounds(tournament) if rounds is None else rounds:
        if all(view.game.submitted_at for view in views):
            for team, result in _round_results(views):
                results[team.number].append(result)
    return [(s, by_number[s.team]) for s in pinochle.standings(results)]


@dataclass(frozen=True)
class PinochleExtrasView:
    extras: PinochleExtras | None
    set_hands: int  # hands set on the sheets (circled)
    entries: tuple[PinochleSpecial, ...]  # the specials' container, in the order of entry
    sales: tuple[PinochleTicketSale, ...] = ()  # the 50/50's tickets, in the order sold

    @property
    def fifty_fifty(self) -> pinochle.FiftyFifty:
        return pinochle.fifty_fifty([(sale.bundle, sale.bundles) for sale in self.sales])

    @property
    def fifty_winner(self) -> PinochleTicketSale | None:
        """The sale holding the ticket drawn, once drawn."""
        if self.extras is None or self.extras.fifty_ticket is None:
            return None
        sold = [sale.tickets for sale in self.sales]
        return self.sales[pinochle.ticket_holder(sold, self.extras.fifty_ticket)]

    @property
    def cup_euros(self) -> Decimal | None:
        """What the set cup holds so far, when the tournament has one."""
        if self.extras is None or self.extras.set_cup_cents is None:
            return None
        return Decimal(pinochle.set_cup_total(self.set_hands, self.extras.set_cup_cents)) / 100


def pinochle_extras_of(
    tournament: Tournament, rounds: list[tuple[int, list[GameView]]]
) -> PinochleExtrasView:
    """The set cup's total so far, the specials' container and the 50/50's tickets (three
    queries)."""
    extras = (
        PinochleExtras.objects.filter(tournament=tournament)
        .select_related("winner__licensee")
        .first()
    )
    set_hands = sum(
        line.score.set
        for _number, views in rounds
        for view in views
        if view.sheet is not None
        for line in view.sheet.lines
    )
    entries = PinochleSpecial.objects.filter(tournament=tournament).select_related(
        "registration__licensee"
    )
    sales = PinochleTicketSale.objects.filter(tournament=tournament).order_by("pk")
    return PinochleExtrasView(extras, set_hands, tuple(entries.order_by("pk")), tuple(sales))


# --- a sheet opened from a phone -----------------------------------------------------


# --- a player's own sheets --------------------------------------------------------------


@dataclass(frozen=True)
class Assignment:
    """Where a player plays the round now: the tournament, the round and table, whom they
    play (empty: the bye) and the code that opens the sheet (None: no sheet)."""

    tournament: Tournament
    round: int
    table: int | None
    opponents: list[str]
    code: str | None


def player_name(registration: Registration) -> str:
    """A registration's player as the sheets and pages name them."""
    return registration.licensee.full_name


def _playing(prefixes: list[str], licensee_id: int) -> Q:
    """The licensee is one of the registrations at ``prefixes`` (``first``, ``team_a__first``…)."""
    condition = Q()
    for prefix in prefixes:
        condition |= Q(**{f"{prefix}__licensee_id": licensee_id})
    return condition


def player_assignments(licensee_id: int) -> list[Assignment]:
    """For each running tournament of another game the licensee entered, the table and
    sheet of their round now: in belote and pinochle the first round whose sheet is still
    open (every round is drawn at once; a submitted sheet leaves nothing to do), in free
    play the latest round drawn."""
    running = Q(tournament__status=Status.RUNNING)
    entered = Registration.objects.filter(running, licensee_id=licensee_id).exclude(
        tournament__game=Tournament.Game.DUPLICATE_TAROT
    )
    if not entered.exists():  # most players, most evenings: one query
        return []
    found: dict[int, Assignment] = {}
    matches = BeloteMatch.objects.filter(
        running, _playing(["first", "second"], licensee_id), submitted_at=None
    ).select_related("tournament", "first__licensee", "second__licensee")
    for match in matches.order_by("-round"):  # the first open round written last
        players = [p for p in (match.first, match.second) if p is not None]
        others = [player_name(p) for p in players if p.licensee_id != licensee_id]
        found[match.tournament_id] = Assignment(
            match.tournament, match.round, match.table, others, match.code
        )
    sides = ["team_a__first", "team_a__second", "team_b__first", "team_b__second"]
    games = PinochleGame.objects.filter(
        running, _playing(sides, licensee_id), submitted_at=None
    ).select_related("tournament", *(f"{side}__licensee" for side in sides))
    for game in games.order_by("-round"):
        teams = [team for team in (game.team_a, game.team_b) if team is not None]
        others = [
            f"{player_name(team.first)} & {player_name(team.second)}"
            for team in teams
            if licensee_id not in (team.first.licensee_id, team.second.licensee_id)
        ]
        found[game.tournament_id] = Assignment(
            game.tournament, game.round, game.table, others, game.code
        )
    seats = FreeSeat.objects.select_related("registration__licensee")
    tables = (
        FreeTable.objects.filter(running, _playing(["seats__registration"], licensee_id))
        .select_related("tournament")
        .prefetch_related(Prefetch("seats", queryset=seats))
    )
    for table in tables.order_by("round"):
        registrations = [seat.registration for seat in table.seats.all()]
        others = [player_name(r) for r in registrations if r.licensee_id != licensee_id]
        found[table.tournament_id] = Assignment(
            table.tournament, table.round, table.number, others, table.code
        )
    return sorted(found.values(), key=lambda a: (a.tournament.date, a.tournament.pk))


# --- rounds' clocks ----------------------------------------------------------------------


def round_clocks(tournament: Tournament) -> dict[int, RoundClock]:
    """The tournament's rounds' clocks by round, in one query."""
    return {clock.round: clock for clock in RoundClock.objects.filter(tournament=tournament)}


def round_clock(tournament: Tournament, round_number: int) -> RoundClock | None:
    return RoundClock.objects.filter(tournament=tournament, round=round_number).first()


# --- the prize list ----------------------------------------------------------------------


@dataclass(frozen=True)
class PrizeLine:
    place: int
    prize: str
    winners: tuple[str, ...]  # who ranks at that place (several when tied), none yet


def game_prizes(tournament: Tournament) -> list[GamePrize]:
    return list(GamePrize.objects.filter(tournament=tournament))


def prize_list(prizes: list[GamePrize], ranked: list[tuple[int, str]]) -> list[PrizeLine]:
    """Each prize with whoever ranks at its place in ``ranked`` ((rank, name), from the
    standings): tied players share a rank, and the place after them is nobody's."""
    return [
        PrizeLine(
            prize.place, prize.label, tuple(name for rank, name in ranked if rank == prize.place)
        )
        for prize in prizes
    ]
