"""``{% club_games %}``: the games a club runs besides duplicate tarot, as the tournaments'
vocabulary names them (``Tournament.Game``), for the footer of every page."""

from django import template

from apps.tournaments.models import Tournament

register = template.Library()


@register.simple_tag
def club_games() -> str:
    others = [
        label
        for value, label in Tournament.Game.choices
        if value != Tournament.Game.DUPLICATE_TAROT
    ]
    return ", ".join(str(label) for label in others)
