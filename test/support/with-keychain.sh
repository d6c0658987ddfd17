#!/usr/bin/env bash
# Runs a command with a real OS keychain: inside a D-Bus session with an unlocked
# gnome-keyring (the Secret Service), unless one is already there (a desktop session).
set -euo pipefail
if [ -n "${PAYOUT_DESK_KEYCHAIN_READY:-}" ]; then exec "$@"; fi
for tool in dbus-run-session gnome-keyring-daemon; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "The keychain tests need a Secret Service: install gnome-keyring and dbus (Debian: apt-get install gnome-keyring dbus)." >&2
    exit 1
  fi
done
export PAYOUT_DESK_KEYCHAIN_READY=1
# dbus-run-session warns that it cannot raise its file limit in containers: harmless.
exec dbus-run-session -- sh -c 'printf x | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@" 2> >(grep -v 'Failed to set fd limit' >&2)
