/**
 * The demo plant's emergency alert templates (emergency alerts, decision 012): "Évacuation",
 * "Confinement", "Pollution accidentelle" and "Message libre", bilingual, published with the seed
 * so every totem holds them. The evacuation template shows the site plan with the assembly points.
 */
import type { AlertTemplate } from '@plant-kiosk/contract';
import { PALETTE, circle, fitSize, rect, svgDocument, text } from '../svg/kit.js';
import { sitePlan, PLAN_HEIGHT, PLAN_WIDTH } from '../svg/plans.js';
import type { SeedContext } from './context.js';

/** A template as the demo writes it: without id, and with the product's default duration when absent. */
export type NewAlertTemplate = Omit<AlertTemplate, 'templateid' | 'maxDurationMinutes'> & {
  maxDurationMinutes?: number;
};

/**
 * The evacuation map the "Évacuation" takeover shows under its instructions: drawn for that use,
 * not a page of the site plan. Landscape, so that it fills the takeover's width (about 970 px of a
 * 1080 px totem), with labels read from a metre away: the buildings' letters and names larger than
 * on the site plan, the assembly points as big green discs P1 and P2 on the plan, and a legend in
 * both languages saying which buildings go to which point. The car parks carry no letters here: a
 * car park called "P2" beside the assembly point P1 is a puzzle nobody should face in an evacuation.
 */
const MAP_WIDTH = 1400;
const MAP_HEIGHT = 1000;
/** The plan fills the map's height on the left; the legend takes the right. */
const MAP_PLAN_SCALE = MAP_HEIGHT / PLAN_HEIGHT;
const LEGEND_X = Math.round(PLAN_WIDTH * MAP_PLAN_SCALE) + 36;

/** The assembly points, in plan coordinates (open ground: the staff car park, east of the offices). */
const ASSEMBLY_POINTS = [
  {
    x: 140,
    y: 810,
    label: 'P1',
    fr: 'Parking du personnel',
    en: 'Staff car park',
    buildings: 'A  E  C',
  },
  {
    x: 850,
    y: 760,
    label: 'P2',
    fr: 'Est de l’administration',
    en: 'East of the offices',
    buildings: 'B  D  F  G  H',
  },
];

function assemblyDisc(cx: number, cy: number, r: number, label: string): string {
  return (
    circle(cx, cy, r + 8, '#FFFFFF') +
    circle(cx, cy, r, PALETTE.vert, 'stroke="#1B6B32" stroke-width="4"') +
    text(cx, cy + r * 0.36, label, { size: r, fill: '#FFFFFF', bold: true, anchor: 'middle' })
  );
}

export function evacuationMapSvg(): string {
  let body = rect(0, 0, MAP_WIDTH, MAP_HEIGHT, '#FFFFFF');
  body += sitePlan(0, 0, PLAN_WIDTH * MAP_PLAN_SCALE, {
    muted: true,
    evacuation: { labelScale: 1.5 },
  });
  for (const point of ASSEMBLY_POINTS) {
    body += assemblyDisc(point.x * MAP_PLAN_SCALE, point.y * MAP_PLAN_SCALE, 56, point.label);
  }
  const x = LEGEND_X;
  body += text(x, 70, 'Points de', { size: 46, bold: true });
  body += text(x, 122, 'rassemblement', { size: 46, bold: true });
  body += text(x, 172, 'Assembly points', { size: 38, italic: true, fill: PALETTE.gris2 });
  const legendWidth = MAP_WIDTH - x - 24;
  ASSEMBLY_POINTS.forEach((point, i) => {
    const top = 230 + i * 360;
    body += assemblyDisc(x + 52, top + 52, 48, point.label);
    body += text(x + 124, top + 44, 'Bâtiments / Buildings', {
      size: fitSize('Bâtiments / Buildings', 26, legendWidth - 124),
      fill: PALETTE.gris2,
    });
    body += text(x + 124, top + 88, point.buildings, {
      size: fitSize(point.buildings, 42, legendWidth - 124, true),
      bold: true,
    });
    body += text(x, top + 160, point.fr, {
      size: fitSize(point.fr, 32, legendWidth, true),
      bold: true,
    });
    body += text(x, top + 202, point.en, {
      size: fitSize(point.en, 30, legendWidth),
      italic: true,
      fill: PALETTE.gris2,
    });
  });
  return svgDocument(
    MAP_WIDTH,
    MAP_HEIGHT,
    'Plan d’évacuation — points de rassemblement P1 et P2 / Evacuation map — assembly points P1 and P2',
    body,
  );
}

function evacuationPlan(ctx: SeedContext): string {
  return ctx.media.image('Plan d’évacuation', evacuationMapSvg());
}

export function demoAlertTemplates(ctx: SeedContext): NewAlertTemplate[] {
  return [
    {
      name: 'Évacuation',
      kind: 'evacuation',
      titleFr: 'Évacuation immédiate',
      titleEn: 'Evacuate now',
      instructionsFr:
        'Quittez le bâtiment par la sortie la plus proche. N’utilisez pas les ascenseurs. Ne revenez pas chercher vos affaires. Rejoignez le point de rassemblement et signalez-vous à votre responsable.',
      instructionsEn:
        'Leave the building by the nearest exit. Do not use the lifts. Do not go back for your belongings. Go to the assembly point and report to your manager.',
      pictogram: 'evacuation',
      colour: 'rouge',
      image: evacuationPlan(ctx),
      endTextFr: 'Fin de l’alerte : vous pouvez regagner votre poste.',
      endTextEn: 'All clear: you may return to your workstation.',
    },
    {
      name: 'Confinement',
      kind: 'confinement',
      titleFr: 'Confinement : restez à l’intérieur',
      titleEn: 'Shelter in place: stay inside',
      instructionsFr:
        'Rejoignez le bâtiment le plus proche et restez-y. Fermez portes et fenêtres, arrêtez la ventilation si on vous le demande. Ne sortez pas avant la fin de l’alerte.',
      instructionsEn:
        'Go into the nearest building and stay there. Close doors and windows, stop the ventilation if told to. Do not go outside until the all clear.',
      pictogram: 'confinement',
      colour: 'rouge',
      image: null,
      endTextFr: 'Fin du confinement : vous pouvez sortir.',
      endTextEn: 'Shelter in place is over: you may go outside.',
    },
    {
      name: 'Pollution accidentelle',
      kind: 'pollution',
      titleFr: 'Pollution accidentelle',
      titleEn: 'Accidental spill',
      instructionsFr:
        'Éloignez-vous de la zone concernée, ne touchez à aucun produit répandu et suivez les consignes de l’équipe d’intervention. Signalez toute odeur ou tout malaise au poste de garde (poste 200).',
      instructionsEn:
        'Keep away from the area, do not touch any spilt product and follow the response team’s instructions. Report any smell or discomfort to the gatehouse (extension 200).',
      pictogram: 'pollution',
      colour: 'rouge',
      image: null,
      endTextFr: 'Fin de l’alerte pollution : la zone est sécurisée.',
      endTextEn: 'Spill alert over: the area is safe.',
    },
    {
      name: 'Message libre',
      kind: 'free',
      titleFr: 'Information importante',
      titleEn: 'Important notice',
      instructionsFr: 'Suivez les consignes de votre responsable.',
      instructionsEn: 'Follow your manager’s instructions.',
      pictogram: 'warning',
      colour: 'rouge',
      image: null,
      endTextFr: null,
      endTextEn: null,
    },
  ];
}
