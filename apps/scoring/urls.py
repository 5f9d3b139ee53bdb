from django.urls import path

from apps.scoring import entry_views as views
from apps.scoring import table_views

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
    path(f"{entry}table/", views.table_entry_switch, name="table_entry_switch"),
    path("table/", table_views.table_code, name="table_code"),
    path("table/<str:code>/", table_views.table_page, name="table_page"),
    path("table/<str:code>/<int:sequence>/<int:etui>/", table_views.table_post, name="table_post"),
]
