"""Sign-in throttling, for the sign-in page and the API token endpoint alike.

Failures are counted in the cache per (address, username) pair, per address and per
username, the username normalised (NFKC and case-folded, so that full-width or capital
letters name the same account):

- the pair is refused after LOGIN_MAX_FAILURES failures in the window, and the address
  after LOGIN_MAX_ADDRESS_FAILURES (one machine trying many accounts);
- the username alone is never locked, so nobody can lock a real user out from elsewhere:
  after LOGIN_MAX_FAILURES failures from any addresses, each further attempt on it must
  wait a delay that doubles with every failure, up to LOGIN_SLOWDOWN_MAX_SECONDS;
- a success clears the counters of that pair and that username only, never those of
  another account or of the address.

django-axes was considered and not used: it locks out (it has no slow-down of a username
alone), and its reset on success clears the address's record for every account.

Counters live in the cache (apps.core.throttle, shared with the phones' codes); with
Redis down the cache answers misses and sign-in goes on unthrottled rather than failing.
"""

import hashlib
import time
import unicodedata

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _

from apps.core.throttle import failures_add


def username_normalize(username: str) -> str:
    return unicodedata.normalize("NFKC", username or "").strip().casefold()


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _keys(ip: str, username: str) -> dict[str, str]:
    name = _digest(username_normalize(username))
    return {
        "pair": f"login-fail:pair:{_digest(ip)}:{name}",
        "ip": f"login-fail:ip:{_digest(ip)}",
        "user": f"login-fail:user:{name}",
        "last": f"login-fail:last:{name}",
    }


def username_delay(failures: int) -> int:
    """Seconds a username must wait between attempts after `failures` failures."""
    beyond = failures - settings.LOGIN_MAX_FAILURES
    if beyond < 0:
        return 0
    return min(2**beyond, settings.LOGIN_SLOWDOWN_MAX_SECONDS)


def login_wait(*, ip: str, username: str) -> int | None:
    """None when the attempt may go on; else the seconds to wait before trying again."""
    keys = _keys(ip, username)
    counts = cache.get_many(list(keys.values()))
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    if counts.get(keys["pair"], 0) >= settings.LOGIN_MAX_FAILURES:
        return window
    if counts.get(keys["ip"], 0) >= settings.LOGIN_MAX_ADDRESS_FAILURES:
        return window
    delay = username_delay(counts.get(keys["user"], 0))
    waited = time.time() - counts.get(keys["last"], 0)
    if delay and waited < delay:
        return max(1, round(delay - waited))
    return None


def wait_text(seconds: int) -> str:
    """Why the attempt is refused, in French, and for how long."""
    if seconds >= 120:
        return _("Too many failed attempts. Try again in %(minutes)s minutes.") % {
            "minutes": round(seconds / 60)
        }
    return _("Too many failed attempts. Try again in %(seconds)s seconds.") % {"seconds": seconds}


def login_failure_record(*, ip: str, username: str) -> None:
    keys = _keys(ip, username)
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    failures_add(keys["pair"], keys["ip"], keys["user"], window=window)
    cache.set(keys["last"], time.time(), timeout=window)


def login_success_record(*, ip: str, username: str) -> None:
    keys = _keys(ip, username)
    cache.delete_many([keys["pair"], keys["user"], keys["last"]])
