from django.apps import AppConfig


class MovementsConfig(AppConfig):
    name = "apps.movements"
    label = "movements"
