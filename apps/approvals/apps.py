from django.apps import AppConfig


class ApprovalsConfig(AppConfig):
    """Homologation (fascicule 3, ch. 5): the chain club → comité → zone → federation, its
    bordereaux, fees, deadlines and corrections."""

    name = "apps.approvals"
    label = "approvals"
