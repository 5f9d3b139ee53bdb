"""Bad input never answers 500: every address of the site (from the URL resolver), on the
demonstration data so that the views reach their code, as each demo login and without
one, by GET and POST, with each odd value in every query parameter and form field the
view reads (apps.core.values, apps.core.middleware)."""

import io
import re

import pytest
from django import forms
from django.core.management import call_command
from django.db import transaction
from django.http import QueryDict
from django.test import Client
from django.urls import URLResolver, get_resolver

from apps.accounts.models import User
from apps.approvals.models import Homologation, Sending
from apps.competitions.models import Competition, Qualifier, Stage
from apps.core.middleware import nul_in
from apps.core.values import whole_number
from apps.demo.builders import DEMO_USERS
from apps.federation.models import Club, Committee, Licensee, Season
from apps.movements.models import TableCode
from apps.movements.printing import Printout
from apps.rankings.models import Publication, RankingRun, SeriesProposal, WithheldLine
from apps.tournaments.models import RefereeAssignment, Registration, Session, Tournament

pytestmark = pytest.mark.django_db

ODD_VALUES = ["²", "a\x00b", "x" * 10_000, "9" * 30]
ALONE_UP_TO = 6  # names a page reads, up to which each is also sent alone
SKIPPED = ("admin/",)  # Django's own administration, not the site's pages


def _routes(patterns=None, prefix="") -> list[str]:
    """Every route of the site, written as the resolver holds it."""
    patterns = get_resolver().url_patterns if patterns is None else patterns
    found = []
    for entry in patterns:
        pattern = prefix + str(entry.pattern)
        if pattern.startswith(SKIPPED):
            continue
        if isinstance(entry, URLResolver):
            found += _routes(entry.url_patterns, pattern)
        elif "(?P<format>" not in pattern:  # the API's format suffixes answer as their base
            found.append(pattern)
    return found


def _first_pk(queryset) -> int:
    found = queryset.order_by("pk").values_list("pk", flat=True).first()
    return 1 if found is None else found


def _objects() -> dict[str, list[int]]:
    """The ids a route's ``pk`` stands for, by the route's start."""
    return {
        "tournois/": list(Tournament.objects.order_by("pk").values_list("pk", flat=True)),
        "seances/": list(Session.objects.order_by("pk").values_list("pk", flat=True)),
        "championnats/etapes/": [_first_pk(Stage.objects)],
        "championnats/qualifies/": [_first_pk(Qualifier.objects)],
        "championnats/": [_first_pk(Competition.objects)],
        "homologations/envois/": [_first_pk(Sending.objects)],
        "homologations/": list(Homologation.objects.values_list("pk", flat=True)),
        "classement/publications/": [_first_pk(Publication.objects)],
        "classement/federation/calculs/": [_first_pk(RankingRun.objects)],
        "classement/federation/propositions/": [_first_pk(SeriesProposal.objects)],
        "classement/federation/": [_first_pk(WithheldLine.objects)],
        "api/^clubs/": [_first_pk(Club.objects)],
        "api/^licensees/": [_first_pk(Licensee.objects)],
        "api/^tournaments/": [_first_pk(Tournament.objects)],
        "api/^registrations/": [_first_pk(Registration.objects)],
        "api/^homologations/": [_first_pk(Homologation.objects)],
        "api/^ranking-publications/": [_first_pk(Publication.objects)],
    }


def _paths(route: str, objects: dict[str, list[int]]) -> list[str]:
    """The addresses of ``route`` on the demonstration data: each object its ``pk`` may
    stand for, the other parameters taken from that object (or 1)."""
    starts = [start for start in objects if route.startswith(start)]
    pks = objects[max(starts, key=len)] if starts else [1]
    year = Season.objects.filter(is_current=True).values_list("start_year", flat=True).first()
    paths = []
    for pk in pks if "<int:pk>" in route else pks[:1]:
        tournament = Tournament.objects.filter(pk=pk).first() or Tournament.objects.first()
        session = Session.objects.filter(pk=pk).first() or tournament.sessions.first()
        values = {
            "pk": pk,
            "year": year,
            "session_pk": _first_pk(Session.objects.filter(tournament=tournament)),
            "registration_pk": _first_pk(Registration.objects.filter(tournament=tournament)),
            "registration": _first_pk(
                Registration.objects.filter(tournament=session.tournament if session else None)
            ),
            "assignment_pk": _first_pk(RefereeAssignment.objects.filter(tournament=tournament)),
            "code": TableCode.objects.order_by("pk").values_list("code", flat=True).first(),
            "licence": Licensee.objects.order_by("pk")
            .values_list("licence_number", flat=True)
            .first(),
            "kind": Printout.TABLE_CARDS.value,
            "name": "interpretations",
            "format": "pdf",
        }
        if route.startswith("classement/") and "club/" in route:
            values["pk"] = _first_pk(Club.objects)
        if route.startswith("classement/") and "comite/" in route:
            values["pk"] = _first_pk(Committee.objects)
        path = re.sub(
            r"<(?:\w+:)?(\w+)>|\(\?P<(\w+)>[^)]*\)",
            lambda m, values=values: str(values.get(m.group(1) or m.group(2), 1)),
            route,
        )
        paths.append("/" + path.lstrip("^").replace("$", "").replace("\\", ""))
    return paths


class _Reads:
    """The names a request's query or form values were asked for (QueryDict's readers)."""

    READERS = ("get", "getlist", "__getitem__", "__contains__")

    def __init__(self, monkeypatch):
        self.names: set[str] = set()
        for reader in self.READERS:
            original = getattr(QueryDict, reader)
            monkeypatch.setattr(QueryDict, reader, self._recorded(original))

    def _recorded(self, original):
        def read(querydict, name, *args, **kwargs):
            if isinstance(name, str):
                self.names.add(name)
            return original(querydict, name, *args, **kwargs)

        return read


def _answer(client: Client, user, method: str, path: str, values: dict) -> tuple[int, str]:
    """The status when ``user`` sends ``values`` to ``path``, and what went wrong ("" if
    nothing): the request runs in a savepoint rolled back after, so that the data stay the
    demo's."""
    try:
        with transaction.atomic():
            client.cookies.clear()
            if user:
                client.force_login(user)
            if method == "get":
                response = client.get(path, values)
            else:
                response = client.post(path + "?" + _query(values), values)
            transaction.set_rollback(True)
    except Exception as error:  # every failure is what the test reports
        return 500, f"{type(error).__name__}: {str(error)[:120]}"
    code = response.status_code
    return code, f"status {code}" if code >= 500 else ""


def _query(values: dict) -> str:
    query = QueryDict(mutable=True)
    query.update(values)
    return query.urlencode()


def _walk(client, reads, user, method, path) -> tuple[int, dict[str, str]]:
    """The first status of one address for one user and method, and the failures: the
    names read without values, then each odd value in all of them at once and, on a page
    reading a few names (a view's own reading rather than a form's, which cleans every
    field), « ² » in each alone; until no new name is read."""
    failures = {}
    reads.names.clear()
    first, failure = _answer(client, user, method, path, {})
    if failure:
        failures[f"{method} {path}"] = failure
    tried: set[str] = set()
    while names := sorted(reads.names - tried - {"csrfmiddlewaretoken"}):
        tried |= set(names)
        sent = [dict.fromkeys(tried, value) for value in ODD_VALUES]
        if 1 < len(tried) <= ALONE_UP_TO:
            sent += [{name: ODD_VALUES[0]} for name in names]
        for values in sent:
            _code, failure = _answer(client, user, method, path, values)
            if failure:
                value = next(iter(values.values()))[:12]
                failures[f"{method} {path} {sorted(values)} = {value!r}"] = failure
    return first, failures


@pytest.fixture
def demo():
    call_command("demo_data", stdout=io.StringIO())


@pytest.mark.parametrize("username", ["", *(row[0] for row in DEMO_USERS)])
def test_no_odd_value_answers_500_anywhere(demo, monkeypatch, settings, username):
    """Each demo login (and none) walks every address with odd values: no 500."""
    settings.SESSION_ENGINE = "django.contrib.sessions.backends.signed_cookies"  # no rows
    reads = _Reads(monkeypatch)
    user = User.objects.get(username=username) if username else None
    routes = _routes()
    assert len(routes) > 200
    objects = _objects()
    client = Client()
    failures, shown = {}, 0
    for path in [path for route in routes for path in _paths(route, objects)]:
        for method in ("get", "post"):
            first, found = _walk(client, reads, user, method, path)
            failures |= found
            shown += first == 200
    assert shown >= (20 if user else 10)  # the walk reaches the views, not only refusals
    assert failures == {}


def test_a_nul_byte_in_a_query_or_form_value_is_refused_in_french(client):
    for response in (
        client.get("/table/", {"code": "a\x00b"}),
        client.get("/table/", {"co\x00de": "ab"}),
        client.post("/connexion/", {"username": "a\x00b", "password": "x"}),
    ):
        assert response.status_code == 400
        assert "aucun champ" in response.content.decode()


def test_nul_in_reads_names_and_every_value():
    assert nul_in(QueryDict("a=1&a=2%00"))
    assert nul_in(QueryDict("a%00=1"))
    assert not nul_in(QueryDict("a=1&b=%C2%B2"))


@pytest.mark.parametrize(
    "text, number",
    [("12", 12), ("0", 0), ("²", None), ("٣", None), ("-1", None), (" 1", None), ("", None),
     (None, None), ("1.5", None), ("9" * 30, None), (str(2**63 - 1), 2**63 - 1),
     (str(2**63), None)],
)  # fmt: skip
def test_whole_number_reads_ascii_digits_within_bounds(text, number):
    assert whole_number(text) == number


def test_whole_number_keeps_to_its_callers_largest():
    assert whole_number("2027", largest=9999) == 2027
    assert whole_number("10000", largest=9999) is None


def _subclasses(cls) -> list[type]:
    return [sub for direct in cls.__subclasses__() for sub in (direct, *_subclasses(direct))]


def _text_too_long(form, name: str) -> bool:
    """The form's text field ``name`` may be longer than the column it fills."""
    field = form.base_fields[name]
    column = next((f for f in form._meta.model._meta.fields if f.name == name), None)
    longest = getattr(column, "max_length", None)
    is_text = isinstance(field, forms.CharField) and not isinstance(field, forms.UUIDField)
    return bool(longest and is_text and not 0 < (field.max_length or 0) <= longest)


def test_every_model_forms_text_fits_its_column():
    """A form's text field is no longer than the column it fills (a longer text would
    pass the form and fail the write)."""
    assert get_resolver().url_patterns  # every view imported, with its forms
    model_forms = [form for form in _subclasses(forms.ModelForm) if form._meta.model]
    assert len(model_forms) >= 5
    too_long = [
        f"{form.__module__}.{form.__name__}.{name}"
        for form in model_forms
        for name in form.base_fields
        if _text_too_long(form, name)
    ]
    assert too_long == []
