from django.urls import path

from apps.results import display, display_links, guide, views

app_name = "results"
session = "seances/<int:pk>/"
sheets = f"{session}feuilles-de-route"
urlpatterns = [
    path("aide/", guide.help_page, name="help"),
    path("aide/documents/<slug:name>/", guide.document_page, name="document"),
    path("tournois/<int:pk>/resultats/", views.tournament_results, name="tournament"),
    path(f"{session}resultats/", views.session_results, name="session"),
    path(f"{session}affichage/", display.room_display, name="display"),
    path("affichage/<str:token>/", display.shared_display, name="shared_display"),
    path(f"{session}affichage/lien/", display_links.display_link_create, name="display_link"),
    path(
        f"{session}affichage/lien/revoquer/",
        display_links.display_link_revoke,
        name="display_link_revoke",
    ),
    path(f"{session}topage/", views.session_topage, name="topage"),
    path(f"{session}resultats.pdf", views.results_pdf, name="pdf"),
    path(f"{session}resultats.xlsx", views.results_xlsx, name="xlsx"),
    path(f"{sheets}/", views.room_sheets, name="room_sheets"),
    path(f"{sheets}/demander/", views.room_sheets_request, name="room_sheets_request"),
    path(f"{sheets}/progression/", views.room_sheets_progress, name="room_sheets_progress"),
    path(f"{sheets}.pdf", views.room_sheets_pdf, name="room_sheets_pdf"),
    path(f"{sheets}/<int:registration>/", views.player_sheet, name="sheet"),
    path(f"{sheets}/<int:registration>.pdf", views.player_sheet_pdf, name="sheet_pdf"),
]
