"""The help page, in French: how an evening runs in Donne, the rankings (général and
alterné), TOPs, ex æquo, marques ajustées, and the codes of the barème in force (the
code d'arbitrage, fascicule 3 ch. 4, as the federation published it), and the project's
own documents (docs/: its architecture, its readings of the regulation) rendered for
those who check them. It sits in the results app, above everything an evening uses."""

from django.conf import settings
from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.safestring import mark_safe
from markdown import markdown

from apps.penalties.selectors import catalogue_on

# The documents of docs/ the help page links to: {address name: file}.
DOCUMENTS = {
    "architecture": "architecture.md",
    "interpretations": "interpretations.md",
    "tournament-file": "tournament-file.md",
}


def help_page(request):
    catalogue = catalogue_on(timezone.localdate())
    faults = catalogue.faults.order_by("order", "code") if catalogue else []
    return render(request, "results/help.html", {"catalogue": catalogue, "faults": faults})


def document_page(request, name):
    """One of the project's documents (docs/, Markdown written in the repository, not by
    users), rendered as a page."""
    if name not in DOCUMENTS:
        raise Http404
    text = (settings.BASE_DIR / "docs" / DOCUMENTS[name]).read_text(encoding="utf-8")
    html = markdown(text, extensions=["tables", "fenced_code", "toc"], output_format="html")
    for other, file in DOCUMENTS.items():  # links between documents lead to their pages
        html = html.replace(f'href="{file}', f'href="{reverse("results:document", args=[other])}')
    schema = reverse("api:tournament-file-schema")  # the schema as the API serves it
    html = html.replace('href="tournament-file.schema.json"', f'href="{schema}"')
    title = text.partition("\n")[0].lstrip("# ")
    return render(request, "results/document.html", {"title": title, "document": mark_safe(html)})
