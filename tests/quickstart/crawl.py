"""Run by tests/quickstart/test_sqlite.py in a process of its own, on SQLite: the demo
loaded, every page each demo login reaches by its links from its home and from the pages
the demo prints (a table's phone page among them) is opened (GET, two hundred at most
each); prints the pages that answered 5xx, one a line, then « pages: N »."""

import re
from io import StringIO

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import override_settings  # noqa: E402

from apps.demo.builders import DEMO_PASSWORD, DEMO_USERS  # noqa: E402

SKIPPED = (".pdf", ".xlsx", ".csv", ".json", "/deconnexion/")
OUTSIDE = ("/static", "/admin", "/api")

call_command("migrate", verbosity=0)
printed = StringIO()
call_command("demo_data", stdout=printed)
shown = re.findall(r"https?://[^/\s]+(/\S*)", printed.getvalue())
opened = set()
with override_settings(ALLOWED_HOSTS=["*"], DEBUG=False):
    for username, *_ in DEMO_USERS:
        client = Client(raise_request_exception=False)
        assert client.login(username=username, password=DEMO_PASSWORD)
        todo, seen = ["/mon-espace/", "/joueur/", "/", *shown], set()
        while todo and len(seen) < 200:
            path = todo.pop(0)
            if path in seen or path.endswith(SKIPPED):
                continue
            seen.add(path)
            response = client.get(path, follow=True)
            if response.status_code >= 500:
                print(f"{response.status_code} {username} {path}")
            elif "text/html" in response.get("Content-Type", ""):
                links = re.findall(r'href="(/[^"#?]*)', response.content.decode())
                todo += [link for link in links if not link.startswith(OUTSIDE)]
        opened |= seen
print(f"pages: {len(opened)}")
