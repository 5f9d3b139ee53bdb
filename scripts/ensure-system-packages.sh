#!/usr/bin/env bash
# What the tests need from Debian, installed by the project itself: chromium for the
# browser tests, Pango, HarfBuzz and the DejaVu fonts for WeasyPrint's PDFs. Installed when
# missing and when we can (root with apt-get); otherwise said, and under CI=true the tests
# that need them fail rather than skip.
packages=(chromium libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian packages for the tests: ${missing[*]}…"
  if ! (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}") >/dev/null 2>&1; then
    echo "Could not install ${missing[*]}." >&2
    exit 1
  fi
else
  echo "Missing Debian packages (apt-get install ${missing[*]}): the tests that need them will fail under CI=true." >&2
fi
exit 0
