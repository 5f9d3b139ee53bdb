"""The progress page's list of missing lines, written out in Python: a 150-table room
lists hundreds of them, each a link, and the page is polled while the room plays; the
template language took most of the page's time to write them."""

from itertools import groupby

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

register = template.Library()


def _table(lines: list, can_enter: bool, table_url, traveller_url) -> SafeString:
    """One table's missing étuis: « Table 4: 5, 6 », each a link for who enters scores."""
    name = _("Table %(table)s:") % {"table": lines[0].table.table}
    if not can_enter:
        etuis = format_html_join(
            ", ", '<span class="mono">{}</span>', ((line.etui,) for line in lines)
        )
        return format_html('<span class="missing-table">{} {}</span>', name, etuis)
    before, after = traveller_url
    etuis = format_html_join(
        ", ",
        '<a class="mono" href="{}{}{}#line-{}">{}</a>',
        ((before, line.etui, after, line.id, line.etui) for line in lines),
    )
    return format_html(
        '<span class="missing-table"><a href="{}{}{}" data-test="table-sheet">{}</a> {}</span>',
        table_url[0],
        lines[0].table.pk,
        table_url[1],
        name,
        etuis,
    )


@register.simple_tag
def missing_lines(missing, can_enter: bool, table_url, traveller_url) -> SafeString:
    """The missing lines of a position, by table in their order."""
    tables = (list(lines) for _number, lines in groupby(missing, key=lambda line: line.table.table))
    return format_html(
        '<span class="missing-list">{}</span>',
        SafeString("".join(_table(lines, can_enter, table_url, traveller_url) for lines in tables)),
    )
