#!/usr/bin/env bash
# Install the browser the web tests drive: Debian's Chromium (/usr/bin/chromium).
# Playwright's own browser download is not used (it needs the open internet);
# the tests launch this Chromium through Playwright's executable_path.
# Needs root (or sudo) and Debian/Ubuntu's apt; does nothing when Chromium is there.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
    exit 0
fi
SUDO=""
if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "install-browser: not root and no sudo; install Debian's 'chromium' package yourself" >&2
        exit 1
    fi
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends chromium >/dev/null
command -v chromium
