"""The other games' pages. Belote: a tournament's rounds, sheets and standings, and a
match's sheet deal by deal. Free-play tarot: a tournament's rounds of tables and
standings, and a table's sheet. Those who oversee the tournament read them during play,
everyone once it is over; the room's referees (the tournament's director) draw the
rounds, write the deals, submit and reopen the sheets."""

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_GET, require_POST

from apps.core.pages import (
    confirm_page,
    download,
    error_text,
    form_errors_text,
    service_call,
    sign_in_when_refused,
)
from apps.core.pdf import weasy_render
from apps.core.values import whole_number
from apps.games import selectors, services
from apps.games.domain import pinochle_rotation as rotations
from apps.games.forms import (
    DealForm,
    DrawForm,
    ExtrasForm,
    FreeDealForm,
    HandForm,
    PrizesForm,
    RoundClockForm,
    SheetSpecialForm,
    SpecialForm,
    TeamForm,
    TicketSaleForm,
)
from apps.games.kinds import GAMES, ClubGame, sheet_by_code
from apps.games.models import BeloteDeal, BeloteMatch, FreeTable, PinochleGame, PinochleTeam
from apps.movements.phones import (
    code_throttle_answered,
    device_missing_text,
    phone_code_find,
    phone_device,
    phone_token,
    phone_token_give,
)
from apps.tournaments import permissions
from apps.tournaments.models import Tournament


def _tournament(request, pk: int, game: str = Tournament.Game.BELOTE) -> Tournament:
    """The tournament of ``game`` if the user may read its sheets (404 if hidden or of
    another game, 403 otherwise)."""
    tournament = get_object_or_404(permissions.tournaments_for_user(request.user), pk=pk)
    if tournament.game != game:
        raise Http404
    if not permissions.can_view_results(request.user, tournament):
        raise PermissionDenied
    return tournament


def _match(request, pk: int) -> selectors.MatchView:
    tournament_pk = get_object_or_404(BeloteMatch, pk=pk).tournament_id
    view = selectors.belote_match(_tournament(request, tournament_pk), pk)
    if view is None:
        raise Http404
    return view


def _names(view: selectors.MatchView) -> dict:
    match = view.match
    return {
        "first": match.first.licensee.full_name,
        "second": match.second.licensee.full_name if match.second else "",
    }


@sign_in_when_refused
def belote_page(request, pk):
    tournament = _tournament(request, pk)
    run = permissions.can_run_room(request.user, tournament)
    rounds = selectors.belote_rounds(tournament)
    players = len(selectors.game_players(tournament))
    return render(
        request,
        "games/belote.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "standings": selectors.belote_standings(tournament, rounds),
            "players": players,
            "run": run and tournament.status == "running",
            "draw_open": selectors.belote_draw_open(rounds, players),
            "draw_form": DrawForm(initial={"pairing": services.STANDINGS if rounds else None}),
            **_clocks(tournament),
            **_prizes(tournament),
        },
    )


def _prizes(tournament) -> dict:
    """The prize list as the game's page shows it, and the room's form to write it."""
    prizes = selectors.game_prizes(tournament)
    initial = {"prizes": "\n".join(prize.label for prize in prizes)}
    return {
        "prizes": prizes,
        "prizes_form": PrizesForm(initial=initial),
        "prizes_pdf": reverse(f"{GAMES[tournament.game].page}_prizes_pdf", args=[tournament.pk]),
    }


def _clocks(tournament) -> dict:
    """What each round's section shows of its clock, and the minutes the room's form
    offers (the rules' own, for pinochle)."""
    return {
        "clocks": selectors.round_clocks(tournament),
        "round_minutes": GAMES[tournament.game].round_minutes,
    }


def _any_game_write(form_class, write, done, anchor):
    """A POST of the room on any club game's page (``write(request, tournament, form)``,
    the form valid), then back to the page at ``anchor(form)``."""

    @require_POST
    @sign_in_when_refused
    def view(request, pk):
        game = GAMES.get(get_object_or_404(Tournament, pk=pk).game)
        if game is None:
            raise Http404
        tournament = _tournament(request, pk, game.key)
        form = form_class(request.POST)
        if not form.is_valid():
            messages.error(request, form_errors_text(form))
        else:
            service_call(request, lambda: write(request, tournament, form), done=done)
        return redirect(f"{reverse(game.page, args=[pk])}#{anchor(form)}")

    return view


# The room writes the prize list, place by place.
game_prizes = _any_game_write(
    PrizesForm,
    lambda request, tournament, form: services.game_prizes_set(
        actor=request.user, tournament=tournament, labels=form.labels()
    ),
    _lazy("The prize list is saved."),
    lambda form: "prizes",
)
# The room starts a round's clock (or starts it again).
round_clock = _any_game_write(
    RoundClockForm,
    lambda request, tournament, form: services.round_clock_start(
        actor=request.user, tournament=tournament, **form.cleaned_data
    ),
    _lazy("The round's clock is started."),
    lambda form: f"round-{form.data.get('round_number', '')}",
)


def _printed(game: str, template: str, file_name: str, context_of):
    """A PDF of a tournament of ``game``, for those who may read its sheets:
    ``template`` rendered with ``context_of(request, tournament)``, downloaded as
    ``file_name`` (its tournament's id put in)."""

    @sign_in_when_refused
    def view(request, pk):
        tournament = _tournament(request, pk, game)
        context = {"tournament": tournament, **context_of(request, tournament)}
        pdf = weasy_render(render_to_string(template, context)).write_pdf()
        return download(pdf, "application/pdf", file_name.format(pk=pk))

    return view


def _rounds_pdf(game: str, headers, rounds_of, name: str):
    """The round assignments to pin up in the room: each round's tables and who sits
    there (``rounds_of(tournament)``: [(round, [row, …])])."""
    return _printed(
        game,
        "games/print/rounds.html",
        f"{name}-manches-{{pk}}.pdf",
        lambda request, tournament: {"headers": headers, "rounds": rounds_of(tournament)},
    )


def _standings_pdf(game: str, headers, rows_of, name: str):
    """The standings to print, for the room's wall and the prize-giving: the page's
    figures (``rows_of(request, tournament)``: the rows, each rank first)."""
    return _printed(
        game,
        "games/print/standings.html",
        f"{name}-classement-{{pk}}.pdf",
        lambda request, tournament: {"headers": headers, "rows": rows_of(request, tournament)},
    )


_name = selectors.player_name


def _belote_rows(tournament):
    return [
        (
            number,
            [
                (
                    v.match.table,
                    _name(v.match.first),
                    _name(v.match.second) if v.match.second else _("bye"),
                    v.match.code,
                )
                for v in views
            ],
        )
        for number, views in selectors.belote_rounds(tournament)
    ]


belote_rounds_pdf = _rounds_pdf(
    Tournament.Game.BELOTE,
    [_lazy("Table"), _lazy("Player"), _lazy("Opponent"), _lazy("Sheet code")],
    _belote_rows,
    "belote",
)


@require_POST
@sign_in_when_refused
def belote_draw(request, pk):
    tournament = _tournament(request, pk)
    form = DrawForm(request.POST)
    if form.is_valid():
        service_call(
            request,
            services.belote_rounds_draw,
            done=_("The rounds are drawn."),
            actor=request.user,
            tournament=tournament,
            pairing=form.cleaned_data["pairing"],
        )
    return redirect("games:belote", pk=tournament.pk)


def _writer(request, tournament, code: str | None) -> tuple[bool, bool]:
    """Whether lines may be written on the sheet now (by the room, or by a phone that
    opened it with its ``code``), and whether the room's own actions are offered."""
    room = code is None and permissions.can_run_room(request.user, tournament)
    return (room or code is not None) and tournament.status == "running", room


def _match_context(request, view, form=None, code: str | None = None) -> dict:
    tournament = view.match.tournament
    names = _names(view)
    write, room = _writer(request, tournament, code)
    run = write and room
    is_open = write and not view.match.bye and view.match.submitted_at is None
    over = view.sheet is not None and view.sheet.winner is not None
    labels = dict(BeloteDeal.ContractChoice.choices)
    lines = view.sheet.lines if view.sheet else ()
    return {
        "clock": selectors.round_clock(tournament, view.match.round),
        "tournament": tournament,
        "view": view,
        "rows": [(line, labels[line.deal.contract]) for line in lines],
        "names": names,
        "run": run,
        "form": (form or DealForm(**names)) if is_open and not over else None,
        "closed": code is not None and not (is_open and not over),
        "post_url": _line_url(code, "games:belote_deal_add", view.match.pk),
        "phone": code is not None,
        "can_submit": run and is_open and over,
        "can_take_off": run and is_open and view.sheet and view.sheet.lines,
        "can_reopen": run and not view.match.bye and view.match.submitted_at is not None,
        "can_record_left": run and is_open and not over,
    }


def _line_url(code: str | None, name: str, pk: int) -> str:
    """Where the sheet's form posts: the room's address, or the phone's."""
    return reverse("games:sheet_line", args=[code]) if code else reverse(name, args=[pk])


@sign_in_when_refused
def belote_match_page(request, pk):
    view = _match(request, pk)
    return render(request, "games/belote_match.html", _match_context(request, view))


@require_POST
@sign_in_when_refused
def belote_deal_add(request, pk):
    view = _match(request, pk)
    form = DealForm(request.POST, **_names(view))
    if form.is_valid() and service_call(
        request,
        services.belote_deal_add,
        form=form,
        actor=request.user,
        match=view.match,
        **form.entry(),
    ):
        return redirect(f"{reverse('games:belote_match', args=[pk])}#sheet")
    context = _match_context(request, view, form)
    return render(request, "games/belote_match.html", context, status=400)


def _confirmed(request, back, *, title, question, label, write, reason_label="", success=""):
    """A confirmation page, then the write on POST (its refusal shown on the sheet at
    ``back``)."""
    if request.method != "POST":
        return confirm_page(
            request,
            title=title,
            question=question,
            confirm_label=label,
            cancel_url=back,
            reason_label=reason_label,
        )
    service_call(request, write, done=success)
    return redirect(back)


def _take_off_page(request, back: str, last, delete, *, hand: bool = False):
    """Take the sheet's last line off after a confirmation (``delete(line)``), or back to
    the sheet when it has none."""
    if last is None:
        return redirect(back)
    if hand:
        title, question = _("Take the last hand off"), _("Take hand %(number)s off the sheet?")
        success = _("The hand is taken off the sheet.")
    else:
        title, question = _("Take the last deal off"), _("Take deal %(number)s off the sheet?")
        success = _("The deal is taken off the sheet.")
    return _confirmed(
        request,
        back,
        title=title,
        question=question % {"number": last.number},
        label=_("Take it off"),
        write=lambda: delete(last),
        success=success,
    )


@sign_in_when_refused
def belote_deal_delete(request, pk):
    view = _match(request, pk)
    return _take_off_page(
        request,
        reverse("games:belote_match", args=[pk]),
        view.match.deals.order_by("-number").first(),
        lambda last: services.belote_deal_delete(actor=request.user, deal=last),
    )


# --- free-play tarot -----------------------------------------------------------------

FREE = Tournament.Game.FREE_TAROT


@sign_in_when_refused
def free_page(request, pk):
    tournament = _tournament(request, pk, FREE)
    run = permissions.can_run_room(request.user, tournament) and tournament.status == "running"
    rounds = selectors.free_rounds(tournament)
    return render(
        request,
        "games/free.html",
        {
            "tournament": tournament,
            "rounds": rounds,
            "standings": selectors.free_standings_of(tournament, rounds),
            "players": len(selectors.game_players(tournament)),
            "run": run,
            **_clocks(tournament),
            **_prizes(tournament),
        },
    )


@require_POST
@sign_in_when_refused
def free_draw(request, pk):
    tournament = _tournament(request, pk, FREE)
    service_call(
        request,
        services.free_round_draw,
        done=_("The round's tables are drawn."),
        actor=request.user,
        tournament=tournament,
    )
    return redirect("games:free", pk=tournament.pk)


def _free_table(request, pk: int) -> selectors.FreeTableView:
    tournament_pk = get_object_or_404(FreeTable, pk=pk).tournament_id
    view = selectors.free_table(_tournament(request, tournament_pk, FREE), pk)
    if view is None:
        raise Http404
    return view


def _free_context(request, view, form=None, code: str | None = None) -> dict:
    tournament = view.table.tournament
    write, room = _writer(request, tournament, code)
    return {
        "clock": selectors.round_clock(tournament, view.table.round),
        "tournament": tournament,
        "view": view,
        # each mark with its player, whose name heads it on a phone's card
        "rows": [
            (deal, list(zip(view.players, marks, strict=True)))
            for deal, marks in zip(view.table.deals.all(), view.lines, strict=True)
        ],
        "totals": list(zip(view.players, view.totals, strict=True)),
        "form": (form or FreeDealForm(players=view.players)) if write else None,
        "closed": code is not None and not write,
        "post_url": _line_url(code, "games:free_deal_add", view.table.pk),
        "phone": code is not None,
        "can_take_off": write and room and view.sheet.lines,
    }


@sign_in_when_refused
def free_table_page(request, pk):
    view = _free_table(request, pk)
    return render(request, "games/free_table.html", _free_context(request, view))


@require_POST
@sign_in_when_refused
def free_deal_add(request, pk):
    view = _free_table(request, pk)
    form = FreeDealForm(request.POST, players=view.players)
    if form.is_valid() and service_call(
        request,
        services.free_deal_add,
        form=form,
        actor=request.user,
        table=view.table,
        **form.entry(),
    ):
        return redirect(f"{reverse('games:free_table', args=[pk])}#sheet")
    return render(request, "games/free_table.html", _free_context(request, view, form), status=400)


@sign_in_when_refused
def free_deal_delete(request, pk):
    view = _free_table(request, pk)
    return _take_off_page(
        request,
        reverse("games:free_table", args=[pk]),
        view.table.deals.order_by("-number").first(),
        lambda last: services.free_deal_delete(actor=request.user, deal=last),
    )


# --- pinochle --------------------------------------------------------------------------

PINOCHLE = Tournament.Game.PINOCHLE


@sign_in_when_refused
def pinochle_page(request, pk):
    """Teams, rounds and sheets; the standings are announced at the end (« Standings will
    only be announced upon tournament completion »): before, the director alone sees them."""
    tournament = _tournament(request, pk, PINOCHLE)
    run = permissions.can_run_room(request.user, tournament)
    rounds = selectors.pinochle_rounds(tournament)
    players = selectors.game_players(tournament)
    teams = selectors.pinochle_teams(tournament)
    costs = rotations.rotation_costs(len(teams)) if len(teams) >= 2 else None
    return render(
        request,
        "games/pinochle.html",
        {
            "tournament": tournament,
            "teams": teams,
            "rounds": rounds,
            "players": len(players),
            "run": run and tournament.status == "running",
            "team_form": TeamForm(players=players) if not rounds else None,
            "rotations": _rotation_choices(costs) if costs else [],
            "rotation_warned": bool(costs and costs[rotations.AB].total),
            "extras": _extras_context(tournament, rounds, players),
            "standings": selectors.pinochle_standings_of(tournament, rounds, teams)
            if run or tournament.play_over
            else None,
            **_clocks(tournament),
            **_prizes(tournament),
        },
    )


ROTATION_LABELS = {
    rotations.AB: _lazy("The rules' A/B rotation"),
    rotations.CIRCLE: _lazy("A round robin (circle method)"),
}


def _rotation_choices(costs: dict) -> list[dict]:
    """Each rotation the director may choose before the draw, with what it costs over the
    eight rounds, the advised one checked."""
    advised = rotations.rotation_advised(costs)
    return [
        {"name": name, "label": ROTATION_LABELS[name], "cost": costs[name],
         "advised": name == advised}
        for name in rotations.ROTATIONS
    ]  # fmt: skip


def _extras_context(tournament, rounds, players) -> dict:
    view = selectors.pinochle_extras_of(tournament, rounds)
    extras = view.extras
    initial = {
        "set_cup": None
        if not extras or extras.set_cup_cents is None
        else extras.set_cup_cents / 100,
        "specials": bool(extras and extras.specials),
        "fifty_fifty": bool(extras and extras.fifty_fifty),
    }
    return {
        "view": view,
        "form": ExtrasForm(initial=initial),
        "special_form": SpecialForm(players=players),
        "ticket_form": TicketSaleForm(),
    }


def _pinochle_action(write, success: str):
    """A POST on the tournament's pinochle page: the write, then back to the page with
    its message."""

    @require_POST
    @sign_in_when_refused
    def view(request, pk):
        tournament = _tournament(request, pk, PINOCHLE)
        service_call(request, write, done=success, request=request, tournament=tournament)
        return redirect("games:pinochle", pk=tournament.pk)

    return view


def _team_create(request, tournament):
    form = TeamForm(request.POST, players=selectors.game_players(tournament))
    if not form.is_valid():
        raise ValidationError(_("Choose the team's two players."))
    services.pinochle_team_create(actor=request.user, tournament=tournament, **form.cleaned_data)


pinochle_team_create = _pinochle_action(_team_create, _lazy("The team is formed."))


@sign_in_when_refused
def pinochle_team_delete(request, pk, team_pk):
    """Undo a team formed by mistake, after a confirmation, before the numbers are drawn."""
    tournament = _tournament(request, pk, PINOCHLE)
    team = get_object_or_404(PinochleTeam, pk=team_pk, tournament=tournament)
    return _confirmed(
        request,
        reverse("games:pinochle", args=[pk]),
        title=_("Undo the team"),
        question=_("Undo the team of %(names)s?")
        % {"names": f"{_name(team.first)} & {_name(team.second)}"},
        label=_("Undo it"),
        write=lambda: services.pinochle_team_delete(actor=request.user, team=team),
        success=_("The team is undone."),
    )


pinochle_draw = _pinochle_action(
    lambda request, tournament: services.pinochle_numbers_draw(
        actor=request.user,
        tournament=tournament,
        rotation=request.POST.get("rotation", rotations.AB),
    ),
    _lazy("The teams have drawn their numbers: the rounds are set."),
)


def _extras_set(request, tournament):
    form = ExtrasForm(request.POST)
    if not form.is_valid():
        raise ValidationError(form_errors_text(form))
    services.pinochle_extras_set(actor=request.user, tournament=tournament, **form.entry())


def _special_add(request, tournament):
    form = SpecialForm(request.POST, players=selectors.game_players(tournament))
    if not form.is_valid():
        raise ValidationError(_("Choose the player and the round."))
    services.pinochle_special_add(actor=request.user, tournament=tournament, **form.cleaned_data)


def _tickets_sell(request, tournament):
    form = TicketSaleForm(request.POST)
    if not form.is_valid():
        raise ValidationError(form_errors_text(form))
    services.pinochle_tickets_sell(actor=request.user, tournament=tournament, **form.cleaned_data)


pinochle_tickets = _pinochle_action(_tickets_sell, _lazy("The tickets are sold."))
pinochle_fifty_fifty_draw = _pinochle_action(
    lambda request, tournament: services.pinochle_fifty_fifty_draw(
        actor=request.user, tournament=tournament
    ),
    _lazy("The 50/50 is drawn."),
)
SPECIAL_ENTERED = _lazy("The name is in the container.")
pinochle_extras = _pinochle_action(_extras_set, _lazy("The options are saved."))
pinochle_special = _pinochle_action(_special_add, SPECIAL_ENTERED)
pinochle_specials_draw = _pinochle_action(
    lambda request, tournament: services.pinochle_specials_draw(
        actor=request.user, tournament=tournament
    ),
    _lazy("The specials are drawn."),
)


def _game(request, pk: int) -> selectors.GameView:
    tournament_pk = get_object_or_404(PinochleGame, pk=pk).tournament_id
    view = selectors.pinochle_game(_tournament(request, tournament_pk, PINOCHLE), pk)
    if view is None or view.game.bye:
        raise Http404
    return view


def _pinochle_names(game) -> dict:
    return {"a": _team_name(game.team_a), "b": _team_name(game.team_b)}


def _team_name(team) -> str:
    return f"{team.number} · {team.first.licensee.full_name} & {team.second.licensee.full_name}"


def _game_context(request, view, form=None, code: str | None = None) -> dict:
    game = view.game
    tournament = game.tournament
    write, room = _writer(request, tournament, code)
    run = write and room
    is_open = write and game.submitted_at is None
    over = view.sheet.winner is not None
    names = _pinochle_names(game)
    lines = view.sheet.lines
    return {
        "clock": selectors.round_clock(tournament, game.round),
        "tournament": tournament,
        "view": view,
        "names": names,
        "rows": list(zip(view.hands, lines, strict=True)),
        "form": (form or HandForm(**names)) if is_open and not over and not view.pending else None,
        # Over and every hand confirmed, the phones sign and countersign the sheet, which
        # submits it; a phone has nothing more to do once it is submitted.
        "closed": code is not None and not is_open,
        "signing": code is not None and is_open and over and not view.pending,
        "sign_url": reverse("games:sheet_sign", args=[code]) if code else None,
        "post_url": _line_url(code, "games:pinochle_hand", game.pk),
        "confirm_url": (
            reverse("games:sheet_confirm", args=[code])
            if code
            else reverse("games:pinochle_confirm", args=[game.pk])
        ),
        "phone": code is not None,
        "phone_device": phone_device(request, code) if code else None,
        "can_confirm": is_open,
        "can_submit": run and is_open and over and not view.pending,
        "can_call_time": run and is_open and not over and not game.time_called,
        "can_take_off": run and is_open and view.hands,
        "can_reopen": run and game.submitted_at is not None,
        "can_record_left": run and is_open and not over,
        "special_form": (
            _sheet_special_form(game) if is_open and selectors.specials_open(tournament) else None
        ),
        "special_url": (
            reverse("games:sheet_special", args=[code])
            if code
            else reverse("games:pinochle_sheet_special", args=[game.pk])
        ),
    }


def _sheet_special_form(game, data=None) -> SheetSpecialForm:
    """The table's four players, for a special dealt in the game's round."""
    players = [p for team in (game.team_a, game.team_b) for p in (team.first, team.second)]
    return SheetSpecialForm(data, players=players)


@sign_in_when_refused
def pinochle_game_page(request, pk):
    view = _game(request, pk)
    return render(request, "games/pinochle_game.html", _game_context(request, view))


@require_POST
@sign_in_when_refused
def pinochle_hand_add(request, pk):
    view = _game(request, pk)
    context = _game_context(request, view)
    form = HandForm(request.POST, **context["names"])
    if form.is_valid() and service_call(
        request,
        services.pinochle_hand_add,
        form=form,
        actor=request.user,
        game=view.game,
        **form.entry(),
    ):
        return redirect(f"{reverse('games:pinochle_game', args=[pk])}#sheet")
    context["form"] = form
    return render(request, "games/pinochle_game.html", context, status=400)


def _game_write(write, success: str):
    """A POST on a game's sheet: the write, then back to the sheet with its message."""

    @require_POST
    @sign_in_when_refused
    def view(request, pk):
        game_view = _game(request, pk)
        service_call(request, write, done=success, request=request, view=game_view)
        return redirect(f"{reverse('games:pinochle_game', args=[pk])}#sheet")

    return view


def _confirm(request, view):
    hand = next((h for h in view.hands if str(h.pk) == request.POST.get("hand", "")), None)
    if hand is None:
        raise ValidationError(_("Unknown hand."))
    services.pinochle_hand_confirm(actor=request.user, hand=hand, side=request.POST.get("side"))


def _sheet_special(request, view, code: str | None = None):
    form = _sheet_special_form(view.game, request.POST)
    if not form.is_valid():
        raise ValidationError(_("Choose the player dealt the special."))
    services.pinochle_sheet_special_add(
        actor=None if code else request.user,
        game=view.game,
        registration=form.cleaned_data["registration"],
        code=code,
    )


pinochle_confirm = _game_write(_confirm, _lazy("The hand is confirmed."))
pinochle_sheet_special = _game_write(_sheet_special, SPECIAL_ENTERED)
pinochle_time = _game_write(
    lambda request, view: services.pinochle_time_call(actor=request.user, game=view.game),
    _lazy("Time is called: the higher total wins."),
)


@sign_in_when_refused
def pinochle_hand_delete(request, pk):
    view = _game(request, pk)
    return _take_off_page(
        request,
        reverse("games:pinochle_game", args=[pk]),
        view.hands[-1] if view.hands else None,
        lambda last: services.pinochle_hand_delete(actor=request.user, hand=last),
        hand=True,
    )


def _lock_pages(find, page_name: str, submit, reopen):
    """The submission and the reopening of a sheet (``find(request, pk)`` gives its view;
    ``page_name``, the sheet's page), each after a confirmation page; reopening asks why."""

    @sign_in_when_refused
    def submit_page(request, pk):
        sheet = find(request, pk)
        return _confirmed(
            request,
            reverse(page_name, args=[pk]),
            title=_("Submit the sheet"),
            question=_("Submit this sheet? It is locked once submitted."),
            label=_("Submit"),
            write=lambda: submit(request.user, sheet),
            success=_("The sheet is submitted."),
        )

    @sign_in_when_refused
    def reopen_page(request, pk):
        sheet = find(request, pk)
        return _confirmed(
            request,
            reverse(page_name, args=[pk]),
            title=_("Reopen the sheet"),
            question=_("Reopen this submitted sheet?"),
            label=_("Reopen"),
            reason_label=_("Reason"),
            write=lambda: reopen(request.user, sheet, request.POST.get("reason", "")),
            success=_("The sheet is open again."),
        )

    return submit_page, reopen_page


belote_match_submit, belote_match_reopen = _lock_pages(
    _match,
    "games:belote_match",
    lambda user, view: services.belote_match_submit(actor=user, match=view.match),
    lambda user, view, reason: services.belote_match_reopen(
        actor=user, match=view.match, reason=reason
    ),
)
pinochle_game_submit, pinochle_game_reopen = _lock_pages(
    _game,
    "games:pinochle_game",
    lambda user, view: services.pinochle_game_submit(actor=user, game=view.game),
    lambda user, view, reason: services.pinochle_game_reopen(
        actor=user, game=view.game, reason=reason
    ),
)


def _left_page(find, page_name: str, names, record):
    """A side (``side``: 0 or 1, named by ``names(view)``) left the match or round, or
    forfeited it: a confirmation page that asks what happened, then ``record``."""

    @sign_in_when_refused
    def page(request, pk, side):
        view = find(request, pk)
        named = names(view)
        if side not in (0, 1):
            raise Http404
        return _confirmed(
            request,
            reverse(page_name, args=[pk]),
            title=_("A side leaves"),
            question=_(
                "%(name)s leaves, or did not come: the other side wins, the lines written "
                "stand, and the sheet is submitted. Record it?"
            )
            % {"name": named[side]},
            label=_("Record it"),
            reason_label=_("What happened"),
            write=lambda: record(request.user, view, side, request.POST.get("reason", "")),
            success=_("Recorded: the sheet is submitted."),
        )

    return page


belote_match_left = _left_page(
    _match,
    "games:belote_match",
    lambda view: list(_names(view).values()),
    lambda user, view, side, reason: services.belote_match_left(
        actor=user, match=view.match, player=side, reason=reason
    ),
)
pinochle_game_left = _left_page(
    _game,
    "games:pinochle_game",
    lambda view: [_team_name(view.game.team_a), _team_name(view.game.team_b)],
    lambda user, view, side, reason: services.pinochle_game_left(
        actor=user, game=view.game, team=side, reason=reason
    ),
)


def _pinochle_rows(tournament):
    return [
        (
            number,
            [
                (
                    v.game.table,
                    _team_name(v.game.team_a) if v.game.team_a else _("bye"),
                    _team_name(v.game.team_b),
                    v.game.code,
                )
                for v in views
            ],
        )
        for number, views in selectors.pinochle_rounds(tournament)
    ]


def _free_rows(tournament):
    return [
        (
            number,
            [(v.table.number, ", ".join(_name(p) for p in v.players), v.table.code) for v in views],
        )
        for number, views in selectors.free_rounds(tournament)
    ]


pinochle_rounds_pdf = _rounds_pdf(
    PINOCHLE,
    [_lazy("Table"), _lazy("« A » team"), _lazy("« B » team"), _lazy("Sheet code")],
    _pinochle_rows,
    "pinochle",
)
free_rounds_pdf = _rounds_pdf(
    FREE, [_lazy("Table"), _lazy("Players"), _lazy("Sheet code")], _free_rows, "tarot-libre"
)


def _belote_standing_rows(request, tournament):
    return [
        (s.rank, _name(player), s.played, s.won, s.difference, s.points)
        for s, player in selectors.belote_standings(tournament)
    ]


def _pinochle_standing_rows(request, tournament):
    """Announced once the tournament is over; before, to the room's director alone."""
    if not (permissions.can_run_room(request.user, tournament) or tournament.play_over):
        raise PermissionDenied(_("The standings are announced once the tournament is over."))
    return [
        (s.rank, _team_name(team), s.wins, s.losses, s.points)
        for s, team in selectors.pinochle_standings_of(tournament)
    ]


def _free_standing_rows(request, tournament):
    return [
        (s.rank, _name(player), s.total, s.tables)
        for s, player in selectors.free_standings_of(tournament)
    ]


def _prizes_pdf(game: str, rows_of, name: str):
    """The prize list to print for the prize-giving: each prize with whoever ranks at its
    place in the standings (``rows_of``, as the standings' PDF reads them), and, for
    pinochle, the drawings."""

    def context_of(request, tournament):
        ranked = [(row[0], row[1]) for row in rows_of(request, tournament)]
        drawings = None
        if game == PINOCHLE:
            drawings = selectors.pinochle_extras_of(
                tournament, selectors.pinochle_rounds(tournament)
            )
        return {
            "lines": selectors.prize_list(selectors.game_prizes(tournament), ranked),
            "drawings": drawings,
        }

    return _printed(game, "games/print/prizes.html", f"{name}-palmares-{{pk}}.pdf", context_of)


belote_standings_pdf = _standings_pdf(
    Tournament.Game.BELOTE,
    [_lazy("Rank"), _lazy("Name"), _lazy("Played"), _lazy("Won"), _lazy("Difference"),
     _lazy("Points")],
    _belote_standing_rows,
    "belote",
)  # fmt: skip
pinochle_standings_pdf = _standings_pdf(
    PINOCHLE,
    [_lazy("Rank"), _lazy("Team"), _lazy("Won"), _lazy("Lost"), _lazy("Points")],
    _pinochle_standing_rows,
    "pinochle",
)
free_standings_pdf = _standings_pdf(
    FREE,
    [_lazy("Rank"), _lazy("Name"), _lazy("Points"), _lazy("Tables")],
    _free_standing_rows,
    "tarot-libre",
)


# --- a sheet from a player's phone ------------------------------------------------------


@dataclass(frozen=True)
class PhoneSheet:
    """A club game's sheet on a player's phone (its game: apps.games.kinds): its page and
    the page's context, the form of its next line and the service call that writes it."""

    template: str
    context: Callable
    form: Callable  # (posted data, sheet) -> the line's form
    add: Callable  # (sheet, code, entry) -> the line written


PHONE = {
    Tournament.Game.BELOTE: PhoneSheet(
        "games/belote_match.html",
        _match_context,
        lambda data, view: DealForm(data, **_names(view)),
        lambda view, code, entry: services.belote_deal_add(
            actor=None, match=view.match, code=code, **entry
        ),
    ),
    Tournament.Game.FREE_TAROT: PhoneSheet(
        "games/free_table.html",
        _free_context,
        lambda data, view: FreeDealForm(data, players=view.players),
        lambda view, code, entry: services.free_deal_add(
            actor=None, table=view.table, code=code, **entry
        ),
    ),
    Tournament.Game.PINOCHLE: PhoneSheet(
        "games/pinochle_game.html",
        _game_context,
        lambda data, view: HandForm(data, **_pinochle_names(view.game)),
        lambda view, code, entry: services.pinochle_hand_add(
            actor=None, game=view.game, code=code, **entry
        ),
    ),
}


CODE_PAGE = "games/sheet_code.html"


def _phone_sheet(request, code: str):
    """The sheet ``code`` opens, found as apps.movements.phones throttles wrong codes."""
    found = phone_code_find(request, code, sheet_by_code)
    if found is None:
        raise Http404(_("Unknown sheet code."))
    return found


def _phone_render(request, code: str, game: ClubGame, view, form=None, status=200):
    phone = PHONE[game.key]
    context = phone.context(request, view, form, code=code)
    return render(request, phone.template, context, status=status)


@require_GET
@code_throttle_answered(CODE_PAGE)
def sheet_code(request):
    """Type a sheet's code (printed on the round assignments)."""
    typed = request.GET.get("code", "").strip().upper()
    if typed:
        if phone_code_find(request, typed, sheet_by_code) is not None:
            return redirect("games:sheet", code=typed)
        messages.error(request, _("Unknown sheet code: check it on the round assignments."))
    return render(request, CODE_PAGE, {"typed": typed})


@require_GET
@code_throttle_answered(CODE_PAGE)
def sheet_page(request, code):
    """A sheet opened by its code, without an account: its lines, and the form to write
    the next one while the tournament is running and the sheet open. It gives the phone
    its device token."""
    code = code.strip().upper()
    game, view = _phone_sheet(request, code)
    _device, token = phone_token(request, code)
    response = _phone_render(request, code, game, view)
    phone_token_give(response, token)
    return response


@require_POST
@code_throttle_answered(CODE_PAGE)
def sheet_line(request, code):
    """Write the sheet's next line from a phone."""
    code = code.strip().upper()
    game, view = _phone_sheet(request, code)
    phone = PHONE[game.key]
    form = phone.form(request.POST, view)
    if form.is_valid() and service_call(
        request, phone.add, form=form, view=view, code=code, entry=form.entry()
    ):
        return redirect(f"{reverse('games:sheet', args=[code])}#sheet")
    return _phone_render(request, code, game, view, form, status=400)


@require_POST
@code_throttle_answered(CODE_PAGE)
def sheet_confirm(request, code):
    """A pinochle scorekeeper confirms a hand from their phone (holding the sheet's token:
    each team confirms from its own phone)."""
    code = code.strip().upper()
    game, view = _phone_sheet(request, code)
    if not game.confirmed_by_both:
        raise Http404
    device = phone_device(request, code)
    try:
        if device is None:
            raise ValidationError(device_missing_text())
        hand = next(h for h in view.hands if h.pk == whole_number(request.POST.get("hand")))
        services.pinochle_hand_confirm(
            actor=None, hand=hand, side=request.POST.get("side", ""), code=code, device=device
        )
    except StopIteration:
        messages.error(request, _("Unknown hand."))
    except ValidationError as exc:
        messages.error(request, error_text(exc))
    return redirect(f"{reverse('games:sheet', args=[code])}#sheet")


@require_POST
@code_throttle_answered(CODE_PAGE)
def sheet_sign(request, code):
    """A pinochle scorekeeper signs the finished sheet from their phone, or an opponent
    countersigns it from theirs (which submits it)."""
    code = code.strip().upper()
    game, view = _phone_sheet(request, code)
    if game.key != PINOCHLE:
        raise Http404
    device = phone_device(request, code) or ""
    if request.POST.get("action") == "countersign":
        done = _("The sheet is countersigned and submitted.")
        service_call(
            request,
            services.pinochle_sheet_countersign,
            done=done,
            game=view.game,
            code=code,
            device=device,
        )
    else:
        service_call(
            request,
            services.pinochle_sheet_sign,
            done=_("The sheet is signed: an opponent countersigns it from their own phone."),
            game=view.game,
            side=request.POST.get("side", ""),
            code=code,
            device=device,
        )
    return redirect(f"{reverse('games:sheet', args=[code])}#signatures")


@require_POST
@code_throttle_answered(CODE_PAGE)
def sheet_special(request, code):
    """A pinochle scorekeeper enters, from their phone, a player of the table dealt a
    special."""
    code = code.strip().upper()
    game, view = _phone_sheet(request, code)
    if game.key != PINOCHLE:
        raise Http404
    service_call(
        request, _sheet_special, done=SPECIAL_ENTERED, request=request, view=view, code=code
    )
    return redirect(f"{reverse('games:sheet', args=[code])}#specials")


belote_prizes_pdf = _prizes_pdf(Tournament.Game.BELOTE, _belote_standing_rows, "belote")
pinochle_prizes_pdf = _prizes_pdf(PINOCHLE, _pinochle_standing_rows, "pinochle")
free_prizes_pdf = _prizes_pdf(FREE, _free_standing_rows, "tarot-libre")
