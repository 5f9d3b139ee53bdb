"""The help page, in French: how an evening runs in Donne, the rankings (général and
alterné), TOPs, ex æquo, marques ajustées, and the codes of the barème in force (the
code d'arbitrage, fascicule 3 ch. 4, as the federation published it). It sits in the
results app, above everything an evening uses."""

from django.shortcuts import render
from django.utils import timezone

from apps.penalties.selectors import catalogue_on


def help_page(request):
    catalogue = catalogue_on(timezone.localdate())
    faults = catalogue.faults.order_by("order", "code") if catalogue else []
    return render(request, "results/help.html", {"catalogue": catalogue, "faults": faults})
