"""Licensee import pages: upload, report with a live progress bar, CSV template."""

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from apps.core.jobs import job_restartable
from apps.core.pages import service_call
from apps.federation import imports, permissions
from apps.federation.domain.licensee_rows import COLUMNS, REQUIRED

RECENT_IMPORTS = 10


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("File (.xlsx or .csv)"))
    service_fields = {NON_FIELD_ERRORS: "file"}  # a refusal of the import is about its file


@login_required
def import_new(request):
    imports.importer_require(request.user)
    form = ImportForm(request.POST, request.FILES) if request.method == "POST" else ImportForm()
    if form.is_valid() and (
        created := service_call(
            request,
            imports.licensee_import_create,
            form=form,
            actor=request.user,
            file=form.cleaned_data["file"],
        )
    ):
        return redirect("federation:import_detail", pk=created.result.pk)
    own_imports = permissions.licensee_imports_for_user(request.user).filter(
        created_by=request.user
    )
    context = {
        "form": form,
        "required": [COLUMNS[name][0] for name in REQUIRED],
        "optional": [aliases[0] for name, aliases in COLUMNS.items() if name not in REQUIRED],
        "recent": own_imports[:RECENT_IMPORTS],
    }
    return render(request, "federation/import_new.html", context)


def _visible(request, pk: int):
    return get_object_or_404(permissions.licensee_imports_for_user(request.user), pk=pk)


def _status_context(request, pk: int) -> dict:
    licensee_import = _visible(request, pk)
    return {
        "licensee_import": licensee_import,
        "errors": imports.import_errors(licensee_import),
        "restartable": job_restartable(licensee_import),
    }


@login_required
def import_detail(request, pk: int):
    return render(request, "federation/import_detail.html", _status_context(request, pk))


@login_required
def import_progress(request, pk: int):
    """The status block alone, polled by htmx until the import is finished."""
    return render(request, "federation/import_status.html", _status_context(request, pk))


@login_required
@require_POST
def import_restart(request, pk: int):
    """« Relancer » an import whose worker died or that could not be queued."""
    service_call(
        request,
        imports.licensee_import_restart,
        done=_("The import is started again."),
        actor=request.user,
        licensee_import=_visible(request, pk),
    )
    return redirect("federation:import_detail", pk=pk)


@login_required
def import_template(request):
    imports.importer_require(request.user)
    response = HttpResponse(imports.template_csv(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="modele-import-licencies.csv"'
    return response
