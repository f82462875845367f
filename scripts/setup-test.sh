#!/usr/bin/env bash
# Installs what the browser tests need that npm does not: Debian's Chromium at /usr/bin/chromium.
# Playwright is told to use it and never downloads a browser.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | tail -1)"
  exit 0
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing Debian's chromium for the browser tests…"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
echo "chromium: $(/usr/bin/chromium --version 2>/dev/null | tail -1)"
