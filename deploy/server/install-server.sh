#!/bin/bash
# Installs the plant kiosk content service on a Debian/Ubuntu server: the dedicated user, the
# systemd unit (hardened, DATA_DIR=/var/lib/plant-kiosk), its settings file, the nightly backup
# timer and the nginx reverse proxy (TLS, unbuffered event stream).
#
#   git clone … /opt/plant-kiosk && cd /opt/plant-kiosk && npm ci && npm run build
#   sudo deploy/server/install-server.sh --server-name kiosk.plant.example
#
# Idempotent: run it again after an update; it never overwrites the settings file or the data.
# See docs/deployment.md for the whole procedure.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"

usage() {
  cat <<USAGE
Usage: $0 --server-name NAME [options]

  --server-name NAME   host name the totems and the back-office use, e.g. kiosk.plant.example (required)
  --app-dir DIR        the built checkout (default: $(cd "$HERE/../.." && pwd))
  --node PATH          Node.js 20.19 or newer (default: the node on PATH)
  --tls-cert FILE      certificate (chain) for nginx (default: /etc/ssl/plant-kiosk/fullchain.pem)
  --tls-key FILE       its private key (default: /etc/ssl/plant-kiosk/privkey.pem)
  --backup-dir DIR     where nightly backups go (default: /var/backups/plant-kiosk)
  --keep N             nightly backups kept (default: 14)
  --no-nginx           do not install or configure nginx
  --no-backup-timer    do not enable the nightly backup (e.g. with PostgreSQL)
  --prefix DIR         only write the files under DIR (no packages, user or services): to inspect them
  -h, --help           this text
USAGE
}

SERVER_NAME=""
APP_DIR="$(cd "$HERE/../.." && pwd)"
NODE=""
TLS_CERT="/etc/ssl/plant-kiosk/fullchain.pem"
TLS_KEY="/etc/ssl/plant-kiosk/privkey.pem"
BACKUP_DIR="/var/backups/plant-kiosk"
KEEP=14
NGINX=1
BACKUP_TIMER=1
PREFIX=""

while [[ $# -gt 0 ]]; do
  case "$1" in
    --server-name) SERVER_NAME="${2:-}"; shift 2 ;;
    --app-dir) APP_DIR="${2:-}"; shift 2 ;;
    --node) NODE="${2:-}"; shift 2 ;;
    --tls-cert) TLS_CERT="${2:-}"; shift 2 ;;
    --tls-key) TLS_KEY="${2:-}"; shift 2 ;;
    --backup-dir) BACKUP_DIR="${2:-}"; shift 2 ;;
    --keep) KEEP="${2:-}"; shift 2 ;;
    --no-nginx) NGINX=0; shift ;;
    --no-backup-timer) BACKUP_TIMER=0; shift ;;
    --prefix) PREFIX="${2:-}"; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "Unknown option: $1" >&2; usage >&2; exit 2 ;;
  esac
done

die() {
  echo "install-server: $*" >&2
  exit 1
}

# --- checks ------------------------------------------------------------------------------------

[[ -n "$SERVER_NAME" ]] || { usage >&2; exit 2; }
[[ "$SERVER_NAME" =~ ^[A-Za-z0-9.-]+$ ]] || die "--server-name must be a host name (got \"$SERVER_NAME\")"
[[ "$KEEP" =~ ^[1-9][0-9]{0,3}$ ]] || die "--keep must be a positive integer"
for path in "$APP_DIR" "$TLS_CERT" "$TLS_KEY" "$BACKUP_DIR"; do
  [[ "$path" =~ ^/[A-Za-z0-9._/-]+$ ]] || die "paths must be absolute, without spaces or special characters (got \"$path\")"
done
case "$APP_DIR" in
  /home/* | /root/*) die "--app-dir must not be under /home or /root: the service cannot see them (ProtectHome)" ;;
esac

if [[ -z "$PREFIX" ]]; then
  [[ $EUID -eq 0 ]] || die "run me as root (sudo $0 ...)"
  [[ -f "$APP_DIR/apps/server/dist/server.js" && -f "$APP_DIR/apps/kiosk/dist/index.html" ]] ||
    die "$APP_DIR is not built: run 'npm ci && npm run build' in it first"
  NODE="${NODE:-$(command -v node || true)}"
  [[ -x "$NODE" ]] || die "Node.js not found: install Node.js 20.19 or newer (docs/deployment.md), or pass --node"
  "$NODE" -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' ||
    die "$NODE is Node.js $("$NODE" --version): 20.19 or newer is needed"
else
  NODE="${NODE:-/usr/bin/node}"
fi

ROOT="${PREFIX%/}"
ENV_FILE="/etc/plant-kiosk/plant-kiosk.env"
UNIT_DIR="/etc/systemd/system"

render() {
  local source="$1" target="$2" mode="$3"
  local tmp
  tmp="$(mktemp)"
  sed -e "s|@APP_DIR@|${APP_DIR}|g" \
    -e "s|@ENV_FILE@|${ENV_FILE}|g" \
    -e "s|@NODE@|${NODE}|g" \
    -e "s|@BACKUP_DIR@|${BACKUP_DIR}|g" \
    -e "s|@KEEP@|${KEEP}|g" \
    -e "s|@SERVER_NAME@|${SERVER_NAME}|g" \
    -e "s|@TLS_CERT@|${TLS_CERT}|g" \
    -e "s|@TLS_KEY@|${TLS_KEY}|g" \
    "$source" >"$tmp"
  if grep -q '@[A-Z_]*@' "$tmp"; then
    rm -f "$tmp"
    die "unfilled placeholder in $source"
  fi
  install -D -m "$mode" "$tmp" "${ROOT}${target}"
  rm -f "$tmp"
}

# --- packages and user -------------------------------------------------------------------------

if [[ -z "$PREFIX" ]]; then
  export DEBIAN_FRONTEND=noninteractive
  if [[ $NGINX -eq 1 ]] && ! command -v nginx >/dev/null; then
    apt-get update -q
    apt-get install -y -q --no-install-recommends nginx openssl
  fi
  if ! id -u plant-kiosk >/dev/null 2>&1; then
    echo "Creating the service user plant-kiosk..."
    useradd --system --home-dir /var/lib/plant-kiosk --no-create-home --shell /usr/sbin/nologin \
      --comment "Plant kiosk content service" plant-kiosk
  fi
fi

# --- files ---------------------------------------------------------------------------------------

echo "Writing the service, backup and proxy configuration..."
render "$HERE/systemd/plant-kiosk.service" "${UNIT_DIR}/plant-kiosk.service" 0644
render "$HERE/systemd/plant-kiosk-backup.service" "${UNIT_DIR}/plant-kiosk-backup.service" 0644
render "$HERE/systemd/plant-kiosk-backup.timer" "${UNIT_DIR}/plant-kiosk-backup.timer" 0644
if [[ $NGINX -eq 1 ]]; then
  render "$HERE/nginx/plant-kiosk.conf" /etc/nginx/sites-available/plant-kiosk.conf 0644
  mkdir -p "${ROOT}/etc/nginx/sites-enabled"
  ln -sfn /etc/nginx/sites-available/plant-kiosk.conf "${ROOT}/etc/nginx/sites-enabled/plant-kiosk.conf"
fi
# The settings file is the site's own: written once, never overwritten.
if [[ ! -e "${ROOT}${ENV_FILE}" ]]; then
  install -D -m 0640 "$HERE/plant-kiosk.env.example" "${ROOT}${ENV_FILE}"
fi

if [[ -n "$PREFIX" ]]; then
  echo "Files written under ${PREFIX} (nothing installed or started)."
  exit 0
fi

chown root:plant-kiosk "$ENV_FILE"
chmod 0640 "$ENV_FILE"
install -d -m 0750 -o plant-kiosk -g plant-kiosk "$BACKUP_DIR"

# --- TLS placeholder ---------------------------------------------------------------------------

if [[ $NGINX -eq 1 && ! -e "$TLS_CERT" ]]; then
  # Only so that nginx starts: replace it by the plant's certificate (docs/deployment.md).
  echo "No certificate at $TLS_CERT: writing a self-signed PLACEHOLDER for $SERVER_NAME."
  install -d -m 0755 "$(dirname "$TLS_CERT")"
  install -d -m 0700 "$(dirname "$TLS_KEY")"
  openssl req -x509 -newkey rsa:2048 -nodes -days 90 -subj "/CN=${SERVER_NAME}" \
    -addext "subjectAltName=DNS:${SERVER_NAME}" -keyout "$TLS_KEY" -out "$TLS_CERT" 2>/dev/null
  chmod 0600 "$TLS_KEY"
fi

# --- services ------------------------------------------------------------------------------------

systemctl daemon-reload
systemctl enable --quiet plant-kiosk.service
systemctl restart plant-kiosk.service
if [[ $BACKUP_TIMER -eq 1 ]]; then
  systemctl enable --quiet --now plant-kiosk-backup.timer
else
  systemctl disable --quiet --now plant-kiosk-backup.timer 2>/dev/null || true
fi
if [[ $NGINX -eq 1 ]]; then
  # The distribution's default site would answer on port 80 in place of ours.
  rm -f /etc/nginx/sites-enabled/default
  nginx -t
  systemctl enable --quiet nginx
  systemctl reload-or-restart nginx
fi

echo
echo "Content service running: https://${SERVER_NAME}/ (back-office: https://${SERVER_NAME}/admin/)"
echo "  Status: systemctl status plant-kiosk   Logs: journalctl -u plant-kiosk"
echo "  The first back-office password (unless ADMIN_PASSWORD is set) is in: journalctl -u plant-kiosk | grep -A1 'Back-office'"
[[ $BACKUP_TIMER -eq 1 ]] && echo "  Nightly backups: ${BACKUP_DIR} (last ${KEEP} kept)"
echo "  Settings: ${ENV_FILE} (then: systemctl restart plant-kiosk)"
