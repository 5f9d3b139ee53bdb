"""Add to the 2022 catalogue the rule of chapter 4's « Points particuliers »: « Les quatre
joueurs de la table sont responsables du chien : en cas de mauvaise reconstitution de la
donne (erreur sur le chien) les quatre joueurs sont pénalisés » (0,5 % if the deal could
be played, 1,5 % and a cancelled board if not, as « Cas particuliers » of reconstitution)."""

import json
from decimal import Decimal
from pathlib import Path

from django.db import migrations

CATALOGUE = Path(__file__).resolve().parents[1] / "catalogue" / "2022-2023.json"
CODES = ("erreur_chien_jouable", "erreur_chien_non_jouable")


def load(apps, schema_editor):
    CatalogueVersion = apps.get_model("penalties", "CatalogueVersion")
    Fault = apps.get_model("penalties", "Fault")
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    version = CatalogueVersion.objects.filter(name=data["name"]).first()
    if version is None:
        return
    for row in data["faults"]:
        if row["code"] in CODES:
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
