from django.apps import AppConfig


class FederationConfig(AppConfig):
    name = "apps.federation"
    label = "federation"
