"""« Mes scores » polled during play: its ETag changes whenever what it shows changes, and a
poll of an unchanged page is answered 304 without being rendered, in as many queries
whatever the room's size."""

import pytest
from django.urls import reverse

from apps.movements.models import Place
from apps.scoring.services import play_score_set
from apps.tournaments.domain.workflow import Status
from apps.tournaments.models import Registration, Tournament
from tests.builders import advance_to, generate

pytestmark = pytest.mark.django_db


def _room(world, players):
    Registration.objects.create(tournament=world.tournament, licensee=world.licensee)
    movement = generate(world, players)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.RUNNING)
    movement = advance_to(world, movement, 2)
    own = Place.objects.get(registration__licensee=world.licensee, table__position=2).table
    other = Place.objects.exclude(table=own).filter(table__position=2).first().table
    return movement, own, other


def test_my_scores_is_revalidated_and_changes_with_the_players_own_table(world, login):
    movement, own, other = _room(world, 19)
    browser = login(world.player)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    first = browser.get(url)
    etag = first.headers["ETag"]
    assert (
        "private" in first.headers["Cache-Control"] and "no-cache" in first.headers["Cache-Control"]
    )
    assert "Cookie" in first.headers["Vary"]
    unchanged = browser.get(url, headers={"If-None-Match": etag})
    assert unchanged.status_code == 304 and unchanged.content == b""

    play_score_set(actor=world.referee, table=other, etui=other.etuis[0], score=56)
    assert browser.get(url, headers={"If-None-Match": etag}).status_code == 304  # not theirs

    play_score_set(actor=world.referee, table=own, etui=own.etuis[0], score=-104)
    changed = browser.get(url, headers={"If-None-Match": etag})
    assert changed.status_code == 200 and changed.headers["ETag"] != etag
    scores = {(o.line.table.pk, o.line.etui): o.side_score for o in changed.context["lines"]}
    assert abs(scores[(own.pk, own.etuis[0])]) == 104
    etag = changed.headers["ETag"]

    play_score_set(actor=world.referee, table=own, etui=own.etuis[0], score=62)  # corrected
    corrected = browser.get(url, headers={"If-None-Match": etag})
    assert corrected.status_code == 200 and corrected.headers["ETag"] != etag
    etag = corrected.headers["ETag"]

    advance_to(world, movement, 3)  # a new position in play
    assert browser.get(url, headers={"If-None-Match": etag}).status_code == 200


def test_a_page_kept_from_before_a_new_sign_in_is_sent_again(world, login, settings):
    """Its forms carry the CSRF secret of the sign-in that read it: after a new sign-in
    (a new secret), the kept page would refuse to sign out."""
    movement, _, _ = _room(world, 19)
    browser = login(world.player)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    etag = browser.get(url).headers["ETag"]
    assert browser.get(url, headers={"If-None-Match": etag}).status_code == 304
    browser.cookies[settings.CSRF_COOKIE_NAME] = "n" * 32  # the secret renewed
    renewed = browser.get(url, headers={"If-None-Match": etag})
    assert renewed.status_code == 200 and renewed.headers["ETag"] != etag


def test_my_scores_etag_is_each_players_own(world, login):
    movement, _, _ = _room(world, 19)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    etag = login(world.player).get(url).headers["ETag"]
    # another signed-in user never gets the player's page back as unchanged
    assert login(world.outsider).get(url, headers={"If-None-Match": etag}).status_code == 404


def test_my_scores_is_not_revalidated_once_play_is_over(world, login):
    movement, _, _ = _room(world, 19)
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    response = login(world.player).get(reverse("scoring:my_scores", args=[movement.session.pk]))
    assert response.status_code == 200 and "ETag" not in response.headers


@pytest.mark.parametrize("players", [19, 27])
def test_an_unchanged_poll_costs_the_same_queries_in_any_room(
    world, login, django_assert_max_num_queries, players
):
    movement, _, _ = _room(world, players)
    browser = login(world.player)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    etag = browser.get(url).headers["ETag"]
    with django_assert_max_num_queries(4):  # signed-in user and session, the version
        assert browser.get(url, headers={"If-None-Match": etag}).status_code == 304


HTMX = {"HX-Request": "true", "HX-Target": "my-scores-lines"}


def test_the_lines_ask_for_themselves_and_come_alone(world, login, settings):
    """The page polls its lines every PLAYER_POLL_SECONDS: htmx gets them without the page
    around them, « not modified » while unchanged, and its own ETag (not the page's)."""
    movement, own, _ = _room(world, 19)
    browser = login(world.player)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    page = browser.get(url)
    html = page.content.decode()
    poll = f'hx-get="{url}" hx-trigger="every {settings.PLAYER_POLL_SECONDS}s"'
    assert poll in html and 'id="my-scores-lines"' in html
    assert "Position 2 sur" in html

    part = browser.get(url, headers=HTMX)
    assert part.status_code == 200 and "<html" not in part.content.decode()
    assert 'id="my-scores-lines"' in part.content.decode()
    assert part.headers["ETag"] != page.headers["ETag"]
    assert {"HX-Request", "Cookie"} <= {v.strip() for v in part.headers["Vary"].split(",")}
    etag = part.headers["ETag"]
    assert browser.get(url, headers={**HTMX, "If-None-Match": etag}).status_code == 304

    play_score_set(actor=world.referee, table=own, etui=own.etuis[0], score=-104)
    changed = browser.get(url, headers={**HTMX, "If-None-Match": etag})
    assert changed.status_code == 200 and "104" in changed.content.decode()


def test_a_poll_once_play_is_over_reloads_the_page_for_the_final_state(world, login):
    movement, _, _ = _room(world, 19)
    browser = login(world.player)
    url = reverse("scoring:my_scores", args=[movement.session.pk])
    Tournament.objects.filter(pk=world.tournament.pk).update(status=Status.FINISHED)
    response = browser.get(url, headers=HTMX)
    assert response.headers["HX-Refresh"] == "true"
    assert 'id="my-scores-lines"' not in browser.get(url).content.decode()  # the final state
