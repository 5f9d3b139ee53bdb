from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext_lazy as _

from apps.core.admin_site import AuditedAdmin, LayerRights, ReadOnlyAdmin
from apps.core.audit import audit_record
from apps.penalties.models import CatalogueVersion, Fault, Incident, Penalty
from apps.penalties.services import catalogue_version_copy


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    """Penalties are given through the referee's incidents page (or come with a
    tournament file): read here, changed there, where the workflow is checked."""

    list_display = ["session", "registration", "percent", "reason", "created_by", "created_at"]
    list_select_related = ["session__tournament", "registration__licensee", "created_by"]
    raw_id_fields = ["session", "registration"]
    search_fields = ["session__tournament__name", "registration__licensee__last_name"]


def _editable(version: CatalogueVersion | None) -> bool:
    """A published catalogue is never edited: it is copied into a new version."""
    return version is None or not version.published


class FaultInline(LayerRights, admin.TabularInline):
    model = Fault
    extra = 0
    fields = [
        "order",
        "code",
        "category",
        "label",
        "sanction",
        "penalty_percent",
        "penalised",
        "adjustment",
        "faulty_side",
        "players_note",
        "cumulative",
    ]

    def has_add_permission(self, request, obj=None):
        return super().has_add_permission(request, obj) and _editable(obj)

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and _editable(obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and _editable(obj)


@admin.register(CatalogueVersion)
class CatalogueVersionAdmin(AuditedAdmin):
    list_display = ["name", "valid_from", "published", "created_at"]
    fields = ["name", "valid_from", "published"]
    inlines = [FaultInline]
    actions = ["copy_as_new_version"]

    def has_change_permission(self, request, obj=None):
        return super().has_change_permission(request, obj) and _editable(obj)

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and _editable(obj)

    def save_formset(self, request, form, formset, change):
        """The faults' changes are audited like the version's."""
        faults = formset.save(commit=False)
        for fault in formset.deleted_objects:
            audit_record(actor=request.user, action="delete", instance=fault)
            fault.delete()
        changed = dict(formset.changed_objects)
        for fault in faults:
            created = fault.pk is None
            fault.save()
            audit_record(
                actor=request.user,
                action="create" if created else "update",
                instance=fault,
                changes={"fields": changed.get(fault, [])},
            )

    @admin.action(description=_("Copy as a new version"))
    def copy_as_new_version(self, request, queryset):
        try:
            for version in queryset:
                copy = catalogue_version_copy(actor=request.user, version=version)
                self.message_user(
                    request,
                    _("%(name)s created: edit it, then publish it.") % {"name": copy.name},
                    messages.SUCCESS,
                )
        except PermissionDenied as exc:
            self.message_user(request, str(exc), messages.ERROR)


@admin.register(Incident)
class IncidentAdmin(ReadOnlyAdmin):
    """Incidents are recorded and cancelled by the referee through the services."""

    list_display = [
        "session",
        "table",
        "etui",
        "fault",
        "penalty_percent",
        "adjustment",
        "cancelled_at",
        "created_by",
        "created_at",
    ]
    list_select_related = ["session__tournament", "table", "fault", "created_by"]
    list_filter = ["adjustment"]
    search_fields = ["session__tournament__name", "fault__label", "note"]
