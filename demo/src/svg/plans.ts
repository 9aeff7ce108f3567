/**
 * Plans: the site plan (buildings, gates, car parks, assembly point), its variants (traffic plan,
 * defibrillator and first-aid locations) and the floor plan of the meeting rooms. Drawn in a
 * 920 × 960 plan space and placed in a page as a custom block.
 */
import { PALETTE, circle, rect, round, text, line, fitSize } from './kit.js';
import { pictogram, type PictogramName } from './pictograms.js';

export const PLAN_WIDTH = 920;
export const PLAN_HEIGHT = 960;

interface Building {
  id: string;
  name: string;
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
}

export const BUILDINGS: Building[] = [
  { id: 'A', name: 'Moulage', x: 60, y: 70, w: 380, h: 320, fill: PALETTE.bleuPale },
  { id: 'B', name: 'Assemblage', x: 480, y: 70, w: 380, h: 320, fill: PALETTE.bleuPale },
  { id: 'C', name: 'Logistique', x: 280, y: 440, w: 320, h: 190, fill: PALETTE.sableDark },
  { id: 'D', name: 'Administration', x: 520, y: 690, w: 240, h: 130, fill: '#FFFFFF' },
  { id: 'E', name: 'Maintenance', x: 60, y: 440, w: 180, h: 160, fill: '#E6E4E0' },
  { id: 'F', name: 'Restaurant', x: 640, y: 440, w: 220, h: 120, fill: PALETTE.corailPale },
  { id: 'G', name: 'Déchets', x: 640, y: 590, w: 130, h: 60, fill: '#E6E4E0' },
  { id: 'H', name: 'Garde', x: 790, y: 840, w: 70, h: 50, fill: '#FFFFFF' },
];

export const BUILDING_LEGEND: [string, string][] = [
  ['A', 'Unité Moulage — 68 presses à injecter'],
  ['B', 'Unité Assemblage — plus de 100 machines'],
  ['C', 'Logistique, réception et expéditions'],
  ['D', 'Administration, accueil, salles de réunion'],
  ['E', 'Maintenance et outillage (450 moules)'],
  ['F', "Restaurant d'entreprise"],
  ['G', 'Aire de tri et local déchets'],
  ['H', 'Poste de garde — accueil des visiteurs'],
];

/** A numbered point of interest; its description goes in the page's legend, not on the plan. */
export interface PlanMarker {
  x: number;
  y: number;
  icon: PictogramName;
  colour: string;
}

/**
 * The words drawn on the site plan. French by default; the demo's English pages pass
 * ENGLISH_PLAN_WORDS, so both languages come from this one drawing.
 */
export interface PlanWords {
  /** Building names by id (A…H). */
  buildings: Record<string, string>;
  road: string;
  staffParking: string;
  visitorParking: string;
  /** The assembly point's label, on two lines. */
  assemblyPoint: [string, string];
  gates: [string, string, string];
}

export const FRENCH_PLAN_WORDS: PlanWords = {
  buildings: Object.fromEntries(BUILDINGS.map((b) => [b.id, b.name])),
  road: 'Route départementale',
  staffParking: 'Personnel',
  visitorParking: 'Visiteurs',
  assemblyPoint: ['POINT DE', 'RASSEMBLEMENT'],
  gates: ['Portail 1 — entrée', 'Portail 2 — poids lourds', 'Portail 3 — secours'],
};

export const ENGLISH_PLAN_WORDS: PlanWords = {
  buildings: {
    A: 'Molding',
    B: 'Assembly',
    C: 'Logistics',
    D: 'Offices',
    E: 'Maintenance',
    F: 'Restaurant',
    G: 'Waste',
    H: 'Gatehouse',
  },
  road: 'Main road',
  staffParking: 'Staff',
  visitorParking: 'Visitors',
  assemblyPoint: ['ASSEMBLY', 'POINT'],
  gates: ['Gate 1 — entrance', 'Gate 2 — lorries', 'Gate 3 — emergency'],
};

export interface PlanOptions {
  /** Pedestrian walkways (green) and forklift traffic zones (hatched) of the traffic plan. */
  traffic?: boolean;
  markers?: PlanMarker[];
  /** Draw only the outlines of buildings, to make markers stand out. */
  muted?: boolean;
  /** The words on the plan; French when absent. */
  words?: PlanWords;
  /**
   * For the evacuation map: no car-park letters (its assembly points are P1 and P2, and a car park
   * called "P2" beside the assembly point P1 is what nobody must have to puzzle over in an
   * evacuation), no single assembly-point box, and the buildings' letters and names this many
   * times larger (1 by default), to be read from a metre away.
   */
  evacuation?: { labelScale: number };
}

/** The plant site plan, drawn at (x, y) scaled to `width`. */
export function sitePlan(x: number, y: number, width: number, options: PlanOptions = {}): string {
  const words = options.words ?? FRENCH_PLAN_WORDS;
  const scale = width / PLAN_WIDTH;
  let svg = `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale * 1000) / 1000})">`;
  svg += `<defs><pattern id="hatch" width="16" height="16" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="16" fill="${PALETTE.corail}" opacity="0.45"/></pattern></defs>`;
  svg += rect(0, 0, PLAN_WIDTH, PLAN_HEIGHT, '#E3EEDA', { rx: 14 });
  // Public road along the bottom of the site.
  svg += rect(0, 910, PLAN_WIDTH, 50, '#BDBDBF');
  svg += line(0, 935, PLAN_WIDTH, 935, '#FFFFFF', 3, 'stroke-dasharray="24 18"');
  svg += text(560, 954, words.road, {
    size: 18,
    fill: PALETTE.gris1,
    italic: true,
    anchor: 'middle',
  });
  // Inner roads.
  const road = '#CFCFD1';
  svg += rect(20, 400, 880, 34, road);
  svg += rect(20, 656, 880, 28, road);
  svg += rect(446, 60, 28, 350, road);
  svg += rect(250, 434, 24, 480, road);
  svg += rect(770, 684, 40, 230, road);
  svg += rect(604, 434, 30, 230, road);
  // Fence with the three gates left open.
  svg += `<path d="M20 910 V20 H900 V180 M900 290 V910 H870 M760 910 H280 M234 910 H20" fill="none" stroke="${PALETTE.gris1}" stroke-width="4" stroke-dasharray="14 8"/>`;
  // Trees along the fence.
  for (let i = 0; i < 6; i++)
    svg += circle(36 + i * 100 + (i % 2) * 20, 40, 12, PALETTE.vert, 'opacity="0.55"');
  // Car parks.
  const park = (px: number, py: number, pw: number, ph: number, label: string) => {
    let out = rect(px, py, pw, ph, '#D8D8DA', { rx: 6 });
    for (let k = 1; k < Math.floor(pw / 30); k++)
      out += line(px + k * 30, py + 8, px + k * 30, py + 40, '#FFFFFF', 2);
    for (let k = 1; k < Math.floor(pw / 30); k++)
      out += line(px + k * 30, py + ph - 40, px + k * 30, py + ph - 8, '#FFFFFF', 2);
    if (options.evacuation) return out;
    out += rect(px + pw / 2 - 24, py + ph / 2 - 24, 48, 48, PALETTE.bleu, { rx: 8 });
    out += text(px + pw / 2, py + ph / 2 + 12, label, {
      size: 30,
      bold: true,
      fill: '#FFFFFF',
      anchor: 'middle',
    });
    return out;
  };
  svg += park(40, 730, 200, 160, 'P2');
  svg += park(290, 770, 190, 120, 'P1');
  if (!options.evacuation) {
    svg += text(140, 724, words.staffParking, { size: 18, anchor: 'middle', bold: true });
    svg += text(385, 764, words.visitorParking, { size: 18, anchor: 'middle', bold: true });
    // Assembly point.
    svg += rect(284, 689, 214, 52, PALETTE.vert, { rx: 8 });
    svg += pictogram('people', 312, 715, 21, PALETTE.vert);
    svg += text(340, 711, words.assemblyPoint[0], { size: 15, bold: true, fill: '#FFFFFF' });
    svg += text(340, 730, words.assemblyPoint[1], { size: 15, bold: true, fill: '#FFFFFF' });
  }
  const labels = options.evacuation?.labelScale ?? 1;
  // Buildings.
  for (const b of BUILDINGS) {
    const name = words.buildings[b.id] ?? b.name;
    svg += rect(b.x + 6, b.y + 6, b.w, b.h, '#000', { opacity: 0.12, rx: 4 });
    svg += rect(b.x, b.y, b.w, b.h, options.muted ? '#FFFFFF' : b.fill, {
      rx: 4,
      stroke: PALETTE.gris1,
      strokeWidth: 3,
    });
    const small = b.h < 80;
    const tiny = b.w < 100;
    const cx = b.x + b.w / 2;
    const cy = b.y + b.h / 2;
    if (options.evacuation && !small && b.h < 170) {
      // Too low for the large letter above the large name: the letter, then the name fitted below.
      svg += circle(cx, b.y + b.h * 0.4, 30, PALETTE.gris1);
      svg += text(cx, b.y + b.h * 0.4 + 12, b.id, {
        size: 34,
        bold: true,
        fill: '#FFFFFF',
        anchor: 'middle',
      });
      svg += text(cx, b.y + b.h - 14, name, {
        size: fitSize(name, 26, b.w - 16, true),
        bold: true,
        anchor: 'middle',
      });
    } else if (small) {
      const label = tiny ? b.id : `${b.id} · ${name}`;
      svg += text(cx, cy + 8 * labels, label, {
        size: fitSize(label, (tiny ? 24 : 18) * labels, b.w - 8, true),
        bold: true,
        anchor: 'middle',
      });
    } else {
      svg += circle(cx, cy - 18 * labels, 26 * labels, PALETTE.gris1);
      svg += text(cx, cy - 8 * labels, b.id, {
        size: 28 * labels,
        bold: true,
        fill: '#FFFFFF',
        anchor: 'middle',
      });
      svg += text(cx, cy + 40 * labels, name, {
        size: fitSize(name, 26 * labels, b.w - 16, true),
        bold: true,
        anchor: 'middle',
      });
    }
  }
  // Loading docks of the logistics building.
  for (let k = 0; k < 4; k++) svg += rect(290 + k * 70, 630, 46, 14, PALETTE.gris1);
  // Gates, labelled on white pills so that they stay legible over roads and buildings.
  const gate = (gx: number, gy: number, label: string, lx: number, ly: number) => {
    const w = label.length * 10 + 20;
    return (
      pictogram('gate', gx, gy, 22, PALETTE.rouge) +
      rect(lx - w / 2, ly - 19, w, 28, '#FFFFFF', {
        rx: 14,
        stroke: PALETTE.rouge,
        strokeWidth: 2,
      }) +
      text(lx, ly, label, { size: 17, bold: true, fill: PALETTE.rouge, anchor: 'middle' })
    );
  };
  svg += gate(815, 910, words.gates[0], 815, 954);
  svg += gate(257, 910, words.gates[1], 257, 954);
  svg += gate(900, 235, words.gates[2], 770, 345);
  if (options.traffic) {
    svg += rect(280, 434, 324, 222, 'url(#hatch)');
    svg += rect(20, 400, 880, 34, 'url(#hatch)');
    const walk = `fill="none" stroke="${PALETTE.vert}" stroke-width="10" stroke-linecap="round" stroke-dasharray="2 16"`;
    svg += `<path d="M815 890 V700 H520 M640 690 V560 M460 690 V440 M380 770 V700 H250 V620 M460 440 V392 M150 440 V392 M700 440 V392" ${walk}/>`;
  }
  // Markers are numbered; the page lists what each number is (labels would hide the plan).
  (options.markers ?? []).forEach((marker, i) => {
    svg += circle(marker.x, marker.y, 31, '#FFFFFF');
    svg += pictogram(marker.icon, marker.x, marker.y, 27, marker.colour);
    svg += circle(
      marker.x + 24,
      marker.y - 24,
      15,
      PALETTE.gris1,
      'stroke="#FFFFFF" stroke-width="3"',
    );
    svg += text(marker.x + 24, marker.y - 17, String(i + 1), {
      size: 19,
      bold: true,
      fill: '#FFFFFF',
      anchor: 'middle',
    });
  });
  // North arrow and scale bar.
  svg += `<path d="M860 80 l16 40 h-32 z" fill="${PALETTE.gris1}"/>`;
  svg += text(860, 70, 'N', { size: 24, bold: true, anchor: 'middle' });
  svg += rect(600, 30, 100, 8, PALETTE.gris1);
  svg += rect(650, 30, 50, 8, '#FFFFFF', { stroke: PALETTE.gris1, strokeWidth: 2 });
  svg += text(590, 40, '0', { size: 16, anchor: 'end' });
  svg += text(710, 40, '50 m', { size: 16 });
  return `${svg}</g>`;
}

export interface Room {
  name: string;
  capacity: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Ground floor of the administration building (D) with its meeting rooms. */
export const MEETING_ROOMS: Room[] = [
  { name: 'Salle Risle', capacity: 8, x: 20, y: 20, w: 260, h: 220 },
  { name: 'Salle Iton', capacity: 20, x: 290, y: 20, w: 340, h: 220 },
  { name: 'Salle Seine', capacity: 12, x: 640, y: 20, w: 260, h: 220 },
  { name: 'Salle 1947', capacity: 40, x: 20, y: 380, w: 420, h: 260 },
  { name: 'Bulle Eure', capacity: 4, x: 640, y: 380, w: 130, h: 120 },
  { name: 'Bulle Charentonne', capacity: 4, x: 640, y: 510, w: 130, h: 130 },
];

export function meetingRoomsPlan(x: number, y: number, width: number): string {
  const scale = width / 920;
  let svg = `<g transform="translate(${round(x)} ${round(y)}) scale(${round(scale * 1000) / 1000})">`;
  svg += rect(0, 0, 920, 660, '#FFFFFF', { stroke: PALETTE.gris1, strokeWidth: 8 });
  svg += rect(20, 250, 880, 120, PALETTE.sable);
  svg += text(460, 318, 'Couloir', {
    size: 22,
    italic: true,
    fill: PALETTE.gris2,
    anchor: 'middle',
  });
  for (const room of MEETING_ROOMS) {
    svg += rect(room.x, room.y, room.w, room.h, PALETTE.bleuPale, {
      stroke: PALETTE.gris1,
      strokeWidth: 4,
    });
    const cx = room.x + room.w / 2;
    const cy = room.y + room.h / 2;
    // A table with chairs, sized by capacity.
    const tableW = Math.min(room.w - 60, 40 + room.capacity * 9);
    svg += rect(cx - tableW / 2, cy - 4, tableW, 36, '#FFFFFF', {
      rx: 14,
      stroke: PALETTE.gris2,
      strokeWidth: 2,
    });
    const chairs = Math.min(room.capacity, 16);
    for (let k = 0; k < chairs / 2; k++) {
      const chairX = cx - tableW / 2 + ((k + 0.5) * tableW) / Math.ceil(chairs / 2);
      svg += circle(chairX, cy - 16, 8, PALETTE.bleu) + circle(chairX, cy + 44, 8, PALETTE.bleu);
    }
    svg += text(cx, room.y + 40, room.name, {
      size: fitSize(room.name, 26, room.w - 16, true),
      bold: true,
      anchor: 'middle',
    });
    svg += text(cx, room.y + room.h - 18, `${room.capacity} pers.`, {
      size: 20,
      anchor: 'middle',
      fill: PALETTE.gris1,
    });
    // Door on the corridor side.
    const doorY = room.y < 250 ? room.y + room.h : room.y;
    svg += rect(cx - 30, doorY - 4, 60, 8, PALETTE.sable);
  }
  svg += rect(460, 380, 170, 260, '#E6E4E0', { stroke: PALETTE.gris1, strokeWidth: 4 });
  svg += text(545, 500, 'Accueil', { size: 24, bold: true, anchor: 'middle' });
  svg += text(545, 530, 'Hall', { size: 20, anchor: 'middle' });
  svg += rect(780, 380, 120, 260, '#E6E4E0', { stroke: PALETTE.gris1, strokeWidth: 4 });
  svg += text(840, 500, 'WC', { size: 22, bold: true, anchor: 'middle' });
  svg += text(840, 530, 'Escalier', { size: 18, anchor: 'middle' });
  svg += rect(500, 650, 90, 20, PALETTE.vert);
  svg += text(545, 700, 'Entrée', { size: 20, bold: true, fill: PALETTE.vert, anchor: 'middle' });
  return `${svg}</g>`;
}
