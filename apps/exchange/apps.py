from django.apps import AppConfig


class ExchangeConfig(AppConfig):
    """The tournament file: decode, validate, import, export."""

    name = "apps.exchange"
    label = "exchange"
