from django.urls import path

from apps.scoring import entry_views as views

app_name = "scoring"
entry = "seances/<int:pk>/saisie/"
line = "<int:table>/<int:etui>/"
check = {"check": True}
urlpatterns = [
    path(entry, views.progress, name="progress"),
    path(f"{entry}etuis/<int:etui>/", views.traveller, name="traveller"),
    path(f"{entry}tables/<int:table>/", views.table_sheet, name="table"),
    path(f"{entry}controle/etuis/<int:etui>/", views.traveller, check, name="check"),
    path(f"{entry}lignes/{line}", views.line_save, name="line"),
    path(f"{entry}controle/lignes/{line}", views.line_save, check, name="check_line"),
    path(f"{entry}lignes/{line}apercu/", views.line_preview, name="preview"),
    path(f"{entry}ecarts/", views.mismatches, name="mismatches"),
    path(f"{entry}manquantes/", views.unsettled, name="unsettled"),
    path("seances/<int:pk>/mes-scores/", views.my_scores, name="my_scores"),
]
