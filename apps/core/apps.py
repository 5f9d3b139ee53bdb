from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"

    def ready(self):
        from apps.core.jobs import job_kind_register
        from apps.core.models import OutboxMail
        from apps.core.tasks import outbox_send

        job_kind_register(OutboxMail, outbox_send)
