"""The progress page's list of missing lines, written out in Python: a 150-table room
lists hundreds of them, each a link, and the page is polled while the room plays; the
template language took most of the page's time to write them."""

from itertools import groupby

from django import template
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

register = template.Library()


def _table(lines: list, can_enter: bool, table_url, traveller_url) -> str:
    """One table's missing étuis: « Table 4: 5, 6 », each a link for who enters scores."""
    name = escape(_("Table %(table)s:") % {"table": lines[0].table.table})
    if not can_enter:
        etuis = ", ".join(f'<span class="mono">{escape(line.etui)}</span>' for line in lines)
        return f'<span class="missing-table">{name} {etuis}</span>'
    before, after = escape(traveller_url[0]), escape(traveller_url[1])
    etuis = ", ".join(
        f'<a class="mono" href="{before}{escape(line.etui)}{after}#line-{escape(line.id)}">'
        f"{escape(line.etui)}</a>"
        for line in lines
    )
    table = escape(f"{table_url[0]}{lines[0].table.pk}{table_url[1]}")
    return (
        f'<span class="missing-table"><a href="{table}" data-test="table-sheet">{name}</a> '
        f"{etuis}</span>"
    )


@register.simple_tag
def missing_lines(missing, can_enter: bool, table_url, traveller_url) -> SafeString:
    """The missing lines of a position, by table in their order (every value escaped)."""
    tables = (list(lines) for _number, lines in groupby(missing, key=lambda line: line.table.table))
    written = "".join(_table(lines, can_enter, table_url, traveller_url) for lines in tables)
    return mark_safe(f'<span class="missing-list">{written}</span>')  # each value escaped
