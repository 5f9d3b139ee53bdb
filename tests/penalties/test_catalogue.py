"""The code d'arbitrage as data: the catalogue file holds every row of chapter 4 (and the
lateness of article 18) with its sanction as printed, the data migration loads it, a
tournament keeps the version valid at its date, and the federation edits only unpublished
versions."""

import json
from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied
from django.urls import reverse

from apps.core.models import AuditLog
from apps.penalties.models import CatalogueVersion
from apps.penalties.selectors import catalogue_for
from apps.penalties.services import catalogue_version_copy
from tests import factories as f
from tests.personas import PERSONAS

pytestmark = pytest.mark.django_db

CATALOGUE_FILE = Path(__file__).resolve().parents[2] / "apps/penalties/catalogue/2022-2023.json"

# Chapter 4 (and article 18), row by row as printed:
# (code, fault or incident, penalty, penalised, adjusted score, faulty side, players' note)
CHAPTER_4 = [
    (
        "retard",
        "Retard à l'heure prévue pour le début de la séance (par fraction de 5 minutes)",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "non_appel_arbitre",
        "Ne pas appeler l'arbitre au moment où la faute est découverte",
        None,
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "faute_ethique",
        "Faute contre l'éthique",
        None,
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "deplacement_non_autorise",
        "Déplacement sans autorisation de l'arbitre",
        "1",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "deplacement_recidive",
        "Récidive de déplacement non autorisé",
        None,
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "cartes_incorrectes_premiere_table",
        "Jeu avec un nombre incorrect de cartes à la première table (donne distribuée à la table)",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "lenteur_avertissement",
        "Lenteur de jeu",
        None,
        "",
        "",
        "",
        "",
    ),
    (
        "lenteur",
        "Lenteur de jeu (nouveau retard après avertissement)",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "lenteur_donne_neutralisee",
        "Lenteur de jeu telle qu'une donne doit être neutralisée par l'arbitre",
        None,
        "faulty_player",
        "neutralized",
        "",
        "forty",
    ),
    (
        "faux_ecart",
        "Faux écart",
        "0.5",
        "taker",
        "neutralized",
        "taker",
        "zero",
    ),
    (
        "feuille_ambulante_rectifiable",
        "Erreur ou anomalie sur la feuille ambulante rectifiable par l'arbitre",
        "0.5",
        "table",
        "",
        "",
        "",
    ),
    (
        "feuille_ambulante_non_rectifiable",
        "Erreur ou anomalie sur la feuille ambulante non rectifiable par l'arbitre",
        None,
        "table",
        "zero_collectif",
        "",
        "",
    ),
    (
        "donne_anormalement_faible",
        "Jeu créé à la 1ère table et considéré par l'arbitre comme anormalement faible",
        "0.5",
        "taker",
        "neutralized",
        "",
        "",
    ),
    (
        "signal_spectateur",
        "Signal d'une faute de jeu par un spectateur",
        None,
        "",
        "",
        "",
        "",
    ),
    (
        "cartes_collees",
        "Jeu avec un nombre incorrect de cartes (cartes collées)",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "consultation_diagramme",
        "Consultation du diagramme une fois la 1ère carte jouée",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "lecture_feuille_marque",
        "Consultation par inadvertance de la feuille de marque avant de jouer",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "lecture_feuille_marque_jouerie_faussee",
        "Consultation par inadvertance de la feuille de marque avant de jouer, la "
        "jouerie de la donne étant faussée par l'information lue",
        "0.5",
        "faulty_player",
        "40_60",
        "",
        "",
    ),
    (
        "hesitation",
        "Hésitation (si le joueur reconnaît avoir hésité)",
        None,
        "",
        "40_60",
        "",
        "",
    ),
    (
        "fumer_telephone",
        "Interdiction de fumer - cigarette électronique. Téléphone et appareil multimédia",
        "5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "erreur_placement",
        "Erreur de placement d'un ou plusieurs joueurs",
        None,
        "faulty_player",
        "neutralized",
        "",
        "zero",
    ),
    (
        "erreur_numero_etui",
        "Erreur sur n° d'étuis",
        None,
        "faulty_player",
        "neutralized",
        "",
        "zero",
    ),
    (
        "jeu_hors_tour_defenseur",
        "Jeu hors tour d'un défenseur",
        "0.5",
        "faulty_player",
        "",
        "defense",
        "",
    ),
    (
        "carte_exposee",
        "Carte exposée",
        None,
        "",
        "",
        "",
        "",
    ),
    (
        "carte_exposee_defense_jouable",
        "Carte exposée par la défense (l'arbitre juge que la donne peut se jouer normalement)",
        "0.5",
        "faulty_player",
        "",
        "defense",
        "",
    ),
    (
        "carte_exposee_defense_non_jouable",
        "Carte exposée par la défense (l'arbitre juge que la donne ne peut pas se jouer "
        "normalement). Il fait néanmoins jouer la donne",
        "0.5",
        "faulty_player",
        "",
        "defense",
        "",
    ),
    (
        "renonce_consommee",
        "Renonce consommée",
        None,
        "",
        "40_60",
        "",
        "",
    ),
    (
        "renonce_sur_renonce",
        "Renonce consommée sur renonce consommée",
        "0.5",
        "faulty_player",
        "40_40",
        "",
        "",
    ),
    (
        "mr_table_precedente_jouable",
        "Mauvaise reconstitution à la table précédente (ou aux tables précédentes), le "
        "jeu a pu se jouer",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "mr_table_precedente_non_jouable",
        "Mauvaise reconstitution à la table précédente (ou aux tables précédentes), le "
        "jeu n'a pas pu se jouer",
        "1.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "mr_un_camp_avant_jouable",
        "Mauvaise reconstitution à la table où l'erreur est constatée, l'erreur "
        "concerne un seul camp, avant de jouer : l'arbitre rétablit et juge que la "
        "donne peut se jouer régulièrement",
        None,
        "",
        "",
        "",
        "",
    ),
    (
        "mr_un_camp_avant_non_jouable",
        "Mauvaise reconstitution à la table où l'erreur est constatée, l'erreur "
        "concerne un seul camp, avant de jouer : l'arbitre rétablit et juge que la "
        "donne ne peut pas se jouer régulièrement",
        "1.5",
        "faulty_side",
        "neutralized",
        "",
        "",
    ),
    (
        "mr_un_camp_jouee_sans_controle",
        "Mauvaise reconstitution à la table où l'erreur est constatée, l'erreur "
        "concerne un seul camp, la donne a été jouée sans contrôle par les joueurs",
        "1.5",
        "faulty_player",
        "neutralized",
        "",
        "",
    ),
    (
        "mr_deux_camps_avant_jouable",
        "Mauvaise reconstitution à la table où l'erreur est constatée, l'erreur "
        "concerne les deux camps, avant de jouer : l'arbitre rétablit et juge que la "
        "donne peut se jouer régulièrement",
        None,
        "",
        "",
        "",
        "",
    ),
    (
        "mr_deux_camps_avant_non_jouable",
        "Mauvaise reconstitution à la table où l'erreur est constatée, l'erreur "
        "concerne les deux camps, avant de jouer : l'arbitre rétablit et juge que la "
        "donne ne peut pas se jouer régulièrement",
        "1.5",
        "faulty_side",
        "neutralized",
        "",
        "",
    ),
    (
        "mr_deux_camps_jouee_sans_controle",
        "Mauvaise reconstitution à la table où l'erreur est constatée, l'erreur "
        "concerne les deux camps, la donne a été jouée sans contrôle par les joueurs",
        "1.5",
        "faulty_player",
        "neutralized",
        "",
        "",
    ),
    # « Points particuliers »: the four players are responsible for the dog.
    (
        "erreur_chien_jouable",
        "Erreur sur le chien (mauvaise reconstitution de la donne), le jeu a pu se jouer",
        "0.5",
        "table",
        "",
        "",
        "",
    ),
    (
        "erreur_chien_non_jouable",
        "Erreur sur le chien (mauvaise reconstitution de la donne), le jeu n'a pas pu se jouer",
        "1.5",
        "table",
        "neutralized",
        "",
        "",
    ),
    (
        "carte_oubliee_preneur",
        "Carte oubliée dans l'étui ou carte à terre par le preneur",
        None,
        "",
        "forgotten_card",
        "taker",
        "",
    ),
    (
        "carte_oubliee_defenseur",
        "Carte oubliée dans l'étui ou carte à terre par un défenseur",
        None,
        "",
        "forgotten_card",
        "defense",
        "",
    ),
    (
        "poignee_avant_son_tour",
        "Poignée présentée par le preneur avant son tour",
        None,
        "",
        "",
        "taker",
        "",
    ),
    (
        "poignee_desordre",
        "Poignée présentée dans le désordre",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "poignee_incomplete_rectifiable",
        "Poignée présentée incomplète et rectifiable",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "poignee_apres_premiere_carte",
        "Poignée présentée après avoir joué régulièrement sa 1ère carte et avant que "
        "celle-ci soit recouverte",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "poignee_mauvais_moment",
        "Poignée présentée à tout mauvais moment (autre que cas ci-dessus)",
        "0.5",
        "faulty_player",
        "",
        "",
        "",
    ),
    (
        "poignee_excuse_atout_cache",
        "Excuse dans la poignée avec un atout caché dans la main",
        "0.5",
        "faulty_player",
        "40_60",
        "",
        "",
    ),
    (
        "poignee_trop_atouts_defense",
        "Poignée présentée avec trop d'atouts par la défense",
        "0.5",
        "faulty_player",
        "40_60",
        "defense",
        "",
    ),
    (
        "poignee_incomplete_preneur",
        "Poignée présentée incomplète par le preneur et non rectifiable",
        "0.5",
        "faulty_player",
        "",
        "taker",
        "",
    ),
    (
        "poignee_incomplete_defense",
        "Poignée présentée incomplète par la défense et non rectifiable",
        "0.5",
        "faulty_player",
        "40_60",
        "defense",
        "",
    ),
]

# Faults whose penalties count once per player and étui: the play of a deal (« si plusieurs
# fautes sont commises par un joueur sur la même donne : pas de cumul des pénalités »), the
# reconstitution (« pas de cumul des fautes sur reconstitution ») and the poignées.
NOT_CUMULATIVE_CATEGORIES = {"play", "reconstitution", "poignee"}

# Wording of the sanction as printed, for the rows where the number alone would not say it.
SANCTIONS = {
    "retard": "0,5% d'abaissement du pourcentage obtenu dans la séance par fraction de 5 minutes",
    "faux_ecart": "La donne est neutralisée. 0 sur la donne au preneur. Pénalité 0,5%.",
    "lenteur_donne_neutralisee": "40% au(x) joueur(s) fautif(s).",
    "feuille_ambulante_non_rectifiable": "0 sur la donne aux quatre joueurs.",
    "renonce_sur_renonce": "40% et 40% plus pénalité 0.5% aux joueurs fautifs.",
    "carte_oubliee_defenseur": "60% au preneur, 0 au défenseur fautif et donne neutralisée",
    "poignee_mauvais_moment": "La poignée n'est pas comptée en cas de gain du camp fautif.",
    "fumer_telephone": "Pénalité 5%.",
}


def first_version() -> CatalogueVersion:
    return CatalogueVersion.objects.get(name="FFT fascicule 3, rectificatif 5")


def as_rows(faults) -> list[tuple]:
    return [
        (
            fault.code,
            fault.label,
            None if fault.penalty_percent is None else fault.penalty_percent,
            fault.penalised,
            fault.adjustment,
            fault.faulty_side,
            fault.players_note,
        )
        for fault in faults
    ]


def expected_rows() -> list[tuple]:
    return [
        (code, label, None if penalty is None else Decimal(penalty), *rest)
        for code, label, penalty, *rest in CHAPTER_4
    ]


def test_the_migration_loads_every_row_of_chapter_4_in_order():
    version = first_version()
    assert (version.valid_from, version.published) == (date(2022, 7, 1), True)
    loaded = as_rows(version.faults.order_by("order"))
    for row, expected in zip(loaded, expected_rows(), strict=True):
        assert row == expected
    assert len(loaded) == 49


def test_the_catalogue_file_is_what_the_migration_loaded():
    data = json.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    assert (data["name"], data["valid_from"]) == (first_version().name, "2022-07-01")
    stored = {fault.code: fault for fault in first_version().faults.all()}
    assert [row["code"] for row in data["faults"]] == [row[0] for row in CHAPTER_4]
    for row in data["faults"]:
        fault = stored[row["code"]]
        assert (fault.sanction, fault.category, fault.cumulative, fault.order) == (
            row["sanction"],
            row["category"],
            row["cumulative"],
            row["order"],
        )


def test_sanctions_are_worded_as_printed():
    stored = dict(first_version().faults.values_list("code", "sanction"))
    for code, wording in SANCTIONS.items():
        assert wording in stored[code], code
    assert all(stored.values())


def test_play_reconstitution_and_poignee_faults_do_not_cumulate():
    for fault in first_version().faults.all():
        assert fault.cumulative == (fault.category not in NOT_CUMULATIVE_CATEGORIES), fault.code


def test_every_catalogue_value_is_a_valid_choice():
    for fault in first_version().faults.all():
        fault.full_clean()


# --- versions --------------------------------------------------------------------


def season(name: str, valid_from: date, *, published: bool = True) -> CatalogueVersion:
    return CatalogueVersion.objects.create(name=name, valid_from=valid_from, published=published)


def test_a_tournament_keeps_the_version_valid_at_its_date():
    newer = season("2025-2026", date(2025, 7, 1))
    season("2026-2027 en préparation", date(2026, 7, 1), published=False)
    played = {
        day: catalogue_for(f.TournamentFactory(date=day))
        for day in (date(2022, 6, 30), date(2022, 7, 1), date(2025, 6, 30), date(2025, 7, 1))
    }
    assert played == {
        date(2022, 6, 30): None,
        date(2022, 7, 1): first_version(),
        date(2025, 6, 30): first_version(),
        date(2025, 7, 1): newer,
    }
    assert catalogue_for(f.TournamentFactory(date=date(2026, 9, 1))) == newer


def test_federation_staff_copy_a_version_unpublished_with_its_faults(world):
    original = first_version()
    copy = catalogue_version_copy(actor=world.federation_staff, version=original)
    again = catalogue_version_copy(actor=world.federation_staff, version=original)
    assert (copy.published, copy.valid_from) == (False, original.valid_from)
    assert len({original.name, copy.name, again.name}) == 3
    assert as_rows(copy.faults.order_by("order")) == expected_rows()
    assert original.faults.count() == 49
    entry = AuditLog.objects.get(
        content_type=ContentType.objects.get_for_model(CatalogueVersion), object_id=str(copy.pk)
    )
    assert entry.changes == {"copied_from": [None, original.name], "faults": [None, 49]}


@pytest.mark.parametrize("persona", [p for p in PERSONAS if p != "federation_staff"])
def test_only_federation_staff_copy_a_version(world, persona):
    with pytest.raises(PermissionDenied):
        catalogue_version_copy(actor=world.persona(persona), version=first_version())
    assert CatalogueVersion.objects.count() == 1


# --- back office -----------------------------------------------------------------


def change_url(version: CatalogueVersion) -> str:
    return reverse("admin:penalties_catalogueversion_change", args=[version.pk])


def version_form(version: CatalogueVersion, **data) -> dict:
    return {
        "name": version.name,
        "valid_from": version.valid_from.isoformat(),
        "faults-TOTAL_FORMS": "0",
        "faults-INITIAL_FORMS": "0",
        **data,
    }


def test_a_published_version_is_read_only_in_the_back_office(world, login):
    client = login(world.federation_staff)
    version = first_version()
    assert client.get(change_url(version)).status_code == 200
    response = client.post(change_url(version), version_form(version, name="autre"))
    assert response.status_code == 403
    delete = reverse("admin:penalties_catalogueversion_delete", args=[version.pk])
    assert client.post(delete, {"post": "yes"}).status_code == 403
    assert first_version().faults.count() == 49


def test_the_copy_action_then_edit_and_publish_the_copy(world, login):
    client = login(world.federation_staff)
    response = client.post(
        reverse("admin:penalties_catalogueversion_changelist"),
        {"action": "copy_as_new_version", "_selected_action": [first_version().pk]},
    )
    assert response.status_code == 302
    copy = CatalogueVersion.objects.get(published=False)
    data = version_form(
        copy,
        name="2026-2027",
        valid_from="2026-07-01",
        published="on",
        **{
            "faults-TOTAL_FORMS": "1",
            "faults-0-order": "999",
            "faults-0-code": "nouvelle_faute",
            "faults-0-category": "conduct",
            "faults-0-label": "Nouvelle faute",
            "faults-0-sanction": "Pénalité 2%.",
            "faults-0-penalty_percent": "2",
            "faults-0-penalised": "faulty_player",
            "faults-0-cumulative": "on",
        },
    )
    response = client.post(change_url(copy), data)
    assert response.status_code == 302, response.content
    copy.refresh_from_db()
    assert (copy.name, copy.valid_from, copy.published) == ("2026-2027", date(2026, 7, 1), True)
    added = copy.faults.get(code="nouvelle_faute")
    assert added.penalty_percent == Decimal("2")
    assert AuditLog.objects.filter(action="create", object_id=str(added.pk)).exists()
    assert AuditLog.objects.get(action="update", object_id=str(copy.pk)).changes["published"] == [
        False,
        True,
    ]
    assert catalogue_for(f.TournamentFactory(date=date(2026, 9, 1))) == copy


@pytest.mark.parametrize("persona", [p for p in PERSONAS if p != "federation_staff"])
def test_only_federation_staff_open_the_catalogue_in_the_back_office(world, login, persona):
    response = login(world.persona(persona)).get(
        reverse("admin:penalties_catalogueversion_changelist")
    )
    assert response.status_code == 302
