"""Table entry from the players' phones (no account): the table's page opened by its code
or QR code, with the position in play, the four players and the étuis; Nord sends each
score, another player confirms it from their own phone or disagrees
(apps.scoring.table_entry). The page gives the phone its device token; wrong codes are
throttled per address, never for a phone holding its table's token (apps.movements.phones).
The page's script keeps what was typed on the phone and sends it again until the server
has it; without the script each form posts and comes back to the page."""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from apps.core.pages import error_text
from apps.movements.models import SeatChoice, TableCode
from apps.movements.phones import (
    code_throttle_answered,
    device_missing_text,
    phone_code_find,
    phone_device,
    phone_token,
    phone_token_give,
)
from apps.movements.selectors import table_by_code, table_name
from apps.scoring import selectors, table_entry
from apps.scoring.forms import LineForm, ScoreField
from apps.scoring.table_entry import CHECKERS

CODE_PAGE = "scoring/table/code.html"


def _code(request, code: str) -> TableCode:
    found = phone_code_find(request, code, table_by_code)
    if found is None:
        raise Http404(_("Unknown table code."))
    return found


def _form(etui: int, data=None) -> LineForm:
    return LineForm(data, prefix=f"e{etui}")


def _block(
    code: TableCode,
    item,
    is_open: bool,
    device: str,
    error: str = "",
    form: LineForm | None = None,
) -> dict:
    """An étui's block; ``is_open``: the table may enter scores now; ``device``: this
    phone's (the one that sent Nord's score does not check it)."""
    return {
        "code": code,
        "item": item,
        "etui": item.line.etui,
        "sequence": item.line.table.sequence,
        "form": form or _form(item.line.etui),
        "error": error,
        "checkers": [(seat, SeatChoice(seat).label) for seat in CHECKERS],
        "open": is_open,
        "sent_here": item.entry is not None and item.entry.sender_device == device,
    }


@require_GET
@code_throttle_answered(CODE_PAGE)
def table_code(request):
    """Type a table's code (a phone without a QR code reader)."""
    typed = request.GET.get("code", "").strip().upper()
    if typed:
        if phone_code_find(request, typed, table_by_code) is not None:
            return redirect("scoring:table_page", code=typed)
        messages.error(request, _("Unknown table code: check the code on the table card."))
    return render(request, CODE_PAGE, {"typed": typed})


@require_GET
@code_throttle_answered(CODE_PAGE)
def table_page(request, code):
    """The table at the position in play (the first one before play starts), which gives
    the phone its device token."""
    found = phone_code_find(request, code, table_by_code)
    if found is None:
        messages.error(request, _("Unknown table code: check the code on the table card."))
        return render(request, CODE_PAGE, {"typed": code}, status=404)
    code = found
    device, token = phone_token(request, code.code)
    movement = code.movement
    sequence = max(movement.current_position, 1)
    items = selectors.code_table_etuis(code, sequence)
    refusal = table_entry.table_entry_refusal(code)
    response = render(
        request,
        "scoring/table/page.html",
        {
            "code": code,
            "session": movement.session,
            "tournament": movement.session.tournament,
            "name": table_name(movement, code.section, code.table),
            "table": items[0].line.table if items else None,
            "seats": items[0].line.seats if items else (),
            "blocks": [_block(code, item, not refusal, device) for item in items],
            "refusal": refusal,
            "follow_ms": settings.TABLE_FOLLOW_SECONDS * 1000,
        },
    )
    phone_token_give(response, token)
    return response


@require_GET
@code_throttle_answered()
def table_position(request, code):
    """The position in play, which the table's page checks to follow the room."""
    found = _code(request, code)
    return JsonResponse({"position": found.movement.current_position})


def _score(request) -> int:
    score = ScoreField(required=True).clean(request.POST.get("score"))
    if score is None:
        raise ValidationError(_("Type the score as a whole number, for example 56 or -56."))
    return score


def _post(
    request, code: TableCode, sequence: int, etui: int, device: str
) -> tuple[str, LineForm | None]:
    """Carry out the posted action; its error ("" when done) and Nord's form as typed."""
    action = request.POST.get("action")
    common = {"code": code, "sequence": sequence, "etui": etui, "device": device}
    form = _form(etui, request.POST) if action == "send" else None
    try:
        if form is not None:
            if not form.is_valid():
                return " ".join(str(e) for errors in form.errors.values() for e in errors), form
            entry = form.entry()
            if entry is None:
                return _("Type the taker's score, or the deal's details."), form
            table_entry.table_entry_send(**common, **entry)
        elif action in ("confirm", "dispute"):
            write = (
                table_entry.table_entry_confirm
                if action == "confirm"
                else table_entry.table_entry_dispute
            )
            write(**common, seat=request.POST.get("seat", ""), score=_score(request))
        else:
            return _("Unknown action."), None
    except ValidationError as exc:
        return error_text(exc), form
    return "", None


@require_POST
@code_throttle_answered(CODE_PAGE)
def table_post(request, code, sequence, etui):
    """Send, confirm or dispute an étui's score from a phone holding the table's token;
    htmx (the page's script) gets the étui's block back, a plain form the page."""
    code = _code(request, code)
    device = phone_device(request, code.code)
    if device is None:
        error, form = device_missing_text(), None
        if request.htmx:  # the script keeps what was typed until the page is reloaded
            return HttpResponse(error, status=403, content_type="text/plain")
    else:
        error, form = _post(request, code, sequence, etui, device)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(f"{reverse('scoring:table_page', args=[code.code])}#etui-{etui}")
    items = selectors.code_table_etuis(code, sequence, etui)
    if not items:
        raise Http404
    is_open = not table_entry.table_entry_refusal(code)
    context = _block(code, items[0], is_open, device, error, form if error else None)
    return render(request, "scoring/table/_etui.html", context, status=200)
