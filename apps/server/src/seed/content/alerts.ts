/**
 * The demo plant's emergency alert templates (emergency alerts, decision 012): "Évacuation",
 * "Confinement", "Pollution accidentelle" and "Message libre", bilingual, published with the seed
 * so every totem holds them. The evacuation template shows the site plan with the assembly points.
 */
import type { NewAlertTemplate } from '../../db/repositories/alert-repository.js';
import { PALETTE, circle, text } from '../svg/kit.js';
import { pageSvg } from '../svg/page.js';
import { sitePlan, PLAN_HEIGHT, PLAN_WIDTH } from '../svg/plans.js';
import type { SeedContext } from './context.js';

/** The assembly points, in plan coordinates (open ground by the car park and the gatehouse). */
const ASSEMBLY_POINTS = [
  { x: 120, y: 860, label: 'P1' },
  { x: 820, y: 860, label: 'P2' },
];

function evacuationPlan(ctx: SeedContext): string {
  const svg = pageSvg({
    title: 'Points de rassemblement',
    kicker: 'Assembly points',
    accent: 'vert',
    blocks: [
      {
        kind: 'custom',
        height: Math.round((820 * PLAN_HEIGHT) / PLAN_WIDTH),
        draw: (x, y, width) => {
          const left = x + (width - 820) / 2;
          const scale = 820 / PLAN_WIDTH;
          let out = sitePlan(left, y, 820, { muted: true });
          for (const point of ASSEMBLY_POINTS) {
            const cx = left + point.x * scale;
            const cy = y + point.y * scale;
            out += circle(cx, cy, 34, PALETTE.vert, 'stroke="#FFFFFF" stroke-width="5"');
            out += text(cx, cy + 10, point.label, {
              size: 28,
              fill: '#FFFFFF',
              bold: true,
              anchor: 'middle',
            });
          }
          return out;
        },
      },
      {
        kind: 'paragraph',
        text: 'P1 parking visiteurs · P2 parking du personnel — Visitors’ car park · staff car park',
        size: 22,
      },
    ],
  });
  return ctx.media.image('Plan d’évacuation', svg);
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
