from django.contrib.admin.apps import AdminConfig


class DonneAdminConfig(AdminConfig):
    default_site = "apps.core.admin_site.DonneAdminSite"
