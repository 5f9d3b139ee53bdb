import secrets

from django.db import migrations

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"


def draw_codes(apps, schema_editor):
    """Each table of the movements stored before table entry gets its code."""
    MovementTable = apps.get_model("movements", "MovementTable")
    TableCode = apps.get_model("movements", "TableCode")
    tables = sorted(set(MovementTable.objects.values_list("movement_id", "section", "table")))
    drawn = set()
    codes = []
    for movement_id, section, table in tables:
        code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        while code in drawn:
            code = "".join(secrets.choice(ALPHABET) for _ in range(6))
        drawn.add(code)
        codes.append(TableCode(movement_id=movement_id, section=section, table=table, code=code))
    TableCode.objects.bulk_create(codes)


class Migration(migrations.Migration):
    dependencies = [("movements", "0006_table_entry")]

    operations = [migrations.RunPython(draw_codes, migrations.RunPython.noop)]
