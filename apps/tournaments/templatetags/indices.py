"""``{{ value|index_text }}``: an index as the regulation writes it (« 1 », « 1,2 »)."""

from django import template

from apps.tournaments.domain import indices

register = template.Library()
register.filter("index_text", indices.index_text)
