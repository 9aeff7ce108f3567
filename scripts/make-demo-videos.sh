#!/usr/bin/env bash
# Generates the demo plant's short silent looping videos into apps/server/assets/videos/.
#
# Why a script and committed files: ffmpeg is not a project dependency (a newcomer's machine may
# not have it), so the videos are made once with this script and committed; the seed only copies
# them into DATA_DIR/media/videos/. Re-run it only to change the videos.
#
# Everything is drawn with ffmpeg's lavfi sources, drawbox and drawtext, in the kiosk palette
# (gris1 #49494A, corail #F39A88, sable #FBF0E2, rouge #e20613, vert #289548, bleu #6B91AB).
# Each animation's motion has a period that divides the clip length, so `loop` plays seamlessly.
# Output: VP9 WebM, 854x480, 25 fps, no audio, constrained quality (CRF 40 capped at 280 kb/s) (each file well under 400 KB).
set -euo pipefail

cd "$(dirname "$0")/.."
OUT=apps/server/assets/videos
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
FONT_REGULAR=${FONT_REGULAR:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
command -v ffmpeg >/dev/null || { echo "ffmpeg is required" >&2; exit 1; }
[ -f "$FONT" ] || { echo "font not found: $FONT (set FONT=...)" >&2; exit 1; }
mkdir -p "$OUT"

# drawtext reads its text from files: accents, colons and apostrophes then need no escaping.
TXT=$(mktemp -d)
trap 'rm -rf "$TXT"' EXIT
t() { printf '%s' "$2" >"$TXT/$1.txt"; echo "$TXT/$1.txt"; }

W=854
H=480
encode() { # encode <output> <duration> <filtergraph>
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=0xFBF0E2:s=${W}x${H}:r=25:d=$2" \
    -vf "$3" -an -c:v libvpx-vp9 -crf 40 -b:v 280k \
    -deadline good -cpu-used 2 -row-mt 1 -pix_fmt yuv420p -g 250 "$OUT/$1"
  printf '%-34s %6d bytes\n' "$1" "$(stat -c %s "$OUT/$1")"
}
text() { # text <file> <size> <colour> <x> <y> [enable-expression] [font]
  local enable=${6:-1} font=${7:-$FONT}
  printf "drawtext=fontfile=%s:textfile=%s:expansion=none:fontsize=%s:fontcolor=%s:x=%s:y=%s:enable='%s'" \
    "$font" "$1" "$2" "$3" "$4" "$5" "$enable"
}

# 1. "60 ans au Neubourg": bars of the decades rise one after another, then the title.
F1=$(t y1963 "1963")
F2=$(t y2023 "2023")
F3=$(t sixty "60 ans au Neubourg")
F4=$(t sub60 "Fondée en 1947 · sur le site depuis 1963 · 690 collaborateurs")
bars=""
for i in 0 1 2 3 4 5 6; do
  x=$((120 + i * 90))
  h=$((60 + i * 35))
  # Each bar grows from 0 to its height between t = 0.4 i and 0.4 i + 0.8, holds, and all reset at 8 s.
  bars+="drawbox=x=${x}:y='400-${h}*min(1,max(0,(t-0.4*${i})/0.8))':w=60:h='${h}*min(1,max(0,(t-0.4*${i})/0.8))+1':color=0xF39A88@1:t=fill,"
done
encode soixante-ans-neubourg.webm 8 "drawbox=x=0:y=0:w=iw:h=70:color=0x49494A@1:t=fill,drawbox=x=0:y=70:w=iw:h=6:color=0xF39A88@1:t=fill,drawbox=x=90:y=400:w=680:h=4:color=0x49494A@1:t=fill,${bars}$(text "$F1" 26 0x49494A 110 412),$(text "$F2" 26 0x49494A 660 412),$(text "$F3" 40 0xFFFFFF 32 14),$(text "$F4" 20 0x49494A "(w-text_w)/2" 446 1 "$FONT_REGULAR"),$(text "$F3" 56 0xe20613 "(w-text_w)/2" 150 'gte(t,3.2)')"

# 2. Plant film: pumps travel on an assembly line while the key figures change every 2.5 s.
C1=$(t c1 "68 presses à injecter (10 à 300 t)")
C2=$(t c2 "Plus de 100 machines d'assemblage")
C3=$(t c3 "4,15 milliards de pièces par an")
C4=$(t c4 "Production 24 h/24, 7 j/7")
T2=$(t film "Le site du Neubourg")
items=""
for k in 0 1 2 3 4 5; do
  # 170 px spacing at 170 px/s: after the 10 s clip every pump is exactly where another started.
  x="mod(t*170+${k}*170\,1020)-110"
  items+="drawbox=x='${x}':y=262:w=44:h=70:color=0xFFFFFF@1:t=fill,drawbox=x='${x}+14':y=236:w=16:h=26:color=0x6B91AB@1:t=fill,drawbox=x='${x}+8':y=228:w=28:h=10:color=0x49494A@1:t=fill,"
done
encode film-usine-neubourg.webm 10 "drawbox=x=0:y=0:w=iw:h=ih:color=0xE9E0D2@1:t=fill,drawbox=x=0:y=0:w=iw:h=70:color=0x49494A@1:t=fill,drawbox=x=0:y=70:w=iw:h=6:color=0x289548@1:t=fill,drawbox=x=60:y=140:w=150:h=120:color=0xBFC9D1@1:t=fill,drawbox=x=640:y=140:w=150:h=120:color=0xBFC9D1@1:t=fill,drawbox=x=0:y=332:w=iw:h=26:color=0x49494A@1:t=fill,drawbox=x='mod(t*170\,34)-34':y=340:w=iw+40:h=4:color=0x6B91AB@0.6:t=fill,${items}$(text "$T2" 36 0xFFFFFF 32 16),$(text "$C1" 30 0x49494A "(w-text_w)/2" 400 'lt(t,2.5)'),$(text "$C2" 30 0x49494A "(w-text_w)/2" 400 'between(t,2.5,5)'),$(text "$C3" 30 0x49494A "(w-text_w)/2" 400 'between(t,5,7.5)'),$(text "$C4" 30 0x49494A "(w-text_w)/2" 400 'gt(t,7.5)')"

# 3. Group video for visitors: sliding stripes and the group's figures.
G0=$(t g0 "Le Groupe")
G1=$(t g1 "13 000 collaborateurs")
G2=$(t g2 "Présent dans 20 pays")
G3=$(t g3 "3,5 milliards d'euros de chiffre d'affaires")
G4=$(t g4 "Division Beauté · 25 sites · plus de 1 000 brevets")
stripes=""
for k in 0 1 2 3; do
  stripes+="drawbox=x='mod(t*96+${k}*240\,960)-120':y=0:w=60:h=ih:color=0xFFFFFF@0.10:t=fill,"
done
encode groupe-presentation.webm 10 "drawbox=x=0:y=0:w=iw:h=ih:color=0x6B91AB@1:t=fill,${stripes}drawbox=x=0:y=380:w=iw:h=100:color=0x49494A@1:t=fill,$(text "$G0" 58 0xFFFFFF 48 60),drawbox=x=50:y=140:w=120:h=6:color=0xF39A88@1:t=fill,$(text "$G1" 40 0xFFFFFF 48 190 'lt(t,2.5)'),$(text "$G2" 40 0xFFFFFF 48 190 'between(t,2.5,5)'),$(text "$G3" 32 0xFFFFFF 48 196 'between(t,5,7.5)'),$(text "$G4" 32 0xFFFFFF 48 196 'gt(t,7.5)'),$(text "$G0" 22 0xFBF0E2 48 418 1 "$FONT_REGULAR")"

# 4. Product video: the Brume Fine spray pump atomises a fine mist every 2 s.
P1=$(t p1 "Brume Fine · pompe spray parfum")
P2=$(t p2 "Brume homogène et fine · dosage 70 µl")
mist=""
for k in 0 1 2 3 4 5 6 7; do
  dy=$(( (k % 4) * 14 - 21 ))
  # Each droplet leaves the nozzle at the start of the 2 s cycle and drifts right as it fades.
  mist+="drawbox=x='392+mod(t\,2)*(150+${k}*22)':y='142+${dy}*mod(t\,2)*1.2':w=8:h=8:color=0x6B91AB@0.7:t=fill:enable='lt(mod(t\,2)\,1.4)',"
done
encode produit-brume-fine.webm 6 "drawbox=x=0:y=0:w=iw:h=70:color=0x49494A@1:t=fill,drawbox=x=0:y=70:w=iw:h=6:color=0xF39A88@1:t=fill,drawbox=x=300:y=210:w=110:h=200:color=0xF39A88@0.55:t=fill,drawbox=x=300:y=210:w=110:h=200:color=0x49494A@1:t=4,drawbox=x=335:y=180:w=40:h=30:color=0x49494A@1:t=fill,drawbox=x=330:y='130+6*lt(mod(t\,2)\,0.3)':w=50:h=50:color=0xFFFFFF@1:t=fill,drawbox=x=330:y='130+6*lt(mod(t\,2)\,0.3)':w=50:h=50:color=0x49494A@1:t=3,drawbox=x=380:y='146+6*lt(mod(t\,2)\,0.3)':w=12:h=8:color=0x49494A@1:t=fill,${mist}$(text "$P1" 32 0xFFFFFF 32 18),$(text "$P2" 24 0x49494A "(w-text_w)/2" 436 1 "$FONT_REGULAR")"

# 5. Product video: the Cresta airless dispenser's piston rises as the dose is pushed out.
A1=$(t a1 "Cresta · flacon airless")
A2=$(t a2 "Restitution jusqu'à 95 % · sans reprise d'air")
encode produit-cresta-airless.webm 6 "drawbox=x=0:y=0:w=iw:h=70:color=0x49494A@1:t=fill,drawbox=x=0:y=70:w=iw:h=6:color=0x289548@1:t=fill,drawbox=x=372:y=150:w=110:h=250:color=0xFFFFFF@1:t=fill,drawbox=x=372:y='150+250-(250-24)*(1-mod(t\,6)/6)':w=110:h='(250-24)*(1-mod(t\,6)/6)':color=0xF39A88@0.7:t=fill,drawbox=x=372:y='150+250-(250-24)*(1-mod(t\,6)/6)-12':w=110:h=12:color=0x49494A@1:t=fill,drawbox=x=372:y=150:w=110:h=250:color=0x49494A@1:t=4,drawbox=x=392:y='112+8*lt(mod(t\,1)\,0.25)':w=70:h=38:color=0x49494A@1:t=fill,drawbox=x=462:y='120+8*lt(mod(t\,1)\,0.25)':w=26:h=10:color=0x49494A@1:t=fill,$(text "$A1" 32 0xFFFFFF 32 18),$(text "$A2" 24 0x49494A "(w-text_w)/2" 436 1 "$FONT_REGULAR")"
