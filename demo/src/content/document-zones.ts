/**
 * Zones built from documents: the HR guide (PDF with a table of contents), house rules and the
 * environment catalogue (page images), the operator manual (page images and its PDF), quality
 * control posters, the empty poster zone, and the standalone PDFs (100 pages, password-protected).
 */
import { CONTENT_ZONES, formatTocEntry, IMAGE_ZONES } from '@plant-kiosk/contract';
import type { PlannedZone } from '../demo-plan.js';
import { renderDocumentPdf } from '../pdf/document-pdf.js';
import { documentCoverSvg, documentPagesSvg } from '../svg/document-pages.js';
import { pageSvg } from '../svg/page.js';
import {
  ago,
  imageElement,
  imageValue,
  imageZone,
  textValue,
  type SeedContext,
} from './context.js';
import {
  environmentCatalogueSpec,
  houseRulesSpec,
  HUNDRED_PAGES_FILE,
  hundredPagesSpec,
  OPERATOR_MANUAL_FILE,
  operatorManualSpec,
} from './documents.js';
import { HR_GUIDE_FILE, HR_GUIDE_TITLE, hrGuideSpec } from './hr-guide.js';

/** The HR guide's table of contents as generated, for tests that check it against the PDF. */
export interface HrGuideInfo {
  pdf: string;
  pageCount: number;
  sections: { title: string; page: number }[];
}

export async function hrGuideZone(
  ctx: SeedContext,
): Promise<{ zone: PlannedZone; info: HrGuideInfo }> {
  const spec = hrGuideSpec();
  const rendered = await renderDocumentPdf(spec);
  const pdf = ctx.media.pdf(HR_GUIDE_FILE, rendered.bytes);
  // The viewers' demo opens it by this plain name too, out of any development's upload folder.
  ctx.media.fixture(HR_GUIDE_FILE, rendered.bytes);
  const title = `${HR_GUIDE_TITLE} — ${spec.edition.toLowerCase()}`;
  const zone: PlannedZone = {
    zonename: CONTENT_ZONES.hrGuide,
    type: 'subgroups',
    elements: [
      {
        value: title,
        type: 'group',
        addingdate: ago(ctx, 500),
        subgroups: [
          {
            model: 'Document PDF',
            addingdate: ago(ctx, 500),
            fields: {
              titre: [textValue(title)],
              // Only the cover, as the guide's thumbnail: the guide itself is read in the PDF reader.
              pages: [
                imageValue(
                  ctx,
                  `${HR_GUIDE_TITLE} couverture`,
                  documentCoverSvg({ ...spec, toc: false }, rendered.pageCount),
                ),
              ],
              pdf: [{ value: pdf, type: 'pdf' }],
              sommaire: rendered.sectionPages.map((entry) => textValue(formatTocEntry(entry))),
            },
          },
        ],
      },
    ],
  };
  return { zone, info: { pdf, pageCount: rendered.pageCount, sections: rendered.sectionPages } };
}

function pagesZone(
  ctx: SeedContext,
  zonename: string,
  model: 'Règlement intérieur' | 'Catalogue environnement',
  spec: ReturnType<typeof houseRulesSpec>,
  addedDaysAgo: number,
): PlannedZone {
  const pages = documentPagesSvg(spec);
  return {
    zonename,
    type: 'subgroups',
    elements: [
      {
        value: `${spec.title} — ${spec.edition.toLowerCase()}`,
        type: 'group',
        addingdate: ago(ctx, addedDaysAgo),
        subgroups: [
          {
            model,
            addingdate: ago(ctx, addedDaysAgo),
            fields: {
              pages: pages.map((svg, i) => imageValue(ctx, `${spec.title} page ${i + 1}`, svg)),
            },
          },
        ],
      },
    ],
  };
}

async function operatorManual(ctx: SeedContext): Promise<PlannedZone> {
  const spec = operatorManualSpec();
  const pages = documentPagesSvg(spec);
  const rendered = await renderDocumentPdf(spec);
  if (rendered.pageCount !== pages.length) {
    throw new Error(
      `Operator manual: ${rendered.pageCount} PDF pages but ${pages.length} page images`,
    );
  }
  // Its PDF is no content's: the viewers' demo opens it by name.
  ctx.media.fixture(OPERATOR_MANUAL_FILE, rendered.bytes);
  return imageZone(
    IMAGE_ZONES.operatorManual.fr,
    pages.map((svg, i) => imageElement(ctx, `Manuel opérateur page ${i + 1}`, svg, 260)),
  );
}

function qualityControl(ctx: SeedContext): PlannedZone {
  const page = (title: string, blocks: Parameters<typeof pageSvg>[0]['blocks']) =>
    pageSvg({
      title,
      kicker: 'Contrôle qualité · Unité Moulage',
      accent: 'bleu',
      blocks,
      footer: 'Site du Neubourg · Qualité Moulage · poste 2320',
    });
  return imageZone(IMAGE_ZONES.qualityControl.fr, [
    imageElement(
      ctx,
      'Autocontrôle au poste',
      page('Autocontrôle au poste', [
        {
          kind: 'steps',
          items: [
            { title: 'Prélever', text: 'Une pièce par empreinte, toutes les heures.' },
            {
              title: 'Contrôler',
              text: 'Aspect à la lampe loupe, dimensions au calibre, masse à la balance.',
            },
            { title: 'Enregistrer', text: 'Reporter chaque mesure sur la carte de contrôle.' },
            {
              title: 'Réagir',
              text: 'Point hors limites : isoler depuis le dernier bon contrôle et appeler le régleur.',
            },
          ],
        },
        { kind: 'illustration', scene: 'quality', height: 400 },
      ]),
      240,
    ),
    imageElement(
      ctx,
      'Catalogue des défauts',
      page('Catalogue des défauts', [
        {
          kind: 'table',
          columns: ['Défaut', 'Comment le reconnaître', 'Gravité'],
          widths: [2, 4, 1.6],
          rows: [
            ['Bavure', 'Lame de matière au plan de joint', 'Majeur'],
            ['Manque matière', 'Pièce incomplète, bord arrondi', 'Critique'],
            ['Retassure', 'Creux sur une face épaisse', 'Mineur'],
            ['Point noir', 'Inclusion sombre dans la masse', 'Majeur'],
            ['Rayure', 'Trace linéaire sur une face visible', 'Mineur'],
            ['Déformation', 'Pièce voilée, ne se pose pas à plat', 'Majeur'],
            ['Écart de teinte', 'Différence avec l’étalon couleur', 'Majeur'],
          ],
        },
        {
          kind: 'callout',
          tone: 'rouge',
          title: 'Défaut critique',
          text: 'Arrêt de la presse, isolement du lot et information immédiate de la qualité (2320).',
        },
      ]),
      240,
    ),
    imageElement(
      ctx,
      'La carte de contrôle',
      page('La carte de contrôle', [
        {
          kind: 'paragraph',
          text: 'La carte de contrôle montre si le procédé reste stable : chaque point est une mesure, les deux lignes rouges sont les limites de contrôle.',
        },
        { kind: 'illustration', scene: 'quality', height: 400 },
        {
          kind: 'bullets',
          items: [
            'Un point hors des limites : réagir immédiatement.',
            'Sept points du même côté de la moyenne : prévenir le régleur.',
            'Une tendance de six points qui montent ou descendent : prévenir le régleur.',
          ],
        },
      ]),
      240,
    ),
  ]);
}

export async function documentZones(
  ctx: SeedContext,
): Promise<{ zones: PlannedZone[]; hrGuide: HrGuideInfo }> {
  const { zone: hrGuide, info } = await hrGuideZone(ctx);
  const hundred = await renderDocumentPdf(hundredPagesSpec());
  if (hundred.pageCount !== 100)
    throw new Error(`The benchmark document has ${hundred.pageCount} pages, not 100`);
  // The benchmark's document (the viewers' demo and bench/suites/kiosk-pdf.ts open it): a
  // fixture, out of the plant's media library.
  ctx.media.fixture(HUNDRED_PAGES_FILE, hundred.bytes);
  return {
    hrGuide: info,
    zones: [
      hrGuide,
      pagesZone(ctx, CONTENT_ZONES.houseRules, 'Règlement intérieur', houseRulesSpec(), 300),
      pagesZone(
        ctx,
        CONTENT_ZONES.environmentCatalogue,
        'Catalogue environnement',
        environmentCatalogueSpec(),
        210,
      ),
      // Empty on purpose: a poster takes over the whole kiosk (docs/product.md#screens); the back-office sets one.
      { zonename: CONTENT_ZONES.poster, type: 'subgroups', elements: [] },
      await operatorManual(ctx),
      qualityControl(ctx),
    ],
  };
}
