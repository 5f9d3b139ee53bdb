from django.urls import path

from apps.federation import import_views

urlpatterns = [
    path("licencies/import/", import_views.import_new, name="import_new"),
    path("licencies/import/modele.csv", import_views.import_template, name="import_template"),
    path("licencies/import/<int:pk>/", import_views.import_detail, name="import_detail"),
    path(
        "licencies/import/<int:pk>/relancer/",
        import_views.import_restart,
        name="import_restart",
    ),
    path(
        "licencies/import/<int:pk>/progression/",
        import_views.import_progress,
        name="import_progress",
    ),
]
