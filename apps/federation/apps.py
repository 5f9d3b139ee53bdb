from django.apps import AppConfig


class FederationConfig(AppConfig):
    name = "apps.federation"
    label = "federation"

    def ready(self):
        from apps.accounts.permissions import roles_reader_register
        from apps.core.jobs import job_kind_register
        from apps.core.panels import panel_register
        from apps.federation.models import LicenseeImport
        from apps.federation.roles import roles_read
        from apps.federation.season_views import seasons_panel
        from apps.federation.tasks import licensee_import_run

        job_kind_register(LicenseeImport, licensee_import_run)
        panel_register("federation_home", seasons_panel)
        roles_reader_register(roles_read)  # the permission layer's base reads roles here
