"""Load the code d'arbitrage of fascicule 3 (rectificatif 5, 1 July 2022) as the first
published catalogue version."""

import json
from decimal import Decimal
from pathlib import Path

from django.db import migrations

CATALOGUE = Path(__file__).resolve().parents[1] / "catalogue" / "2022-2023.json"


def load(apps, schema_editor):
    CatalogueVersion = apps.get_model("penalties", "CatalogueVersion")
    Fault = apps.get_model("penalties", "Fault")
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    version = CatalogueVersion.objects.create(
        name=data["name"], valid_from=data["valid_from"], published=True
    )
    Fault.objects.bulk_create(
        Fault(
            version=version,
            **{
                **row,
                "penalty_percent": None
                if row["penalty_percent"] is None
                else Decimal(row["penalty_percent"]),
            },
        )
        for row in data["faults"]
    )


def unload(apps, schema_editor):
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    apps.get_model("penalties", "CatalogueVersion").objects.filter(name=data["name"]).delete()


class Migration(migrations.Migration):
    dependencies = [("penalties", "0002_catalogue_incidents")]

    operations = [migrations.RunPython(load, unload)]
