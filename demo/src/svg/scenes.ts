/**
 * "Photo-like" illustrations of the plant (home slideshow, magazine, presentation pages): stylised
 * scenes drawn with gradients and basic shapes at the slideshow's 1080 × 607. Each carries its
 * title in a caption band unless `caption` is false (when nested in a page that has its own).
 */
import {
  escapeXml,
  PALETTE,
  rect,
  round,
  seededRandom,
  svgDocument,
  text,
  fitSize,
} from './kit.js';

export type SceneKind =
  'injection' | 'assembly' | 'warehouse' | 'pumps' | 'lab' | 'aerial' | 'team' | 'quality';

export const SCENE_WIDTH = 1080;
export const SCENE_HEIGHT = 607;

export interface SceneOptions {
  title: string;
  subtitle?: string;
  caption?: boolean;
  /** Prefix of the gradient ids; must differ between scenes nested in the same document. */
  uid?: string;
  /** Words drawn in the scene (the aerial view's building names, in AERIAL_LABELS' order). */
  labels?: readonly string[];
}

const H = SCENE_HEIGHT;
const HORIZON = 330;

function defs(id: string): string {
  const lin = (name: string, from: string, to: string, extra = '') =>
    `<linearGradient id="${id}-${name}" x1="0" y1="0" x2="0" y2="1"${extra}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
  return (
    lin('wall', '#EFE9E0', '#F8F3EA') +
    lin('floor', '#C8CDD1', '#8E979E') +
    lin('metal', '#9DBBCE', '#5B7D93') +
    lin('dark', '#6A6A6C', '#3A3A3B') +
    lin('sky', '#BFD3E0', '#EEF3F6') +
    lin('studio', '#FDF6EC', '#EAD9C2') +
    lin('glass', '#FFFFFF', '#DCE6EE') +
    `<radialGradient id="${id}-glow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#FFFFFF" stop-opacity="0.75"/><stop offset="1" stop-color="#FFFFFF" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}-shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#000000" stop-opacity="0.28"/><stop offset="1" stop-color="#000000" stop-opacity="0"/></radialGradient>`
  );
}

const url = (id: string, name: string) => `url(#${id}-${name})`;

/** Factory hall: wall, ceiling lights and a floor with green pedestrian walkways in perspective. */
function hall(id: string): string {
  let svg = rect(0, 0, 1080, HORIZON, url(id, 'wall'));
  // Roof trusses and light rows.
  for (let i = 0; i < 7; i++) {
    const x = 40 + i * 160;
    svg += rect(x, 28, 110, 10, '#FFFFFF', { rx: 4 });
    svg += `<ellipse cx="${x + 55}" cy="60" rx="120" ry="50" fill="${url(id, 'glow')}"/>`;
  }
  svg += rect(0, 0, 1080, 18, '#D5CEC3');
  svg += rect(0, HORIZON - 70, 1080, 8, PALETTE.sableDark);
  svg += rect(0, HORIZON, 1080, H - HORIZON, url(id, 'floor'));
  // Walkway edges converge towards the vanishing point.
  const vx = 540;
  for (const [from, to] of [
    [-200, 420],
    [1280, 660],
  ] as const) {
    svg += `<path d="M${from} ${H} L${to} ${HORIZON}" stroke="${PALETTE.vert}" stroke-width="10" opacity="0.85"/>`;
  }
  svg += `<path d="M${vx - 30} ${H} L${vx - 6} ${HORIZON}" stroke="#FFFFFF" stroke-width="6" stroke-dasharray="30 26" opacity="0.7"/>`;
  return svg;
}

function injectionPress(x: number, y: number, scale: number, id: string, tone: string): string {
  const s = (v: number) => round(v * scale);
  return (
    `<g transform="translate(${round(x)} ${round(y)})">` +
    `<ellipse cx="${s(200)}" cy="${s(168)}" rx="${s(230)}" ry="${s(22)}" fill="${url(id, 'shadow')}"/>` +
    rect(0, s(60), s(400), s(100), url(id, 'metal'), { rx: s(6) }) +
    rect(s(10), s(10), s(150), s(150), tone, { rx: s(6) }) +
    rect(s(22), s(26), s(126), s(70), url(id, 'glass'), { rx: s(4), opacity: 0.85 }) +
    rect(s(170), s(40), s(130), s(40), url(id, 'dark'), { rx: s(4) }) +
    `<path d="M${s(300)} ${s(60)} L${s(330)} ${s(-30)} L${s(380)} ${s(-30)} L${s(370)} ${s(60)} Z" fill="${PALETTE.gris3}" stroke="${PALETTE.gris2}" stroke-width="${s(3)}"/>` +
    rect(s(320), s(-44), s(66), s(16), PALETTE.gris2, { rx: s(4) }) +
    rect(s(200), s(90), s(70), s(44), PALETTE.gris1, { rx: s(4) }) +
    rect(s(208), s(98), s(54), s(24), PALETTE.bleu) +
    rect(s(0), s(150), s(400), s(10), PALETTE.corail) +
    `</g>`
  );
}

function pumpBottle(x: number, y: number, scale: number, body: string, head: string): string {
  const s = (v: number) => round(v * scale);
  return (
    `<g transform="translate(${round(x)} ${round(y)})">` +
    rect(s(-14), s(-36), s(28), s(16), head, { rx: s(4) }) +
    rect(s(-6), s(-22), s(12), s(12), PALETTE.gris2) +
    rect(s(-20), s(-10), s(40), s(58), body, { rx: s(8) }) +
    rect(s(-14), s(-2), s(8), s(40), '#FFFFFF', { rx: s(4), opacity: 0.45 }) +
    `</g>`
  );
}

function person(x: number, y: number, scale: number, shirt: string, skin = '#D9B49A'): string {
  const s = (v: number) => round(v * scale);
  return (
    `<g transform="translate(${round(x)} ${round(y)})">` +
    `<circle cx="0" cy="${s(-150)}" r="${s(22)}" fill="${skin}"/>` +
    `<path d="M${s(-22)} ${s(-162)} q${s(22)} ${s(-22)} ${s(44)} 0 v${s(-6)} q${s(-22)} ${s(-20)} ${s(-44)} 0z" fill="${PALETTE.gris1}"/>` +
    `<path d="M${s(-40)} ${s(-60)} v${s(-50)} q0 ${s(-20)} ${s(40)} ${s(-20)} q${s(40)} 0 ${s(40)} ${s(20)} v${s(50)} z" fill="${shirt}"/>` +
    rect(s(-34), s(-62), s(30), s(62), PALETTE.gris1) +
    rect(s(4), s(-62), s(30), s(62), PALETTE.gris1) +
    `</g>`
  );
}

function injection(id: string): string {
  let svg = hall(id);
  const tones = [PALETTE.bleu, '#5E86A0', '#7B9DB3', '#86A5B9'];
  for (let i = 3; i >= 0; i--) {
    const scale = 1 - i * 0.2;
    svg += injectionPress(
      30 + i * 120,
      300 + (3 - i) * 48 - 40,
      scale * 0.95,
      id,
      tones[i] ?? PALETTE.bleu,
    );
  }
  // Crates of moulded parts and a robot arm on the right.
  const random = seededRandom(7);
  for (let i = 0; i < 3; i++) {
    const x = 700 + i * 110;
    svg += rect(x, 450, 96, 70, PALETTE.corail, { rx: 6 });
    svg += rect(x + 6, 440, 84, 16, '#F7B9AA', { rx: 4 });
    for (let k = 0; k < 6; k++)
      svg += `<circle cx="${round(x + 14 + random() * 68)}" cy="${round(444 + random() * 8)}" r="6" fill="#FFFFFF"/>`;
  }
  svg += `<path d="M900 330 L900 250 L980 200 L1020 240" stroke="${PALETTE.corail}" stroke-width="22" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`;
  svg += rect(870, 320, 60, 40, PALETTE.gris1, { rx: 6 });
  svg += `<circle cx="900" cy="250" r="16" fill="${PALETTE.gris1}"/><circle cx="980" cy="200" r="14" fill="${PALETTE.gris1}"/>`;
  svg += person(640, 560, 0.95, PALETTE.bleu);
  return svg;
}

function assembly(id: string): string {
  let svg = hall(id);
  // A conveyor running towards the viewer, with pumps on it.
  svg += `<path d="M470 330 L590 330 L820 607 L380 607 Z" fill="${PALETTE.gris1}"/>`;
  svg += `<path d="M488 330 L572 330 L770 607 L430 607 Z" fill="#6E6E70"/>`;
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    const y = 345 + t * t * 230;
    const scale = 0.35 + t * 0.9;
    svg += pumpBottle(
      530 + t * 70,
      y,
      scale,
      i % 2 ? '#FFFFFF' : PALETTE.corailPale,
      PALETTE.gris1,
    );
  }
  // Glass-walled assembly machines on both sides.
  for (const [x, w, h] of [
    [60, 300, 250],
    [740, 300, 250],
  ] as const) {
    svg += `<ellipse cx="${x + w / 2}" cy="${HORIZON + h - 20}" rx="${w * 0.6}" ry="20" fill="${url(id, 'shadow')}"/>`;
    svg += rect(x, HORIZON - 60, w, h, url(id, 'metal'), { rx: 8 });
    svg += rect(x + 14, HORIZON - 46, w - 28, h - 110, url(id, 'glass'), { rx: 6, opacity: 0.9 });
    svg += rect(x, HORIZON + h - 84, w, 24, PALETTE.gris1);
    svg += `<circle cx="${x + w - 40}" cy="${HORIZON - 80}" r="12" fill="${PALETTE.vert}"/>`;
    svg += rect(x + w - 46, HORIZON - 70, 12, 10, PALETTE.gris1);
    // Parts feeder bowl and arm inside the machine.
    svg += `<ellipse cx="${x + 90}" cy="${HORIZON + 40}" rx="50" ry="18" fill="${PALETTE.gris3}" stroke="${PALETTE.gris2}" stroke-width="3"/>`;
    svg += `<path d="M${x + 150} ${HORIZON + 90} v-70 h70 v30" stroke="${PALETTE.corail}" stroke-width="12" fill="none" stroke-linecap="round"/>`;
  }
  svg += person(900, 600, 1.0, PALETTE.vert);
  return svg;
}

function warehouse(id: string): string {
  let svg = hall(id);
  const random = seededRandom(11);
  for (let side = 0; side < 2; side++) {
    for (let bay = 0; bay < 3; bay++) {
      const scale = 1 - bay * 0.22;
      const w = 210 * scale;
      const x = side === 0 ? 20 + bay * 150 : 1060 - w - bay * 150;
      const top = 70 + bay * 40;
      const bottom = HORIZON + 150 - bay * 50;
      svg += rect(x, top, 10 * scale, bottom - top, PALETTE.bleu);
      svg += rect(x + w - 10 * scale, top, 10 * scale, bottom - top, PALETTE.bleu);
      for (let level = 0; level < 3; level++) {
        const y = top + 20 + level * ((bottom - top) / 3);
        svg += rect(x, y + (bottom - top) / 3 - 26, w, 8 * scale, PALETTE.corail);
        const boxes = 2;
        for (let b = 0; b < boxes; b++) {
          const bw = (w - 40 * scale) / boxes;
          const bh = ((bottom - top) / 3 - 40) * (0.7 + random() * 0.25);
          const bx = x + 14 * scale + b * (bw + 10 * scale);
          svg += rect(bx, y + (bottom - top) / 3 - 26 - bh, bw, bh, b % 2 ? '#D9B98F' : '#E6C9A0', {
            rx: 3,
          });
          svg += rect(bx + bw * 0.4, y + (bottom - top) / 3 - 26 - bh, bw * 0.2, bh, '#F3E3C8', {
            opacity: 0.8,
          });
        }
      }
    }
  }
  // Forklift carrying a pallet.
  svg += `<ellipse cx="560" cy="575" rx="170" ry="20" fill="${url(id, 'shadow')}"/>`;
  svg += rect(470, 440, 150, 110, PALETTE.corail, { rx: 12 });
  svg += `<path d="M490 440 V360 H600 L620 440" stroke="${PALETTE.gris1}" stroke-width="10" fill="none"/>`;
  svg += rect(620, 330, 14, 230, PALETTE.gris1);
  svg += rect(634, 520, 110, 10, PALETTE.gris1);
  svg += rect(640, 440, 100, 80, '#E6C9A0', { rx: 3 });
  svg += rect(640, 510, 100, 12, '#B58B5A');
  svg += `<circle cx="500" cy="556" r="26" fill="${PALETTE.gris1}"/><circle cx="596" cy="556" r="26" fill="${PALETTE.gris1}"/>`;
  svg += `<circle cx="500" cy="556" r="10" fill="${PALETTE.gris3}"/><circle cx="596" cy="556" r="10" fill="${PALETTE.gris3}"/>`;
  return svg;
}

function perfumeBottle(
  x: number,
  base: number,
  w: number,
  h: number,
  tint: string,
  head: 'pump' | 'spray' | 'lotion' | 'airless',
): string {
  const top = base - h;
  let svg = `<ellipse cx="${x}" cy="${base + 6}" rx="${round(w * 0.75)}" ry="12" fill="#000" opacity="0.12"/>`;
  if (head === 'airless') {
    svg += rect(x - w / 2, top, w, h, tint, { rx: 14 });
    svg += rect(x - w / 2, top - 50, w, 54, PALETTE.gris1, { rx: 14 });
    svg += rect(x - w / 2 + 10, top - 30, w - 20, 6, '#FFFFFF', { rx: 3, opacity: 0.5 });
  } else {
    svg += rect(x - w / 2, top, w, h, tint, { rx: w * 0.25 });
    svg += rect(x - w / 2 + 12, top + 14, w * 0.18, h - 28, '#FFFFFF', { rx: 6, opacity: 0.5 });
    svg += rect(x - w * 0.18, top - 26, w * 0.36, 30, '#C9A36A', { rx: 5 });
    if (head === 'pump' || head === 'spray') {
      svg += rect(x - w * 0.14, top - 62, w * 0.28, 38, PALETTE.gris1, { rx: 6 });
      if (head === 'spray') {
        for (let i = 0; i < 14; i++) {
          const angle = -0.5 + (i / 13) * 0.9;
          const r = 30 + (i % 5) * 22;
          svg += `<circle cx="${round(x + w * 0.2 + Math.cos(angle) * r)}" cy="${round(top - 46 + Math.sin(angle) * r)}" r="${3 + (i % 3)}" fill="${PALETTE.bleu}" opacity="0.45"/>`;
        }
      }
    } else {
      svg += rect(x - 6, top - 80, 12, 56, PALETTE.gris1);
      svg += `<path d="M${x - 22} ${top - 96} h44 v18 h30 v10 h-74 z" fill="${PALETTE.gris1}"/>`;
    }
  }
  return svg;
}

function pumps(id: string): string {
  let svg = rect(0, 0, 1080, H, url(id, 'studio'));
  svg += `<ellipse cx="540" cy="300" rx="520" ry="260" fill="${url(id, 'glow')}"/>`;
  svg += rect(0, 470, 1080, 137, '#E3CFB2', { opacity: 0.6 });
  svg += perfumeBottle(230, 500, 150, 210, PALETTE.corail, 'pump');
  svg += perfumeBottle(430, 500, 110, 260, PALETTE.bleuPale, 'spray');
  svg += perfumeBottle(640, 500, 130, 200, '#FFFFFF', 'lotion');
  svg += perfumeBottle(850, 500, 100, 230, PALETTE.vertPale, 'airless');
  return svg;
}

function lab(id: string): string {
  let svg = rect(0, 0, 1080, H, url(id, 'wall'));
  svg += rect(0, 380, 1080, 227, url(id, 'floor'));
  svg += rect(40, 360, 1000, 30, PALETTE.gris1);
  svg += rect(60, 390, 20, 200, PALETTE.gris1);
  svg += rect(1000, 390, 20, 200, PALETTE.gris1);
  // Three 3D printers.
  for (let i = 0; i < 3; i++) {
    const x = 80 + i * 200;
    svg += rect(x, 160, 170, 200, PALETTE.gris1, { rx: 8 });
    svg += rect(x + 12, 172, 146, 150, url(id, 'glass'), { rx: 4, opacity: 0.9 });
    svg += rect(x + 30, 200 + i * 12, 110, 10, PALETTE.gris2);
    svg += rect(x + 70, 210 + i * 12, 20, 14, PALETTE.corail);
    svg += rect(x + 40, 290 - i * 20, 90, 30 + i * 20, i === 1 ? PALETTE.bleu : PALETTE.corail, {
      rx: 4,
    });
    svg += rect(x + 12, 330, 60, 18, PALETTE.bleu, { rx: 3 });
  }
  // CAD screen with a pump drawn in wireframe.
  svg += rect(700, 150, 300, 190, PALETTE.gris1, { rx: 10 });
  svg += rect(712, 162, 276, 160, '#1F2A33');
  svg += `<g stroke="${PALETTE.bleu}" stroke-width="3" fill="none"><rect x="820" y="200" width="60" height="20" rx="4"/><rect x="835" y="220" width="30" height="20"/><rect x="810" y="240" width="80" height="70" rx="12"/><path d="M830 260 h40 M830 280 h40"/></g>`;
  svg += rect(836, 340, 28, 22, PALETTE.gris1);
  svg += person(560, 600, 0.85, PALETTE.corail);
  return svg;
}

/** The aerial view's words (building names, then the site's area), French; an English page passes its own. */
export const AERIAL_LABELS = [
  'Moulage',
  'Assemblage',
  'Logistique',
  'Bureaux',
  'Restaurant',
  '96 000 m²',
];

function aerial(_id: string, labels: readonly string[] = AERIAL_LABELS): string {
  const label = (i: number) => labels[i] ?? AERIAL_LABELS[i] ?? '';
  let svg = rect(0, 0, 1080, H, '#CFE3C8');
  const random = seededRandom(3);
  // Fields around the site.
  svg += `<path d="M0 0 H340 L260 200 H0 Z" fill="#BFD8B3"/><path d="M820 607 L900 380 H1080 V607 Z" fill="#BFD8B3"/>`;
  // Roads.
  svg += `<path d="M0 520 C300 500 700 560 1080 500" stroke="#A9A9AB" stroke-width="40" fill="none"/>`;
  svg += `<path d="M600 607 L600 470 M180 540 L180 360" stroke="#A9A9AB" stroke-width="26" fill="none"/>`;
  svg += rect(140, 90, 820, 370, '#DAD6CF', { rx: 6 });
  // Buildings (roofs), with a light edge for volume.
  const building = (x: number, y: number, w: number, h: number, roof: string, label: string) =>
    rect(x + 8, y + 10, w, h, '#000', { opacity: 0.15 }) +
    rect(x, y, w, h, roof) +
    rect(x, y, w, 8, '#FFFFFF', { opacity: 0.35 }) +
    text(x + w / 2, y + h / 2 + 10, label, {
      size: 26,
      fill: PALETTE.gris1,
      bold: true,
      anchor: 'middle',
    });
  svg += building(200, 130, 330, 170, '#E8E6E2', label(0));
  svg += building(550, 130, 330, 170, '#E2E4E6', label(1));
  svg += building(200, 320, 220, 110, '#EDE3D3', label(2));
  svg += building(440, 320, 160, 110, '#F3EBE0', label(3));
  svg += building(620, 320, 120, 110, '#E5DED6', label(4));
  // Solar panels on the assembly roof.
  for (let i = 0; i < 6; i++)
    svg += rect(570 + i * 50, 150, 40, 40, PALETTE.bleu, { opacity: 0.8 });
  // Car park and trees.
  svg += rect(770, 330, 170, 110, '#BDBDBF');
  for (let i = 0; i < 14; i++) {
    const colours = [PALETTE.corail, '#FFFFFF', PALETTE.bleu, PALETTE.gris1, PALETTE.rouge];
    svg += rect(
      780 + (i % 7) * 22,
      342 + Math.floor(i / 7) * 52,
      14,
      26,
      colours[i % colours.length] ?? '#FFF',
      { rx: 3 },
    );
  }
  for (let i = 0; i < 26; i++) {
    const x = i < 13 ? 40 + random() * 80 : 980 + random() * 80;
    const y = 60 + random() * 420;
    svg += `<circle cx="${round(x)}" cy="${round(y)}" r="${round(14 + random() * 12)}" fill="${PALETTE.vert}" opacity="${round(0.6 + random() * 0.4)}"/>`;
  }
  svg += rect(770, 40, 210, 70, '#FFFFFF', { rx: 10, opacity: 0.92 });
  svg += text(875, 86, label(5), { size: 34, bold: true, fill: PALETTE.vert, anchor: 'middle' });
  return svg;
}

function team(id: string): string {
  let svg = rect(0, 0, 1080, H, url(id, 'wall'));
  svg += rect(0, 470, 1080, 137, url(id, 'floor'));
  // The BE LEAN + board with sticky notes.
  svg += rect(150, 60, 780, 340, '#FFFFFF', { rx: 8, stroke: PALETTE.gris3, strokeWidth: 6 });
  svg += rect(150, 60, 780, 56, PALETTE.gris1, { rx: 8 });
  svg += text(540, 100, 'BE LEAN +', {
    size: 32,
    bold: true,
    fill: '#FFFFFF',
    anchor: 'middle',
    letterSpacing: 3,
  });
  const columns = ['Plan', 'Do', 'Check', 'Act'];
  const random = seededRandom(5);
  columns.forEach((label, i) => {
    const x = 170 + i * 190;
    svg += text(x + 85, 150, label, {
      size: 24,
      bold: true,
      fill: PALETTE.gris1,
      anchor: 'middle',
    });
    for (let k = 0; k < 3 + (i % 2); k++) {
      const colours = [PALETTE.corail, '#FFE08A', PALETTE.bleuPale, PALETTE.vertPale];
      svg += rect(
        x + 10 + (k % 2) * 80,
        170 + Math.floor(k / 2) * 74 + random() * 8,
        66,
        60,
        colours[(i + k) % 4] ?? '#FFF',
        { rx: 3 },
      );
    }
    if (i > 0) svg += rect(x - 10, 130, 3, 250, PALETTE.gris3);
  });
  const shirts = [PALETTE.bleu, PALETTE.corail, PALETTE.vert, PALETTE.gris2, PALETTE.bleu];
  shirts.forEach((shirt, i) => {
    svg += person(180 + i * 180, 607 + (i % 2) * 10, 1.25, shirt, i % 2 ? '#C89B7B' : '#E2C1A8');
  });
  return svg;
}

function quality(id: string): string {
  let svg = rect(0, 0, 1080, H, url(id, 'wall'));
  svg += rect(0, 400, 1080, 207, url(id, 'floor'));
  svg += rect(30, 380, 1020, 28, '#FFFFFF', { stroke: PALETTE.gris3, strokeWidth: 4 });
  // Vision measuring station.
  svg += rect(100, 120, 26, 260, PALETTE.gris1);
  svg += rect(100, 120, 200, 26, PALETTE.gris1);
  svg += rect(250, 146, 40, 80, PALETTE.bleu, { rx: 6 });
  svg += `<path d="M250 226 L230 300 H310 L290 226 Z" fill="#FFFFFF" opacity="0.55"/>`;
  svg += rect(200, 330, 140, 50, PALETTE.gris3, { rx: 6 });
  svg += pumpBottle(270, 320, 0.8, PALETTE.corailPale, PALETTE.gris1);
  // Screen with a control chart.
  svg += rect(420, 100, 360, 240, PALETTE.gris1, { rx: 10 });
  svg += rect(434, 114, 332, 200, '#FFFFFF');
  svg += `<path d="M450 160 H750 M450 268 H750" stroke="${PALETTE.rouge}" stroke-width="2" stroke-dasharray="8 6"/>`;
  svg += `<path d="M450 214 H750" stroke="${PALETTE.vert}" stroke-width="2"/>`;
  const random = seededRandom(9);
  let path = 'M450 214';
  for (let i = 1; i <= 15; i++) path += ` L${450 + i * 20} ${round(214 + (random() - 0.5) * 60)}`;
  svg += `<path d="${path}" stroke="${PALETTE.bleu}" stroke-width="4" fill="none"/>`;
  svg += rect(586, 340, 28, 40, PALETTE.gris1);
  // Trays of samples.
  for (let i = 0; i < 3; i++) {
    const x = 820 + i * 70;
    svg += rect(x, 330, 60, 50, PALETTE.bleuPale, { rx: 4, stroke: PALETTE.bleu, strokeWidth: 2 });
    for (let k = 0; k < 4; k++)
      svg += `<circle cx="${x + 15 + (k % 2) * 30}" cy="${342 + Math.floor(k / 2) * 24}" r="8" fill="#FFFFFF"/>`;
  }
  svg += person(860, 600, 0.9, '#FFFFFF');
  return svg;
}

const DRAW: Record<SceneKind, (id: string, labels?: readonly string[]) => string> = {
  injection,
  assembly,
  warehouse,
  pumps,
  lab,
  aerial,
  team,
  quality,
};

function captionBand(title: string, subtitle: string | undefined): string {
  const size = fitSize(title, 38, 860, true);
  const height = subtitle ? 112 : 78;
  return (
    `<g>` +
    rect(0, H - height - 28, 40, height, PALETTE.corail) +
    rect(
      40,
      H - height - 28,
      Math.min(1000, 80 + Math.max(title.length * size * 0.62, (subtitle?.length ?? 0) * 14)),
      height,
      PALETTE.gris1,
      { opacity: 0.88 },
    ) +
    text(68, H - height + 22, title, { size, fill: '#FFFFFF', bold: true }) +
    (subtitle ? text(68, H - 52, subtitle, { size: 24, fill: PALETTE.sable }) : '') +
    `</g>`
  );
}

export function sceneSvg(kind: SceneKind, options: SceneOptions): string {
  const id = escapeXml(options.uid ?? `s-${kind}`);
  const body =
    DRAW[kind](id, options.labels) +
    (options.caption === false ? '' : captionBand(options.title, options.subtitle));
  return svgDocument(SCENE_WIDTH, SCENE_HEIGHT, options.title, body, defs(id));
}
