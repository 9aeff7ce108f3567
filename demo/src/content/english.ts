/**
 * The demo plant in English (English content, decision 021): the English version of every zone a
 * visitor page shows — emergency numbers and site plan, HSE, quality, environment policy, the plant
 * and its units — as elements marked `en`, appended after the zone's French ones.
 *
 * The images are drawn by the same code as the French ones (pageSvg, hsePage, the site plan, the
 * certificate, the scenes), given English words, so each English image is a separate media file
 * whose text is English. Only the words live here; the drawing code stays shared.
 *
 * Left French on purpose, so an English page shows them with the "FR" mark:
 * - the videos ("Vidéos site", "Vidéo groupe"): their French captions are burned into committed
 *   WebM files (scripts/make-demo-videos.sh, made with ffmpeg, which the seed does not run);
 * - the environment catalogue ("Catalogue environnement"): a multi-page PDF document whose English
 *   edition would double the demo's heaviest kind of media for one section.
 */
import { IMAGE_ZONES } from '@plant-kiosk/contract';
import type { PlannedElement, PlannedZone } from '../demo-plan.js';
import { PALETTE } from '../svg/kit.js';
import { pageSvg, type Block } from '../svg/page.js';
import type { PictogramName } from '../svg/pictograms.js';
import { ENGLISH_PLAN_WORDS } from '../svg/plans.js';
import { certificateSvg, ENGLISH_CERTIFICATE_WORDS } from '../svg/special.js';
import { imageElement, type SeedContext } from './context.js';
import { hsePage as frenchOrEnglishHsePage } from './hse.js';
import { planBlock } from './plant.js';

type HseSpec = Parameters<typeof frenchOrEnglishHsePage>[0];
const hsePage = (spec: HseSpec) => frenchOrEnglishHsePage(spec, 'en');

const SIGNATURE = {
  kind: 'signature',
  name: 'Claire Fontaine',
  role: 'Neubourg Plant Director',
  date: '8 January 2024',
  placeAndDate: 'Le Neubourg, 8 January 2024',
} as const satisfies Block;

/** The words of the aerial view, in the scene's order (AERIAL_LABELS). */
const AERIAL_LABELS_EN = ['Molding', 'Assembly', 'Logistics', 'Offices', 'Restaurant', '96,000 m²'];

// ---------- emergency page ----------

function emergencyNumbers(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'Emergency numbers',
      hsePage({
        title: 'Emergency numbers',
        accent: 'rouge',
        style: 'poster',
        blocks: [
          {
            kind: 'figures',
            columns: 2,
            items: [
              { value: '2222', label: 'Gatehouse — on-site emergencies, 24/7' },
              { value: '18', label: 'Fire brigade' },
              { value: '15', label: 'Ambulance — medical emergency' },
              { value: '112', label: 'European emergency number' },
              { value: '17', label: 'Police' },
              { value: '114', label: 'Emergency by text message (deaf or hard of hearing)' },
            ],
          },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'On site, call 2222 first',
            text: 'The gatehouse calls the emergency services, opens gate 3 and sends someone to guide them: help arrives faster.',
          },
        ],
      }),
      360,
    ),
    imageElement(
      ctx,
      'Useful internal numbers',
      hsePage({
        title: 'Useful internal numbers',
        accent: 'rouge',
        blocks: [
          {
            kind: 'table',
            columns: ['Service', 'Extension', 'From a mobile'],
            widths: [4, 1.6, 3],
            rows: [
              ['Gatehouse (emergency)', '2222', '+33 2 32 00 22 22'],
              ['First-aid room', '2251', '+33 2 32 00 22 51'],
              ['HSE department', '2240', '+33 2 32 00 22 40'],
              ['Maintenance on call', '2300', '+33 6 70 00 23 00'],
              ['Manager on duty', '2100', '+33 6 70 00 21 00'],
              ['Reception', '2000', '+33 2 32 00 20 00'],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Dial the extension from any phone on site. These numbers are also shown next to every phone and on the back of your badge.',
          },
        ],
      }),
      360,
    ),
  ];
}

const BUILDING_LEGEND_EN: [string, string][] = [
  ['A', 'Molding unit — 68 injection presses'],
  ['B', 'Assembly unit — over 100 machines'],
  ['C', 'Logistics, goods in and shipping'],
  ['D', 'Offices, reception, meeting rooms'],
  ['E', 'Maintenance and toolroom (450 molds)'],
  ['F', 'Staff restaurant'],
  ['G', 'Waste sorting area'],
  ['H', 'Gatehouse — visitors sign in here'],
];

function sitePlans(ctx: SeedContext): PlannedElement[] {
  const plan = (options: { traffic?: boolean } = {}) =>
    planBlock({ ...options, words: ENGLISH_PLAN_WORDS });
  return [
    imageElement(
      ctx,
      'Site plan',
      pageSvg({
        title: 'Site plan',
        kicker: 'Neubourg plant',
        accent: 'bleu',
        footer: 'Neubourg plant',
        blocks: [
          plan(),
          {
            kind: 'paragraph',
            text: 'A Molding · B Assembly · C Logistics · D Offices · E Maintenance · F Restaurant · G Waste · H Gatehouse',
            size: 22,
          },
        ],
      }),
      330,
    ),
    imageElement(
      ctx,
      'Traffic plan',
      pageSvg({
        title: 'Traffic plan',
        kicker: 'Neubourg plant · HSE',
        accent: 'vert',
        footer: 'Neubourg plant',
        blocks: [
          plan({ traffic: true }),
          {
            kind: 'paragraph',
            text: 'Green: pedestrian walkways, which you must use. Hatched areas: forklift traffic, no pedestrians except on the marked crossings.',
            size: 22,
          },
        ],
      }),
      330,
    ),
    imageElement(
      ctx,
      'Buildings and access',
      pageSvg({
        title: 'Buildings and access',
        kicker: 'Neubourg plant',
        accent: 'bleu',
        footer: 'Neubourg plant',
        blocks: [
          {
            kind: 'table',
            columns: ['', 'Building'],
            rows: BUILDING_LEGEND_EN,
            widths: [1, 12],
            size: 20,
          },
          {
            kind: 'table',
            columns: ['Gate', 'Use'],
            widths: [1, 2],
            rows: [
              ['Gate 1', 'Main entrance: staff and visitors, sign in at the gatehouse (H).'],
              ['Gate 2', 'Lorries: deliveries and shipping, docks of building C.'],
              ['Gate 3', 'Emergency services only, opened by the gatehouse.'],
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Assembly point',
            text: 'In front of the visitor car park P1. If the site is evacuated, walk there along the pedestrian walkways and make sure you are counted.',
          },
        ],
      }),
      330,
    ),
  ];
}

// ---------- HSE page ----------

function hsePolicies(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'Health safety and environment policy',
      hsePage({
        title: 'Health, safety and environment policy',
        accent: 'vert',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Nothing matters more than the health and safety of every one of us, of temporary staff, contractors and visitors.',
          },
          {
            kind: 'bullets',
            items: [
              'Zero accidents: look into every near miss and deal with its causes.',
              'Control the risks of machines, forklifts, noise and chemicals.',
              'Use less energy and produce less waste.',
              'Comply with the law and with our ISO 14001 and ISO 45001 commitments.',
              'Involve everyone: reports from the shop floor, safety walks, BE LEAN +.',
            ],
          },
          {
            kind: 'figures',
            items: [
              { value: '0', label: 'lost-time accidents: our goal' },
              { value: '100 %', label: 'of newcomers: safety talk on day 1' },
              { value: '1 / month', label: 'safety walk by every manager' },
            ],
          },
          SIGNATURE,
        ],
      }),
      210,
    ),
    imageElement(
      ctx,
      'Your HSE contacts',
      hsePage({
        title: 'Your HSE contacts',
        accent: 'vert',
        blocks: [
          {
            kind: 'table',
            columns: ['Name', 'Role', 'Ext.'],
            widths: [3, 4, 1.4],
            rows: [
              ['Julien Marchand', 'HSE manager', '2240'],
              ['Sophie Lemaire', 'Safety coordinator', '2241'],
              ['Karim Benali', 'Environment technician', '2242'],
              ['Dr Anne Roussel', 'Occupational doctor (Tuesday and Thursday)', '2250'],
              ['Isabelle Caron', 'Occupational nurse', '2251'],
              ['Gatehouse', 'Emergencies, 24/7', '2222'],
            ],
          },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Emergency: 2222',
            text: 'From any phone on site. From a mobile: +33 2 32 00 22 22.',
          },
          { kind: 'heading', text: 'Your health and safety committee members' },
          {
            kind: 'paragraph',
            text: 'Nadia Perrin (Molding), Thomas Girard (Assembly), Élodie Morel (Logistics), Marc Duval (Maintenance).',
          },
        ],
      }),
      90,
    ),
    imageElement(
      ctx,
      'The golden rules of safety',
      hsePage({
        title: 'The golden rules of safety',
        accent: 'rouge',
        style: 'poster',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'I wear my protective equipment',
                text: 'Safety shoes, glasses and hearing protection in the workshops.',
              },
              {
                title: 'I stay on the pedestrian walkways',
                text: 'Never in the areas where forklifts drive.',
              },
              {
                title: 'I never bypass a safety device',
                text: 'Guards, doors, light curtains: I leave them in place.',
              },
              {
                title: 'I lock out before I work on a machine',
                text: 'Only authorised people work on power, air or hydraulics.',
              },
              {
                title: 'I only drive with an authorisation',
                text: 'Forklift, electric pallet truck, lift: licence and authorisation.',
              },
              {
                title: 'I report',
                text: 'Every accident, near miss or dangerous situation.',
              },
            ],
          },
        ],
      }),
      210,
    ),
  ];
}

function ppe(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'Protective equipment required in the workshops',
      hsePage({
        title: 'Protective equipment in the workshops',
        accent: 'bleu',
        style: 'poster',
        blocks: [
          {
            kind: 'pictograms',
            items: (
              [
                ['shoe', 'Safety shoes'],
                ['glasses', 'Safety glasses'],
                ['ear', 'Hearing protection'],
                ['vest', 'High-visibility vest'],
                ['gloves', 'Gloves for some jobs'],
              ] as [PictogramName, string][]
            ).map(([icon, label]) => ({ icon, label, colour: 'bleu' as const })),
          },
          {
            kind: 'callout',
            tone: 'bleu',
            title: 'For everyone, visitors too',
            text: 'Protective equipment is required from the floor marking at the workshop door. Visitors get glasses, earplugs and shoe covers at reception.',
          },
          { kind: 'illustration', scene: 'injection', height: 420 },
        ],
      }),
      300,
    ),
    imageElement(
      ctx,
      'Protective equipment by area',
      hsePage({
        title: 'Protective equipment by area',
        accent: 'bleu',
        blocks: [
          {
            kind: 'table',
            columns: ['Area', 'Shoes', 'Glasses', 'Hearing', 'Vest', 'Gloves'],
            widths: [3.2, 1.4, 1.5, 1.5, 1.2, 1.6],
            size: 21,
            rows: [
              ['Molding', 'Yes', 'Yes', 'Yes', '—', 'Set-up'],
              ['Assembly', 'Yes', 'Yes', 'Yes', '—', '—'],
              ['Logistics', 'Yes', '—', '—', 'Yes', 'Yes'],
              ['Maintenance', 'Yes', 'Yes', 'Yes', '—', 'Yes'],
              ['Toolroom', 'Yes', 'Yes', 'Yes', '—', 'Yes'],
              ['Laboratory', 'Yes', 'Yes', '—', '—', 'By product'],
              ['Offices', '—', '—', '—', '—', '—'],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Protective equipment is free: get new items at the stores, in exchange for the worn ones.',
          },
        ],
      }),
      300,
    ),
    imageElement(
      ctx,
      'How to wear earplugs',
      hsePage({
        title: 'How to wear earplugs',
        accent: 'bleu',
        blocks: [
          {
            kind: 'paragraph',
            text: 'The workshops are louder than 85 dB(A): above that, hearing wears out without pain and never comes back.',
          },
          {
            kind: 'steps',
            items: [
              { title: 'Roll', text: 'Roll the earplug between your fingers to squeeze it thin.' },
              {
                title: 'Pull your ear',
                text: 'Reach behind your head and pull your ear up and back.',
              },
              {
                title: 'Insert',
                text: 'Push the earplug in and hold it for 20 seconds while it expands.',
              },
              {
                title: 'Check',
                text: 'Your own voice should sound muffled: the earplug is in the right place.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'corail',
            title: 'Custom-molded earplugs',
            text: 'Offered to production teams: ask the first-aid room, ext. 2251.',
          },
        ],
      }),
      300,
    ),
  ];
}

function pti(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'Lone worker protection',
      hsePage({
        title: 'Lone worker protection',
        accent: 'corail',
        blocks: [
          {
            kind: 'paragraph',
            text: 'A person works alone when nobody can see or hear them for more than a few minutes. They then carry an alarm unit linked to the gatehouse.',
          },
          { kind: 'heading', text: 'Who needs one?' },
          {
            kind: 'bullets',
            items: [
              'Night maintenance and weekend on-call staff.',
              'Gatehouse security rounds.',
              'Anyone working alone in the boiler room, compressor room or on the roof.',
            ],
          },
          {
            kind: 'pictograms',
            items: [
              { icon: 'person', label: 'Working alone', colour: 'corail' },
              { icon: 'bell', label: 'Automatic alarm', colour: 'corail' },
              { icon: 'phone', label: 'Gatehouse 2222', colour: 'rouge' },
            ],
          },
        ],
      }),
      260,
    ),
    imageElement(
      ctx,
      'Using the lone worker alarm',
      hsePage({
        title: 'Using the lone worker alarm',
        accent: 'corail',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'I collect the unit at the gatehouse',
                text: 'The guard writes down my name, my area and the time.',
              },
              {
                title: 'I test it before I start',
                text: 'A long press on the button: the gatehouse confirms it got the signal.',
              },
              {
                title: 'The alarm goes off by itself',
                text: 'If I fall or stop moving for too long, after a 30-second warning beep.',
              },
              {
                title: 'If I am in danger',
                text: 'I press the SOS button: the guard calls me back and sends help.',
              },
              {
                title: 'I return the unit',
                text: 'When I have finished, I put it back on charge at the gatehouse.',
              },
            ],
          },
        ],
      }),
      260,
    ),
  ];
}

function waste(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'Sorting waste on site',
      hsePage({
        title: 'Sorting waste on site',
        accent: 'vert',
        style: 'poster',
        blocks: [
          {
            kind: 'pictograms',
            items: [
              { icon: 'recycle', label: 'Plastics (blue bin)', colour: 'bleu' },
              { icon: 'bin', label: 'Cardboard (green bin)', colour: 'vert' },
              { icon: 'bin', label: 'General waste (grey)', colour: 'gris1' },
              { icon: 'drop', label: 'Used oil', colour: 'corail' },
              { icon: 'warning', label: 'Hazardous (red)', colour: 'rouge' },
            ],
          },
          {
            kind: 'table',
            columns: ['Waste', 'Where it goes'],
            widths: [2, 3],
            rows: [
              ['Sprues, purgings, rejected parts', 'Blue bin at the workstation, reground on site'],
              ['Cardboard, layer pads', 'Green bin, compactor in building C'],
              ['Dirty rags and absorbents', 'Red drum, waste room G'],
              ['Aerosols, grease sprays', 'Red drum, never in the grey bin'],
              ['Batteries, fluorescent tubes', 'Collection point at the stores'],
            ],
          },
        ],
      }),
      180,
    ),
    imageElement(
      ctx,
      'Spill kit',
      hsePage({
        title: 'Spill kit: how to use it',
        accent: 'corail',
        blocks: [
          {
            kind: 'steps',
            items: [
              { title: 'I protect myself', text: 'Nitrile gloves and glasses from the kit.' },
              {
                title: 'I stop the leak if it is safe',
                text: 'Stand the drum upright, close the valve.',
              },
              {
                title: 'I contain it',
                text: 'Absorbent socks around the spill, a cover on the nearest drain.',
              },
              {
                title: 'I soak it up',
                text: 'Absorbent pads or granules, from the edge towards the middle.',
              },
              {
                title: 'I clear up and report',
                text: 'Used absorbents in the red drum; call ext. 2242.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Large spill, or a spill into a drain',
            text: 'Follow the “Major accidental pollution” procedure: call 2222.',
          },
        ],
      }),
      180,
    ),
    imageElement(
      ctx,
      'Our waste in figures',
      hsePage({
        title: 'Our waste in figures',
        accent: 'vert',
        blocks: [
          {
            kind: 'figures',
            items: [
              { value: '92 %', label: 'of our waste recovered in 2024' },
              { value: '410 t', label: 'of plastics reground and reused' },
              { value: '−18 %', label: 'general waste since 2021' },
            ],
          },
          { kind: 'illustration', scene: 'warehouse', height: 400 },
          {
            kind: 'paragraph',
            text: 'Every well-sorted bin keeps waste out of landfill: less transport, less buried waste, and materials that get a second life.',
          },
        ],
      }),
      180,
    ),
  ];
}

// ---------- quality and environment ----------

function qualityPolicies(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'Quality policy',
      pageSvg({
        title: 'Quality policy',
        kicker: 'Quality',
        accent: 'bleu',
        footer: 'Neubourg plant · Quality policy 2024',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Our customers trust us with the last step of their products: the moment the consumer uses them. Every pump must deliver the right dose, every time.',
          },
          { kind: 'heading', text: 'Our commitments' },
          {
            kind: 'bullets',
            items: [
              'Zero defects delivered: check every critical feature on every part.',
              'Listen to our customers and answer every complaint within 48 hours.',
              'Keep our processes under control with standards and statistics.',
              'Build everyone’s skills with training at the workstation.',
              'Keep improving with the BE LEAN + programme.',
            ],
          },
          {
            kind: 'figures',
            items: [
              { value: '< 5 ppm', label: 'target for customer defects' },
              { value: '48 h', label: 'to answer a complaint' },
              { value: '100 %', label: 'of workstations with a standard' },
            ],
          },
          SIGNATURE,
        ],
      }),
      200,
    ),
    imageElement(
      ctx,
      'Good quality habits',
      pageSvg({
        title: 'Good quality habits',
        kicker: 'Quality',
        accent: 'bleu',
        style: 'poster',
        footer: 'Neubourg plant',
        blocks: [
          {
            kind: 'pictograms',
            items: [
              { icon: 'book', label: 'I follow the standard', colour: 'bleu' },
              { icon: 'magnifier', label: 'I check my own work', colour: 'bleu' },
              { icon: 'warning', label: 'I raise the alarm', colour: 'corail' },
              { icon: 'bin', label: 'I set faulty parts aside', colour: 'rouge' },
            ],
          },
          {
            kind: 'callout',
            tone: 'corail',
            title: 'If in doubt, I stop and call',
            text: 'A defect found at the workstation costs 10 times less than one found by the customer, and 100 times less than one found by the consumer.',
          },
          { kind: 'illustration', scene: 'quality', height: 420 },
        ],
      }),
      200,
    ),
  ];
}

function qualityCertifications(ctx: SeedContext): PlannedElement[] {
  return [
    {
      standard: 'ISO 9001:2015',
      title: 'Quality management system',
      number: 'FR-QMS-2024-0147',
      issued: '12 March 2024',
      expires: '11 March 2027',
    },
    {
      standard: 'ISO 14001:2015',
      title: 'Environmental management system',
      number: 'FR-EMS-2023-0963',
      issued: '5 October 2023',
      expires: '4 October 2026',
    },
    {
      standard: 'ISO 45001:2018',
      title: 'Occupational health and safety',
      number: 'FR-OHS-2024-0212',
      issued: '20 June 2024',
      expires: '19 June 2027',
    },
  ].map((cert, i) =>
    imageElement(
      ctx,
      `Certificate ${cert.standard}`,
      certificateSvg(
        {
          ...cert,
          scope:
            'Design, development, injection molding, assembly and inspection of pumps, sprays and dispensing systems for perfumes and cosmetics.',
        },
        ENGLISH_CERTIFICATE_WORDS,
      ),
      400 - i * 60,
    ),
  );
}

function environmentPolicy(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'Environment policy',
      pageSvg({
        title: 'Environment policy',
        kicker: 'Environment',
        accent: 'vert',
        footer: 'Neubourg plant · Environment policy 2024',
        blocks: [
          {
            kind: 'paragraph',
            text: 'The plant is committed to reducing the footprint of its products and activities, together with our customers and suppliers.',
          },
          { kind: 'heading', text: 'Our goals for 2025' },
          {
            kind: 'figures',
            items: [
              { value: '10 %', label: 'recycled material in our products' },
              { value: '0', label: 'problematic resins' },
              { value: '100 %', label: 'recyclable, reusable or compostable packaging' },
            ],
          },
          { kind: 'heading', text: 'Our commitments' },
          {
            kind: 'bullets',
            items: [
              'Use less energy for the presses and the compressed air.',
              'Regrind and reuse the sprues and purgings from molding.',
              'Sort and recover all the waste on site.',
              'Prevent any pollution of soil and water.',
            ],
          },
          SIGNATURE,
        ],
      }),
      190,
    ),
    imageElement(
      ctx,
      'The circularity score',
      pageSvg({
        title: 'The circularity score',
        kicker: 'Environment',
        accent: 'vert',
        style: 'poster',
        footer: 'Neubourg plant',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Every product gets a circularity score from 0 to 1: 0 for a linear product, made of new material and thrown away; 1 for a fully circular product.',
          },
          {
            kind: 'custom',
            height: 150,
            draw: (x, y, width) => {
              let svg = `<defs><linearGradient id="circ" x1="0" x2="1"><stop offset="0" stop-color="${PALETTE.rouge}"/><stop offset="0.5" stop-color="${PALETTE.corail}"/><stop offset="1" stop-color="${PALETTE.vert}"/></linearGradient></defs>`;
              svg += `<rect x="${x}" y="${y + 40}" width="${width}" height="40" rx="20" fill="url(#circ)"/>`;
              svg += `<text x="${x}" y="${y + 120}" font-size="28" font-weight="bold">0</text><text x="${x + width}" y="${y + 120}" font-size="28" font-weight="bold" text-anchor="end">1</text>`;
              svg += `<circle cx="${x + width * 0.62}" cy="${y + 60}" r="30" fill="#FFFFFF" stroke="${PALETTE.gris1}" stroke-width="6"/>`;
              svg += `<text x="${x + width * 0.62}" y="${y + 130}" font-size="24" text-anchor="middle">Eco range: 0.62</text>`;
              return svg;
            },
          },
          {
            kind: 'bullets',
            items: [
              'Share of recycled or bio-based material.',
              'Recyclable in today’s recycling streams (single material).',
              'Can be refilled or reused.',
            ],
          },
          { kind: 'illustration', scene: 'pumps', height: 380 },
        ],
      }),
      190,
    ),
  ];
}

// ---------- the plant and its units ----------

const plantPage = (
  title: string,
  kicker: string,
  blocks: Block[],
  accent: 'corail' | 'bleu' | 'vert' = 'corail',
) =>
  pageSvg({
    title,
    kicker,
    blocks,
    accent,
    footer: 'Neubourg plant · Introduction',
    uid: title.length.toString(36),
  });

function plantIntroduction(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'The Neubourg plant in figures',
      plantPage('The Neubourg plant in figures', 'About the plant', [
        { kind: 'illustration', scene: 'aerial', height: 440, labels: AERIAL_LABELS_EN },
        {
          kind: 'figures',
          items: [
            { value: '1947', label: 'Company founded' },
            { value: '1963', label: 'Moved to Le Neubourg' },
            { value: '≈ 690', label: 'employees' },
            { value: '€205M', label: 'turnover in 2023' },
            { value: '96,000 m²', label: 'of land, 20,000 m² built' },
            { value: '24/7', label: 'round the clock' },
          ],
        },
        {
          kind: 'paragraph',
          text: 'Le Neubourg designs and makes pumps and sprays for the big perfume and cosmetics brands: 684 million pumps a year and 10,000 active products.',
        },
      ]),
      300,
    ),
    imageElement(
      ctx,
      'Our history',
      plantPage('Our history', 'About the plant', [
        {
          kind: 'timeline',
          items: [
            { year: '1947', text: 'The company is founded, specialising in precision mechanics.' },
            { year: '1963', text: 'Moves to the Neubourg site, into a first 3,000 m² building.' },
            { year: '1972', text: 'First crimp-on pumps for perfumes.' },
            {
              year: '1989',
              text: 'The Molding unit opens: plastic parts are now made in-house.',
            },
            { year: '2001', text: 'The plant joins the Group’s Beauty division.' },
            { year: '2013', text: 'Fifty years at Le Neubourg; the Assembly unit is extended.' },
            { year: '2021', text: 'Ranges in recycled and single-material resins are launched.' },
            { year: '2023', text: 'The plant turns 60 and starts the BE LEAN + programme.' },
          ],
        },
        {
          kind: 'callout',
          title: '60 years at Le Neubourg',
          text: 'Watch the film of the plant’s 60 years on the kiosk’s “Neubourg plant” page.',
        },
      ]),
      300,
    ),
    imageElement(
      ctx,
      'What we do',
      plantPage('What we do', 'About the plant', [
        {
          kind: 'paragraph',
          text: 'From the mold to the shipped pump, every manufacturing skill is on this one site.',
        },
        {
          kind: 'pictograms',
          items: [
            { icon: 'gear', label: 'Toolroom', colour: 'bleu' },
            { icon: 'factory', label: 'Molding', colour: 'bleu' },
            { icon: 'check', label: 'Assembly', colour: 'vert' },
            { icon: 'magnifier', label: 'Quality', colour: 'corail' },
            { icon: 'forklift', label: 'Logistics', colour: 'gris1' },
          ],
        },
        { kind: 'heading', text: 'An integrated plant' },
        {
          kind: 'bullets',
          items: [
            'Design office and prototyping: about 60 new products a year.',
            'Molding: 68 presses, 450 molds in 755 versions, 4.15 billion parts a year.',
            'Assembly: over 100 machines, 684 million pumps a year.',
            'Support departments: maintenance, engineering, quality, logistics, HR, HSE.',
          ],
        },
        { kind: 'illustration', scene: 'pumps', height: 340 },
      ]),
      300,
    ),
  ];
}

function moldingUnit(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'The Molding unit',
      plantPage(
        'The Molding unit',
        'Molding unit',
        [
          { kind: 'illustration', scene: 'injection', height: 440 },
          {
            kind: 'figures',
            items: [
              { value: '68', label: 'injection presses, from 10 to 300 tonnes' },
              { value: '450', label: 'molds in 755 versions' },
              { value: '4.15 bn', label: 'molded parts a year' },
              { value: '6', label: 'presses for prototypes' },
              { value: '24/7', label: 'non-stop production' },
              { value: '3 shifts', label: 'plus a weekend shift' },
            ],
          },
        ],
        'bleu',
      ),
      280,
    ),
    imageElement(
      ctx,
      'How injection molding works',
      plantPage(
        'How injection molding works',
        'Molding unit',
        [
          {
            kind: 'steps',
            items: [
              {
                title: 'Drying the material',
                text: 'The pellets (PP, PE, POM, PETG…) are dried and mixed with colours.',
              },
              {
                title: 'Melting',
                text: 'A heated screw melts and kneads the material into a smooth paste.',
              },
              {
                title: 'Injection',
                text: 'The material is pushed under pressure into the closed mold.',
              },
              {
                title: 'Cooling',
                text: 'The part sets in the mold: a few seconds are enough.',
              },
              {
                title: 'Ejection and inspection',
                text: 'The parts are pushed out, sorted by cavity and inspected.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'bleu',
            title: 'Did you know?',
            text: 'A pump mold can have up to 64 cavities: 64 identical parts every cycle.',
          },
        ],
        'bleu',
      ),
      280,
    ),
    imageElement(
      ctx,
      'Toolroom and prototyping',
      plantPage(
        'Toolroom and prototyping',
        'Molding unit',
        [
          { kind: 'illustration', scene: 'lab', height: 420 },
          {
            kind: 'figures',
            items: [
              { value: '3,000', label: '3D prints a year' },
              { value: '≈ 60', label: 'new products a year' },
              { value: '6', label: 'prototype presses' },
            ],
          },
          {
            kind: 'paragraph',
            text: 'The toolroom maintains and changes the plant’s 450 molds; prototypes are 3D-printed, then molded on dedicated presses before going into production.',
          },
        ],
        'bleu',
      ),
      280,
    ),
  ];
}

function assemblyUnit(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'The Assembly unit',
      plantPage(
        'The Assembly unit',
        'Assembly unit',
        [
          { kind: 'illustration', scene: 'assembly', height: 440 },
          {
            kind: 'figures',
            items: [
              { value: '100+', label: 'assembly machines' },
              { value: '684 M', label: 'pumps assembled a year' },
              { value: '24/7', label: 'non-stop production' },
            ],
          },
          {
            kind: 'paragraph',
            text: 'Each pump has up to ten parts: spring, ball, seals, piston, body, cap and push button, put together and checked at high speed.',
          },
        ],
        'vert',
      ),
      270,
    ),
    imageElement(
      ctx,
      'From part to pump',
      plantPage(
        'From part to pump',
        'Assembly unit',
        [
          {
            kind: 'steps',
            items: [
              {
                title: 'Supply',
                text: 'Molded parts arrive from the Molding unit in labelled boxes.',
              },
              {
                title: 'Automatic assembly',
                text: 'Vibrating bowls and grippers fit the spring, ball, seal and piston.',
              },
              {
                title: '100 % inspection',
                text: 'Leak tightness, actuation force and a camera check on every pump.',
              },
              {
                title: 'Packing',
                text: 'Into boxes or trays, as each customer specifies.',
              },
              {
                title: 'Shipping',
                text: 'Logistics prepares and ships them to the filling plants.',
              },
            ],
          },
        ],
        'vert',
      ),
      270,
    ),
    imageElement(
      ctx,
      'In-line inspection',
      plantPage(
        'In-line inspection',
        'Assembly unit',
        [
          { kind: 'illustration', scene: 'quality', height: 420 },
          {
            kind: 'bullets',
            items: [
              'Vision cameras: every part is there and in the right place.',
              'Leak test and measurement of the delivered dose on samples.',
              'Control charts kept by the teams at every workstation.',
            ],
          },
        ],
        'vert',
      ),
      270,
    ),
  ];
}

function supportServices(ctx: SeedContext): PlannedElement[] {
  return [
    imageElement(
      ctx,
      'The support departments',
      plantPage('The support departments', 'Support departments', [
        {
          kind: 'cards',
          items: [
            {
              label: 'Maintenance',
              lines: ['Repairs around the clock, planned maintenance of presses and machines.'],
            },
            {
              label: 'Engineering',
              lines: ['Bringing new products into production, improving processes.'],
            },
            { label: 'Quality', lines: ['Metrology laboratory, customer relations, audits.'] },
            { label: 'Logistics', lines: ['Goods in, storage, order picking and shipping.'] },
            { label: 'HR', lines: ['Recruitment, training, payroll and support for teams.'] },
            { label: 'HSE', lines: ['Health, safety at work and the environment.'] },
            { label: 'Purchasing & IT', lines: ['Materials, parts, information systems.'] },
          ],
        },
      ]),
      260,
    ),
    imageElement(
      ctx,
      'Logistics',
      plantPage('Logistics', 'Support departments', [
        { kind: 'illustration', scene: 'warehouse', height: 440 },
        {
          kind: 'figures',
          items: [
            { value: '10,000', label: 'active products' },
            { value: '6', label: 'loading docks' },
            { value: 'Daily', label: 'shipments, Monday to Friday' },
          ],
        },
      ]),
      260,
    ),
    imageElement(
      ctx,
      'Maintenance and toolroom',
      plantPage('Maintenance and toolroom', 'Support departments', [
        {
          kind: 'bullets',
          items: [
            'A maintenance team on all three shifts, and on call at weekends.',
            'Planned maintenance of every press and every assembly machine.',
            'The toolroom looks after 450 molds in 755 versions.',
            'To ask for a repair: call ext. 2300 or log a request in the maintenance system.',
          ],
        },
        {
          kind: 'callout',
          title: 'Lockout',
          text: 'Nobody works on a machine until it is locked out: power off, padlock on, no energy left, checked.',
          tone: 'rouge',
        },
        { kind: 'illustration', scene: 'lab', height: 380 },
      ]),
      260,
    ),
  ];
}

/** The English elements of each visitor zone, by the zone's (French) name. */
function englishVersions(ctx: SeedContext): Map<string, PlannedElement[]> {
  return new Map([
    [IMAGE_ZONES.emergencyNumbers.fr, emergencyNumbers(ctx)],
    [IMAGE_ZONES.sitePlan.fr, sitePlans(ctx)],
    [IMAGE_ZONES.hsePolicies.fr, hsePolicies(ctx)],
    [IMAGE_ZONES.ppe.fr, ppe(ctx)],
    [IMAGE_ZONES.pti.fr, pti(ctx)],
    [IMAGE_ZONES.wastePollution.fr, waste(ctx)],
    [IMAGE_ZONES.qualityPolicies.fr, qualityPolicies(ctx)],
    [IMAGE_ZONES.qualityCertifications.fr, qualityCertifications(ctx)],
    [IMAGE_ZONES.environmentPolicy.fr, environmentPolicy(ctx)],
    [IMAGE_ZONES.plantIntroduction.fr, plantIntroduction(ctx)],
    [IMAGE_ZONES.moldingUnit.fr, moldingUnit(ctx)],
    [IMAGE_ZONES.assemblyUnit.fr, assemblyUnit(ctx)],
    [IMAGE_ZONES.supportServices.fr, supportServices(ctx)],
  ]);
}

/** The zone names that get an English version in the demo plant. */
export const ENGLISH_DEMO_ZONES: readonly string[] = [
  IMAGE_ZONES.emergencyNumbers.fr,
  IMAGE_ZONES.sitePlan.fr,
  IMAGE_ZONES.hsePolicies.fr,
  IMAGE_ZONES.ppe.fr,
  IMAGE_ZONES.pti.fr,
  IMAGE_ZONES.wastePollution.fr,
  IMAGE_ZONES.qualityPolicies.fr,
  IMAGE_ZONES.qualityCertifications.fr,
  IMAGE_ZONES.environmentPolicy.fr,
  IMAGE_ZONES.plantIntroduction.fr,
  IMAGE_ZONES.moldingUnit.fr,
  IMAGE_ZONES.assemblyUnit.fr,
  IMAGE_ZONES.supportServices.fr,
];

/**
 * `zones` with each visitor zone's English elements (marked `en`) after its French ones, so the
 * zone's orders stay contiguous and the French elements keep theirs (decision 021).
 */
export function withEnglishVersions(ctx: SeedContext, zones: PlannedZone[]): PlannedZone[] {
  const english = englishVersions(ctx);
  const result = zones.map((zone) => {
    const added = english.get(zone.zonename);
    if (!added) return zone;
    english.delete(zone.zonename);
    return {
      ...zone,
      elements: [
        ...zone.elements,
        ...added.map((element): PlannedElement => ({ ...element, lang: 'en' })),
      ],
    };
  });
  const missing = [...english.keys()];
  if (missing.length > 0) throw new Error(`No French zone for the English version of ${missing}`);
  return result;
}
