from django.urls import path

from apps.games import views

app_name = "games"

urlpatterns = [
    path("tournois/<int:pk>/belote/", views.belote_page, name="belote"),
    path("tournois/<int:pk>/belote/tirage/", views.belote_draw, name="belote_draw"),
    path("tournois/<int:pk>/belote/manches.pdf", views.belote_rounds_pdf, name="belote_pdf"),
    path(
        "tournois/<int:pk>/belote/classement.pdf",
        views.belote_standings_pdf,
        name="belote_standings_pdf",
    ),
    path("belote/parties/<int:pk>/", views.belote_match_page, name="belote_match"),
    path("belote/parties/<int:pk>/donne/", views.belote_deal_add, name="belote_deal_add"),
    path(
        "belote/parties/<int:pk>/retirer-la-derniere-donne/",
        views.belote_deal_delete,
        name="belote_deal_delete",
    ),
    path("belote/parties/<int:pk>/remettre/", views.belote_match_submit, name="belote_submit"),
    path("belote/parties/<int:pk>/rouvrir/", views.belote_match_reopen, name="belote_reopen"),
    path(
        "belote/parties/<int:pk>/abandon/<int:side>/", views.belote_match_left, name="belote_left"
    ),
    path("tournois/<int:pk>/libre/", views.free_page, name="free"),
    path("tournois/<int:pk>/libre/tirage/", views.free_draw, name="free_draw"),
    path("libre/tables/<int:pk>/", views.free_table_page, name="free_table"),
    path("libre/tables/<int:pk>/donne/", views.free_deal_add, name="free_deal_add"),
    path(
        "libre/tables/<int:pk>/retirer-la-derniere-donne/",
        views.free_deal_delete,
        name="free_deal_delete",
    ),
    path("tournois/<int:pk>/pinochle/", views.pinochle_page, name="pinochle"),
    path("tournois/<int:pk>/pinochle/manches.pdf", views.pinochle_rounds_pdf, name="pinochle_pdf"),
    path(
        "tournois/<int:pk>/pinochle/classement.pdf",
        views.pinochle_standings_pdf,
        name="pinochle_standings_pdf",
    ),
    path("tournois/<int:pk>/libre/manches.pdf", views.free_rounds_pdf, name="free_pdf"),
    path(
        "tournois/<int:pk>/libre/classement.pdf",
        views.free_standings_pdf,
        name="free_standings_pdf",
    ),
    path("tournois/<int:pk>/pinochle/equipe/", views.pinochle_team_create, name="pinochle_team"),
    path(
        "tournois/<int:pk>/pinochle/equipes/<int:team_pk>/defaire/",
        views.pinochle_team_delete,
        name="pinochle_team_delete",
    ),
    path("tournois/<int:pk>/pinochle/tirage/", views.pinochle_draw, name="pinochle_draw"),
    path("tournois/<int:pk>/pinochle/options/", views.pinochle_extras, name="pinochle_extras"),
    path("tournois/<int:pk>/pinochle/special/", views.pinochle_special, name="pinochle_special"),
    path("tournois/<int:pk>/pinochle/billets/", views.pinochle_tickets, name="pinochle_tickets"),
    path(
        "tournois/<int:pk>/pinochle/tirage-50-50/",
        views.pinochle_fifty_fifty_draw,
        name="pinochle_fifty_fifty_draw",
    ),
    path(
        "tournois/<int:pk>/pinochle/tirage-specials/",
        views.pinochle_specials_draw,
        name="pinochle_specials_draw",
    ),
    path("pinochle/parties/<int:pk>/", views.pinochle_game_page, name="pinochle_game"),
    path("pinochle/parties/<int:pk>/donne/", views.pinochle_hand_add, name="pinochle_hand"),
    path("pinochle/parties/<int:pk>/verifier/", views.pinochle_confirm, name="pinochle_confirm"),
    path("pinochle/parties/<int:pk>/temps/", views.pinochle_time, name="pinochle_time"),
    path(
        "pinochle/parties/<int:pk>/special/",
        views.pinochle_sheet_special,
        name="pinochle_sheet_special",
    ),
    path(
        "pinochle/parties/<int:pk>/retirer-la-derniere-donne/",
        views.pinochle_hand_delete,
        name="pinochle_hand_delete",
    ),
    path("pinochle/parties/<int:pk>/remettre/", views.pinochle_game_submit, name="pinochle_submit"),
    path("pinochle/parties/<int:pk>/rouvrir/", views.pinochle_game_reopen, name="pinochle_reopen"),
    path(
        "pinochle/parties/<int:pk>/abandon/<int:side>/",
        views.pinochle_game_left,
        name="pinochle_left",
    ),
    path("tournois/<int:pk>/pendule/", views.round_clock, name="round_clock"),
    path("tournois/<int:pk>/palmares/", views.game_prizes, name="prizes"),
    path(
        "tournois/<int:pk>/belote/palmares.pdf", views.belote_prizes_pdf, name="belote_prizes_pdf"
    ),
    path(
        "tournois/<int:pk>/pinochle/palmares.pdf",
        views.pinochle_prizes_pdf,
        name="pinochle_prizes_pdf",
    ),
    path("tournois/<int:pk>/libre/palmares.pdf", views.free_prizes_pdf, name="free_prizes_pdf"),
    path("feuille/", views.sheet_code, name="sheet_code"),
    path("feuille/<str:code>/", views.sheet_page, name="sheet"),
    path("feuille/<str:code>/ligne/", views.sheet_line, name="sheet_line"),
    path("feuille/<str:code>/verifier/", views.sheet_confirm, name="sheet_confirm"),
    path("feuille/<str:code>/special/", views.sheet_special, name="sheet_special"),
    path("feuille/<str:code>/signer/", views.sheet_sign, name="sheet_sign"),
]
