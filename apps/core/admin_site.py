"""The Django admin as the federation's back office: access and every model's rights
come from the permission layer, and every change is written to the audit log."""

from django.conf import settings
from django.contrib import admin
from django.db import models
from django.utils.module_loading import import_string
from django.utils.translation import gettext_lazy as _

from apps.core.audit import audit_record, audit_value
from apps.core.forms import FrenchDecimalField


def may_administer(user) -> bool:
    """The check of the permission layer that opens the back office (settings.ADMIN_CHECK,
    named there so that this bottom layer imports nothing above it)."""
    return user.is_authenticated and import_string(settings.ADMIN_CHECK)(user)


class DonneAdminSite(admin.AdminSite):
    site_header = _("Donne administration")
    site_title = _("Donne administration")
    index_title = _("Back office")

    def has_permission(self, request):
        return may_administer(request.user)


# Form fields whose values never go into the audit log.
SECRET_FIELDS = frozenset({"password", "password1", "password2"})


class LayerRights:
    """Admin rights (model admins and inlines) decided by the permission layer; decimals
    typed with a comma, as on the pages."""

    formfield_overrides = {models.DecimalField: {"form_class": FrenchDecimalField}}

    def _allowed(self, request, obj=None) -> bool:
        return may_administer(request.user)

    has_module_permission = _allowed
    has_view_permission = _allowed
    has_add_permission = _allowed
    has_change_permission = _allowed
    has_delete_permission = _allowed


class AuditedAdmin(LayerRights, admin.ModelAdmin):
    """Saves and deletions are audited in the same transaction as the change (the admin
    wraps each change in one)."""

    def save_model(self, request, obj, form, change):
        changes = {
            name: [
                audit_value(form.initial.get(name)) if change else None,
                audit_value(form.cleaned_data.get(name)),
            ]
            for name in form.changed_data
            if name not in SECRET_FIELDS
        }
        super().save_model(request, obj, form, change)
        if changes or not change:
            audit_record(
                actor=request.user,
                action="update" if change else "create",
                instance=obj,
                changes=changes,
            )

    def delete_model(self, request, obj):
        audit_record(actor=request.user, action="delete", instance=obj)
        super().delete_model(request, obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            audit_record(actor=request.user, action="delete", instance=obj)
        super().delete_queryset(request, queryset)


class ReadOnlyAdmin(AuditedAdmin):
    """Shown in the back office, changed only through the application's own pages."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
