/**
 * The company magazine "Le Fil du Neubourg": one element per issue (value = issue title) with a
 * `Magazine` sub-group: `mois` (first of the month, ISO date) and eight page images. The kiosk
 * shows the newest issue large and the others in a carousel labelled by month.
 */
import { CONTENT_ZONES } from '@plant-kiosk/contract';
import type { PlannedZone } from '../demo-plan.js';
import { pageSvg, type Block } from '../svg/page.js';
import type { SceneKind } from '../svg/scenes.js';
import { magazineCoverSvg, MAGAZINE_NAME } from '../svg/special.js';
import { ago, imageValue, type SeedContext } from './context.js';

interface Issue {
  number: number;
  /** First day of the issue's month. */
  month: string;
  label: string;
  headline: string;
  teaser: string;
  scene: SceneKind;
  editorial: string;
  news: string[];
  dossier: {
    title: string;
    text: string;
    figures: { value: string; label: string }[];
    scene: SceneKind;
  };
  job: { title: string; person: string; quote: string; tasks: string[]; scene: SceneKind };
  safety: { title: string; items: string[] };
  welcome: string[];
  agenda: { date: string; text: string }[];
  figure: { value: string; label: string };
}

const ISSUES: Issue[] = [
  {
    number: 18,
    month: '2023-03-01',
    label: 'mars 2023',
    headline: 'BE LEAN + : la démarche est lancée',
    teaser: 'Douze premiers chantiers ouverts dans les ateliers',
    scene: 'team',
    editorial:
      'Avec BE LEAN +, nous voulons que chaque idée de terrain puisse devenir une amélioration visible en quelques semaines. Les premiers chantiers montrent déjà le chemin.',
    news: [
      'Trois nouvelles presses de 150 tonnes installées dans l’unité Moulage.',
      'Le restaurant d’entreprise propose désormais un plat végétarien chaque jour.',
      'Audit de suivi ISO 9001 réussi sans écart majeur.',
    ],
    dossier: {
      title: 'Douze chantiers pour démarrer',
      text: 'Rebuts, changements de moule, ergonomie : les équipes ont choisi leurs premiers sujets et se réunissent chaque semaine devant leur tableau.',
      figures: [
        { value: '12', label: 'chantiers' },
        { value: '85', label: 'participants' },
        { value: '4', label: 'animateurs formés' },
      ],
      scene: 'team',
    },
    job: {
      title: 'Régleur moulage',
      person: 'Stéphane, régleur depuis 12 ans',
      scene: 'injection',
      quote: 'Un bon réglage, c’est une presse qu’on n’entend plus : elle tourne.',
      tasks: ['Monter et régler les moules', 'Démarrer les séries', 'Former les opérateurs'],
    },
    safety: {
      title: 'Les protections auditives',
      items: [
        'Au-delà de 85 dB(A), le port est obligatoire.',
        'Des bouchons moulés sur mesure sont proposés par l’infirmerie.',
      ],
    },
    welcome: [
      'Julie, technicienne méthodes',
      'Romain, opérateur assemblage',
      'Inès, alternante RH',
    ],
    agenda: [
      { date: '14 mars', text: 'Journée d’intégration des nouveaux arrivants' },
      { date: '28 mars', text: 'Réunion d’information du CSE' },
    ],
    figure: { value: '4,15 Md', label: 'pièces moulées par an' },
  },
  {
    number: 19,
    month: '2023-06-01',
    label: 'juin 2023',
    headline: 'Cap sur les matières recyclées',
    teaser: 'Le PP recyclé entre dans la gamme Lyra',
    scene: 'pumps',
    editorial:
      'Nos clients nous demandent des produits plus responsables. Introduire des matières recyclées sans rien céder sur la qualité, c’est un défi technique que nos équipes relèvent.',
    news: [
      'Premiers essais de PP recyclé sur la pompe Lyra.',
      'Le parking P2 s’équipe de bornes de recharge.',
      'Le chantier « rebuts au démarrage » de la presse 42 atteint son objectif.',
    ],
    dossier: {
      title: 'Recycler sans compromis',
      text: 'Traçabilité des lots, essais de vieillissement, réglages adaptés : six mois de travail entre le laboratoire, le moulage et nos fournisseurs.',
      figures: [
        { value: '50 %', label: 'de PP recyclé visé' },
        { value: '6 mois', label: 'd’essais' },
        { value: '0', label: 'réclamation' },
      ],
      scene: 'lab',
    },
    job: {
      title: 'Technicienne laboratoire',
      person: 'Amandine, au laboratoire depuis 2019',
      scene: 'lab',
      quote:
        'Nous testons chaque nouvelle matière comme si elle allait partir chez le client demain.',
      tasks: ['Tests de compatibilité', 'Mesures de dose', 'Vieillissement accéléré'],
    },
    safety: {
      title: 'La chaleur en été',
      items: [
        'Buvez régulièrement : des fontaines sont dans chaque atelier.',
        'Signalez tout malaise à un SST.',
      ],
    },
    welcome: ['Hugo, électricien de maintenance', 'Sarah, acheteuse', 'Malik, cariste'],
    agenda: [
      { date: '21 juin', text: 'Fête de l’été au restaurant' },
      { date: '30 juin', text: 'Clôture des congés d’été' },
    ],
    figure: { value: '684 M', label: 'pompes par an' },
  },
  {
    number: 20,
    month: '2023-10-01',
    label: 'octobre 2023',
    headline: '60 ans au Neubourg !',
    teaser: 'Retour en images sur la journée portes ouvertes',
    scene: 'aerial',
    editorial:
      'Soixante ans après notre installation au Neubourg, plus de 1 500 visiteurs, familles et anciens ont découvert nos ateliers. Merci à toutes celles et ceux qui ont fait de cette journée une fête.',
    news: [
      '1 500 visiteurs à la journée portes ouvertes du 23 septembre.',
      'Un film des 60 ans est diffusé sur le kiosque.',
      'Le SMED des presses 220 t est lancé.',
    ],
    dossier: {
      title: '1963–2023 : soixante ans d’histoire',
      text: 'D’un bâtiment de 3 000 m² à un site de 96 000 m², des premières pompes sertissables aux gammes recyclées : les grandes étapes racontées par les anciens.',
      figures: [
        { value: '1963', label: 'installation' },
        { value: '96 000 m²', label: 'aujourd’hui' },
        { value: '≈ 690', label: 'collaborateurs' },
      ],
      scene: 'aerial',
    },
    job: {
      title: 'Gardien du site',
      person: 'Patrick, au poste de garde depuis 1998',
      scene: 'aerial',
      quote: 'Je connais tout le monde : c’est ça, la sécurité.',
      tasks: ['Accueil des visiteurs', 'Rondes de nuit', 'Coordination des secours'],
    },
    safety: {
      title: 'Visiteurs : les règles',
      items: ['Tout visiteur porte un badge et est accompagné.', 'Les EPI sont remis à l’accueil.'],
    },
    welcome: ['Chloé, ingénieure qualité', 'Théo, technicien outillage'],
    agenda: [
      { date: '5 octobre', text: 'Audit ISO 14001' },
      { date: '19 octobre', text: 'Exercice d’évacuation' },
    ],
    figure: { value: '60 ans', label: 'au Neubourg' },
  },
  {
    number: 21,
    month: '2024-01-01',
    label: 'janvier 2024',
    headline: 'Bonne année 2024',
    teaser: 'Nos priorités : sécurité, qualité, environnement',
    scene: 'injection',
    editorial:
      'En 2023, nous avons livré plus de 680 millions de pompes et réduit nos accidents de moitié. En 2024, continuons ensemble : zéro accident, zéro défaut livré, et 10 % de matière recyclée en 2025.',
    news: [
      'Nouveau règlement intérieur applicable au 1er février.',
      'Le SMED divise par deux le changement de moule sur les presses 220 t.',
      'Isolation des fourreaux : −12 % d’énergie de chauffe.',
    ],
    dossier: {
      title: 'Nos priorités 2024',
      text: 'Trois priorités, déclinées dans chaque unité avec des indicateurs suivis chaque mois sur les tableaux d’équipe.',
      figures: [
        { value: '0', label: 'accident avec arrêt' },
        { value: '< 5 ppm', label: 'défauts clients' },
        { value: '10 %', label: 'de recyclé en 2025' },
      ],
      scene: 'injection',
    },
    job: {
      title: 'Cariste logistique',
      person: 'Malik, cariste depuis l’été',
      scene: 'warehouse',
      quote: 'Avec le kanban, on livre la bonne quantité au bon moment.',
      tasks: ['Réception des matières', 'Approvisionnement des lignes', 'Chargement des camions'],
    },
    safety: {
      title: 'Circulation chariots',
      items: [
        'Vitesse limitée à 10 km/h dans les ateliers.',
        'Contact visuel avec les piétons aux intersections.',
      ],
    },
    welcome: ['Lucas, opérateur moulage', 'Emma, assistante RH', 'Nathan, technicien maintenance'],
    agenda: [
      { date: '16 janvier', text: 'Vœux de la direction' },
      { date: '6 février', text: 'Journée d’intégration' },
    ],
    figure: { value: '205 M€', label: 'chiffre d’affaires 2023' },
  },
  {
    number: 22,
    month: '2024-05-01',
    label: 'mai 2024',
    headline: 'L’assemblage gagne en fluidité',
    teaser: 'Kanban et micro-arrêts : les lignes respirent',
    scene: 'assembly',
    editorial:
      'Les lignes d’assemblage ont fait un bond : micro-arrêts divisés par deux, encours réduits d’un tiers. Ces résultats sont ceux des équipes qui les ont portés, bravo.',
    news: [
      'Boucle kanban étendue aux lignes 9 et 10.',
      'Nouveau poste de conditionnement ergonomique.',
      '5S au magasin des moules : 100 % des moules localisés.',
    ],
    dossier: {
      title: 'Des lignes plus fluides',
      text: 'Repères de remplissage, rails changés, train logistique : des solutions simples, trouvées sur le terrain.',
      figures: [
        { value: '−50 %', label: 'micro-arrêts' },
        { value: '−30 %', label: 'encours' },
        { value: '+3 pts', label: 'de TRS' },
      ],
      scene: 'assembly',
    },
    job: {
      title: 'Opératrice assemblage',
      person: 'Sandrine, pilote de ligne',
      scene: 'assembly',
      quote: 'Quand la ligne tourne bien, on a le temps de regarder la qualité.',
      tasks: ['Conduite de ligne', 'Autocontrôle', 'Animation du point d’équipe'],
    },
    safety: {
      title: 'Le port de charges',
      items: [
        'Pas plus de 8 kg par carton au conditionnement.',
        'Utilisez le gerbeur pour les palettes.',
      ],
    },
    welcome: ['Léa, technicienne qualité', 'Adam, opérateur de nuit'],
    agenda: [
      { date: '16 mai', text: 'Versement de l’intéressement' },
      { date: '4 juin', text: 'Semaine de la sécurité' },
    ],
    figure: { value: '100+', label: 'machines d’assemblage' },
  },
  {
    number: 23,
    month: '2024-10-01',
    label: 'octobre 2024',
    headline: 'Objectif zéro défaut',
    teaser: 'Étanchéité testée à 100 % sur les lignes 3 et 7',
    scene: 'quality',
    editorial:
      'Une pompe qui fuit, c’est une marque déçue et un consommateur mécontent. Avec le test d’étanchéité à 100 %, nous faisons un pas décisif vers le zéro défaut livré.',
    news: [
      'Test d’étanchéité à 100 % sur les lignes 3 et 7.',
      'Nouveau chantier : supprimer les bavures du moule 64 empreintes.',
      'Certification ISO 45001 renouvelée.',
    ],
    dossier: {
      title: 'Le zéro défaut, pas à pas',
      text: 'Détection en ligne, bacs de rejet verrouillés, étalonnage quotidien : comment l’assemblage et la qualité ont construit le nouveau standard.',
      figures: [
        { value: '100 %', label: 'des pompes testées' },
        { value: '6 ppm', label: 'détectées en ligne' },
        { value: '0', label: 'réclamation depuis' },
      ],
      scene: 'quality',
    },
    job: {
      title: 'Technicien qualité',
      person: 'Kévin, en assemblage depuis 2016',
      scene: 'quality',
      quote: 'Le défaut qu’on arrête ici, le client ne le verra jamais.',
      tasks: ['Étalonnage des bancs', 'Analyse des rejets', 'Audits de poste'],
    },
    safety: {
      title: 'Passage à l’heure d’hiver',
      items: [
        'Portez votre gilet haute visibilité sur les parkings.',
        'Les allées extérieures sont éclairées dès 17 h.',
      ],
    },
    welcome: ['Manon, ingénieure méthodes', 'Jules, outilleur', 'Rayan, opérateur moulage'],
    agenda: [
      { date: '8 novembre', text: 'Journée de l’innovation' },
      { date: '13 décembre', text: 'Arbre de Noël du CSE' },
    ],
    figure: { value: '10 000', label: 'références actives' },
  },
];

function issuePages(issue: Issue): string[] {
  const total = 8;
  const page = (
    title: string,
    number: number,
    blocks: Block[],
    accent: 'corail' | 'bleu' | 'vert' | 'rouge' = 'corail',
  ) =>
    pageSvg({
      title,
      kicker: `${MAGAZINE_NAME} · n°${issue.number}`,
      accent,
      blocks,
      footer: `${MAGAZINE_NAME} · ${issue.label}`,
      page: { number, total },
      uid: `m${issue.number}p${number}`,
    });
  return [
    magazineCoverSvg({
      number: issue.number,
      month: issue.label,
      headline: issue.headline,
      teaser: issue.teaser,
      scene: issue.scene,
      contents: [
        issue.dossier.title,
        `Métier : ${issue.job.title}`,
        `Sécurité : ${issue.safety.title}`,
        'Bienvenue aux nouveaux',
      ],
    }),
    page('Édito', 2, [
      { kind: 'paragraph', text: issue.editorial, size: 30 },
      {
        kind: 'signature',
        name: 'Claire Fontaine',
        role: 'Directrice du site du Neubourg',
        date: issue.label,
      },
      { kind: 'illustration', scene: 'aerial', height: 420 },
    ]),
    page(
      'Actualités du site',
      3,
      [
        { kind: 'bullets', items: issue.news },
        {
          kind: 'illustration',
          scene: issue.scene === 'warehouse' ? 'injection' : 'warehouse',
          height: 420,
        },
      ],
      'bleu',
    ),
    page(issue.dossier.title, 4, [
      { kind: 'paragraph', text: issue.dossier.text },
      { kind: 'figures', items: issue.dossier.figures },
      { kind: 'illustration', scene: issue.dossier.scene, height: 420 },
    ]),
    page(
      `Métier : ${issue.job.title}`,
      5,
      [
        { kind: 'callout', tone: 'bleu', title: issue.job.person, text: `« ${issue.job.quote} »` },
        { kind: 'heading', text: 'Au quotidien' },
        { kind: 'bullets', items: issue.job.tasks },
        { kind: 'illustration', scene: issue.job.scene, height: 400 },
      ],
      'bleu',
    ),
    page(
      `Sécurité : ${issue.safety.title}`,
      6,
      [
        { kind: 'bullets', items: issue.safety.items },
        {
          kind: 'callout',
          tone: 'rouge',
          title: 'Urgence : 2222',
          text: 'Le poste de garde déclenche les secours et guide les pompiers sur le site.',
        },
        { kind: 'illustration', scene: 'warehouse', height: 400 },
      ],
      'rouge',
    ),
    page(
      'Bienvenue aux nouveaux',
      7,
      [
        {
          kind: 'paragraph',
          text: 'Ils ont rejoint le site ces dernières semaines : réservez-leur le meilleur accueil.',
        },
        { kind: 'bullets', items: issue.welcome },
        { kind: 'illustration', scene: 'team', height: 420 },
      ],
      'vert',
    ),
    page(
      'Agenda et chiffre du mois',
      8,
      [
        {
          kind: 'table',
          columns: ['Date', 'Rendez-vous'],
          widths: [1, 3],
          rows: issue.agenda.map((item) => [item.date, item.text]),
        },
        { kind: 'figures', columns: 1, items: [issue.figure] },
        {
          kind: 'paragraph',
          text: 'Une idée de sujet pour le prochain numéro ? Écrivez à la rédaction, service communication, poste 2160.',
        },
      ],
      'vert',
    ),
  ];
}

export function magazineZone(ctx: SeedContext): PlannedZone {
  return {
    zonename: CONTENT_ZONES.magazine,
    type: 'subgroups',
    elements: ISSUES.map((issue) => {
      // Each issue is added a few days after its month starts.
      const addedDaysAgo = Math.max(
        1,
        Math.round((ctx.now.getTime() - Date.parse(issue.month)) / 86_400_000) - 5,
      );
      const title = `${MAGAZINE_NAME} n°${issue.number} — ${issue.label}`;
      return {
        value: title,
        type: 'group' as const,
        addingdate: ago(ctx, addedDaysAgo),
        subgroups: [
          {
            model: 'Magazine' as const,
            addingdate: ago(ctx, addedDaysAgo),
            fields: {
              mois: [{ value: issue.month, type: 'date' as const }],
              pages: issuePages(issue).map((svg, i) =>
                imageValue(ctx, `${MAGAZINE_NAME} ${issue.number} page ${i + 1}`, svg),
              ),
            },
          },
        ],
      };
    }),
  };
}
