from django.apps import AppConfig


class DemoConfig(AppConfig):
    """The demonstration data of the quick start (`make run`): a season under way built
    through every app's services, the top of the layers since it drives them all."""

    name = "apps.demo"
    label = "demo"
    verbose_name = "Démonstration"
