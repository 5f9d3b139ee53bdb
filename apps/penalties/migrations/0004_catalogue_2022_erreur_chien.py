"""Add to the 2022 catalogue the rule of chapter 4's « Points particuliers »: « Les quatre
joueurs de la table sont responsables du chien : en cas de mauvaise reconstitution de la
donne (erreur sur le chien) les quatre joueurs sont pénalisés » (0,5 % if the deal could
be played, 1,5 % and a cancelled board if not, as « Cas particuliers » of reconstitution).
The migration carries the two rows it writes."""

from decimal import Decimal

from django.db import migrations

NAME = 'FFT fascicule 3, rectificatif 5'
FAULTS = [
    {
        'code': 'erreur_chien_jouable',
        'category': 'reconstitution',
        'label': 'Erreur sur le chien (mauvaise reconstitution de la donne), le jeu a pu se jouer',
        'sanction': 'Les quatre joueurs de la table sont responsables du chien : les quatre joueurs sont pénalisés (0,5 % si donne jouable).',
        'penalty_percent': '0.5',
        'penalised': 'table',
        'adjustment': '',
        'faulty_side': '',
        'cumulative': False,
        'order': 362,
        'players_note': '',
    },
    {
        'code': 'erreur_chien_non_jouable',
        'category': 'reconstitution',
        'label': "Erreur sur le chien (mauvaise reconstitution de la donne), le jeu n'a pas pu se jouer",
        'sanction': 'Les quatre joueurs de la table sont responsables du chien : les quatre joueurs sont pénalisés (1,5 % si non jouable) ; la donne est neutralisée.',
        'penalty_percent': '1.5',
        'penalised': 'table',
        'adjustment': 'neutralized',
        'faulty_side': '',
        'cumulative': False,
        'order': 364,
        'players_note': '',
    },
]
CODES = tuple(row["code"] for row in FAULTS)


def load(apps, schema_editor):
    CatalogueVersion = apps.get_model("penalties", "CatalogueVersion")
    Fault = apps.get_model("penalties", "Fault")
    version = CatalogueVersion.objects.filter(name=NAME).first()
    if version is None:
        return
    for row in FAULTS:
        Fault.objects.get_or_create(
            version=version,
            code=row["code"],
            defaults={**row, "penalty_percent": Decimal(row["penalty_percent"])},
        )


def unload(apps, schema_editor):
    apps.get_model("penalties", "Fault").objects.filter(code__in=CODES).delete()


class Migration(migrations.Migration):
    dependencies = [("penalties", "0003_catalogue_2022")]

    operations = [migrations.RunPython(load, unload)]
