"""``{% clock_of clocks number as clock %}``: a round's clock from the tournament's clocks
by round (``selectors.round_clocks``), for each round's section of a game's page."""

from django import template

register = template.Library()


@register.simple_tag
def clock_of(clocks: dict, number: int):
    return clocks.get(number)
