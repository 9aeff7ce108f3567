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
# Output: VP9 WebM, 854x480, 25 fps, no audio, CRF 40 capped at 280 kb/s: each file is under 70 KB.
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
encode() { # encode <output> <duration> <filter_complex reading [0:v] (sable background), ending in [out]>
  ffmpeg -hide_banner -loglevel error -y -f lavfi -i "color=c=0xFBF0E2:s=${W}x${H}:r=25:d=$2" \
    -filter_complex "$3" -map '[out]' -an -c:v libvpx-vp9 -crf 40 -b:v 280k \
    -deadline good -cpu-used 2 -row-mt 1 -pix_fmt yuv420p -g 250 "$OUT/$1"
  printf '%-34s %6d bytes\n' "$1" "$(stat -c %s "$OUT/$1")"
}
text() { # text <file> <size> <colour> <x> <y> [enable-expression] [font]
  local enable=${6:-1} font=${7:-$FONT}
  printf "drawtext=fontfile=%s:textfile=%s:expansion=none:fontsize=%s:fontcolor=%s:x=%s:y=%s:enable='%s'" \
    "$font" "$1" "$2" "$3" "$4" "$5" "$enable"
}
box() { # box <x> <y> <w> <h> <colour> [thickness]: a static box (ffmpeg 5 evaluates drawbox once)
  printf 'drawbox=x=%s:y=%s:w=%s:h=%s:color=%s@1:t=%s' "$1" "$2" "$3" "$4" "$5" "${6:-fill}"
}
sprite() { # sprite <label> <w> <h> <colour> <duration> [extra filters]: a solid source to move with overlay
  printf 'color=c=%s:s=%sx%s:r=25:d=%s%s[%s]' "$4" "$2" "$3" "$5" "${6:+,$6}" "$1"
}
# Only overlay re-evaluates its x/y expressions on every frame in ffmpeg 5, so everything that
# moves is a sprite overlaid with a time expression; static shapes are drawboxes.

# 1. "60 ans au Neubourg": the decades' bars rise from the floor one after another, then the title.
F1=$(t y1963 "1963")
F2=$(t y2023 "2023")
F3=$(t sixty "60 ans au Neubourg")
F4=$(t sub60 "Fondée en 1947 · sur le site depuis 1963 · 690 collaborateurs")
graph="[0:v]$(box 0 0 iw 70 0x49494A),$(box 0 70 iw 6 0xF39A88)[b0];"
for i in 0 1 2 3 4 5 6; do
  h=$((50 + i * 24))
  graph+="$(sprite bar$i 60 "$h" 0xF39A88 8);"
  # Bar i rises between t = 0.4 i and 0.4 i + 0.8 and holds until the clip loops.
  graph+="[b$i][bar$i]overlay=x=$((120 + i * 90)):y='400-${h}*min(1,max(0,(t-0.4*${i})/0.8))'[b$((i + 1))];"
done
graph+="[b7]$(box 0 400 iw 80 0xFBF0E2),$(box 90 400 680 4 0x49494A),$(text "$F1" 26 0x49494A 110 412),$(text "$F2" 26 0x49494A 660 412),$(text "$F3" 40 0xFFFFFF 32 14),$(text "$F4" 20 0x49494A "(w-text_w)/2" 446 1 "$FONT_REGULAR"),$(text "$F3" 56 0xe20613 "(w-text_w)/2" 110 'gte(t,3.2)')[out]"
encode soixante-ans-neubourg.webm 8 "$graph"

# 2. Plant film: pumps travel along an assembly line through two machines while the key figures
# change every 2.5 s. The line is one strip of pumps 170 px apart moving at 170 px/s: after each
# second it is back where it started, so the 10 s clip loops without a jump.
C1=$(t c1 "68 presses à injecter (10 à 300 t)")
C2=$(t c2 "Plus de 100 machines d'assemblage")
C3=$(t c3 "4,15 milliards de pièces par an")
C4=$(t c4 "Production 24 h/24, 7 j/7")
T2=$(t film "Le site du Neubourg")
pumps=""
for k in 0 1 2 3 4 5 6; do
  x=$((k * 170 + 60))
  pumps+=",$(box "$x" 34 44 70 0xFFFFFF),$(box $((x + 14)) 8 16 26 0x6B91AB),$(box $((x + 8)) 0 28 10 0x49494A)"
done
for k in 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34; do
  pumps+=",$(box $((k * 34)) 112 18 4 0x6B91AB)"
done
graph="$(sprite line 1190 130 0xE9E0D2 10 "$(box 0 104 iw 26 0x49494A)${pumps}");"
graph+="[0:v]$(box 0 0 iw ih 0xE9E0D2)[bg];[bg][line]overlay=x='mod(t*170,170)-170':y=228[l];"
graph+="[l]$(box 0 0 iw 70 0x49494A),$(box 0 70 iw 6 0x289548),$(box 170 120 170 150 0x6B91AB),$(box 180 130 150 80 0xBFC9D1),$(box 560 120 170 150 0x6B91AB),$(box 570 130 150 80 0xBFC9D1),$(box 0 358 iw 122 0xFBF0E2),$(text "$T2" 36 0xFFFFFF 32 16),$(text "$C1" 30 0x49494A "(w-text_w)/2" 400 'lt(t,2.5)'),$(text "$C2" 30 0x49494A "(w-text_w)/2" 400 'between(t,2.5,5)'),$(text "$C3" 30 0x49494A "(w-text_w)/2" 400 'between(t,5,7.5)'),$(text "$C4" 30 0x49494A "(w-text_w)/2" 400 'gt(t,7.5)')[out]"
encode film-usine-neubourg.webm 10 "$graph"

# 3. Group video for visitors: sliding stripes (one strip, period 2.5 s) and the group's figures.
G0=$(t g0 "Le Groupe")
G1=$(t g1 "13 000 collaborateurs")
G2=$(t g2 "Présent dans 20 pays")
G3=$(t g3 "3,5 milliards d'euros de chiffre d'affaires")
G4=$(t g4 "Division Beauté · 25 sites · plus de 1 000 brevets")
G5=$(t g5 "Division Beauté : 1,27 milliard d'euros en 2023 · 14 technologies")
stripes=""
for k in 0 1 2 3 4; do stripes+=",$(box $((k * 240)) 0 60 ih 0x7A9CB3)"; done
graph="$(sprite stripes 1200 380 0x6B91AB 10 "${stripes#,}");"
graph+="[0:v][stripes]overlay=x='mod(t*96,240)-240':y=0[s];"
graph+="[s]$(box 0 380 iw 100 0x49494A),$(text "$G0" 58 0xFFFFFF 48 60),$(box 50 140 120 6 0xF39A88),$(text "$G1" 40 0xFFFFFF 48 190 'lt(t,2.5)'),$(text "$G2" 40 0xFFFFFF 48 190 'between(t,2.5,5)'),$(text "$G3" 32 0xFFFFFF 48 196 'between(t,5,7.5)'),$(text "$G4" 32 0xFFFFFF 48 196 'gt(t,7.5)'),$(text "$G5" 20 0xFBF0E2 48 418 1 "$FONT_REGULAR")[out]"
encode groupe-presentation.webm 10 "$graph"

# 4. Product video: the Brume Fine spray pump is pressed every 2 s and atomises a fine mist.
P1=$(t p1 "Brume Fine · pompe spray parfum")
P2=$(t p2 "Brume homogène et fine · dosage 70 µl")
graph="$(sprite head 50 50 0xFFFFFF 6 "$(box 0 0 50 50 0x49494A 3),pad=w=62:h=50:color=0xFBF0E2,$(box 50 16 12 8 0x49494A)");"
graph+="color=c=0x6B91AB:s=9x9:r=25:d=6,split=8[d0][d1][d2][d3][d4][d5][d6][d7];"
graph+="[0:v]$(box 0 0 iw 70 0x49494A),$(box 0 70 iw 6 0xF39A88),$(box 300 210 110 200 0xF8C3B6),$(box 300 210 110 200 0x49494A 4),$(box 335 180 40 30 0x49494A)[m0];"
graph+="[m0][head]overlay=x=330:y='130+6*lt(mod(t,2),0.3)'[m1];"
for k in 0 1 2 3 4 5 6 7; do
  dy=$(( (k % 4) * 16 - 24 ))
  # Droplet k leaves the nozzle at the start of each 2 s cycle, fans out and is gone after 1.4 s.
  graph+="[m$((k + 1))][d$k]overlay=x='394+mod(t,2)*(130+${k}*24)':y='144+${dy}*mod(t,2)*1.4':enable='lt(mod(t,2),1.4)'[m$((k + 2))];"
done
graph+="[m9]$(text "$P1" 32 0xFFFFFF 32 18),$(text "$P2" 24 0x49494A "(w-text_w)/2" 436 1 "$FONT_REGULAR")[out]"
encode produit-brume-fine.webm 6 "$graph"

# 5. Product video: the Cresta airless bottle's piston rises as doses are pushed out (one dose a
# second), then the bottle starts full again.
A1=$(t a1 "Cresta · flacon airless")
A2=$(t a2 "Restitution jusqu'à 95 % · sans reprise d'air")
graph="$(sprite empty 110 260 0xFFFFFF 6 "$(box 0 0 110 12 0x49494A)");"
graph+="$(sprite cap 96 48 0xFBF0E2 6 "$(box 0 0 70 38 0x49494A),$(box 70 8 26 10 0x49494A)");"
graph+="[0:v]$(box 0 0 iw 70 0x49494A),$(box 0 70 iw 6 0x289548),$(box 372 150 110 250 0xF8C3B6)[c0];"
graph+="[c0][empty]overlay=x=372:y='388-226*mod(t,6)/6'[c1];"
graph+="[c1]$(box 360 404 140 76 0xFBF0E2),$(box 372 150 110 254 0x49494A 4)[c2];"
graph+="[c2][cap]overlay=x=392:y='112+8*lt(mod(t,1),0.25)'[c3];"
graph+="[c3]$(text "$A1" 32 0xFFFFFF 32 18),$(text "$A2" 24 0x49494A "(w-text_w)/2" 436 1 "$FONT_REGULAR")[out]"
encode produit-cresta-airless.webm 6 "$graph"
