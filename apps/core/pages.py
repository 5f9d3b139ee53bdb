"""Page helpers shared by the apps' views: area access, lists, confirmation pages, forms."""

from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme

PAGE_SIZE = 25


def area_required(check, refusal: str = ""):
    """Sign-in required (else the login page), then 403 (saying ``refusal``) unless
    check(user) allows the area."""

    def decorator(view):
        @wraps(view)
        @login_required
        def wrapped(request, *args, **kwargs):
            if not check(request.user):
                raise PermissionDenied(refusal)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def sign_in_when_refused(view):
    """A refusal sends an anonymous visitor to the sign-in page, others get 403."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        try:
            return view(request, *args, **kwargs)
        except PermissionDenied:
            if request.user.is_authenticated:
                raise
            return redirect_to_login(request.get_full_path())

    return wrapped


def post_or_back(page_name: str):
    """A view that acts on POST only; any other request (a confirmation page reloaded, or
    its address opened again) goes back to the page named ``page_name`` of the same
    ``pk`` rather than answering 405."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method != "POST":
                return redirect(page_name, pk=kwargs["pk"])
            return view(request, *args, **kwargs)

        return wrapped

    return decorator


def download(content: bytes, content_type: str, filename: str) -> HttpResponse:
    """A file to save, under ``filename``."""
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def page_of(request, queryset):
    """The requested page of a list (the first one when the number is wrong)."""
    return Paginator(queryset, PAGE_SIZE).get_page(request.GET.get("page"))


def safe_next(request, default: str) -> str:
    """The ``next`` address of the request if it is a path of this site, else ``default``
    (a bare word would be taken for a view's name by ``redirect``)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = target.startswith("/") and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if allowed else default


class LinkedText(str):
    """A sentence with the address of where to act on it: a confirmation page shows it as
    a link; anywhere else it is the plain sentence."""

    url: str

    def __new__(cls, text: str, url: str):
        linked = super().__new__(cls, text)
        linked.url = url
        return linked


def confirm_page(
    request,
    *,
    title,
    question,
    confirm_label,
    cancel_url,
    hint="",
    fields=None,
    reason_label="",
    warnings=(),
    blocked=False,
    template="core/confirm.html",
    details=None,
):
    """A confirmation page whose form posts back to the same address; with
    `reason_label`, it asks for the reason (posted as ``reason``). ``warnings`` are shown
    above the question (lines still missing, say); ``blocked``: they must be dealt with
    first, and there is nothing to confirm. A ``template`` extending core/confirm.html
    shows what the step will do in its ``details`` block, from ``details``' values."""
    return render(
        request,
        template,
        (details or {})
        | {
            "title": title,
            "question": question,
            "hint": hint,
            "confirm_label": confirm_label,
            "cancel_url": cancel_url,
            "fields": fields or {},
            "reason_label": reason_label,
            "warnings": warnings,
            "blocked": blocked,
        },
    )


def error_text(exc: ValidationError) -> str:
    """The messages of a ValidationError as one line."""
    return " ".join(exc.messages)


def form_errors_named(form) -> list[str]:
    """Every error of the form, each field's named by its label (« Arbitre : Ce champ est
    obligatoire. »): for a form answered by a message above the page rather than shown
    again beside its fields, where a bare « Ce champ est obligatoire. » says nothing of
    which choice is missing."""
    errors = []
    for name, field_errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else ""
        errors += [f"{label} : {error}" if label else error for error in field_errors]
    return errors


def form_errors_text(form) -> str:
    """``form_errors_named`` as one line."""
    return " ".join(form_errors_named(form))


def _form_errors_add(form, exc: ValidationError) -> None:
    """The refusal on the form: each field's errors on its field when the form has it (a
    form's ``service_fields`` names its field for a name of the service's, and for
    NON_FIELD_ERRORS the field a refusal naming none is about), the others above the
    form."""
    names = getattr(form, "service_fields", {})
    if not hasattr(exc, "error_dict"):
        form.add_error(names.get(NON_FIELD_ERRORS), exc)
        return
    for name, errors in exc.error_dict.items():
        field = names.get(name, name)
        form.add_error(field if field in form.fields else None, errors)


@dataclass(frozen=True)
class Outcome:
    """What ``service_call`` did: true when the service succeeded, with its ``result``."""

    succeeded: bool
    result: Any = None

    def __bool__(self) -> bool:
        return self.succeeded


def service_call(request, service, /, *, form=None, done="", **arguments) -> Outcome:
    """Call a service with ``arguments``, as every HTML view does: its refusal
    (ValidationError) becomes ``form``'s errors, or a message on the page when there is no
    form, and nothing is said done; ``done`` (a message, or a function of the service's
    result giving it) is said when it succeeds. PermissionDenied passes through (403)."""
    try:
        result = service(**arguments)
    except ValidationError as exc:
        if form is None:
            messages.error(request, error_text(exc))
        else:
            _form_errors_add(form, exc)
        return Outcome(False)
    message = done(result) if callable(done) else done
    if message:
        messages.success(request, message)
    return Outcome(True, result)


_LAST_ARGUMENT = 987654321


def url_around(viewname: str, *args) -> tuple[str, str]:
    """The address of ``viewname`` with ``args`` and one more integer argument, as the
    text before and after that last argument: a page listing many links to one view
    reverses it once rather than once per link."""
    before, after = reverse(viewname, args=[*args, _LAST_ARGUMENT]).split(str(_LAST_ARGUMENT))
    return before, after
