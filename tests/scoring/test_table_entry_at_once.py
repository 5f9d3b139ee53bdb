"""Ten phones of a table send the same étui at the same moment (issue 42, point 11), against
the real PostgreSQL: each is answered without error, and one entry is written, with one
audit row. The ones that waited for the table's lock read the étui again once they hold it
(apps.scoring.table_entry)."""

import pytest

from apps.core.models import AuditLog
from apps.movements import services as movements
from apps.movements.models import TableCode
from apps.scoring.models import TableEntry
from apps.scoring.table_entry import table_entry_send
from tests.builders import in_play, table_at
from tests.threads import together

PHONES = 10


@pytest.mark.django_db(transaction=True)
def test_ten_phones_sending_the_same_etui_at_once_are_each_answered_and_write_one_entry(world):
    movement = in_play(world, position=1)
    movements.movement_table_entry_set(actor=world.referee, movement=movement, enabled=True)
    etui = table_at(movement.session, 1).etuis[0]
    failures, answers = [], []
    phones = iter(range(PHONES))

    def code():
        return next(phones), TableCode.objects.select_related("movement__session__tournament").get(
            movement=movement, table=1
        )

    def send(prepared):
        phone, table_code = prepared
        try:
            entry = table_entry_send(
                code=table_code, sequence=1, etui=etui, score=56, device=f"phone-{phone}"
            )
        except Exception as error:  # what a phone would have got as a 500
            failures.append(error)
        else:
            answers.append(entry.score)

    together(send, prepare=code, count=PHONES)
    assert failures == []
    assert answers == [56] * PHONES
    assert TableEntry.objects.filter(etui=etui).count() == 1
    assert AuditLog.objects.filter(content_type__model="tableentry").count() == 1
