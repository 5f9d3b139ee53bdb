from django.apps import AppConfig


class PenaltiesConfig(AppConfig):
    name = "apps.penalties"
    label = "penalties"
