#!/bin/bash
# `npm run test:totem` (issue 53): the totem installer run for real, outside `npm test` and CI.
#
# Builds a Debian bookworm root with debootstrap once (cached in $TOTEM_TEST_CACHE), then in a
# fresh overlay of it each run: runs deploy/totem/install-totem.sh --no-start inside it (packages
# from Debian's archive only), checks the files, units, enablement, user and packages it leaves,
# then starts the totem's X session and browser AS THE INSTALLED UNITS SAY (their Exec lines and
# environment, read by unit-exec.mjs) under Xvfb, as the totem user, against the content service
# started on this machine; takes the login screen and, after a login typed with xdotool, the staff
# home from the X display into docs/screenshots/totem-*.png; kills Chromium with SIGKILL and
# starts it again through the unit's ExecStartPre/ExecStart to prove the profile cleaning.
#
# Needs root (debootstrap, mounts), Debian's archive (deb.debian.org) and a build of the product
# (`npm run build`, run here under /tmp/browser.lock). Every step is logged with its time; any
# failed check stops the run with a non-zero exit code and says which.
#
# The root is entered with pivot_root in a private mount namespace rather than chroot(2): the
# kernel refuses to create user namespaces from inside a chroot, and Chromium's sandbox needs them.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../../.." && pwd)"
CACHE="${TOTEM_TEST_CACHE:-/var/cache/plant-kiosk-totem-root}"
MIRROR="${TOTEM_TEST_MIRROR:-http://deb.debian.org/debian}"
SUITE=bookworm
# Installed with --rotate left (a landscape panel mounted in portrait). Xvfb's RandR cannot rotate
# (BadMatch), so its screen is the portrait 1080x1920 a rotated panel gives, and the run proves
# that the session asks xrandr for the rotation and carries on when it fails.
ROTATE="${TOTEM_TEST_ROTATE:-left}"
SCREEN_W=1080
SCREEN_H=1920
TOTEM_USER=totem
SHOTS="$REPO/docs/screenshots"
# Only the product's own pieces (node, Xvfb) run on this machine; everything else in the root.
# TOTEM_TEST_IP: the address the totem reaches the service at (default: this machine's first
# non-loopback IPv4, so the plain-http secure-origin flag is exercised; 127.0.0.1 otherwise).

RUN_START=$SECONDS
STEP_START=$SECONDS
STEP=""
WORK=""
ROOT=""
SERVER_PID=""
XVFB_PID=""
SESSION_PID=""
BROWSER_PID=""
BROWSER_MAIN=""
NSPAWN_PID=""
CONTAINER_PID=""
MOUNTED=0

log() { printf '[%s %5ss] %s\n' "$(date +%H:%M:%S)" "$((SECONDS - RUN_START))" "$*"; }
step() {
  if [[ -n "$STEP" ]]; then log "done: $STEP ($((SECONDS - STEP_START)) s)"; fi
  STEP="$1"
  STEP_START=$SECONDS
  log "== $STEP"
}
fail() {
  log "FAILED (${STEP:-setup}): $*" >&2
  exit 1
}
check() {
  # check "what" command...: runs the command, logs "ok: what" or fails with "what".
  local what="$1"
  shift
  if "$@"; then log "ok: $what"; else fail "$what"; fi
}

stop_pid() {
  local pid="$1"
  [[ -n "$pid" ]] || return 0
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 1 50); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -9 "$pid" 2>/dev/null || true
}

# The processes this run started in the root, ended by their id: those whose root directory is
# the test's root (the X session, chroot), and those in the mount namespaces of the browser's
# starts (Chromium, its zygote and renderers, and the speech-dispatcher it spawns).
BROWSER_NAMESPACES=()
root_pids() {
  local pid link ns
  [[ -n "$ROOT" ]] || return 0
  for pid in /proc/[0-9]*; do
    link="$(readlink "$pid/root" 2>/dev/null || true)"
    if [[ "$link" == "$ROOT" ]]; then
      echo "${pid#/proc/}"
      continue
    fi
    ns="$(readlink "$pid/ns/mnt" 2>/dev/null || true)"
    for browser_ns in "${BROWSER_NAMESPACES[@]}"; do
      if [[ -n "$ns" && "$ns" == "$browser_ns" ]]; then echo "${pid#/proc/}"; fi
    done
  done
}

no_chromium() {
  local pid
  for pid in $(root_pids); do
    if [[ "$(cat "/proc/$pid/comm" 2>/dev/null)" == chromium ]]; then return 1; fi
  done
}

cleanup() {
  local status=$?
  set +e
  stop_pid "$BROWSER_MAIN"
  stop_pid "$BROWSER_PID"
  stop_pid "$SESSION_PID"
  for pid in $(root_pids); do kill -9 "$pid" 2>/dev/null; done
  stop_pid "$NSPAWN_PID"
  stop_pid "$XVFB_PID"
  stop_pid "$SERVER_PID"
  if [[ $MOUNTED -eq 1 ]]; then
    umount -R "$ROOT" 2>/dev/null || umount -R -l "$ROOT"
  fi
  if [[ -n "$WORK" && -d "$WORK" && "${TOTEM_TEST_KEEP:-}" != 1 ]]; then rm -rf "$WORK"; fi
  if [[ $status -eq 0 ]]; then
    log "PASSED in $((SECONDS - RUN_START)) s"
  else
    log "test:totem failed (exit $status) after $((SECONDS - RUN_START)) s; logs were in ${WORK:-?} (TOTEM_TEST_KEEP=1 keeps them)" >&2
  fi
}
trap cleanup EXIT

# in_root [--pivot] [--user NAME] [NAME=VALUE...] -- COMMAND...: runs COMMAND in the totem root
# (as NAME, with a clean environment plus the assignments). The last process is COMMAND itself
# (exec all along), so `in_root ... &` gives its pid in $!. A plain chroot(2) by default, like an
# image being prepared (systemctl then knows it is in a chroot and only edits files); --pivot for
# Chromium, whose sandbox needs user namespaces, which the kernel refuses inside a chroot.
in_root() {
  local user=root pivot=0
  local -a env=()
  if [[ "${1:-}" == --pivot ]]; then
    pivot=1
    shift
  fi
  if [[ "${1:-}" == --user ]]; then
    user="$2"
    shift 2
  fi
  while [[ $# -gt 0 && "$1" != -- ]]; do
    env+=("$1")
    shift
  done
  shift
  if [[ $pivot -eq 0 ]]; then
    exec_in_chroot "$user" "${env[@]}" "$@"
    return
  fi
  # shellcheck disable=SC2016 # expanded by the inner shells, not here
  unshare --mount --propagation private -- /bin/bash -c '
    set -e
    root="$1"; user="$2"; shift 2
    mount --rbind "$root" "$root"
    cd "$root"
    pivot_root . mnt
    exec /bin/sh -c "umount -l /mnt && exec setpriv --reuid \"\$0\" --regid \"\$0\" --init-groups --reset-env env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \"\$@\"" "$user" "$@"
  ' in-root "$ROOT" "$user" "${env[@]}" "$@"
}

# The helpers run by `bash -c` in wait_for and check need these.
export ROOT DISPLAY_NUM TOTEM_USER WORK
# SYSTEMD_OFFLINE=1: systemctl works on the unit files only, as it does by itself in a chroot it
# can detect; it cannot here when this machine hides /proc/1/root (a container's PID 1).
exec_in_chroot() {
  local user="$1"
  shift
  chroot "$ROOT" setpriv --reuid "$user" --regid "$user" --init-groups --reset-env \
    env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin SYSTEMD_OFFLINE=1 "$@"
}

x_env() { echo "DISPLAY=:$DISPLAY_NUM" "XAUTHORITY=/home/$TOTEM_USER/.Xauthority" "HOME=/home/$TOTEM_USER"; }
as_totem() {
  # shellcheck disable=SC2046 # x_env's words are the assignments
  in_root --user "$TOTEM_USER" $(x_env) -- "$@"
}

export -f in_root exec_in_chroot x_env as_totem

# Takes the X display's whole screen into $1 (a path on this machine), as the totem user, with
# ImageMagick's `import` from the root.
screenshot() {
  as_totem import -window root "/tmp/shot.png"
  cp "$ROOT/tmp/shot.png" "$1"
}

# Waits until the screen shows something (not a uniform colour) and stays the same for
# $2 consecutive takes 0.5 s apart, up to $1 seconds; the page has then rendered and settled.
wait_screen_settled() {
  local timeout="$1" needed="$2" last="" same=0 sig deadline=$((SECONDS + $1))
  while ((SECONDS < deadline)); do
    as_totem import -window root /tmp/settle.png
    if [[ "$(as_totem identify -format '%[fx:standard_deviation > 0.02]' /tmp/settle.png)" == 1 ]]; then
      sig="$(as_totem identify -format '%#' /tmp/settle.png)"
      if [[ "$sig" == "$last" ]]; then same=$((same + 1)); else same=0; fi
      last="$sig"
      if ((same >= needed)); then return 0; fi
    fi
    sleep 0.5
  done
  log "screen did not settle within ${timeout} s"
  return 1
}

# answered STATUS METHOD URL: the service's log (Fastify's, one JSON line per event) shows that
# request answered with that status.
answered() {
  node -e '
    const [file, status, method, url] = process.argv.slice(1);
    const asked = new Set();
    for (const line of require("fs").readFileSync(file, "utf8").split("\n")) {
      let entry;
      try { entry = JSON.parse(line); } catch { continue; }
      if (entry.req && entry.req.method === method && entry.req.url === url) asked.add(entry.reqId);
      if (entry.res && asked.has(entry.reqId) && String(entry.res.statusCode) === status) process.exit(0);
    }
    process.exit(1);
  ' "$WORK/server.log" "$@"
}

wait_for() {
  # wait_for SECONDS what command...: polls the command every 0.25 s.
  local timeout="$1" what="$2" deadline
  shift 2
  deadline=$((SECONDS + timeout))
  until "$@"; do
    ((SECONDS < deadline)) || fail "$what: not within ${timeout} s"
    sleep 0.25
  done
  log "ok: $what"
}

# Starts totem-browser.service the way systemd does: each ExecStartPre, then ExecStart, as its
# User= with its Environment= and EnvironmentFile= (DISPLAY pointed at the Xvfb display).
start_browser() {
  local unit_json="$WORK/browser-unit.json" count i
  node "$HERE/unit-exec.mjs" "$ROOT" /etc/systemd/system/totem-browser.service \
    "DISPLAY=:$DISPLAY_NUM" "HOME=/home/$TOTEM_USER" >"$unit_json"
  local user
  user="$(node -p "require('$unit_json').user")"
  [[ "$user" == "$TOTEM_USER" ]] || fail "totem-browser.service runs as $user, not $TOTEM_USER"
  mapfile -t env < <(node -e "const u=require('$unit_json'); for (const [k,v] of Object.entries(u.env)) console.log(k+'='+v)")
  count="$(node -p "require('$unit_json').execStartPre.length")"
  for ((i = 0; i < count; i++)); do
    mapfile -t argv < <(node -e "for (const a of require('$unit_json').execStartPre[$i]) console.log(a)")
    log "ExecStartPre: ${argv[*]}"
    in_root --user "$user" "${env[@]}" -- "${argv[@]}" || fail "ExecStartPre ${argv[0]} failed"
  done
  mapfile -t argv < <(node -e "for (const a of require('$unit_json').execStart) console.log(a)")
  log "ExecStart: ${argv[*]}"
  in_root --pivot --user "$user" "${env[@]}" -- "${argv[@]}" >>"$WORK/browser.log" 2>&1 &
  BROWSER_PID=$!
  # The unit's main process: the child of that background shell once it has become Chromium.
  wait_for 30 "Chromium started (the unit's main process)" browser_main_started
  BROWSER_NAMESPACES+=("$(readlink "/proc/$BROWSER_MAIN/ns/mnt")")
}

speech_dispatcher_running() {
  local pid
  for pid in $(ps -eo pid=,comm= | awk '$2 ~ /^speech-dispatch/ {print $1}'); do
    if [[ "$(readlink "/proc/$pid/ns/mnt" 2>/dev/null)" == "${BROWSER_NAMESPACES[-1]}" ]]; then return 0; fi
  done
  return 1
}

container_booted() {
  CONTAINER_PID="$(ps -o pid= --ppid "$NSPAWN_PID" | tr -d ' ' | head -1)"
  [[ -n "$CONTAINER_PID" && "$(cat "/proc/$CONTAINER_PID/comm" 2>/dev/null)" == systemd ]]
}

in_container() { nsenter -t "$CONTAINER_PID" -a "$@"; }

reload_timer_scheduled() {
  # systemctl show prints the properties in its own order, not in the order asked.
  local shown
  shown="$(in_container systemctl show -p ActiveState -p NextElapseUSecRealtime totem-reload.timer 2>/dev/null)"
  grep -qx 'ActiveState=active' <<<"$shown" && grep -q '^NextElapseUSecRealtime=.* 03:30:00' <<<"$shown"
}

session_restarted() {
  local restarts
  restarts="$(in_container systemctl show -p NRestarts --value totem-session.service 2>/dev/null || echo 0)"
  [[ "${restarts:-0}" -ge 1 ]]
}

browser_main_started() {
  BROWSER_MAIN="$(ps -o pid= --ppid "$BROWSER_PID" | tr -d ' ' | head -1)"
  [[ -n "$BROWSER_MAIN" && "$(cat "/proc/$BROWSER_MAIN/comm" 2>/dev/null)" == chromium ]]
}

# No bubble over the kiosk (Chromium's "restore pages?", its translation offer, an infobar): they
# all sit in the top right corner, which the kiosk's pages leave plain (login page: its background;
# the other pages: the header's white above the network pill). $1: a screenshot in the root.
no_bubble() {
  local deviation
  deviation="$(as_totem convert "$1" -crop 220x30+$((SCREEN_W - 220))+0 +repage -format '%[fx:standard_deviation]' info:)"
  log "top right corner: standard deviation $deviation (a bubble there gives about 0.1)"
  awk -v d="$deviation" 'BEGIN { exit !(d < 0.03) }'
}

# Waits until the kiosk's footer (bottom 70 px: the sync banner while a sync runs, then the
# footer) shows something and stays the same for $2 takes 0.5 s apart, up to $1 s: the sync is
# over. The rest of the home never settles (slides, scrolling news, clock).
wait_footer_settled() {
  local timeout="$1" needed="$2" last="" same=0 sig deadline=$((SECONDS + $1))
  while ((SECONDS < deadline)); do
    as_totem import -window root /tmp/settle.png
    as_totem convert /tmp/settle.png -crop "${SCREEN_W}x70+0+$((SCREEN_H - 70))" +repage /tmp/footer.png
    if [[ "$(as_totem identify -format '%[fx:standard_deviation > 0.02]' /tmp/footer.png)" == 1 ]]; then
      sig="$(as_totem identify -format '%#' /tmp/footer.png)"
      if [[ "$sig" == "$last" ]]; then same=$((same + 1)); else same=0; fi
      last="$sig"
      if ((same >= needed)); then return 0; fi
    fi
    sleep 0.5
  done
  log "the footer did not settle within ${timeout} s"
  return 1
}

# --- 0. what this needs ---------------------------------------------------------------------------

step "preconditions"
[[ $EUID -eq 0 ]] || fail "run me as root (debootstrap, mounts): sudo npm run test:totem"
for tool in debootstrap Xvfb unshare node flock; do
  command -v "$tool" >/dev/null || fail "$tool is missing (apt-get install -y debootstrap xvfb)"
done
DISPLAY_NUM=99
while [[ -e "/tmp/.X${DISPLAY_NUM}-lock" || -e "/tmp/.X11-unix/X${DISPLAY_NUM}" ]]; do
  DISPLAY_NUM=$((DISPLAY_NUM + 1))
done
log "X display :$DISPLAY_NUM, cache $CACHE"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/plant-kiosk-totem-test.XXXXXX")"
log "work directory $WORK"

if [[ "${TOTEM_TEST_SKIP_BUILD:-}" == 1 ]]; then
  step "the product's existing build (TOTEM_TEST_SKIP_BUILD=1)"
else
  step "build the product (npm run build, under /tmp/browser.lock)"
  (cd "$REPO" && flock /tmp/browser.lock npm run build >"$WORK/build.log" 2>&1) ||
    fail "npm run build failed: see $WORK/build.log"
fi
[[ -f "$REPO/apps/server/dist/server.js" && -f "$REPO/apps/kiosk/dist/index.html" ]] ||
  fail "no build of the server or the kiosk after npm run build"

# --- 1. the cached Debian root --------------------------------------------------------------------

step "Debian $SUITE root (debootstrap, cached)"
mkdir -p "$CACHE/apt-archives/partial" "$CACHE/apt-lists/partial"
if [[ -f "$CACHE/base/.plant-kiosk-base" ]]; then
  log "reusing $CACHE/base (delete it to build it again)"
else
  rm -rf "$CACHE/base.partial"
  # The default variant (priority important: systemd as init, like a "Debian minimal" install).
  debootstrap --include=systemd-sysv,dbus "$SUITE" "$CACHE/base.partial" "$MIRROR" \
    >"$CACHE/debootstrap.log" 2>&1 || fail "debootstrap failed: see $CACHE/debootstrap.log"
  rm -f "$CACHE/base.partial"/var/cache/apt/archives/*.deb
  rm -rf "$CACHE/base"
  mv "$CACHE/base.partial" "$CACHE/base"
  date -u +%FT%TZ >"$CACHE/base/.plant-kiosk-base"
fi

step "fresh overlay of the cached root"
mkdir -p "$WORK/upper" "$WORK/overlay-work" "$WORK/root"
ROOT="$WORK/root"
mount -t overlay plant-kiosk-totem -o "lowerdir=$CACHE/base,upperdir=$WORK/upper,workdir=$WORK/overlay-work" "$ROOT"
MOUNTED=1
mount -t proc proc "$ROOT/proc"
mount --rbind /sys "$ROOT/sys" && mount --make-rslave "$ROOT/sys"
mount --rbind /dev "$ROOT/dev" && mount --make-rslave "$ROOT/dev"
mkdir -p /tmp/.X11-unix "$ROOT/tmp/.X11-unix"
chmod 1777 /tmp/.X11-unix
mount --bind /tmp/.X11-unix "$ROOT/tmp/.X11-unix"
# Downloaded packages and package lists persist in the cache: only the first run downloads.
mount --bind "$CACHE/apt-archives" "$ROOT/var/cache/apt/archives"
mount --bind "$CACHE/apt-lists" "$ROOT/var/lib/apt/lists"
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# Standard for a root without a running init: no package starts a daemon while installing.
printf '#!/bin/sh\nexit 101\n' >"$ROOT/usr/sbin/policy-rc.d"
chmod 0755 "$ROOT/usr/sbin/policy-rc.d"
sources_before="$(cat "$ROOT"/etc/apt/sources.list "$ROOT"/etc/apt/sources.list.d/* 2>/dev/null || true)"

# --- 2. the installer, for real -------------------------------------------------------------------

step "choose the service's address"
PORT="$(node -e "const s=require('net').createServer().listen(0,()=>{console.log(s.address().port);s.close()})")"
IP="${TOTEM_TEST_IP:-$(hostname -I 2>/dev/null | tr ' ' '\n' | grep -m1 -E '^[0-9]+\.[0-9]+\.[0-9]+\.[0-9]+$' || true)}"
IP="${IP:-127.0.0.1}"
URL="http://${IP}:${PORT}/"
log "kiosk URL $URL"

step "install-totem.sh --url $URL --rotate $ROTATE --no-start (inside the root)"
# As the guide says: the repository's deploy/ and docs/ copied onto the totem.
mkdir -p "$ROOT/opt/plant-kiosk-deploy"
cp -a "$REPO/deploy" "$REPO/docs" "$ROOT/opt/plant-kiosk-deploy/"
rm -rf "$ROOT/opt/plant-kiosk-deploy/docs/screenshots"
in_root -- /opt/plant-kiosk-deploy/deploy/totem/install-totem.sh --url "$URL" --rotate "$ROTATE" --no-start \
  >"$WORK/install.log" 2>&1 || {
  tail -30 "$WORK/install.log" >&2
  fail "install-totem.sh failed (log above)"
}
tail -5 "$WORK/install.log"

step "check the installed packages"
# The installer's own package list, read from its apt-get install command (so packages added to
# it are checked too); $CHROMIUM_PACKAGE is Debian's chromium.
# shellcheck disable=SC1003,SC2016,SC2020 # literal backslashes, a literal $CHROMIUM_PACKAGE
mapfile -t packages < <(sed -n '/apt-get install -y/,/[^\\]$/p' "$ROOT/opt/plant-kiosk-deploy/deploy/totem/install-totem.sh" |
  tr ' \\' '\n\n' | sed 's/^\$CHROMIUM_PACKAGE$/chromium/; s/^\${CHROMIUM_PACKAGE}$/chromium/' |
  grep -E '^[a-z0-9][a-z0-9.+-]*$' | grep -v -E '^(apt-get|install)$')
((${#packages[@]} >= 5)) || fail "could not read the installer's package list"
for package in "${packages[@]}"; do
  # shellcheck disable=SC2016 # dpkg-query's own ${Status}
  status="$(in_root -- dpkg-query -W -f '${Status}' "$package" 2>/dev/null || true)"
  [[ "$status" == "install ok installed" ]] || fail "package $package is not installed ($status)"
done
log "ok: ${#packages[@]} packages installed: ${packages[*]}"
sources_after="$(cat "$ROOT"/etc/apt/sources.list "$ROOT"/etc/apt/sources.list.d/* 2>/dev/null || true)"
check "no package source added (Debian's archive only)" [ "$sources_before" == "$sources_after" ]
# Every installed package's version is one Debian's archive offers.
# shellcheck disable=SC2016 # expanded inside the root
in_root -- sh -c 'apt-cache policy $(dpkg-query -W -f "\${Package} ")' >"$WORK/policy.txt" 2>&1
foreign="$(awk '/^[^ ]/ {pkg=$1} /\*\*\*/ {getline; if ($0 !~ /deb\.debian\.org/) print pkg}' "$WORK/policy.txt")"
check "every installed package comes from $MIRROR" [ -z "$foreign" ]
check "Debian's chromium is /usr/bin/chromium" test -x "$ROOT/usr/bin/chromium"
# shellcheck disable=SC2016 # dpkg-query's own fields
log "$(in_root -- dpkg-query -W -f '${Package} ${Version}\n' chromium xserver-xorg-core openbox | tr '\n' ';')"

step "check the installed files, units and user"
LIB=/usr/local/lib/plant-kiosk-totem
for script in make-xauthority xsession wait-for-x clean-chromium-profile; do
  check "$LIB/$script is installed and executable" test -x "$ROOT$LIB/$script"
  check "$LIB/$script is the repository's" cmp -s "$ROOT$LIB/$script" "$ROOT/opt/plant-kiosk-deploy/deploy/totem/lib/$script"
done
check "Openbox configuration" cmp -s "$ROOT/etc/totem/openbox-rc.xml" "$ROOT/opt/plant-kiosk-deploy/deploy/totem/openbox-rc.xml"
policy="$ROOT/etc/chromium/policies/managed/plant-kiosk-totem.json"
check "Chromium policy in /etc/chromium/policies/managed/, mode 644" [ "$(stat -c %a "$policy")" == 644 ]
check "Chromium policy is the repository's" cmp -s "$policy" "$ROOT/opt/plant-kiosk-deploy/deploy/totem/chromium-policy.json"
check "totem.env holds the rotation" grep -qx "TOTEM_ROTATE=$ROTATE" "$ROOT/etc/totem/totem.env"
for unit in totem-session.service totem-browser.service totem-reload.service totem-reload.timer; do
  check "$unit installed, every placeholder filled" bash -c "test -f '$ROOT/etc/systemd/system/$unit' && ! grep -q '@[A-Z_]*@' '$ROOT/etc/systemd/system/$unit'"
done
UNITS="$ROOT/etc/systemd/system"
check "totem-session.service enabled (graphical.target.wants)" test -L "$UNITS/graphical.target.wants/totem-session.service"
check "totem-browser.service enabled (totem-session.service.wants)" test -L "$UNITS/totem-session.service.wants/totem-browser.service"
check "totem-reload.timer enabled (timers.target.wants)" test -L "$UNITS/timers.target.wants/totem-reload.timer"
for unit in totem-session.service totem-browser.service totem-reload.timer; do
  check "systemctl is-enabled $unit" [ "$(in_root -- systemctl is-enabled "$unit" 2>&1)" == enabled ]
done
for target in sleep.target suspend.target hibernate.target hybrid-sleep.target; do
  check "$target masked" [ "$(in_root -- systemctl is-enabled "$target" 2>&1)" == masked ]
done
check "graphical.target is the default" [ "$(in_root -- systemctl get-default)" == graphical.target ]
check "no login prompt on tty1 (getty@tty1 not enabled)" test ! -e "$UNITS/getty.target.wants/getty@tty1.service"
check "user $TOTEM_USER exists, no shell" [ "$(in_root -- getent passwd "$TOTEM_USER" | cut -d: -f7)" == /usr/sbin/nologin ]
check "user $TOTEM_USER has a locked password" [ "$(in_root -- passwd -S "$TOTEM_USER" | cut -d' ' -f2)" == L ]
groups="$(in_root -- id -nG "$TOTEM_USER")"
for group in video render input audio; do
  if in_root -- getent group "$group" >/dev/null; then
    check "user $TOTEM_USER is in group $group" grep -qw "$group" <<<"$groups"
  fi
done
check "user $TOTEM_USER is not in sudo" bash -c "! grep -qw sudo <<<'$groups'"
if in_root -- systemd-analyze verify /etc/systemd/system/totem-session.service \
  /etc/systemd/system/totem-browser.service /etc/systemd/system/totem-reload.service \
  /etc/systemd/system/totem-reload.timer >"$WORK/verify.log" 2>&1; then
  log "ok: systemd-analyze verify accepts the units (inside the root)"
else
  log "note: systemd-analyze verify inside the root said: $(tr '\n' ' ' <"$WORK/verify.log")"
fi

step "check restart on exit, nightly reload and rotation (static: systemd does them)"
browser_unit="$UNITS/totem-browser.service"
session_unit="$UNITS/totem-session.service"
check "browser: Restart=always" grep -qx 'Restart=always' "$browser_unit"
check "browser: no start limit (StartLimitIntervalSec=0)" grep -qx 'StartLimitIntervalSec=0' "$browser_unit"
check "session: Restart=always" grep -qx 'Restart=always' "$session_unit"
check "browser bound to the session (BindsTo=totem-session.service)" grep -qx 'BindsTo=totem-session.service' "$browser_unit"
check "nightly reload timer at 03:30" grep -qx 'OnCalendar=\*-\*-\* 03:30' "$UNITS/totem-reload.timer"
check "nightly reload restarts the browser" grep -qx 'ExecStart=/bin/systemctl try-restart totem-browser.service' "$UNITS/totem-reload.service"
check "systemd reads the timer's calendar" bash -c "in_root -- systemd-analyze calendar '*-*-* 03:30' >/dev/null"
# shellcheck disable=SC2016 # the literal line of the script
check "xsession rotates with xrandr from TOTEM_ROTATE" grep -q 'xrandr --orientation "${TOTEM_ROTATE}"' "$ROOT$LIB/xsession"

# --- 3. the session and the browser, as installed, under Xvfb ---------------------------------------

step "tools for the test only (xdotool, imagemagick), after the checks above"
in_root DEBIAN_FRONTEND=noninteractive -- apt-get install -y -q --no-install-recommends xdotool imagemagick \
  >"$WORK/test-tools.log" 2>&1 || fail "could not install xdotool and imagemagick in the root: see $WORK/test-tools.log"

step "content service on this machine (node apps/server/dist/server.js, as npm start)"
mkdir -p "$WORK/data"
(cd "$REPO" && PORT="$PORT" HOST=0.0.0.0 DATA_DIR="$WORK/data" LOG_LEVEL=info \
  exec node apps/server/dist/server.js >"$WORK/server.log" 2>&1) &
SERVER_PID=$!
wait_for 120 "service answers /healthz on $URL" curl -fs -o /dev/null "${URL}healthz"

step "X authority and Xvfb :$DISPLAY_NUM with the session unit's X server options"
node "$HERE/unit-exec.mjs" "$ROOT" /etc/systemd/system/totem-session.service >"$WORK/session-unit.json"
mapfile -t pre < <(node -e "for (const a of require('$WORK/session-unit.json').execStartPre[0]) console.log(a)")
in_root --user "$TOTEM_USER" "HOME=/home/$TOTEM_USER" -- "${pre[@]}" || fail "make-xauthority failed"
check "make-xauthority: a cookie readable by $TOTEM_USER only" [ "$(stat -c %a "$ROOT/home/$TOTEM_USER/.Xauthority")" == 600 ]
# The unit's cookie is for :0; the same cookie for the test's display.
cookie="$(as_totem xauth -f "/home/$TOTEM_USER/.Xauthority" list | awk '/unix:0 / {print $3}')"
[[ -n "$cookie" ]] || fail "no cookie for :0 in the totem's .Xauthority"
as_totem xauth -f "/home/$TOTEM_USER/.Xauthority" add ":$DISPLAY_NUM" . "$cookie"
mapfile -t xinit < <(node -e "for (const a of require('$WORK/session-unit.json').execStart) console.log(a)")
[[ "${xinit[0]}" == /usr/bin/xinit && "${xinit[2]}" == -- ]] || fail "totem-session.service does not run xinit CLIENT -- SERVER"
CLIENT="${xinit[1]}"
xargs_=()
for ((i = 4; i < ${#xinit[@]}; i++)); do
  arg="${xinit[$i]}"
  case "$arg" in
    :0) xargs_+=(":$DISPLAY_NUM") ;;
    vt[0-9]* | -keeptty) ;; # a virtual terminal: Xorg's, not Xvfb's
    /home/*) xargs_+=("$ROOT$arg") ;;
    *) xargs_+=("$arg") ;;
  esac
done
log "Xvfb ${xargs_[*]} -screen 0 ${SCREEN_W}x${SCREEN_H}x24"
Xvfb "${xargs_[@]}" -screen 0 "${SCREEN_W}x${SCREEN_H}x24" >"$WORK/xvfb.log" 2>&1 &
XVFB_PID=$!
# The unit's own wait-for-x, as the totem user with its cookie.
as_totem "$LIB/wait-for-x" || fail "wait-for-x: the display does not accept the totem user"
check "the display refuses a client without the cookie" bash -c "! in_root DISPLAY=:$DISPLAY_NUM HOME=/root -- xset q >/dev/null 2>&1"

step "the X session: $CLIENT as $TOTEM_USER (the unit's EnvironmentFile)"
node "$HERE/unit-exec.mjs" "$ROOT" /etc/systemd/system/totem-session.service "DISPLAY=:$DISPLAY_NUM" \
  "XAUTHORITY=/home/$TOTEM_USER/.Xauthority" "HOME=/home/$TOTEM_USER" >"$WORK/session-unit.json"
mapfile -t session_env < <(node -e "for (const [k,v] of Object.entries(require('$WORK/session-unit.json').env)) console.log(k+'='+v)")
in_root --user "$TOTEM_USER" "${session_env[@]}" -- "$CLIENT" >"$WORK/session.log" 2>&1 &
SESSION_PID=$!
wait_for 30 "a window manager runs (Openbox)" bash -c "as_totem xprop -root _NET_SUPPORTING_WM_CHECK 2>/dev/null | grep -q 'window id'"
as_totem xset q >"$WORK/xset-q.txt"
check "screen saver off (xset s off)" grep -q 'timeout:  0' "$WORK/xset-q.txt"
if grep -q 'does not have the DPMS Extension' "$WORK/xset-q.txt"; then
  # Xvfb has no DPMS: the session's own line is what a real X server gets.
  check "DPMS off: Xvfb has none; the session runs xset -dpms (static)" grep -qx 'xset -dpms' "$ROOT$LIB/xsession"
else
  check "DPMS off (xset -dpms)" grep -q 'DPMS is Disabled' "$WORK/xset-q.txt"
fi
if [[ "$ROTATE" != normal ]]; then
  # Xvfb refuses the rotation: the session must have asked for it, logged the failure, and gone on.
  check "the session asked xrandr for --orientation $ROTATE and carried on when it failed" \
    grep -q "xsession: xrandr --orientation $ROTATE failed" "$WORK/session.log"
fi

step "the browser: totem-browser.service's ExecStartPre and ExecStart, as installed"
start_browser
check "Chromium runs with the unit's command line" grep -q -- '--unsafely-treat-insecure-origin-as-secure' "/proc/$BROWSER_MAIN/cmdline"
wait_for 60 "Chromium's kiosk window is mapped" bash -c "as_totem xdotool search --onlyvisible --class chromium >/dev/null 2>&1"
wait_for 60 "the kiosk's login page was served to the totem (logo.svg)" grep -q '"url":"/logo.svg"' "$WORK/server.log"
wait_screen_settled 60 4 || fail "the login screen did not settle"
screenshot "$SHOTS/totem-login.png"
log "ok: login screen → docs/screenshots/totem-login.png"
check "no bubble over the login screen" no_bubble /tmp/shot.png

step "login with the keyboard (xdotool), the staff home"
window="$(as_totem xdotool search --onlyvisible --class chromium | tail -1)"
as_totem xdotool windowfocus --sync "$window" || true
# The login form is the page's first field: Tab, login, Tab, password, Enter (docs/deployment.md
# step 4, with the demo service's kiosk account).
as_totem xdotool key --clearmodifiers Tab
as_totem xdotool type --delay 40 kiosk
as_totem xdotool key Tab
as_totem xdotool type --delay 40 kiosk
as_totem xdotool key Return
wait_for 30 "the totem logged in (POST /clientauth answered 200)" answered 200 POST /clientauth
LOGIN_AT=$SECONDS
wait_footer_settled 180 10 || fail "the staff home's sync did not end"
screenshot "$SHOTS/totem-home.png"
log "ok: staff home → docs/screenshots/totem-home.png"
check "no bubble over the staff home" no_bubble /tmp/shot.png
cp "$ROOT/tmp/footer.png" "$WORK/home-footer.png"
if grep -q -- '--enable-speech-dispatcher' "/proc/$BROWSER_MAIN/cmdline"; then
  # Chromium spawns the installed speech-dispatcher as the totem user once a page asks for its
  # voices; the kiosk may ask only when « Lire à voix haute » is used, so this is reported, not
  # required (the voices are order 13's, proven by their own tests).
  deadline=$((SECONDS + 20))
  until speech_dispatcher_running || ((SECONDS >= deadline)); do sleep 0.5; done
  if speech_dispatcher_running; then
    log "ok: Chromium spawned speech-dispatcher (--enable-speech-dispatcher)"
  else
    log "note: no speech-dispatcher spawned by Chromium within 20 s of the staff home (not proven here)"
  fi
fi

step "power cut of the browser: SIGKILL of its processes, then the unit's ExecStartPre and ExecStart again"
prefs="$ROOT/home/$TOTEM_USER/.config/chromium-kiosk/Default/Preferences"
wait_for 30 "Chromium wrote its profile's Preferences" test -s "$prefs"
# Chromium writes localStorage to disk late (the kiosk's token was not there 37 s after the login
# in one run, and a kill then brought back the login screen): wait for it, and say how long it took.
wait_for 300 "the kiosk's session (jwt-neubourg) reached the profile on disk" \
  grep -raqs 'jwt-neubourg' "$ROOT/home/$TOTEM_USER/.config/chromium-kiosk/Default/Local Storage/leveldb/"
log "the session reached the disk $((SECONDS - LOGIN_AT)) s after the login (a power cut before that asks for a new login)"
# Every process of the browser at once, as a power cut (or systemd's KillMode=control-group
# after a crash) would: the main process and all it started.
mapfile -t victims < <(root_pids | while read -r pid; do
  if [[ "$(readlink "/proc/$pid/ns/mnt" 2>/dev/null)" == "${BROWSER_NAMESPACES[-1]}" ]]; then echo "$pid"; fi
done)
kill -9 "${victims[@]}" 2>/dev/null || true
wait "$BROWSER_PID" 2>/dev/null || true
wait_for 20 "every Chromium process is gone" no_chromium
exit_type="$(grep -o '"exit_type":"[^"]*"' "$prefs" || true)"
log "after SIGKILL: Preferences say ${exit_type:-no exit_type}; SingletonLock $(test -L "$ROOT/home/$TOTEM_USER/.config/chromium-kiosk/SingletonLock" && echo left behind || echo absent)"
check "the kill left the profile marked as crashed (what would offer to restore pages)" grep -q '"exit_type":"Crashed"' "$prefs"
start_browser
check "clean-chromium-profile marked the profile as exited normally" grep -q '"exit_type":"Normal"' "$prefs"
wait_for 60 "Chromium's kiosk window is mapped again" bash -c "as_totem xdotool search --onlyvisible --class chromium >/dev/null 2>&1"
wait_footer_settled 120 10 || fail "the kiosk did not settle after the restart"
screenshot "$WORK/after-restart.png"
check "no bubble after the restart (no \"restore pages?\")" no_bubble /tmp/shot.png
# The staff home again, not the login screen: the token survived the kill (the footer is the
# home's; the login page has none).
cp "$WORK/home-footer.png" "$ROOT/tmp/home-footer.png"
differ="$(as_totem compare -metric AE -fuzz 10% /tmp/home-footer.png /tmp/footer.png null: 2>&1 || true)"
log "footer pixels that differ from the staff home's before the kill: $differ"
check "after the restart the totem shows the staff home again, logged in" [ "${differ%%.*}" -lt $((SCREEN_W * 70 / 20)) ]

step "a reboot: the installed root booted by systemd-nspawn --boot (systemd as PID 1)"
if ! command -v systemd-nspawn >/dev/null; then
  log "not proven here: systemd-nspawn is missing (apt-get install systemd-container)"
else
  # The session and browser of the run above end first; the root is then booted as a machine.
  stop_pid "$BROWSER_MAIN"
  stop_pid "$SESSION_PID"
  for pid in $(root_pids); do kill -9 "$pid" 2>/dev/null || true; done
  stop_pid "$BROWSER_PID"
  for mount in tmp/.X11-unix var/cache/apt/archives var/lib/apt/lists proc sys dev; do
    umount -R "$ROOT/$mount" || umount -R -l "$ROOT/$mount"
  done
  rm -f "$ROOT/usr/sbin/policy-rc.d"
  systemd-nspawn -D "$ROOT" --boot --register=no --keep-unit -M plant-kiosk-totem-test >"$WORK/boot.log" 2>&1 &
  NSPAWN_PID=$!
  wait_for 60 "systemd runs as the booted root's PID 1" container_booted
  wait_for 60 "at boot, systemd started totem-session.service and restarted it after it exited (Restart=always)" session_restarted
  in_container systemctl status --no-pager totem-session.service totem-browser.service >"$WORK/boot-status.txt" 2>&1 || true
  wait_for 60 "at boot, totem-reload.timer is active, next at 03:30" reload_timer_scheduled
  log "$(in_container systemctl list-timers --no-pager totem-reload.timer | sed -n 2p)"
  log "not proven here: the kiosk on screen after the reboot — a container has no tty1 and no screen for Xorg, so totem-session exits ($(grep -m1 -o 'status=[0-9]*/[A-Z]*' "$WORK/boot-status.txt" || echo see boot-status.txt)) and systemd starts it again every 3 s"
  stop_pid "$NSPAWN_PID"
  NSPAWN_PID=""
fi

step "end"
log "screenshots: docs/screenshots/totem-login.png, docs/screenshots/totem-home.png"
log "not proven by this run: the kiosk on screen after a reboot, the browser restarted by systemd on exit and the nightly reload firing (checked in the units; the session's restart and the timer seen at boot above)"
