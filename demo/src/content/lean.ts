/**
 * BE LEAN + content for each totem: archived successes ("Nos Succès": a thumbnail per project and
 * the archived report's page images as sub-elements), current projects as zoomable A3 boards, and
 * the current projects' reports as PDFs with page images (`Document PDF` sub-groups).
 */
import { TOTEM_TYPES, totemZoneNames, type TotemType } from '@plant-kiosk/contract';
import type { DocumentSpec } from '../document-model.js';
import type { PlannedElement, PlannedZone } from '../demo-plan.js';
import { renderDocumentPdf } from '../pdf/document-pdf.js';
import { documentPagesSvg } from '../svg/document-pages.js';
import { archiveThumbnailSvg, projectBoardSvg, type LeanProject } from '../svg/special.js';
import { ago, imageValue, textValue, type SeedContext } from './context.js';
import { slugify } from '../slugify.js';
import { imageAltText } from '../image-alt-text.js';

type Draft = Omit<LeanProject, 'totem' | 'slug'>;

const action = (text: string, owner: string, due: string, done = true) => ({
  action: text,
  owner,
  due,
  done,
});

const PROJECTS: Record<TotemType, { archives: Draft[]; current: Draft[] }> = {
  Moulage: {
    archives: [
      {
        title: 'Réduire les rebuts au démarrage de la presse 42',
        team: ['N. Perrin', 'S. Leroux', 'D. Lefebvre'],
        leader: 'Stéphane Leroux',
        start: 'janv. 2023',
        end: 'juin 2023',
        problem:
          'Au redémarrage après un changement de série, la presse 42 produit en moyenne 1 800 pièces rebutées avant d’atteindre le régime stable.',
        objective: 'Diviser par deux les rebuts de démarrage en six mois.',
        causes: [
          'Réglages transmis à l’oral',
          'Pas de fiche de démarrage',
          'Moule froid au démarrage',
          'Matière humide',
          'Atelier froid la nuit',
        ],
        actions: [
          action('Fiche de démarrage standard', 'S. Leroux', 'mars'),
          action('Préchauffage du moule', 'D. Lefebvre', 'avril'),
          action('Contrôle humidité matière', 'N. Perrin', 'mai'),
        ],
        kpi: {
          label: 'Pièces rebutées au démarrage',
          unit: 'pièces',
          before: [1850, 1790, 1820],
          after: [1100, 950, 1180],
        },
        result: '−35 % de rebuts',
        gains: ['12 000 € de matière par an', '3 heures de production gagnées par semaine'],
        standards: [
          'Fiche de démarrage affichée sur les presses 40 à 48',
          'Préchauffage intégré au standard de changement',
        ],
      },
      {
        title: 'SMED : changement de moule sur les presses 220 t',
        team: ['D. Lefebvre', 'A. Vasseur', 'M. Hébert'],
        leader: 'David Lefebvre',
        start: 'sept. 2023',
        end: 'févr. 2024',
        problem:
          'Un changement de moule sur les presses de 220 tonnes immobilise la presse 3 heures en moyenne.',
        objective: 'Ramener le changement de moule sous 1 h 45.',
        causes: [
          'Outillage cherché',
          'Opérations faites presse arrêtée',
          'Bridage manuel',
          'Moule non préchauffé',
          'Zone encombrée',
        ],
        actions: [
          action('Chariot d’outillage dédié', 'A. Vasseur', 'oct.'),
          action('Préchauffage hors presse', 'D. Lefebvre', 'nov.'),
          action('Bridage rapide', 'M. Hébert', 'janv.'),
        ],
        kpi: {
          label: 'Durée du changement de moule',
          unit: 'min',
          before: [185, 176, 190],
          after: [112, 104, 98],
        },
        result: '−40 % de temps de changement',
        gains: ['Petites séries rentables', '40 heures de presse libérées par mois'],
        standards: ['Standard SMED en 12 étapes', 'Chariot d’outillage sur chaque îlot 220 t'],
      },
      {
        title: '5S au magasin des moules',
        team: ['D. Lefebvre', 'E. Morel'],
        leader: 'Élodie Morel',
        start: 'mars 2024',
        end: 'mai 2024',
        problem:
          'Des moules rangés hors emplacement font perdre jusqu’à 30 minutes par changement.',
        objective: '100 % des moules localisés en moins de 2 minutes.',
        causes: [
          'Pas de repérage',
          'Méthode de rangement non définie',
          'Étagères saturées',
          'Moules obsolètes stockés',
          'Éclairage faible',
        ],
        actions: [
          action('Tri et sortie de 60 moules obsolètes', 'E. Morel', 'mars'),
          action('Adressage des étagères', 'D. Lefebvre', 'avril'),
          action('Audit 5S mensuel', 'E. Morel', 'mai'),
        ],
        kpi: {
          label: 'Temps de recherche d’un moule',
          unit: 'min',
          before: [28, 22, 31],
          after: [2, 1, 2],
        },
        result: '100 % des moules localisés',
        gains: ['Recherche ramenée à 2 minutes', 'Place libérée pour 80 moules'],
        standards: ['Plan d’adressage du magasin', 'Audit 5S mensuel affiché'],
      },
      {
        title: 'Isoler les fourreaux des presses',
        team: ['M. Duval', 'K. Benali'],
        leader: 'Marc Duval',
        start: 'oct. 2023',
        end: 'mars 2024',
        problem:
          'Les fourreaux non isolés dissipent la chaleur dans l’atelier et consomment de l’énergie en continu.',
        objective: 'Réduire de 10 % l’énergie de chauffe des presses.',
        causes: [
          'Fourreaux nus',
          'Consignes de chauffe anciennes',
          'Presses chaudes à l’arrêt',
          'Matière froide',
          'Atelier ventilé',
        ],
        actions: [
          action('Jaquettes isolantes sur 30 presses', 'M. Duval', 'déc.'),
          action('Mise en veille automatique', 'K. Benali', 'févr.'),
        ],
        kpi: {
          label: 'Énergie de chauffe',
          unit: 'MWh/mois',
          before: [212, 208, 215],
          after: [188, 184, 186],
        },
        result: '−12 % d’énergie',
        gains: ['290 MWh économisés par an', 'Atelier plus frais l’été'],
        standards: [
          'Jaquettes sur toutes les nouvelles presses',
          'Veille automatique après 30 min d’arrêt',
        ],
      },
    ],
    current: [
      {
        title: 'Supprimer les bavures du moule 64 empreintes',
        team: ['S. Leroux', 'N. Perrin', 'D. Lefebvre', 'Qualité'],
        leader: 'Nadia Perrin',
        start: 'sept. 2024',
        end: 'févr. 2025',
        problem:
          'Le moule 64 empreintes des capots Lyra génère des bavures sur 4 empreintes : 0,8 % de pièces triées à la main.',
        objective: 'Passer sous 0,1 % de pièces avec bavure d’ici février 2025.',
        causes: [
          'Tri manuel long',
          'Nettoyage du plan de joint irrégulier',
          'Force de fermeture limite',
          'Variation de fluidité',
          'Température du moule instable',
        ],
        actions: [
          action('Cartographie des empreintes', 'N. Perrin', 'sept.'),
          action('Nettoyage plan de joint à chaque équipe', 'S. Leroux', 'oct.'),
          action('Rectification des 4 empreintes', 'D. Lefebvre', 'déc.', false),
          action('Régulation thermique du moule', 'Maintenance', 'janv.', false),
        ],
        kpi: { label: 'Pièces avec bavure', unit: '‰', before: [8, 9, 8], after: [5, 4, 3] },
        result: 'En cours : 3 ‰ (objectif 1 ‰)',
        gains: ['Fin du tri manuel visé : 1 poste par équipe', 'Moins de réclamations clients'],
        standards: [
          'Nettoyage du plan de joint dans le standard de poste',
          'Suivi des empreintes sur la carte de contrôle',
        ],
      },
      {
        title: 'Réduire les purges aux changements de couleur',
        team: ['A. Vasseur', 'M. Hébert', 'Méthodes'],
        leader: 'Aurélie Vasseur',
        start: 'oct. 2024',
        end: 'mars 2025',
        problem:
          'Un changement de couleur consomme en moyenne 9 kg de matière purgée sur les presses de 150 tonnes.',
        objective: 'Diviser par trois la matière purgée par changement de couleur.',
        causes: [
          'Séquence non standard',
          'Ordre des couleurs au hasard',
          'Vis encrassée',
          'Colorant en excès',
          'Trémie mal vidée',
        ],
        actions: [
          action('Ordonnancement du clair au foncé', 'Méthodes', 'oct.'),
          action('Essai d’un produit de purge', 'A. Vasseur', 'nov.'),
          action('Vidange complète de la trémie', 'M. Hébert', 'déc.', false),
        ],
        kpi: {
          label: 'Matière purgée par changement',
          unit: 'kg',
          before: [9, 10, 8],
          after: [6, 5, 4],
        },
        result: 'En cours : 4 kg (objectif 3 kg)',
        gains: ['Jusqu’à 18 t de matière par an', 'Changements plus courts'],
        standards: ['Planning des couleurs du clair au foncé', 'Fiche de purge par presse'],
      },
    ],
  },
  Assemblage: {
    archives: [
      {
        title: 'Fiabiliser le poste de vissage de la ligne 7',
        team: ['T. Girard', 'K. Lambert', 'Maintenance'],
        leader: 'Thomas Girard',
        start: 'févr. 2023',
        end: 'juil. 2023',
        problem: 'Le poste de vissage de la ligne 7 provoque 40 % des arrêts de la ligne.',
        objective: 'Gagner 5 points de TRS sur la ligne 7.',
        causes: [
          'Réglages différents par équipe',
          'Pas de standard de réglage',
          'Visseuse usée',
          'Capots hors tolérance',
          'Poussière',
        ],
        actions: [
          action('Remplacement de la visseuse', 'Maintenance', 'mars'),
          action('Standard de réglage', 'T. Girard', 'avril'),
          action('Contrôle des capots à réception', 'Qualité', 'mai'),
        ],
        kpi: { label: 'TRS de la ligne 7', unit: '%', before: [71, 69, 72], after: [78, 80, 79] },
        result: '+8 points de TRS',
        gains: ['1,2 million de pompes de plus par an', 'Moins d’interventions de nuit'],
        standards: ['Standard de réglage du vissage', 'Maintenance préventive mensuelle'],
      },
      {
        title: 'Réduire les micro-arrêts des bols vibrants',
        team: ['S. Dubois', 'L. Renaud'],
        leader: 'Sandrine Dubois',
        start: 'sept. 2023',
        end: 'janv. 2024',
        problem: 'Les bols vibrants des lignes 9 à 12 se bloquent en moyenne 25 fois par poste.',
        objective: 'Diviser par deux les micro-arrêts.',
        causes: [
          'Remplissage trop haut',
          'Pas de niveau repère',
          'Rails usés',
          'Ressorts emmêlés',
          'Vibrations voisines',
        ],
        actions: [
          action('Repère de niveau de remplissage', 'L. Renaud', 'oct.'),
          action('Remplacement des rails', 'Maintenance', 'nov.'),
          action('Démêleur de ressorts', 'S. Dubois', 'déc.'),
        ],
        kpi: {
          label: 'Micro-arrêts par poste',
          unit: 'arrêts',
          before: [26, 24, 25],
          after: [12, 11, 13],
        },
        result: '−50 % de micro-arrêts',
        gains: ['Opérateurs disponibles pour le contrôle', '+3 points de TRS'],
        standards: [
          'Niveau de remplissage affiché sur chaque bol',
          'Changement des rails tous les 6 mois',
        ],
      },
      {
        title: 'Kanban des composants de la ligne 12',
        team: ['Y. Haddad', 'L. Renaud'],
        leader: 'Yacine Haddad',
        start: 'janv. 2024',
        end: 'avril 2024',
        problem: 'Les bacs de composants s’accumulent en bord de ligne et encombrent les allées.',
        objective: 'Réduire de 30 % les encours en bord de ligne.',
        causes: [
          'Approvisionnement à la demande',
          'Pas de règle de réapprovisionnement',
          'Chariots trop grands',
          'Bacs non identifiés',
          'Allées étroites',
        ],
        actions: [
          action('Boucle kanban à 2 bacs', 'Y. Haddad', 'févr.'),
          action('Tournée du train logistique', 'Logistique', 'mars'),
        ],
        kpi: {
          label: 'Bacs en bord de ligne',
          unit: 'bacs',
          before: [42, 45, 40],
          after: [28, 27, 29],
        },
        result: '−30 % d’encours',
        gains: ['Allées dégagées', 'Plus de rupture de composants'],
        standards: [
          'Boucle kanban étendue aux lignes 9 et 10',
          'Tournée du train toutes les 45 minutes',
        ],
      },
      {
        title: 'Ergonomie du poste de conditionnement',
        team: ['C. Fournier', 'S. Dubois', 'Infirmerie'],
        leader: 'Céline Fournier',
        start: 'mai 2024',
        end: 'sept. 2024',
        problem:
          'Le poste de conditionnement impose de soulever des cartons de 12 kg plus de 200 fois par poste.',
        objective: 'Supprimer les ports de charge de plus de 8 kg.',
        causes: [
          'Rotation insuffisante',
          'Gestes non formés',
          'Table fixe',
          'Cartons trop lourds',
          'Palette au sol',
        ],
        actions: [
          action('Table à hauteur réglable', 'Maintenance', 'juin'),
          action('Cartons de 8 kg', 'Logistique', 'juil.'),
          action('Gerbeur de palette', 'C. Fournier', 'août'),
        ],
        kpi: {
          label: 'Charge soulevée par poste',
          unit: 't',
          before: [2.4, 2.5, 2.4],
          after: [1.2, 1.1, 1.2],
        },
        result: '−50 % de charge portée',
        gains: ['Moins de TMS déclarés', 'Poste accessible à tous'],
        standards: ['Cartons limités à 8 kg', 'Palettes sur gerbeur à hauteur'],
      },
    ],
    current: [
      {
        title: 'Augmenter le TRS de la ligne 9',
        team: ['T. Girard', 'S. Dubois', 'Maintenance', 'Méthodes'],
        leader: 'Thomas Girard',
        start: 'sept. 2024',
        end: 'mars 2025',
        problem: 'La ligne 9 plafonne à 68 % de TRS, contre 78 % pour les lignes comparables.',
        objective: 'Atteindre 76 % de TRS sur la ligne 9 d’ici mars 2025.',
        causes: [
          'Passations incomplètes',
          'Réglages non standard',
          'Pince d’insertion usée',
          'Joints hors tolérance',
          'Poussière au poste vision',
        ],
        actions: [
          action('Analyse des arrêts sur 4 semaines', 'Méthodes', 'sept.'),
          action('Remplacement de la pince', 'Maintenance', 'oct.'),
          action('Standard de passation', 'T. Girard', 'nov.', false),
          action('Capot anti-poussière vision', 'S. Dubois', 'déc.', false),
        ],
        kpi: { label: 'TRS de la ligne 9', unit: '%', before: [67, 68, 69], after: [71, 72, 73] },
        result: 'En cours : 73 % (objectif 76 %)',
        gains: ['2 millions de pompes de plus par an visés', 'Moins d’heures supplémentaires'],
        standards: [
          'Passation en 5 minutes avec check-list',
          'Maintenance de la pince tous les 3 mois',
        ],
      },
      {
        title: 'Zéro pompe non étanche livrée',
        team: ['K. Lambert', 'Qualité', 'L. Renaud'],
        leader: 'Kévin Lambert',
        start: 'oct. 2024',
        end: 'avril 2025',
        problem:
          'Deux réclamations clients en 2024 pour des pompes non étanches issues des lignes 3 et 7.',
        objective: 'Aucune pompe non étanche livrée : détection à 100 % en ligne.',
        causes: [
          'Rejets remis en ligne',
          'Test par échantillonnage',
          'Capteur de fuite dérivant',
          'Joints déformés',
          'Température variable',
        ],
        actions: [
          action('Test d’étanchéité à 100 %', 'Méthodes', 'nov.'),
          action('Bac de rejet verrouillé', 'K. Lambert', 'nov.'),
          action('Étalonnage quotidien du capteur', 'Qualité', 'déc.', false),
        ],
        kpi: {
          label: 'Pompes non étanches détectées en fin de ligne',
          unit: 'ppm',
          before: [42, 38, 45],
          after: [12, 8, 6],
        },
        result: 'En cours : 6 ppm détectées',
        gains: ['Zéro réclamation étanchéité depuis novembre', 'Confiance client renforcée'],
        standards: [
          'Test à 100 % sur les lignes 3 et 7',
          'Bacs de rejet verrouillés sur toutes les lignes',
        ],
      },
    ],
  },
};

/** The archived or current report of a project, rendered both as a PDF and as page images. */
function reportSpec(project: LeanProject, archived: boolean): DocumentSpec {
  return {
    title: project.title,
    subtitle: archived
      ? `Nos Succès — ${project.result}`
      : `Projet CI en cours — pilote ${project.leader}`,
    kicker: `BE LEAN + · ${project.totem}`,
    edition: `${project.start} – ${project.end}`,
    accent: archived ? 'vert' : 'corail',
    date: new Date('2024-11-04T08:00:00.000Z'),
    pages: [
      {
        title: 'Contexte et objectif',
        blocks: [
          { kind: 'callout', tone: 'corail', title: 'Problème', text: project.problem },
          { kind: 'callout', tone: 'vert', title: 'Objectif', text: project.objective },
          { kind: 'heading', text: 'Équipe' },
          {
            kind: 'paragraph',
            text: `Pilote : ${project.leader}. Équipe : ${project.team.join(', ')}.`,
          },
          { kind: 'heading', text: 'Causes identifiées (5M)' },
          {
            kind: 'bullets',
            items: project.causes.map(
              (cause, i) =>
                `${['Main-d’œuvre', 'Méthode', 'Machine', 'Matière', 'Milieu'][i] ?? 'Autre'} : ${cause}`,
            ),
          },
        ],
      },
      {
        title: 'Plan d’actions',
        blocks: [
          {
            kind: 'table',
            columns: ['Action', 'Responsable', 'Échéance', 'Statut'],
            widths: [4, 2.2, 1.6, 1.6],
            rows: project.actions.map((item) => [
              item.action,
              item.owner,
              item.due,
              item.done ? 'Fait' : 'En cours',
            ]),
          },
          {
            kind: 'paragraph',
            text: 'Les actions sont suivies chaque semaine au point BE LEAN + de l’équipe, devant le tableau du projet.',
          },
        ],
      },
      {
        title: archived ? 'Résultats et standardisation' : 'Premiers résultats',
        blocks: [
          {
            kind: 'figures',
            items: [
              {
                value: String(project.kpi.before[project.kpi.before.length - 1] ?? ''),
                label: `Avant (${project.kpi.unit})`,
              },
              {
                value: String(project.kpi.after[project.kpi.after.length - 1] ?? ''),
                label: `Après (${project.kpi.unit})`,
              },
              { value: project.result.replace(/^En cours : /, ''), label: project.kpi.label },
            ],
          },
          { kind: 'heading', text: 'Gains' },
          { kind: 'bullets', items: project.gains },
          { kind: 'heading', text: archived ? 'Standards mis en place' : 'Standards prévus' },
          { kind: 'bullets', items: project.standards },
        ],
      },
    ],
  };
}

async function totemZones(ctx: SeedContext, totem: TotemType): Promise<PlannedZone[]> {
  const names = totemZoneNames(totem);
  const drafts = PROJECTS[totem];
  const complete = (draft: Draft): LeanProject => ({ ...draft, totem, slug: slugify(draft.title) });

  const archives: PlannedElement[] = drafts.archives.map((draft, i) => {
    const project = complete(draft);
    const pages = documentPagesSvg(reportSpec(project, true));
    const thumbnail = archiveThumbnailSvg(project);
    return {
      value: ctx.media.image(`Nos succès ${project.title}`, thumbnail),
      type: 'image',
      alt: imageAltText(`Nos succès ${project.title}`, thumbnail),
      addingdate: ago(ctx, 420 - i * 70),
      subelements: pages.map((svg, n) =>
        imageValue(ctx, `${project.title} archive page ${n + 1}`, svg),
      ),
    };
  });

  const boards: PlannedElement[] = drafts.current.map((draft, i) => {
    const project = complete(draft);
    const board = projectBoardSvg(project);
    return {
      value: ctx.media.image(`Projet ${project.title} A3`, board),
      type: 'image',
      alt: imageAltText(`Projet ${project.title} A3`, board),
      addingdate: ago(ctx, 60 - i * 20),
    };
  });

  const pdfs: PlannedElement[] = [];
  for (const [i, draft] of drafts.current.entries()) {
    const project = complete(draft);
    const spec = reportSpec(project, false);
    const pages = documentPagesSvg(spec);
    const rendered = await renderDocumentPdf(spec);
    if (rendered.pageCount !== pages.length) {
      throw new Error(
        `"${project.title}": the PDF has ${rendered.pageCount} pages but ${pages.length} page images`,
      );
    }
    const pdf = ctx.media.pdf(`be-lean-${slugify(totem)}-${project.slug}`, rendered.bytes);
    pdfs.push({
      value: project.title,
      type: 'group',
      addingdate: ago(ctx, 55 - i * 20),
      subgroups: [
        {
          model: 'Document PDF',
          addingdate: ago(ctx, 55 - i * 20),
          fields: {
            titre: [textValue(project.title)],
            pages: pages.map((svg, n) => imageValue(ctx, `${project.title} page ${n + 1}`, svg)),
            pdf: [{ value: pdf, type: 'pdf' }],
          },
        },
      ],
    });
  }

  return [
    { zonename: names.archives, type: 'images', elements: archives },
    { zonename: names.projects, type: 'images', elements: boards },
    { zonename: names.pdfs, type: 'subgroups', elements: pdfs },
  ];
}

export async function leanZones(ctx: SeedContext): Promise<PlannedZone[]> {
  const zones: PlannedZone[] = [];
  for (const totem of TOTEM_TYPES) zones.push(...(await totemZones(ctx, totem)));
  return zones;
}
