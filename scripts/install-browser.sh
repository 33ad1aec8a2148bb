#!/usr/bin/env bash
# Install what the web tests drive: Debian's Chromium (/usr/bin/chromium) and Node.js
# (a few fast tests run the page's JavaScript modules under Node).
# Playwright's own browser download is not used (it needs the open internet);
# the tests launch this Chromium through Playwright's executable_path.
# Needs root (or sudo) and Debian/Ubuntu's apt; does nothing when both are there.
set -euo pipefail
missing=()
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
    missing+=(chromium)
fi
if ! command -v node >/dev/null 2>&1; then
    missing+=(nodejs)
fi
if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "install-browser: not root and no sudo; install Debian's ${missing[*]} package(s) yourself" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
command -v chromium || ls /usr/bin/chromium
command -v node
