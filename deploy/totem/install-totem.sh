#!/bin/bash
# Turns a Debian machine into a plant kiosk totem: Chromium in kiosk mode on the kiosk URL, in a
# minimal X session (Xorg + Openbox) of an unprivileged `totem` user logged in automatically on
# tty1, restarted by systemd whenever it exits, screen never blanking, reloaded every night, with
# a managed policy that opens no file chooser, download, print dialog or developer tools,
# offline voices (speech-dispatcher + espeak-ng) for the kiosk's « Lire à voix haute », and a
# watchdog that starts the browser and brings a frozen page back (decision 052).
#
#   sudo deploy/totem/install-totem.sh --url https://kiosk.plant.example/
#
# Idempotent: run it again (e.g. with another --url) and it converges to the same state.
# See docs/deployment.md for the whole procedure.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"

usage() {
  cat <<USAGE
Usage: $0 --url URL [options]

  --url URL            the kiosk's address, http:// or https:// (required), e.g. https://kiosk.plant.example/
  --user NAME          the unprivileged user the totem runs as (default: totem)
  --rotate DIR         rotate the screen: normal, left, right or inverted (default: normal)
  --reload-time HH:MM  time of the nightly browser restart (default: 03:30)
  --extra-flags FLAGS  extra Chromium flags for this totem (default: none)
  --prefix DIR         only write the files under DIR (no packages, user or services): to inspect them
  --no-start           install and enable everything, but do not (re)start the session now
  -h, --help           this text
USAGE
}

URL=""
TOTEM_USER="totem"
ROTATE="normal"
RELOAD_TIME="03:30"
EXTRA_FLAGS=""
PREFIX=""
START=1

while [[ $# -gt 0 ]]; do
  case "$1" in
    --url) URL="${2:-}"; shift 2 ;;
    --user) TOTEM_USER="${2:-}"; shift 2 ;;
    --rotate) ROTATE="${2:-}"; shift 2 ;;
    --reload-time) RELOAD_TIME="${2:-}"; shift 2 ;;
    --extra-flags) EXTRA_FLAGS="${2:-}"; shift 2 ;;
    --prefix) PREFIX="${2:-}"; shift 2 ;;
    --no-start) START=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "Unknown option: $1" >&2; usage >&2; exit 2 ;;
  esac
done

die() {
  echo "install-totem: $*" >&2
  exit 1
}

# --- checks ------------------------------------------------------------------------------------

[[ -n "$URL" ]] || { usage >&2; exit 2; }
# Only characters that are safe in a URL, a unit file and a sed replacement (no spaces, quotes,
# backslashes, '|' or '$').
[[ "$URL" =~ ^(https?)://([A-Za-z0-9.-]+|\[[0-9A-Fa-f:]+\])(:[0-9]{1,5})?(/[A-Za-z0-9._~:/?#@!\&\'\(\)*+,\;=%-]*)?$ ]] ||
  die "--url must be an http:// or https:// address without spaces or quotes (got \"$URL\")"
SCHEME="${BASH_REMATCH[1]}"
ORIGIN="${SCHEME}://${BASH_REMATCH[2]}${BASH_REMATCH[3]}"
[[ "$TOTEM_USER" =~ ^[a-z_][a-z0-9_-]{0,30}$ ]] || die "--user must be a plain user name (got \"$TOTEM_USER\")"
[[ "$TOTEM_USER" != root ]] || die "--user must not be root: the totem runs unprivileged"
[[ "$ROTATE" =~ ^(normal|left|right|inverted)$ ]] || die "--rotate must be normal, left, right or inverted"
[[ "$RELOAD_TIME" =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]] || die "--reload-time must be HH:MM (got \"$RELOAD_TIME\")"
[[ "$EXTRA_FLAGS" =~ ^[A-Za-z0-9\ =,._:/-]*$ ]] || die "--extra-flags holds characters that are not allowed"

# Debian's chromium package; on Ubuntu the .deb installed beforehand (checked below).
CHROMIUM_PACKAGE=chromium
if [[ -z "$PREFIX" ]]; then
  [[ $EUID -eq 0 ]] || die "run me as root (sudo $0 ...)"
  # shellcheck source=/dev/null
  . /etc/os-release
  case "${ID:-}" in
    debian) ;;
    ubuntu)
      # Ubuntu's "chromium-browser" package only installs the snap, which cannot run as this
      # system service; Debian's chromium package is what the totem is built and tested with.
      command -v /usr/bin/chromium >/dev/null ||
        die "on Ubuntu, install a Chromium .deb first so that /usr/bin/chromium exists (the snap cannot run as a system service); see docs/deployment.md"
      CHROMIUM_PACKAGE=""
      ;;
    *) die "this script supports Debian (and Ubuntu with a Chromium .deb); found ${ID:-unknown}" ;;
  esac
fi

# --- where things go ---------------------------------------------------------------------------

ROOT="${PREFIX%/}"
TOTEM_HOME="/home/${TOTEM_USER}"
LIB_DIR="/usr/local/lib/plant-kiosk-totem"
DOC_DIR="/usr/local/share/doc/plant-kiosk-totem"
UNIT_DIR="/etc/systemd/system"
# The watchdog's (decision 052): its state across restarts and reboots, and the reboot it asks
# root for (totem-reboot.path), in totem-browser.service's StateDirectory and RuntimeDirectory.
STATE_DIR="/var/lib/plant-kiosk-totem"
REBOOT_REQUEST="/run/plant-kiosk-totem/reboot-request"

# Escapes a value for a sed replacement ('|' is the delimiter) and for a unit file ('%' is a
# systemd specifier, written '%%').
sed_value() {
  local value="${1//\\/\\\\}"
  value="${value//&/\\&}"
  value="${value//|/\\|}"
  printf '%s' "${value//%/%%}"
}

SECURE_ORIGIN_FLAG=""
if [[ "$SCHEME" == http ]]; then
  # Service workers and Cache Storage (the kiosk's offline copy) need a secure context; plain
  # http is one only on localhost, so this origin is declared secure to Chromium explicitly.
  SECURE_ORIGIN_FLAG="--unsafely-treat-insecure-origin-as-secure=${ORIGIN}"
fi

render() {
  local source="$1" target="$2" mode="$3"
  local tmp
  tmp="$(mktemp)"
  sed -e "s|@KIOSK_URL@|$(sed_value "$URL")|g" \
    -e "s|@SECURE_ORIGIN_FLAG@|$(sed_value "$SECURE_ORIGIN_FLAG")|g" \
    -e "s|@TOTEM_USER@|${TOTEM_USER}|g" \
    -e "s|@TOTEM_HOME@|${TOTEM_HOME}|g" \
    -e "s|@LIB_DIR@|${LIB_DIR}|g" \
    -e "s|@DOC_DIR@|${DOC_DIR}|g" \
    -e "s|@RELOAD_TIME@|${RELOAD_TIME}|g" \
    -e "s|@REBOOT_REQUEST@|${REBOOT_REQUEST}|g" \
    -e "s|@STATE_DIR@|${STATE_DIR}|g" \
    "$source" >"$tmp"
  # An empty flag leaves a line holding only the continuation backslash: drop it.
  sed -i -e '/^[[:space:]]*\\$/d' "$tmp"
  if grep -q '@[A-Z_]*@' "$tmp"; then
    rm -f "$tmp"
    die "unfilled placeholder in $source"
  fi
  install -D -m "$mode" "$tmp" "${ROOT}${target}"
  rm -f "$tmp"
}

# --- packages ------------------------------------------------------------------------------------

if [[ -z "$PREFIX" ]]; then
  export DEBIAN_FRONTEND=noninteractive
  echo "Installing Chromium, a minimal X session (Xorg, xinit, Openbox) and offline voices..."
  apt-get update -q
  # Offline voices for « Lire à voix haute » (issue 52): Chromium speaks through speech-dispatcher
  # (--enable-speech-dispatcher in totem-browser.service), which drives espeak-ng; espeak-ng-data
  # holds its French and English voices. Nothing of it needs the Internet.
  # shellcheck disable=SC2086 # an empty CHROMIUM_PACKAGE must vanish, not become ''
  apt-get install -y -q --no-install-recommends \
    $CHROMIUM_PACKAGE xserver-xorg xserver-xorg-input-libinput xinit xauth openbox x11-xserver-utils \
    x11-utils fonts-dejavu-core fonts-noto-color-emoji ca-certificates nodejs \
    speech-dispatcher speech-dispatcher-espeak-ng espeak-ng espeak-ng-data
fi

# --- the totem user ----------------------------------------------------------------------------

if [[ -z "$PREFIX" ]]; then
  if ! id -u "$TOTEM_USER" >/dev/null 2>&1; then
    echo "Creating the unprivileged user ${TOTEM_USER}..."
    useradd --system --create-home --home-dir "$TOTEM_HOME" --shell /usr/sbin/nologin \
      --comment "Plant kiosk totem" "$TOTEM_USER"
  fi
  # Screen, GPU, touch panel and sound; no sudo, no password (it can never log in by itself).
  for group in video render input audio; do
    if getent group "$group" >/dev/null; then usermod -a -G "$group" "$TOTEM_USER"; fi
  done
  passwd -l "$TOTEM_USER" >/dev/null
fi

# --- files ---------------------------------------------------------------------------------------

echo "Writing the session, browser and nightly reload units..."
for script in make-xauthority xsession wait-for-x clean-chromium-profile; do
  install -D -m 0755 "$HERE/lib/$script" "${ROOT}${LIB_DIR}/$script"
done
# The watchdog (decision 052): plain JavaScript for Debian's nodejs, no dependency.
for module in totem-watchdog.mjs cdp-pipe.mjs watchdog-ladder.mjs screen-power.mjs; do
  install -D -m 0644 "$HERE/lib/$module" "${ROOT}${LIB_DIR}/$module"
done
install -D -m 0644 "$HERE/openbox-rc.xml" "${ROOT}/etc/totem/openbox-rc.xml"
# Chromium's enterprise policy (Debian's chromium reads /etc/chromium/policies/managed/): no file
# chooser (a way out of the kiosk), no downloads, no printing, no developer tools, no password
# manager. Why each: docs/deployment.md, "Chromium's policy".
install -D -m 0644 "$HERE/chromium-policy.json" "${ROOT}/etc/chromium/policies/managed/plant-kiosk-totem.json"
install -D -m 0644 "$REPO/docs/deployment.md" "${ROOT}${DOC_DIR}/deployment.md"
for unit in totem-session.service totem-browser.service totem-reload.service totem-reload.timer \
  totem-reboot.path totem-reboot.service; do
  render "$HERE/systemd/$unit" "${UNIT_DIR}/$unit" 0644
done
# The settings of this totem, read by the session and browser units.
env_tmp="$(mktemp)"
cat >"$env_tmp" <<ENV
# Written by deploy/totem/install-totem.sh: run it again to change these.
TOTEM_ROTATE=${ROTATE}
CHROMIUM_EXTRA_FLAGS=${EXTRA_FLAGS}
ENV
install -D -m 0644 "$env_tmp" "${ROOT}/etc/totem/totem.env"
rm -f "$env_tmp"

# speech-dispatcher, started by Chromium as the totem user, speaks to the sound card through ALSA:
# the browser is a system service outside any PulseAudio or PipeWire user session, and the
# `audio` group (above) gives the totem user the card, as it does for the alarm tone. A user
# configuration replaces the system one, so it names everything it needs (modules are found by
# themselves since speech-dispatcher 0.10).
speechd_tmp="$(mktemp)"
cat >"$speechd_tmp" <<SPEECHD
# Written by deploy/totem/install-totem.sh: run it again to change it.
AudioOutputMethod "alsa"
AudioALSADevice "default"
DefaultModule espeak-ng
DefaultLanguage "fr"
DefaultRate 0
DefaultVolume 100
SPEECHD
SPEECHD_DIR="${TOTEM_HOME}/.config/speech-dispatcher"
if [[ -z "$PREFIX" ]]; then
  # Owned by the totem user: Chromium keeps its profile in ~/.config, which it must be able to
  # create into (install -d converges an existing directory to the same owner and mode).
  totem_group="$(id -gn "$TOTEM_USER")"
  install -d -o "$TOTEM_USER" -g "$totem_group" -m 0755 "${TOTEM_HOME}/.config" "$SPEECHD_DIR"
fi
install -D -m 0644 "$speechd_tmp" "${ROOT}${SPEECHD_DIR}/speechd.conf"
rm -f "$speechd_tmp"

if [[ -n "$PREFIX" ]]; then
  echo "Files written under ${PREFIX} (nothing installed or started)."
  exit 0
fi

# --- services ------------------------------------------------------------------------------------

systemctl daemon-reload
# No suspend or hibernation: a totem is always on.
systemctl mask --quiet sleep.target suspend.target hibernate.target hybrid-sleep.target
systemctl disable --quiet getty@tty1.service 2>/dev/null || true
systemctl enable --quiet totem-session.service totem-browser.service totem-reload.timer totem-reboot.path
systemctl set-default graphical.target >/dev/null
if [[ $START -eq 1 ]]; then
  echo "Starting the totem session..."
  systemctl restart totem-session.service
  systemctl restart totem-browser.service
  systemctl restart totem-reload.timer
  systemctl restart totem-reboot.path
fi

echo
echo "Totem ready: Chromium shows ${URL} on tty1 as user ${TOTEM_USER}."
[[ -n "$SECURE_ORIGIN_FLAG" ]] && echo "  (plain http: ${ORIGIN} is declared a secure origin to Chromium)"
echo "  Nightly reload at ${RELOAD_TIME}: systemctl list-timers totem-reload.timer"
echo "  Watchdog: reloads a frozen page, restarts the browser, reboots (journalctl -u totem-browser | grep totem-watchdog)"
echo "  Logs: journalctl -u totem-session -u totem-browser"
