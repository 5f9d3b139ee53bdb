#!/usr/bin/env bash
# The browser tests drive Debian's chromium. Install it when we can (root with apt-get);
# otherwise say so: those tests then report themselves as skipped.
if [ -x /usr/bin/chromium ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…"
  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium) >/dev/null 2>&1 \
    || echo "chromium could not be installed: browser tests will be skipped."
else
  echo "chromium is not installed (apt-get install chromium): browser tests will be skipped."
fi
exit 0
