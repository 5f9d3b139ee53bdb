"""Table entry from the players' phones (no account): the table's page opened by its code
or QR code, with the position in play, the four players and the étuis; Nord sends each
score, another player confirms it or disagrees (apps.scoring.table_entry). The page's
script keeps what was typed on the phone and sends it again until the server has it;
without the script each form posts and comes back to the page."""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from apps.core.pages import error_text
from apps.movements.models import SeatChoice, TableCode
from apps.movements.selectors import table_by_code, table_name
from apps.scoring import selectors, table_entry
from apps.scoring.forms import LineForm, ScoreField
from apps.scoring.table_entry import CHECKERS


def _code(code: str) -> TableCode:
    found = table_by_code(code)
    if found is None:
        raise Http404(_("Unknown table code."))
    return found


def _form(etui: int, data=None) -> LineForm:
    return LineForm(data, prefix=f"e{etui}")


def _block(
    code: TableCode, item, is_open: bool, error: str = "", form: LineForm | None = None
) -> dict:
    """An étui's block; ``is_open``: the table may enter scores now."""
    return {
        "code": code,
        "item": item,
        "etui": item.line.etui,
        "sequence": item.line.table.sequence,
        "form": form or _form(item.line.etui),
        "error": error,
        "checkers": [(seat, SeatChoice(seat).label) for seat in CHECKERS],
        "open": is_open,
    }


@require_GET
def table_code(request):
    """Type a table's code (a phone without a QR code reader)."""
    typed = request.GET.get("code", "").strip().upper()
    if typed:
        if table_by_code(typed) is not None:
            return redirect("scoring:table_page", code=typed)
        messages.error(request, _("Unknown table code: check the code on the table card."))
    return render(request, "scoring/table/code.html", {"typed": typed})


@require_GET
def table_page(request, code):
    """The table at the position in play (the first one before play starts)."""
    found = table_by_code(code)
    if found is None:
        messages.error(request, _("Unknown table code: check the code on the table card."))
        return render(request, "scoring/table/code.html", {"typed": code}, status=404)
    code = found
    movement = code.movement
    sequence = max(movement.current_position, 1)
    items = selectors.code_table_etuis(code, sequence)
    refusal = table_entry.table_entry_refusal(code)
    return render(
        request,
        "scoring/table/page.html",
        {
            "code": code,
            "session": movement.session,
            "tournament": movement.session.tournament,
            "name": table_name(movement, code.section, code.table),
            "table": items[0].line.table if items else None,
            "seats": items[0].line.seats if items else (),
            "blocks": [_block(code, item, not refusal) for item in items],
            "refusal": refusal,
            "follow_ms": settings.TABLE_FOLLOW_SECONDS * 1000,
        },
    )


@require_GET
def table_position(request, code):
    """The position in play, which the table's page checks to follow the room."""
    found = _code(code)
    return JsonResponse({"position": found.movement.current_position})


def _score(request) -> int:
    score = ScoreField(required=True).clean(request.POST.get("score"))
    if score is None:
        raise ValidationError(_("Type the score as a whole number, for example 56 or -56."))
    return score


def _post(request, code: TableCode, sequence: int, etui: int) -> tuple[str, LineForm | None]:
    """Carry out the posted action; its error ("" when done) and Nord's form as typed."""
    action = request.POST.get("action")
    common = {"code": code, "sequence": sequence, "etui": etui}
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
def table_post(request, code, sequence, etui):
    """Send, confirm or dispute an étui's score; htmx (the page's script) gets the étui's
    block back, a plain form the page."""
    code = _code(code)
    error, form = _post(request, code, sequence, etui)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect(f"{reverse('scoring:table_page', args=[code.code])}#etui-{etui}")
    items = selectors.code_table_etuis(code, sequence, etui)
    if not items:
        raise Http404
    is_open = not table_entry.table_entry_refusal(code)
    context = _block(code, items[0], is_open, error, form if error else None)
    return render(request, "scoring/table/_etui.html", context, status=200)
