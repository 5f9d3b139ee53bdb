"""Table entry from the players' phones (no account): the table's page opened by its code
or QR code, with the position in play, the four players and the étuis; Nord sends each
score, another player confirms it from their own phone or disagrees
(apps.scoring.table_entry). The page gives the phone its device token; wrong codes are
throttled per address, never for a phone holding its table's token (apps.movements.phones).
The page's script keeps what was typed on the phone and sends it again until the server
has it; without the script each form posts and comes back to the page."""

from functools import partial

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from apps.core.pages import error_text
from apps.core.revalidation import not_modified, page_etag, revalidated
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
from apps.scoring.doubts import confirmation_name, unlikely_question
from apps.scoring.forms import LineForm, ScoreField
from apps.scoring.table_entry import CHECKERS
from apps.scoring.versions import table_page_version

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
    unlikely: bool = False,
) -> dict:
    """An étui's block; ``is_open``: the table may enter scores now; ``device``: this
    phone's (the one that sent Nord's score does not check it); ``unlikely``: Nord's typed
    score was asked about, and sent again unchanged it counts."""
    form = form or _form(item.line.etui)
    return {
        "code": code,
        "item": item,
        "etui": item.line.etui,
        "sequence": item.line.table.sequence,
        "form": form,
        "error": error,
        "unlikely": unlikely,
        "confirmation": confirmation_name(form),
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
    the phone its device token. Asked by htmx (the page's script, every
    TABLE_POLL_SECONDS while the room plays), its étuis alone."""
    found = phone_code_find(request, code, table_by_code)
    if found is None:
        messages.error(request, _("Unknown table code: check the code on the table card."))
        return render(request, CODE_PAGE, {"typed": code}, status=404)
    device, token = phone_token(request, found.code)
    # Polled by every phone of the room: an unchanged page is answered « not modified ».
    etag = page_etag(request, *table_page_version(found, device))
    response = not_modified(request, etag) or revalidated(_page(request, found, device), etag)
    phone_token_give(response, token)
    return response


def _page(request, code: TableCode, device: str, asked: dict | None = None, status: int = 200):
    """The table's page, or its étuis alone for htmx; ``asked``: the block of an étui whose
    score was asked about, as typed."""
    movement = code.movement
    sequence = max(movement.current_position, 1)
    items = selectors.code_table_etuis(code, sequence)
    refusal = table_entry.table_entry_refusal(code)
    blocks = [_block(code, item, not refusal, device) for item in items]
    if asked is not None:
        blocks = [asked if block["etui"] == asked["etui"] else block for block in blocks]
    context = {
        "code": code,
        "session": movement.session,
        "tournament": movement.session.tournament,
        "name": table_name(movement, code.section, code.table),
        "table": items[0].line.table if items else None,
        "seats": items[0].line.seats if items else (),
        "blocks": blocks,
        "refusal": refusal,
        "poll_ms": settings.TABLE_POLL_SECONDS * 1000,
    }
    template = "scoring/table/_etuis.html" if request.htmx else "scoring/table/page.html"
    return render(request, template, context, status=status)


def _score(request) -> int:
    score = ScoreField(required=True).clean(request.POST.get("score"))
    if score is None:
        raise ValidationError(_("Type the score as a whole number, for example 56 or -56."))
    return score


def _post(
    request, code: TableCode, sequence: int, etui: int, device: str
) -> tuple[str, LineForm | None, bool]:
    """Carry out the posted action; its error ("" when done), Nord's form as typed and
    whether Nord's typed score was asked about (an unlikely score, as on the referee's
    screen: sent again unchanged, it is sent)."""
    action = request.POST.get("action")
    common = {"code": code, "sequence": sequence, "etui": etui, "device": device}
    form = _form(etui, request.POST) if action == "send" else None
    try:
        if form is not None:
            if not form.is_valid():
                errors = form.errors.values()
                return " ".join(str(e) for listed in errors for e in listed), form, False
            entry = form.entry()
            if entry is None:
                return _("Type the taker's score, or the deal's details."), form, False
            others = partial(selectors.code_etui_scores, code, sequence, etui)
            unlikely = unlikely_question(form, others)
            if unlikely:
                question = _(
                    "Unlikely score: %(reason)s. Check it with the table, then send it again "
                    "to confirm it."
                )
                return question % {"reason": unlikely}, form, True
            table_entry.table_entry_send(**common, **entry)
        elif action in ("confirm", "dispute"):
            write = (
                table_entry.table_entry_confirm
                if action == "confirm"
                else table_entry.table_entry_dispute
            )
            write(**common, seat=request.POST.get("seat", ""), score=_score(request))
        else:
            return _("Unknown action."), None, False
    except ValidationError as exc:
        return error_text(exc), form, False
    return "", None, False


@require_POST
@code_throttle_answered(CODE_PAGE)
def table_post(request, code, sequence, etui):
    """Send, confirm or dispute an étui's score from a phone holding the table's token;
    htmx (the page's script) gets the étui's block back, a plain form the page."""
    code = _code(request, code)
    device = phone_device(request, code.code)
    unlikely = False
    if device is None:
        error, form = device_missing_text(), None
        if request.htmx:  # the script keeps what was typed until the page is reloaded
            return HttpResponse(error, status=403, content_type="text/plain")
    else:
        error, form, unlikely = _post(request, code, sequence, etui, device)
    if not request.htmx and not unlikely:
        if error:
            messages.error(request, error)
        return redirect(f"{reverse('scoring:table_page', args=[code.code])}#etui-{etui}")
    items = selectors.code_table_etuis(code, sequence, etui)
    if not items:
        raise Http404
    is_open = not table_entry.table_entry_refusal(code)
    context = _block(code, items[0], is_open, device, error, form if error else None, unlikely)
    if not request.htmx:  # without the script: the page, asking the question
        return _page(request, code, device, asked=context, status=400)
    return render(request, "scoring/table/_etui.html", context, status=200)
