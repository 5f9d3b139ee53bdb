"""``{{ cents|euros }}``: an amount kept in cents (the set cup, the 50/50) written in
euros with two decimals, as the page's language writes them."""

from decimal import Decimal

from django import template
from django.template.defaultfilters import floatformat

register = template.Library()


@register.filter
def euros(cents: int) -> str:
    return floatformat(Decimal(cents) / 100, 2)
