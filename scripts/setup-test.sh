#!/usr/bin/env bash
# Installs what the tests need that npm does not, from Debian's packages, once (a second run installs nothing):
# - Chromium for the browser tests, from Debian, at the version Debian ships; Playwright is told to use it and never
#   downloads a browser: `chromium-headless-shell` (/usr/lib/chromium/chromium-headless-shell, the same build without
#   the browser's own interface, which is what Playwright runs headless by default) for the specs, and the full
#   `chromium` (/usr/bin/chromium) for those that need what only the browser has, its PDF viewer (playwright.config.ts).
# - clamd (clamav-daemon) at /usr/sbin/clamd for tests/api/malware-scan.test.ts, which starts it on a signature
#   database it writes itself. Only the binary is used: the package's service is not started and freshclam
#   (signature downloads, impossible here) does not run.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/lib/chromium/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/sbin/clamd ] || missing+=(clamav-daemon)

if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing Debian's ${missing[*]} for the tests…"
  $SUDO apt-get update -qq
  if [[ " ${missing[*]} " == *" clamav-daemon "* ]]; then
    # freshclam "manual": its package neither runs it nor installs its daemon.
    echo "clamav-freshclam clamav-freshclam/autoupdate_freshclam select manual" | $SUDO debconf-set-selections
  fi
  # No service may start while installing (a policy that refuses every start, removed afterwards if it was ours).
  policy_added=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee /usr/sbin/policy-rc.d >/dev/null
    $SUDO chmod +x /usr/sbin/policy-rc.d
    policy_added=1
  fi
  if [[ " ${missing[*]} " == *" chromium "* ]]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
  fi
  # The specs' browser is a saving, not a need: without it they run in /usr/bin/chromium (playwright.config.ts).
  if [[ " ${missing[*]} " == *" chromium-headless-shell "* ]]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium-headless-shell >/dev/null ||
      echo "warning: chromium-headless-shell did not install; the browser tests run in /usr/bin/chromium, about twice the CPU"
  fi
  if [[ " ${missing[*]} " == *" clamav-daemon "* ]]; then
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends clamav-daemon >/dev/null
  fi
  if [ -n "$policy_added" ]; then $SUDO rm -f /usr/sbin/policy-rc.d; fi
  if [[ " ${missing[*]} " == *" clamav-daemon "* ]] && command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
    $SUDO systemctl disable --now clamav-daemon.service clamav-daemon.socket clamav-freshclam.service >/dev/null 2>&1 || true
  fi
fi

echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | tail -1)"
echo "chromium-headless-shell: $(/usr/lib/chromium/chromium-headless-shell --version 2>/dev/null | tail -1)"
echo "clamd: $(/usr/sbin/clamd --version 2>/dev/null | tail -1)"
