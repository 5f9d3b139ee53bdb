"""The address of the floor of a score post (bench/_floor_wsgi.py grafts it onto the site
in the gunicorn that bench/load.py starts), written here so that the bench can post to it
without loading the site itself."""

ROUTE = "bench/audited-insert/<int:table>/<int:etui>/"


def floor_path(table: int, etui: int) -> str:
    """The floor's address for one line: ``table`` and ``etui`` put in ``ROUTE``."""
    return "/" + ROUTE.replace("<int:table>", str(table)).replace("<int:etui>", str(etui))
