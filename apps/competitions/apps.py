from django.apps import AppConfig


class CompetitionsConfig(AppConfig):
    """Championships (fascicule 3, ch. 2): competitions by kind and season, their stages,
    eligibility, the stages' regulation tables, cuts and qualification."""

    name = "apps.competitions"
    label = "competitions"
