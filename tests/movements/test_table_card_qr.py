"""The QR codes of the table cards open each table's page at the address the room's phones
reach (SITE_URL: `make run`'s local-network address, config/served_address.py), never the
address of the referee's browser that printed them (127.0.0.1 on the laptop)."""

import pytest
from django.urls import reverse

from apps.core.addresses import site_address
from apps.movements.models import TableCode
from apps.movements.printing import Printout
from tests.builders import table_entry_open
from tests.pdf import pdf_qr_codes

pytestmark = pytest.mark.django_db

SITE = "http://192.168.1.20:8123"


def test_the_table_cards_qr_codes_open_the_tables_at_the_rooms_address(world, login, settings):
    settings.SITE_URL = SITE
    movement = table_entry_open(world)
    url = reverse("movements:printout", args=[movement.session_id, Printout.TABLE_CARDS])
    printed = login(world.referee).get(url, HTTP_HOST="127.0.0.1:8000")  # the referee's laptop
    assert printed.status_code == 200
    codes = TableCode.objects.filter(movement=movement).values_list("code", flat=True)
    tables = [site_address(reverse("scoring:table_page", args=[code])) for code in codes]
    read = pdf_qr_codes(printed.content)
    assert sorted(read) == sorted(tables) and len(tables) == 5
    assert all(address.startswith(f"{SITE}/table/") for address in read)
