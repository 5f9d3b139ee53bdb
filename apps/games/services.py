"""Write services of the other games' tournaments. Belote: drawing the rounds (a round
robin at once, or each round paired by the standings), the deals of a match's sheet, and
its submission (locked) and reopening (by the room's referees, with a reason).
Free-play tarot: drawing a round's tables, and the deals of each table's sheet.

Each runs in one transaction with its audit rows, checks that the actor runs the room
(apps.tournaments.services.tournament_lock_for_room) and raises PermissionDenied or
ValidationError (French messages) without changing anything.
"""

import random

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import audit_record, audit_records, audit_snapshot
from apps.games.domain import belote, free_tarot
from apps.games.domain.free_tarot import table_sizes
from apps.games.domain.match_rounds import round_robin, standings_pairing
from apps.games.models import BeloteDeal, BeloteMatch, FreeDeal, FreeSeat, FreeTable
from apps.games.selectors import belote_standings, deal_rules, game_players, key_of
from apps.scoring.domain.deal import Deal
from apps.scoring.services import deal_details, sentence
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from apps.tournaments.services import tournament_lock_for_room

ROUND_ROBIN, STANDINGS = "round_robin", "standings"
DEAL_FIELDS = [
    "number",
    "contract",
    "chooser",
    "tricks_first",
    "tricks_second",
    "last_trick",
    "combinations_first",
    "combinations_second",
    "belotes_first",
    "belotes_second",
    "finish",
]


def _game_room(actor, tournament: Tournament, game: str) -> Tournament:
    """The tournament, locked, once the actor runs its room, it plays ``game`` and it is
    running."""
    tournament = tournament_lock_for_room(actor=actor, tournament=tournament)
    if tournament.game != game:
        raise ValidationError(
            _("This tournament does not play %(game)s.") % {"game": Tournament.Game(game).label}
        )
    if tournament.status != Status.RUNNING:
        raise ValidationError(_("The sheets are kept while the tournament is running."))
    return tournament


def _belote_room(actor, tournament: Tournament) -> Tournament:
    return _game_room(actor, tournament, Tournament.Game.BELOTE)


def _pairs(tournament: Tournament, pairing: str) -> tuple[int, list[list[tuple]]]:
    """The first round's number and the rounds to draw, as pairs of player keys."""
    matches = BeloteMatch.objects.filter(tournament=tournament)
    players = [key_of(registration) for registration in game_players(tournament)]
    if len(players) < 2:
        raise ValidationError(_("A belote tournament needs two players at least."))
    if pairing == ROUND_ROBIN:
        if matches.exists():
            raise ValidationError(_("The rounds are drawn already."))
        return 1, round_robin(players)
    if pairing != STANDINGS:
        raise ValidationError(_("Unknown pairing."))
    if matches.filter(submitted_at__isnull=True).exists():
        raise ValidationError(_("Every match of the round must be submitted first."))
    met: dict[str, set[str]] = {player: set() for player in players}
    had_bye = []
    for first, second in matches.values_list("first_id", "second_id"):
        if second is None:
            had_bye.append(str(first))
        elif str(first) in met and str(second) in met:
            met[str(first)].add(str(second))
            met[str(second)].add(str(first))
    ranked = [standing.player for standing, _person in belote_standings(tournament)]
    ranked += [player for player in players if player not in ranked]
    try:
        pairs = standings_pairing([p for p in ranked if p in met], met, had_bye)
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    last = matches.aggregate(last=Max("round"))["last"] or 0
    return last + 1, [pairs]


@transaction.atomic
def belote_rounds_draw(*, actor, tournament: Tournament, pairing: str) -> list[BeloteMatch]:
    """Draw the rounds: every round of a round robin, or the next round paired by the
    standings of the submitted matches. A bye is a match already submitted."""
    tournament = _belote_room(actor, tournament)
    first_round, rounds = _pairs(tournament, pairing)
    now = timezone.now()
    matches = []
    for number, pairs in enumerate(rounds, start=first_round):
        played = [pair for pair in pairs if pair[1] is not None]
        byes = [pair for pair in pairs if pair[1] is None]
        matches += [
            BeloteMatch(
                tournament=tournament,
                round=number,
                table=table,
                first_id=int(first),
                second_id=int(second),
            )
            for table, (first, second) in enumerate(played, start=1)
        ]
        matches += [
            BeloteMatch(tournament=tournament, round=number, first_id=int(first), submitted_at=now)
            for first, _none in byes
        ]
    created = BeloteMatch.objects.bulk_create(matches)
    fields = ["round", "table", "first_id", "second_id"]
    audit_records(
        actor=actor,
        action="create",
        changes=[(match, audit_snapshot(match, fields)) for match in created],
    )
    return created


def _open_match(actor, match: BeloteMatch) -> BeloteMatch:
    _belote_room(actor, match.tournament)
    match = BeloteMatch.objects.select_for_update().get(pk=match.pk)
    if match.bye:
        raise ValidationError(_("A bye has no sheet."))
    if match.submitted_at is not None:
        raise ValidationError(
            _("This sheet is submitted: the tournament's referee reopens it, with a reason.")
        )
    return match


def _rules(record_fields: dict) -> belote.BeloteDeal:
    try:
        return deal_rules(BeloteDeal(**record_fields))
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc


@transaction.atomic
def belote_deal_add(
    *,
    actor,
    match: BeloteMatch,
    contract: str,
    chooser: int | None,
    tricks: tuple[int, int],
    last_trick: int,
    combinations: tuple[int, int] = (0, 0),
    belotes: tuple[int, int] = (0, 0),
    finish: int | None = None,
) -> BeloteDeal:
    """Write the next deal of the match's sheet, refused when the rules do not allow it or
    the match is over."""
    match = _open_match(actor, match)
    deals = list(match.deals.all())
    values = {
        "match": match,
        "number": len(deals) + 1,
        "contract": contract,
        "chooser": chooser,
        "tricks_first": tricks[0],
        "tricks_second": tricks[1],
        "last_trick": last_trick,
        "combinations_first": combinations[0],
        "combinations_second": combinations[1],
        "belotes_first": belotes[0],
        "belotes_second": belotes[1],
        "finish": finish,
    }
    new = _rules(values)
    try:
        belote.match_sheet([*(deal_rules(deal) for deal in deals), new])
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    deal = BeloteDeal.objects.create(**values)
    audit_record(
        actor=actor, action="create", instance=deal, changes=audit_snapshot(deal, DEAL_FIELDS)
    )
    return deal


@transaction.atomic
def belote_deal_delete(*, actor, deal: BeloteDeal) -> None:
    """Take the last deal off the sheet (a deal written by mistake)."""
    match = _open_match(actor, deal.match)
    last = match.deals.order_by("-number").first()
    if last is None or last.pk != deal.pk:
        raise ValidationError(_("Only the sheet's last deal can be taken off."))
    audit_record(
        actor=actor, action="delete", instance=last, changes=audit_snapshot(last, DEAL_FIELDS)
    )
    last.delete()


@transaction.atomic
def belote_match_submit(*, actor, match: BeloteMatch) -> BeloteMatch:
    """Submit a finished match's sheet: it counts in the standings and is locked."""
    match = _open_match(actor, match)
    sheet = belote.match_sheet([deal_rules(deal) for deal in match.deals.all()])
    if sheet.winner is None:
        raise ValidationError(_("The match is not over: a player must reach 1001 points."))
    match.submitted_at = timezone.now()
    match.save(update_fields=["submitted_at"])
    audit_record(actor=actor, action="update", instance=match, changes={"submitted": [False, True]})
    return match


@transaction.atomic
def belote_match_reopen(*, actor, match: BeloteMatch, reason: str) -> BeloteMatch:
    """Reopen a submitted sheet: the room's referees only, with the reason kept."""
    _belote_room(actor, match.tournament)
    match = BeloteMatch.objects.select_for_update().get(pk=match.pk)
    if match.bye or match.submitted_at is None:
        raise ValidationError(_("This sheet is not submitted."))
    if not reason.strip():
        raise ValidationError(_("Give the reason for reopening the sheet."))
    match.submitted_at = None
    match.save(update_fields=["submitted_at"])
    audit_record(
        actor=actor,
        action="update",
        instance=match,
        changes={"submitted": [True, False], "reason": reason.strip()},
    )
    return match


# --- free-play tarot -----------------------------------------------------------------


@transaction.atomic
def free_round_draw(*, actor, tournament: Tournament, seed: int | None = None) -> list[FreeTable]:
    """Seat the next round's players at tables of 4 (5 and 3 where needed), drawn at random
    (``seed``: the same seed draws the same tables)."""
    tournament = _game_room(actor, tournament, Tournament.Game.FREE_TAROT)
    players = game_players(tournament)
    if len(players) < 3:
        raise ValidationError(_("A tarot table needs three players at least."))
    random.Random(seed).shuffle(players)
    last = FreeTable.objects.filter(tournament=tournament).aggregate(last=Max("round"))["last"]
    number = (last or 0) + 1
    tables, seats, start = [], [], 0
    for index, size in enumerate(table_sizes(len(players)), start=1):
        table = FreeTable.objects.create(tournament=tournament, round=number, number=index)
        seats += [
            FreeSeat(table=table, registration=player, order=order)
            for order, player in enumerate(players[start : start + size])
        ]
        tables.append(table)
        start += size
    FreeSeat.objects.bulk_create(seats)
    audit_records(
        actor=actor,
        action="create",
        changes=[
            (table, {"players": [str(s.registration) for s in seats if s.table is table]})
            for table in tables
        ],
    )
    return tables


@transaction.atomic
def free_deal_add(
    *, actor, table: FreeTable, taker: Registration, partner: Registration | None, deal: Deal
) -> FreeDeal:
    """Write the table's next deal, refused when it does not fit the table."""
    _game_room(actor, table.tournament, Tournament.Game.FREE_TAROT)
    table = FreeTable.objects.select_for_update().get(pk=table.pk)
    players = [key_of(seat.registration) for seat in table.seats.select_related("registration")]
    partner_key = key_of(partner) if partner is not None else None
    try:
        free_tarot.deal_marks(players, free_tarot.FreeDeal(deal, key_of(taker), partner_key))
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    record = FreeDeal.objects.create(
        table=table,
        number=table.deals.count() + 1,
        taker=taker,
        partner=partner,
        deal=deal_details(deal),
    )
    audit_record(
        actor=actor,
        action="create",
        instance=record,
        changes=audit_snapshot(record, ["number", "taker_id", "partner_id", "deal"]),
    )
    return record


@transaction.atomic
def free_deal_delete(*, actor, deal: FreeDeal) -> None:
    """Take the table's last deal off (a deal written by mistake)."""
    _game_room(actor, deal.table.tournament, Tournament.Game.FREE_TAROT)
    last = FreeDeal.objects.select_for_update().filter(table_id=deal.table_id).order_by("-number")
    if last.first() != deal:
        raise ValidationError(_("Only the sheet's last deal can be taken off."))
    audit_record(
        actor=actor,
        action="delete",
        instance=deal,
        changes=audit_snapshot(deal, ["number", "taker_id", "partner_id", "deal"]),
    )
    deal.delete()
