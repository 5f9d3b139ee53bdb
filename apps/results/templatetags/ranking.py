"""A session's ranking rows, written out in Python: a 150-table room ranks 600 players,
the ranking is written again each time a score changes it, and the template language
took a tenth of a second to write them (bench/scoring.py, bench/load.py). Every value is
escaped as the template language escapes it."""

import html

from django import template
from django.urls import reverse
from django.utils.formats import get_format, localize
from django.utils.safestring import SafeString, mark_safe

from apps.core.numbers import decimals_text
from apps.core.pages import url_around

register = template.Library()

DASH = "—"


def _escaped(value) -> str:
    """``value`` escaped as ``django.utils.html.conditional_escape`` escapes it, without its
    lazy-text wrapper, which cost more than the escaping of a ranking's thousands of values."""
    return value.__html__() if hasattr(value, "__html__") else html.escape(str(value))


def _percent(value: float | None, separator: str) -> str:
    return decimals_text(value, 2, separator) or DASH


@register.simple_tag
def award_cells(award) -> SafeString:
    """A player's PCN (its reason on hover) and PP cells, empty without an award."""
    title = f' title="{_escaped(award.reason)}"' if award else ""
    pcn = _escaped(localize(award.pcn)) if award and award.pcn else ""
    pp = _escaped(localize(award.pp)) if award and award.pp else ""
    return mark_safe(f'<td class="num"{title}>{pcn}</td><td class="num optional">{pp}</td>')


class _Writer:
    """What every row shares: the options of the ranking and the addresses, reversed once."""

    def __init__(
        self, session_pk: int, *, alternate: bool, oversee: bool, penalised: bool, awards: bool
    ):
        self.alternate, self.oversee = alternate, oversee
        self.penalised, self.awards = penalised, awards
        self.separator = get_format("DECIMAL_SEPARATOR")
        self.ties = _escaped(reverse("results:help") + "#ex-aequo")
        self.sheet = url_around("results:sheet", session_pk)

    def _sheet_url(self, registration: int) -> str:
        return _escaped(f"{self.sheet[0]}{registration}{self.sheet[1]}")

    def _rank(self, row) -> str:
        result = row.result
        rank = result.rank_alternate if self.alternate else result.rank
        cell = f"<strong>{DASH if rank is None else rank}</strong>"
        if row.tie and not self.alternate:
            tie = _escaped(row.tie)
            cell += f'<small class="tie" data-test="tie"><a href="{self.ties}">{tie}</a></small>'
        return f'<td class="num">{cell}</td>'

    def _name(self, row) -> str:
        name, registration = _escaped(row.person.name), row.person.registration_id
        if self.oversee and registration:
            return f'<td><a href="{self._sheet_url(registration)}">{name}</a></td>'
        return f"<td>{name}</td>"

    def _penalty(self, row) -> str:
        penalty = row.result.penalty
        if not penalty:
            return '<td class="num optional"></td>'
        value, reasons = (
            decimals_text(penalty, 2, self.separator),
            _escaped(row.penalty_reasons),
        )
        registration = row.person.registration_id
        if self.oversee and registration:
            shown = f'<a href="{self._sheet_url(registration)}" title="{reasons}">{value}</a>'
        else:
            shown = f'<abbr title="{reasons}">{value}</abbr>'
        return f'<td class="num optional">{shown}</td>'

    def row(self, row, award) -> str:
        result, person, separator = row.result, row.person, self.separator
        final = (
            f'<td class="num"><strong>{_percent(result.final, separator)}</strong></td>'
            if self.penalised
            else ""
        )
        return (
            f'<tr data-player="{_escaped(person.key)}">{self._rank(row)}{self._name(row)}'
            f'<td class="optional mono">{_escaped(person.licence)}</td>'
            f'<td class="optional">{_escaped(person.club)}</td>'
            f'<td class="optional">{_escaped(row.line_name)}</td>'
            f'<td class="num optional">{_percent(result.attack, separator)}</td>'
            f'<td class="num optional">{_percent(result.defence, separator)}</td>'
            f'<td class="num"><strong>{_percent(result.overall, separator)}</strong></td>'
            f"{self._penalty(row)}{final}"
            f'<td class="num optional">{result.tops}</td>'
            f"{award_cells(award) if self.awards else ''}</tr>"
        )


@register.simple_tag
def ranking_rows(awarded, session, *, alternate, oversee, penalised, awards) -> SafeString:
    """The rows of a session's ranking: (row, award) pairs in their order; ``oversee``:
    the names link to their feuilles de route."""
    writer = _Writer(
        session.pk,
        alternate=bool(alternate),
        oversee=bool(oversee),
        penalised=bool(penalised),
        awards=bool(awards),
    )
    return mark_safe("".join(writer.row(row, award) for row, award in awarded))  # escaped
