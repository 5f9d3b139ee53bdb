"""PDF rendering with WeasyPrint, shared by every printout."""


def weasy_render(html: str):
    """The laid-out WeasyPrint document of an HTML string (``.write_pdf()``, ``.pages``)."""
    from weasyprint import HTML  # half a second to import: only the printouts need it

    return HTML(string=html).render()
