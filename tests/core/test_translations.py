"""The interface is French: every marked string has a French translation."""

import re

import polib
import pytest

from apps.core.i18n_catalog import CATALOGUE, _python_msgids, _template_msgids, source_msgids

PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")


@pytest.fixture(scope="module")
def catalogue():
    return polib.pofile(str(CATALOGUE))


def _translations(entry) -> list[str]:
    """An entry's French text: its msgstr, or each of its plural forms (ngettext)."""
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def test_every_marked_string_is_translated(catalogue):
    translated = {
        msgid
        for e in catalogue
        if all(_translations(e)) and "fuzzy" not in e.flags
        for msgid in (e.msgid, e.msgid_plural)
        if msgid
    }
    missing = sorted(set(source_msgids()) - translated)
    assert missing == [], "run `python scripts/i18n.py` and translate these"


def test_translations_keep_their_placeholders(catalogue):
    wrong = [
        e.msgid
        for e in catalogue
        for text in _translations(e)
        if text and sorted(PLACEHOLDER.findall(e.msgid)) != sorted(PLACEHOLDER.findall(text))
    ]
    assert wrong == []


def test_catalogue_has_no_obsolete_entries(catalogue):
    assert [e.msgid for e in catalogue.obsolete_entries()] == []


def test_extraction_reads_templates_and_python():
    template = (
        "{% translate \"Sign in\" %} {% trans 'Home' %}"
        "{% blocktranslate %}Hello {{ name }}{% endblocktranslate %}"
    )
    assert list(_template_msgids(template)) == ["Sign in", "Home", "Hello %(name)s"]
    assert list(_template_msgids('{% translate "Top 100 %" %}')) == ["Top 100 %%"]
    code = 'x = _("One" " line")\ny = gettext_lazy("Two")\nz = other("Three")'
    assert list(_python_msgids(code)) == ["One line", "Two"]
