from django.http import HttpResponse


def club_home(request):
    return HttpResponse("")


def referee_home(request):
    return HttpResponse("")


def detail(request, pk):
    return HttpResponse("")
