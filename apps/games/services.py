"""Write services of the other games' tournaments. Belote: drawing the rounds (a round
robin at once, or each round paired by the standings), the deals of a match's sheet, and
its submission (locked) and reopening (by the room's referees, with a reason).
Free-play tarot: drawing a round's tables, and the deals of each table's sheet.

Each runs in one transaction with its audit rows, checks that the actor runs the room
(apps.tournaments.services.tournament_lock_for_room) and raises PermissionDenied or
ValidationError (French messages) without changing anything.
"""

import random
import secrets

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.core.audit import audit_record, audit_records, audit_snapshot, model_update
from apps.core.values import text_fitting
from apps.games.domain import belote, free_tarot, pinochle
from apps.games.domain import pinochle_rotation as rotations
from apps.games.domain.free_tarot import table_sizes
from apps.games.domain.match_rounds import round_robin, standings_pairing
from apps.games.domain.round_clock import MAX_MINUTES
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
from apps.games.selectors import (
    belote_standings,
    deal_rules,
    game_players,
    hand_rules,
    key_of,
)
from apps.movements.services import phone_code
from apps.scoring.domain.deal import Deal
from apps.scoring.services import deal_details, sentence
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from apps.tournaments.services import tournament_lock_for_room, tournament_lock_unfrozen

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
    "took_trick_first",
    "took_trick_second",
]


SHEETS = (BeloteMatch, PinochleGame, FreeTable)  # each game's sheet of a round's table


def sheet_codes(count: int) -> list[str]:
    """``count`` new codes, each unlike any sheet's: one address opens any game's sheet."""
    codes: set[str] = set()
    while len(codes) < count:
        wanted = {phone_code() for _ in range(count - len(codes))} - codes
        taken = set()
        for model in SHEETS:
            taken |= set(model.objects.filter(code__in=wanted).values_list("code", flat=True))
        codes |= wanted - taken
    return sorted(codes)


def _game_room(actor, tournament: Tournament, game: str, *, phone: bool = False) -> Tournament:
    """The tournament, locked, once the actor runs its room (or a phone opened one of its
    sheets by its code: ``phone``), it plays ``game`` and it is running."""
    if phone:
        tournament = tournament_lock_unfrozen(tournament_id=tournament.pk)
    else:
        tournament = tournament_lock_for_room(actor=actor, tournament=tournament)
    if tournament.game != game:
        raise ValidationError(
            _("This tournament does not play %(game)s.") % {"game": Tournament.Game(game).label}
        )
    if tournament.status != Status.RUNNING:
        raise ValidationError(_("The sheets are kept while the tournament is running."))
    return tournament


def _club_game_room(actor, tournament: Tournament, refusal: str) -> Tournament:
    """The room of a tournament of any of the clubs' other games (``refusal`` for a
    duplicate tournament)."""
    if tournament.game == Tournament.Game.DUPLICATE_TAROT:
        raise ValidationError(refusal)
    return _game_room(actor, tournament, tournament.game)


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
    played = [match for match in matches if match.second_id is not None]
    for match, code in zip(played, sheet_codes(len(played)), strict=True):
        match.code = code
    created = BeloteMatch.objects.bulk_create(matches)
    fields = ["round", "table", "first_id", "second_id"]
    audit_records(
        actor=actor,
        action="create",
        changes=[(match, audit_snapshot(match, fields)) for match in created],
    )
    return created


def _phone_mark(code: str | None) -> dict:
    """What an audit row adds when a player's phone, opening a sheet by its code, wrote."""
    return {"phone": True} if code else {}


def _line_audited(actor, line, fields: list[str], code: str | None) -> None:
    """The audit row of a line written on a sheet, marked when a phone wrote it."""
    changes = audit_snapshot(line, fields) | _phone_mark(code)
    audit_record(actor=actor, action="create", instance=line, changes=changes)


def _line_sent_again(lines: list, number: int | None, values: dict, fields: list[str]):
    """A line posted with its ``number`` (the sheet's next when the page was shown): None
    when it is the sheet's next, so it is written; the line already written when it is
    that line sent again, the same values (a resend, or two phones at once, the sheet
    locked: it changes nothing); else refused, the sheet having moved on meanwhile.
    ``number`` None: the next line, whatever its number (a caller that sends none)."""
    if number is None or number == len(lines) + 1:
        return None
    written = next((line for line in lines if line.number == number), None)
    if written is not None and all(getattr(written, f) == values[f] for f in fields):
        return written
    raise ValidationError(
        _(
            "Line %(number)s is not the sheet's next (%(next)s): the sheet changed since "
            "this page was shown. Reload it and check its last line."
        )
        % {"number": number, "next": len(lines) + 1}
    )


def _open_sheet(actor, sheet, game: str, code: str | None = None):
    """A sheet, locked, once it may take a line: the room is the actor's, or ``code`` is
    the sheet's (a player's phone), it is no bye, and it is not submitted."""
    _game_room(actor, sheet.tournament, game, phone=code is not None)
    sheet = type(sheet).objects.select_for_update().get(pk=sheet.pk)
    if code is not None and sheet.code != code:
        raise ValidationError(_("This code does not open this sheet."))
    if getattr(sheet, "bye", False):
        raise ValidationError(_("A bye has no sheet."))
    if getattr(sheet, "submitted_at", None) is not None:
        raise ValidationError(
            _("This sheet is submitted: the tournament's referee reopens it, with a reason.")
        )
    return sheet


def _open_match(actor, match: BeloteMatch) -> BeloteMatch:
    return _open_sheet(actor, match, Tournament.Game.BELOTE)


def _submitted(actor, sheet):
    """The sheet submitted (locked), audited."""
    sheet.submitted_at = timezone.now()
    sheet.save(update_fields=["submitted_at"])
    audit_record(actor=actor, action="update", instance=sheet, changes={"submitted": [False, True]})
    return sheet


def _sheet_reopen(actor, sheet, game: str, reason: str):
    """Reopen a submitted sheet: the room's referees only, with the reason kept."""
    _game_room(actor, sheet.tournament, game)
    sheet = type(sheet).objects.select_for_update().get(pk=sheet.pk)
    if sheet.bye or sheet.submitted_at is None:
        raise ValidationError(_("This sheet is not submitted."))
    if not reason.strip():
        raise ValidationError(_("Give the reason for reopening the sheet."))
    sheet.submitted_at = None
    sheet.save(update_fields=["submitted_at"])
    audit_record(
        actor=actor,
        action="update",
        instance=sheet,
        changes={"submitted": [True, False], "reason": reason.strip()},
    )
    return sheet


def _rules(record_fields: dict) -> belote.BeloteDeal:
    try:
        return deal_rules(BeloteDeal(**record_fields))
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc


def _tricks_taken(contract, tricks, last_trick, took_a_trick) -> dict:
    """Who took a trick, recorded for an all-pass round only (where it decides whether the
    other player's combinations count against them)."""
    if contract != belote.Contract.ALL_PASS:
        return {"took_trick_first": None, "took_trick_second": None}
    if took_a_trick is None:
        took_a_trick = tuple(belote.trick_shown(tricks, last_trick, p) for p in belote.PLAYERS)
    return {"took_trick_first": took_a_trick[0], "took_trick_second": took_a_trick[1]}


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
    took_a_trick: tuple[bool, bool] | None = None,
    code: str | None = None,
    number: int | None = None,
) -> BeloteDeal:
    """Write the next deal of the match's sheet, refused when the rules do not allow it or
    the match is over (``took_a_trick``: in an all-pass round, whether each player took a
    trick, read from the points and the last trick when not given; ``code``: written from
    a player's phone that opened the sheet; ``number``: the deal's, as the page numbered
    it, so that a deal sent twice is written once)."""
    match = _open_sheet(actor, match, Tournament.Game.BELOTE, code)
    deals = list(match.deals.all())
    values = {
        "match": match,
        "number": number or len(deals) + 1,
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
        **_tricks_taken(contract, tricks, last_trick, took_a_trick),
    }
    if written := _line_sent_again(deals, number, values, DEAL_FIELDS):
        return written
    new = _rules(values)
    try:
        belote.match_sheet([*(deal_rules(deal) for deal in deals), new])
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    deal = BeloteDeal.objects.create(**values)
    _line_audited(actor, deal, DEAL_FIELDS, code)
    return deal


def _last_taken_off(actor, line, lines, fields: list[str], refusal: str) -> None:
    """Take ``line`` off its sheet (``lines``: the sheet's, locked with it), refused unless
    it is the last one; audited."""
    if lines.order_by("-number").first() != line:
        raise ValidationError(refusal)
    audit_record(actor=actor, action="delete", instance=line, changes=audit_snapshot(line, fields))
    line.delete()


@transaction.atomic
def belote_deal_delete(*, actor, deal: BeloteDeal) -> None:
    """Take the last deal off the sheet (a deal written by mistake)."""
    match = _open_match(actor, deal.match)
    refusal = _("Only the sheet's last deal can be taken off.")
    _last_taken_off(actor, deal, match.deals.all(), DEAL_FIELDS, refusal)


@transaction.atomic
def belote_match_submit(*, actor, match: BeloteMatch) -> BeloteMatch:
    """Submit a finished match's sheet: it counts in the standings and is locked."""
    match = _open_match(actor, match)
    sheet = belote.match_sheet([deal_rules(deal) for deal in match.deals.all()])
    if sheet.winner is None:
        raise ValidationError(_("The match is not over: a player must reach 1001 points."))
    return _submitted(actor, match)


@transaction.atomic
def belote_match_reopen(*, actor, match: BeloteMatch, reason: str) -> BeloteMatch:
    """Reopen a submitted sheet: the room's referees only, with the reason kept; a match
    recorded as left is played on."""
    match = _sheet_reopen(actor, match, Tournament.Game.BELOTE, reason)
    _left_undone(actor, match)
    return match


def _sheet_update(actor, sheet, values: dict, code: str | None = None) -> None:
    """``values`` set on a sheet, saved and audited when they change anything (marked when a
    phone changed them)."""
    changes = model_update(sheet, values)
    if changes:
        sheet.save(update_fields=list(changes))
        changes |= _phone_mark(code)
        audit_record(actor=actor, action="update", instance=sheet, changes=changes)


def _left_recorded(actor, sheet, side: int, reason: str, check) -> None:
    """``side`` left the sheet's match or round, or forfeited it (``check``: the game's
    rule, refusing it when the match is over): recorded with its reason, audited, and the
    sheet submitted, so that the round goes on without it."""
    if not reason.strip():
        raise ValidationError(_("Say what happened: a player left, or did not come."))
    text_fitting(type(sheet), "left_reason", reason.strip())
    try:
        check(side)
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    _sheet_update(actor, sheet, {"left_by": side, "left_reason": reason.strip()})
    _submitted(actor, sheet)


def _left_undone(actor, sheet) -> None:
    _sheet_update(actor, sheet, {"left_by": None, "left_reason": ""})


@transaction.atomic
def belote_match_left(*, actor, match: BeloteMatch, player: int, reason: str) -> BeloteMatch:
    """A player left the match, or did not come to play it: the other player wins it
    (``belote.match_left``) and the sheet is submitted."""
    match = _open_match(actor, match)
    sheet = belote.match_sheet([deal_rules(deal) for deal in match.deals.all()])
    _left_recorded(actor, match, player, reason, lambda side: belote.match_left(sheet, side))
    return match


# --- free-play tarot -----------------------------------------------------------------

FREE_DEAL_FIELDS = ["number", "taker_id", "partner_id", "deal"]


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
    sizes = table_sizes(len(players))
    codes = sheet_codes(len(sizes))
    for index, (size, code) in enumerate(zip(sizes, codes, strict=True), start=1):
        table = FreeTable.objects.create(
            tournament=tournament, round=number, number=index, code=code
        )
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
    *,
    actor,
    table: FreeTable,
    taker: Registration,
    partner: Registration | None,
    deal: Deal,
    code: str | None = None,
    number: int | None = None,
) -> FreeDeal:
    """Write the table's next deal, refused when it does not fit the table (``code``:
    written from a player's phone that opened the sheet; ``number``: the deal's, as the
    page numbered it, so that a deal sent twice is written once)."""
    table = _open_sheet(actor, table, Tournament.Game.FREE_TAROT, code)
    deals = list(table.deals.all())
    values = {
        "number": number or len(deals) + 1,
        "taker_id": taker.pk,
        "partner_id": partner.pk if partner is not None else None,
        "deal": deal_details(deal),
    }
    if written := _line_sent_again(deals, number, values, FREE_DEAL_FIELDS):
        return written
    players = [key_of(seat.registration) for seat in table.seats.select_related("registration")]
    partner_key = key_of(partner) if partner is not None else None
    try:
        free_tarot.deal_marks(players, free_tarot.FreeDeal(deal, key_of(taker), partner_key))
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    record = FreeDeal.objects.create(table=table, **values)
    _line_audited(actor, record, FREE_DEAL_FIELDS, code)
    return record


@transaction.atomic
def free_deal_delete(*, actor, deal: FreeDeal) -> None:
    """Take the table's last deal off (a deal written by mistake)."""
    _game_room(actor, deal.table.tournament, Tournament.Game.FREE_TAROT)
    table = FreeTable.objects.select_for_update().get(pk=deal.table_id)
    refusal = _("Only the sheet's last deal can be taken off.")
    _last_taken_off(actor, deal, table.deals.all(), FREE_DEAL_FIELDS, refusal)


# --- pinochle --------------------------------------------------------------------------

PINOCHLE = Tournament.Game.PINOCHLE
HAND_FIELDS = ["number", "bidder", "bid", "meld_a", "meld_b", "tricks_a", "tricks_b", "outcome",
               "team"]  # fmt: skip


@transaction.atomic
def pinochle_team_create(
    *, actor, tournament: Tournament, first: Registration, second: Registration
) -> PinochleTeam:
    """Pair two registered players as a team, before the numbers are drawn."""
    tournament = _game_room(actor, tournament, PINOCHLE)
    if PinochleGame.objects.filter(tournament=tournament).exists():
        raise ValidationError(_("The numbers are drawn: the teams are set."))
    players = {registration.pk for registration in game_players(tournament)}
    if first.pk == second.pk or not {first.pk, second.pk} <= players:
        raise ValidationError(_("A team is two different players of the tournament."))
    paired = PinochleTeam.objects.filter(tournament=tournament).values_list("first", "second")
    if {first.pk, second.pk} & {pk for pair in paired for pk in pair}:
        raise ValidationError(_("A player plays in one team only."))
    team = PinochleTeam.objects.create(tournament=tournament, first=first, second=second)
    audit_record(
        actor=actor,
        action="create",
        instance=team,
        changes=audit_snapshot(team, ["first_id", "second_id"]),
    )
    return team


@transaction.atomic
def pinochle_numbers_draw(
    *, actor, tournament: Tournament, seed: int | None = None, rotation: str = rotations.AB
) -> list[PinochleGame]:
    """The teams draw their numbers (at random; ``seed``: the same draw again), and the
    tournament's rounds follow from them by ``rotation``: the rules' A/B rotation (« A »
    teams keep their table, « B » teams move up one table each round; with an odd number
    of teams the « B » team at the table without an « A » team has the bye), or the round
    robin the director may choose instead (``pinochle_rotation``)."""
    if rotation not in rotations.ROTATIONS:
        raise ValidationError(_("Unknown rotation."))
    tournament = _game_room(actor, tournament, PINOCHLE)
    if PinochleGame.objects.filter(tournament=tournament).exists():
        raise ValidationError(_("The numbers are drawn already."))
    teams = list(PinochleTeam.objects.filter(tournament=tournament).order_by("pk"))
    if len(teams) < 2:
        raise ValidationError(_("A pinochle tournament needs two teams at least."))
    random.Random(seed).shuffle(teams)
    by_number = dict(zip(pinochle.team_numbers(len(teams)), teams, strict=True))
    for number, team in by_number.items():
        team.number = number
    PinochleTeam.objects.bulk_update(teams, ["number"])
    games = [
        PinochleGame(
            tournament=tournament,
            round=round_number,
            table=pairing.table,
            team_a=by_number.get(pairing.a),
            team_b=by_number[pairing.b],
            submitted_at=timezone.now() if pairing.a is None else None,
        )
        for round_number, pairings in enumerate(rotations.SCHEDULES[rotation](len(teams)), start=1)
        for pairing in pairings
    ]
    played = [game for game in games if game.team_a is not None]
    for game, code in zip(played, sheet_codes(len(played)), strict=True):
        game.code = code
    created = PinochleGame.objects.bulk_create(games)
    audit_records(
        actor=actor,
        action="update",
        changes=[(team, {"number": [None, team.number]}) for team in teams],
    )
    return created


def _open_game(actor, game: PinochleGame) -> PinochleGame:
    return _open_sheet(actor, game, PINOCHLE)


@transaction.atomic
def pinochle_hand_add(
    *,
    actor,
    game: PinochleGame,
    bidder: int,
    bid: int,
    meld: tuple[int, int],
    tricks: tuple[int, int] = (0, 0),
    outcome: str = pinochle.Outcome.PLAYED,
    team: int | None = None,
    code: str | None = None,
    number: int | None = None,
) -> PinochleHand:
    """Write the game's next hand; it counts once both scorekeepers confirm it, and the
    one before must be confirmed first (``code``: written from a scorekeeper's phone;
    ``number``: the hand's, as the page numbered it, so that a hand sent twice is written
    once)."""
    game = _open_sheet(actor, game, PINOCHLE, code)
    hands = list(game.hands.all())
    values = {"game": game, "number": number or len(hands) + 1, "bidder": bidder, "bid": bid,
              "meld_a": meld[0], "meld_b": meld[1], "tricks_a": tricks[0],
              "tricks_b": tricks[1], "outcome": outcome, "team": team}  # fmt: skip
    if written := _line_sent_again(hands, number, values, HAND_FIELDS):
        return written
    if any(not hand.confirmed for hand in hands):
        raise ValidationError(_("Both scorekeepers confirm the last hand first."))
    try:
        new = hand_rules(PinochleHand(**values))
        pinochle.round_sheet([*(hand_rules(h) for h in hands), new])
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    hand = PinochleHand.objects.create(**values)
    _line_audited(actor, hand, HAND_FIELDS, code)
    _boston_specials(game, hand)
    return hand


@transaction.atomic
def pinochle_hand_confirm(
    *, actor, hand: PinochleHand, side: str, code: str | None = None, device: str = ""
) -> PinochleHand:
    """A team's scorekeeper (``side``: "a" or "b") has checked the hand on their sheet
    (``code``: from their phone, the phone ``device``): each team confirms from its own
    phone, never both from one; the room confirms for either."""
    _open_sheet(actor, hand.game, PINOCHLE, code)
    if side not in ("a", "b"):
        raise ValidationError(_("Unknown team."))
    field = f"confirmed_{side}"
    hand = PinochleHand.objects.select_for_update().get(pk=hand.pk)
    if getattr(hand, field):
        return hand
    other = "b" if side == "a" else "a"
    if device and getattr(hand, f"device_{other}") == device:
        raise ValidationError(
            _(
                "This phone confirmed this hand for team %(other)s: team %(side)s's "
                "scorekeeper confirms it from their own phone."
            )
            % {"other": other.upper(), "side": side.upper()}
        )
    changes = model_update(hand, {field: True, f"device_{side}": device})
    hand.save(update_fields=list(changes))
    changes |= _phone_mark(code)
    audit_record(actor=actor, action="update", instance=hand, changes=changes)
    return hand


@transaction.atomic
def pinochle_hand_delete(*, actor, hand: PinochleHand) -> None:
    """Take the sheet's last hand off (a hand written by mistake)."""
    game = _open_game(actor, hand.game)
    refusal = _("Only the sheet's last hand can be taken off.")
    _last_taken_off(actor, hand, game.hands.all(), HAND_FIELDS, refusal)
    _signatures_void(actor, game)


@transaction.atomic
def pinochle_time_call(*, actor, game: PinochleGame) -> PinochleGame:
    """The round's 50 minutes are up: the higher total wins (equal, one more hand)."""
    game = _open_game(actor, game)
    if not game.time_called:
        game.time_called = True
        game.save(update_fields=["time_called"])
        audit_record(
            actor=actor, action="update", instance=game, changes={"time_called": [False, True]}
        )
    return game


def _checked_sheet(game: PinochleGame) -> pinochle.RoundSheet:
    """The game's sheet, refused while a hand waits for a scorekeeper's check."""
    hands = list(game.hands.all())
    if any(not hand.confirmed for hand in hands):
        raise ValidationError(_("Both scorekeepers confirm every hand first."))
    return pinochle.round_sheet([hand_rules(h) for h in hands], time_called=game.time_called)


def _game_over(game: PinochleGame) -> None:
    """Refused unless every hand is confirmed and the game is over."""
    if _checked_sheet(game).winner is None:
        raise ValidationError(
            _("The game is not over: 500 points, a Boston, or time called with a leader.")
        )


@transaction.atomic
def pinochle_game_submit(*, actor, game: PinochleGame) -> PinochleGame:
    """Submit a finished game's sheet, every hand confirmed: it is locked."""
    game = _open_game(actor, game)
    _game_over(game)
    return _submitted(actor, game)


SIGNATURE_FIELDS = ["signed_side", "signed_device", "countersigned_device"]


def _signed_phone(game: PinochleGame, code: str, device: str) -> PinochleGame:
    """The sheet ``code`` opens, locked and open, written on from a phone holding its
    token (``device``)."""
    game = _open_sheet(None, game, PINOCHLE, code)
    if not device:
        raise ValidationError(
            _("Open the sheet again on this phone, then sign: it holds no token of it.")
        )
    return game


@transaction.atomic
def pinochle_sheet_sign(*, game: PinochleGame, side: str, code: str, device: str) -> PinochleGame:
    """« … signed by the scorekeeper »: the game over and every hand confirmed, the
    scorekeeper of team ``side`` (« a » or « b ») signs the sheet from their phone."""
    game = _signed_phone(game, code, device)
    _game_over(game)
    if side not in ("a", "b"):
        raise ValidationError(_("Unknown team."))
    if game.signed_side:
        raise ValidationError(_("The sheet is signed already."))
    _sheet_update(None, game, {"signed_side": side, "signed_device": device}, code)
    return game


@transaction.atomic
def pinochle_sheet_countersign(*, game: PinochleGame, code: str, device: str) -> PinochleGame:
    """« … and countersigned by one opponent », from their own phone: the sheet is then
    submitted to the tournament's recorder, and locked."""
    game = _signed_phone(game, code, device)
    if not game.signed_side:
        raise ValidationError(_("The scorekeeper signs the sheet first."))
    if device == game.signed_device:
        raise ValidationError(
            _("An opponent countersigns the sheet from their own phone, not the signer's.")
        )
    _sheet_update(None, game, {"countersigned_device": device}, code)
    return _submitted(None, game)


def _signatures_void(actor, game: PinochleGame) -> None:
    """A sheet changed or reopened after it was signed is to be signed again."""
    _sheet_update(actor, game, dict.fromkeys(SIGNATURE_FIELDS, ""))


@transaction.atomic
def pinochle_game_reopen(*, actor, game: PinochleGame, reason: str) -> PinochleGame:
    """Reopen a submitted sheet: the tournament's director only, with the reason kept; its
    signatures are void."""
    game = _sheet_reopen(actor, game, PINOCHLE, reason)
    _signatures_void(actor, game)
    _left_undone(actor, game)
    return game


@transaction.atomic
def pinochle_game_left(*, actor, game: PinochleGame, team: int, reason: str) -> PinochleGame:
    """A team left the round, or did not come to play it: the other team wins it
    (``pinochle.round_left``) and the sheet is submitted; a hand waiting for a check is
    confirmed or taken off first."""
    game = _open_game(actor, game)
    sheet = _checked_sheet(game)
    _left_recorded(actor, game, team, reason, lambda side: pinochle.round_left(sheet, side))
    return game


# --- pinochle's set cup and specials -------------------------------------------------


@transaction.atomic
def pinochle_extras_set(
    *,
    actor,
    tournament: Tournament,
    set_cup_cents: int | None,
    specials: bool,
    fifty_fifty: bool = False,
) -> PinochleExtras:
    """Turn the set cup (with each set player's amount), the specials' drawing and the
    50/50 drawing on or off, until a drawing is made."""
    tournament = _game_room(actor, tournament, PINOCHLE)
    extras, _created = PinochleExtras.objects.select_for_update().get_or_create(
        tournament=tournament
    )
    if extras.drawn_at is not None or extras.fifty_drawn_at is not None:
        raise ValidationError(_("A drawing is made: the options are set."))
    wanted = {"set_cup_cents": set_cup_cents, "specials": specials, "fifty_fifty": fifty_fifty}
    changes = model_update(extras, wanted)
    if changes:
        extras.save()
        audit_record(actor=actor, action="update", instance=extras, changes=changes)
    return extras


def _specials_open(tournament: Tournament) -> PinochleExtras:
    extras = PinochleExtras.objects.select_for_update().filter(tournament=tournament).first()
    if extras is None or not extras.specials:
        raise ValidationError(_("This tournament has no specials' drawing."))
    if extras.drawn_at is not None:
        raise ValidationError(_("The specials are drawn already."))
    return extras


def _special_entered(actor, tournament, registration, round_number, code=None):
    """A name put in the specials' container, audited (marked when a phone put it)."""
    special = PinochleSpecial.objects.create(
        tournament=tournament, registration=registration, round=round_number
    )
    changes = audit_snapshot(special, ["registration_id", "round"])
    audit_record(
        actor=actor, action="create", instance=special, changes=changes | _phone_mark(code)
    )
    return special


@transaction.atomic
def pinochle_special_add(
    *, actor, tournament: Tournament, registration: Registration, round_number: int
) -> PinochleSpecial:
    """A player dealt a special enters their name (once per special)."""
    tournament = _game_room(actor, tournament, PINOCHLE)
    _specials_open(tournament)
    if registration.pk not in {r.pk for r in game_players(tournament)}:
        raise ValidationError(_("This player does not play in the tournament."))
    if not 1 <= round_number <= pinochle.ROUNDS:
        raise ValidationError(_("A round from 1 to 8."))
    return _special_entered(actor, tournament, registration, round_number)


@transaction.atomic
def pinochle_sheet_special_add(
    *, actor, game: PinochleGame, registration: Registration, code: str | None = None
) -> PinochleSpecial:
    """« The scorekeeper will place that player's name of the special … in a container »:
    from the round's sheet, while it is open (``code``: from a scorekeeper's phone), a
    player of the table dealt a special, for the game's round."""
    game = _open_sheet(actor, game, PINOCHLE, code)
    _specials_open(game.tournament)
    table = {r for team in (game.team_a, game.team_b) for r in (team.first_id, team.second_id)}
    if registration.pk not in table:
        raise ValidationError(_("This player does not play at this table."))
    return _special_entered(actor, game.tournament, registration, game.round, code)


def _boston_specials(game: PinochleGame, hand: PinochleHand) -> None:
    """Both players of a team that pulls a Boston enter the specials' container."""
    extras = PinochleExtras.objects.filter(tournament_id=game.tournament_id).first()
    if hand.outcome != pinochle.Outcome.BOSTON or extras is None or not extras.specials:
        return
    team = (game.team_a, game.team_b)[hand.team]
    PinochleSpecial.objects.bulk_create(
        PinochleSpecial(
            tournament_id=game.tournament_id, registration=player, round=game.round, hand=hand
        )
        for player in (team.first, team.second)
    )


def _every_sheet_submitted(tournament: Tournament, refusal: str) -> None:
    """A drawing at the end of the tournament: refused with ``refusal`` before."""
    games = PinochleGame.objects.filter(tournament=tournament)
    if not games.exists() or games.filter(submitted_at__isnull=True).exists():
        raise ValidationError(refusal)


@transaction.atomic
def pinochle_specials_draw(*, actor, tournament: Tournament) -> PinochleExtras:
    """Draw the one name from the specials' container once every sheet is in; the seed is
    kept, so the same entries and seed draw the same name again."""
    tournament = _game_room(actor, tournament, PINOCHLE)
    extras = _specials_open(tournament)
    _every_sheet_submitted(tournament, _("The specials are drawn once every sheet is submitted."))
    entries = list(PinochleSpecial.objects.filter(tournament=tournament).order_by("pk"))
    if not entries:
        raise ValidationError(_("No name is in the specials' container."))
    extras.seed = secrets.randbits(32)
    drawn = pinochle.specials_draw([str(e.registration_id) for e in entries], extras.seed)
    extras.winner_id = int(drawn)
    extras.drawn_at = timezone.now()
    extras.save()
    audit_record(
        actor=actor,
        action="update",
        instance=extras,
        changes={"seed": extras.seed, "winner": drawn, "entries": len(entries)},
    )
    return extras


def _fifty_fifty_open(tournament: Tournament) -> PinochleExtras:
    extras = PinochleExtras.objects.select_for_update().filter(tournament=tournament).first()
    if extras is None or not extras.fifty_fifty:
        raise ValidationError(_("This tournament has no 50/50 drawing."))
    if extras.fifty_drawn_at is not None:
        raise ValidationError(_("The 50/50 is drawn already."))
    return extras


@transaction.atomic
def pinochle_tickets_sell(
    *, actor, tournament: Tournament, buyer: str, bundle: int, bundles: int, round_number: int
) -> PinochleTicketSale:
    """Tickets of the 50/50 sold between rounds (« 3 for $1 or 20 for $5 »), to anyone in
    the room, until the drawing."""
    tournament = _game_room(actor, tournament, PINOCHLE)
    _fifty_fifty_open(tournament)
    buyer = buyer.strip()
    if not buyer:
        raise ValidationError(_("Name the buyer."))
    if not 0 <= round_number <= pinochle.ROUNDS:
        raise ValidationError(_("A round from 0 (before the first) to 8."))
    try:
        pinochle.fifty_fifty([(bundle, bundles)])
    except ValueError as exc:
        raise ValidationError(sentence(str(exc))) from exc
    sale = PinochleTicketSale.objects.create(
        tournament=tournament, round=round_number, buyer=buyer, bundle=bundle, bundles=bundles
    )
    changes = audit_snapshot(sale, ["round", "buyer", "bundle", "bundles"])
    audit_record(actor=actor, action="create", instance=sale, changes=changes)
    return sale


@transaction.atomic
def pinochle_fifty_fifty_draw(*, actor, tournament: Tournament) -> PinochleExtras:
    """Draw one ticket of the 50/50 once every sheet is submitted, its seed kept: the same
    tickets and seed draw the same ticket again."""
    tournament = _game_room(actor, tournament, PINOCHLE)
    extras = _fifty_fifty_open(tournament)
    _every_sheet_submitted(tournament, _("The 50/50 is drawn once every sheet is submitted."))
    sales = list(PinochleTicketSale.objects.filter(tournament=tournament))
    if not sales:
        raise ValidationError(_("No ticket of the 50/50 is sold."))
    container = pinochle.fifty_fifty([(sale.bundle, sale.bundles) for sale in sales])
    extras.fifty_seed = secrets.randbits(32)
    extras.fifty_ticket = pinochle.ticket_draw(container.tickets, extras.fifty_seed)
    extras.fifty_drawn_at = timezone.now()
    extras.save()
    changes = {"fifty_seed": extras.fifty_seed, "fifty_ticket": extras.fifty_ticket,
               "tickets": container.tickets, "paid_cents": container.paid}  # fmt: skip
    audit_record(actor=actor, action="update", instance=extras, changes=changes)
    return extras


@transaction.atomic
def pinochle_team_delete(*, actor, team: PinochleTeam) -> None:
    """Undo a team formed by mistake, before the numbers are drawn."""
    tournament = _game_room(actor, team.tournament, PINOCHLE)
    if PinochleGame.objects.filter(tournament=tournament).exists():
        raise ValidationError(_("The numbers are drawn: the teams are set."))
    audit_record(
        actor=actor,
        action="delete",
        instance=team,
        changes=audit_snapshot(team, ["first_id", "second_id"]),
    )
    team.delete()


# --- a round's clock -------------------------------------------------------------------


@transaction.atomic
def round_clock_start(
    *, actor, tournament: Tournament, round_number: int, minutes: int
) -> RoundClock:
    """Start a round's clock for ``minutes``, or start it again: every sheet of the round
    shows when it ends (apps.games.domain.round_clock)."""
    tournament = _club_game_room(
        actor, tournament, _("A round's clock is for the clubs' other games.")
    )
    if not any(
        m.objects.filter(tournament=tournament, round=round_number).exists() for m in SHEETS
    ):
        raise ValidationError(_("This round is not drawn."))
    if not 1 <= minutes <= MAX_MINUTES:
        raise ValidationError(_("A round lasts from 1 to %(max)s minutes.") % {"max": MAX_MINUTES})
    clock = RoundClock.objects.select_for_update().filter(
        tournament=tournament, round=round_number
    ).first() or RoundClock(tournament=tournament, round=round_number)
    action = "update" if clock.pk else "create"
    changes = model_update(clock, {"started_at": timezone.now(), "minutes": minutes})
    clock.save()
    audit_record(actor=actor, action=action, instance=clock, changes=changes)
    return clock


# --- the prize list ----------------------------------------------------------------------

MAX_PRIZES = 30


@transaction.atomic
def game_prizes_set(*, actor, tournament: Tournament, labels: list[str]) -> list[GamePrize]:
    """The prize list, place by place (``labels``: the first place's prize first; an empty
    list clears it), replacing the one before; audited."""
    tournament = _club_game_room(
        actor, tournament, _("This prize list is for the clubs' other games.")
    )
    labels = [label.strip() for label in labels if label.strip()]
    if len(labels) > MAX_PRIZES:
        raise ValidationError(_("%(max)s prizes at most.") % {"max": MAX_PRIZES})
    if any(len(label) > 120 for label in labels):
        raise ValidationError(_("A prize is described in 120 characters at most."))
    before = [prize.label for prize in GamePrize.objects.filter(tournament=tournament)]
    GamePrize.objects.filter(tournament=tournament).delete()
    prizes = GamePrize.objects.bulk_create(
        GamePrize(tournament=tournament, place=place, label=label)
        for place, label in enumerate(labels, start=1)
    )
    if before != labels:
        audit_record(
            actor=actor, action="update", instance=tournament, changes={"prizes": [before, labels]}
        )
    return prizes
