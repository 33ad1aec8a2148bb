#!/usr/bin/env bash
# Install what the web tests drive: Debian's Chromium (/usr/bin/chromium) and Node.js
# (a few fast tests run the page's JavaScript modules under Node).
# Playwright's own browser download is not used (it needs the open internet);
# the tests launch this Chromium through Playwright's executable_path.
# Needs root (or sudo) and Debian/Ubuntu's apt; does nothing when both are there.
set -euo pipefail
# Node is best effort: without it those few tests skip; without Chromium this fails.
have_chromium() { command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; }
have_node() { command -v node >/dev/null 2>&1; }
if have_chromium && have_node; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; elif have_chromium; then
        echo "install-browser: Node.js is missing (not root, no sudo): its tests will skip" >&2
        exit 0
    else
        echo "install-browser: not root and no sudo; install Debian's 'chromium' package yourself" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
if ! have_chromium; then
    $SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
if ! have_node; then
    $SUDO apt-get install -y -qq --no-install-recommends nodejs >/dev/null \
        || echo "install-browser: could not install Node.js: its tests will skip" >&2
fi
command -v chromium || ls /usr/bin/chromium
