"""``{% site_address path %}``: a page's full address as phones reach it (apps.core.addresses)."""

from django import template

from apps.core.addresses import site_address as full_address

register = template.Library()


@register.simple_tag
def site_address(path: str) -> str:
    return full_address(path)
