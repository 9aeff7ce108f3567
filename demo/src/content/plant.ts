/**
 * Plant presentation content: home slideshow, site, units and support services, quality and
 * environment policies, certifications, clients, site plan, meeting rooms, canteen menus, idle
 * pages and the plant videos. Facts come from docs/product.md#constants (founded 1947, on the site since 1963,
 * about 690 employees, 96,000 m², 68 injection presses…).
 */
import { CONTENT_ZONES, IMAGE_ZONES } from '@plant-kiosk/contract';
import type { PlannedZone } from '../demo-plan.js';
import { PALETTE } from '../svg/kit.js';
import { fillWithIllustration, pageSvg, type Block } from '../svg/page.js';
import {
  BUILDING_LEGEND,
  meetingRoomsPlan,
  sitePlan,
  PLAN_HEIGHT,
  PLAN_WIDTH,
} from '../svg/plans.js';
import { sceneSvg, type SceneKind } from '../svg/scenes.js';
import { certificateSvg, clientLogoSvg, type WordmarkStyle } from '../svg/special.js';
import { ago, frenchDate, imageElement, imageZone, type SeedContext } from './context.js';

const FOOTER = 'Site du Neubourg · Présentation';

// ---------- home slideshow ----------

const SLIDES: { scene: SceneKind; title: string; subtitle: string }[] = [
  {
    scene: 'injection',
    title: "L'unité Moulage",
    subtitle: '68 presses à injecter de 10 à 300 tonnes',
  },
  {
    scene: 'assembly',
    title: "L'unité Assemblage",
    subtitle: "Plus de 100 machines d'assemblage, 24 h/24 et 7 j/7",
  },
  {
    scene: 'pumps',
    title: 'Pompes et sprays pour la beauté',
    subtitle: '684 millions de pompes fabriquées chaque année',
  },
  {
    scene: 'aerial',
    title: 'Le site du Neubourg',
    subtitle: '96 000 m² de terrain, 20 000 m² de bâtiments',
  },
  {
    scene: 'warehouse',
    title: 'Logistique',
    subtitle: '10 000 références actives expédiées dans le monde',
  },
  {
    scene: 'lab',
    title: 'Prototypage',
    subtitle: '3 000 impressions 3D et 60 nouveaux développements par an',
  },
  {
    scene: 'team',
    title: "BE LEAN + : l'amélioration continue",
    subtitle: 'Des idées de terrain, portées en équipe',
  },
  {
    scene: 'quality',
    title: 'Qualité',
    subtitle: 'Contrôle en ligne et laboratoire de métrologie',
  },
];

function slideshow(ctx: SeedContext): PlannedZone {
  return {
    zonename: CONTENT_ZONES.homeSlideshow,
    type: 'images',
    elements: SLIDES.map((slide, i) =>
      imageElement(
        ctx,
        slide.title,
        sceneSvg(slide.scene, { title: slide.title, subtitle: slide.subtitle }),
        120 - i * 9,
      ),
    ),
  };
}

// ---------- plant presentation ----------

function presentation(ctx: SeedContext): PlannedZone[] {
  const page = (
    title: string,
    kicker: string,
    blocks: Block[],
    accent: 'corail' | 'bleu' | 'vert' = 'corail',
    subtitle?: string,
  ) =>
    pageSvg({
      title,
      kicker,
      subtitle,
      blocks,
      accent,
      footer: FOOTER,
      uid: title.length.toString(36),
    });
  const site = imageZone(IMAGE_ZONES.plantIntroduction.fr, [
    imageElement(
      ctx,
      'Le site du Neubourg en chiffres',
      page('Le site du Neubourg en chiffres', 'Présentation du site', [
        { kind: 'illustration', scene: 'aerial', height: 440 },
        {
          kind: 'figures',
          items: [
            { value: '1947', label: "Fondation de l'entreprise" },
            { value: '1963', label: 'Installation au Neubourg' },
            { value: '≈ 690', label: 'collaborateurs' },
            { value: '205 M€', label: "chiffre d'affaires 2023" },
            { value: '96 000 m²', label: 'de terrain, dont 20 000 m² bâtis' },
            { value: '24 h/24', label: '7 jours sur 7' },
          ],
        },
        {
          kind: 'paragraph',
          text: 'Le Neubourg conçoit et fabrique des pompes et des sprays pour les grandes marques de parfumerie et de cosmétique : 684 millions de pompes par an et 10 000 références actives.',
        },
      ]),
      300,
    ),
    imageElement(
      ctx,
      'Notre histoire',
      page('Notre histoire', 'Présentation du site', [
        {
          kind: 'timeline',
          items: [
            {
              year: '1947',
              text: "Création de l'entreprise, spécialisée dans la mécanique de précision.",
            },
            {
              year: '1963',
              text: 'Installation sur le site du Neubourg, dans un premier bâtiment de 3 000 m².',
            },
            { year: '1972', text: 'Premières pompes sertissables pour la parfumerie.' },
            {
              year: '1989',
              text: "Création de l'unité Moulage : la fabrication des pièces plastiques est intégrée.",
            },
            { year: '2001', text: 'Le site rejoint la division Beauté du Groupe.' },
            { year: '2013', text: "Cinquante ans au Neubourg ; extension de l'unité Assemblage." },
            { year: '2021', text: 'Lancement des gammes en résines recyclées et mono-matériau.' },
            { year: '2023', text: '60 ans du site et lancement de la démarche BE LEAN +.' },
          ],
        },
        {
          kind: 'callout',
          title: '60 ans au Neubourg',
          text: 'Retrouvez le film des 60 ans du site sur la page « Site du Neubourg » du kiosque.',
        },
      ]),
      300,
    ),
    imageElement(
      ctx,
      'Nos métiers',
      page('Nos métiers', 'Présentation du site', [
        {
          kind: 'paragraph',
          text: 'Du moule à la pompe expédiée, tous les métiers de la fabrication sont réunis sur le site.',
        },
        {
          kind: 'pictograms',
          items: [
            { icon: 'gear', label: 'Outillage', colour: 'bleu' },
            { icon: 'factory', label: 'Moulage', colour: 'bleu' },
            { icon: 'check', label: 'Assemblage', colour: 'vert' },
            { icon: 'magnifier', label: 'Qualité', colour: 'corail' },
            { icon: 'forklift', label: 'Logistique', colour: 'gris1' },
          ],
        },
        { kind: 'heading', text: 'Un site intégré' },
        {
          kind: 'bullets',
          items: [
            'Bureau d’études et prototypage : environ 60 nouveaux développements par an.',
            'Moulage : 68 presses, 450 moules en 755 versions, 4,15 milliards de pièces par an.',
            'Assemblage : plus de 100 machines, 684 millions de pompes par an.',
            'Services support : maintenance, méthodes, qualité, logistique, RH, HSE.',
          ],
        },
        { kind: 'illustration', scene: 'pumps', height: 340 },
      ]),
      300,
    ),
  ]);

  const molding = imageZone(IMAGE_ZONES.moldingUnit.fr, [
    imageElement(
      ctx,
      "L'unité Moulage",
      page(
        "L'unité Moulage",
        'Unité Moulage',
        [
          { kind: 'illustration', scene: 'injection', height: 440 },
          {
            kind: 'figures',
            items: [
              { value: '68', label: 'presses à injecter, de 10 à 300 tonnes' },
              { value: '450', label: 'moules en 755 versions' },
              { value: '4,15 Md', label: 'pièces moulées par an' },
              { value: '6', label: 'presses dédiées aux prototypes' },
              { value: '24/7', label: 'production en continu' },
              { value: '3 équipes', label: 'plus une équipe de week-end' },
            ],
          },
        ],
        'bleu',
      ),
      280,
    ),
    imageElement(
      ctx,
      "Le procédé d'injection",
      page(
        "Le procédé d'injection",
        'Unité Moulage',
        [
          {
            kind: 'steps',
            items: [
              {
                title: 'Séchage de la matière',
                text: 'Les granulés (PP, PE, POM, PETG…) sont séchés et dosés avec les colorants.',
              },
              {
                title: 'Plastification',
                text: 'La vis chauffe et malaxe la matière jusqu’à obtenir une pâte homogène.',
              },
              {
                title: 'Injection',
                text: 'La matière est injectée sous pression dans le moule fermé.',
              },
              {
                title: 'Refroidissement',
                text: 'La pièce se fige dans l’empreinte : quelques secondes suffisent.',
              },
              {
                title: 'Éjection et contrôle',
                text: 'Les pièces sont éjectées, triées par empreinte et contrôlées.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'bleu',
            title: 'Le saviez-vous ?',
            text: 'Un moule de pompe peut compter jusqu’à 64 empreintes : 64 pièces identiques à chaque cycle.',
          },
        ],
        'bleu',
      ),
      280,
    ),
    imageElement(
      ctx,
      'Outillage et prototypage',
      page(
        'Outillage et prototypage',
        'Unité Moulage',
        [
          { kind: 'illustration', scene: 'lab', height: 420 },
          {
            kind: 'figures',
            items: [
              { value: '3 000', label: 'impressions 3D par an' },
              { value: '≈ 60', label: 'nouveaux développements par an' },
              { value: '6', label: 'presses prototypes' },
            ],
          },
          {
            kind: 'paragraph',
            text: "L'atelier d'outillage entretient et modifie les 450 moules du site ; les prototypes sont imprimés en 3D puis moulés sur les presses dédiées avant l'industrialisation.",
          },
        ],
        'bleu',
      ),
      280,
    ),
  ]);

  const assembly = imageZone(IMAGE_ZONES.assemblyUnit.fr, [
    imageElement(
      ctx,
      "L'unité Assemblage",
      page(
        "L'unité Assemblage",
        'Unité Assemblage',
        [
          { kind: 'illustration', scene: 'assembly', height: 440 },
          {
            kind: 'figures',
            items: [
              { value: '100+', label: "machines d'assemblage" },
              { value: '684 M', label: 'pompes assemblées par an' },
              { value: '24/7', label: 'production en continu' },
            ],
          },
          {
            kind: 'paragraph',
            text: 'Chaque pompe réunit jusqu’à dix composants : ressort, bille, joints, piston, corps, capsule et bouton-poussoir, assemblés et contrôlés à cadence élevée.',
          },
        ],
        'vert',
      ),
      270,
    ),
    imageElement(
      ctx,
      'De la pièce à la pompe',
      page(
        'De la pièce à la pompe',
        'Unité Assemblage',
        [
          {
            kind: 'steps',
            items: [
              {
                title: 'Approvisionnement',
                text: 'Les composants moulés arrivent en bacs identifiés depuis l’unité Moulage.',
              },
              {
                title: 'Assemblage automatique',
                text: 'Bols vibrants et pinces montent ressort, bille, joint et piston.',
              },
              {
                title: 'Contrôle à 100 %',
                text: 'Étanchéité, force d’actionnement et vision sur chaque pompe.',
              },
              {
                title: 'Conditionnement',
                text: 'Mise en cartons ou en plateaux selon le cahier des charges client.',
              },
              {
                title: 'Expédition',
                text: 'La logistique prépare et expédie vers les sites de remplissage.',
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
      'Le contrôle en ligne',
      page(
        'Le contrôle en ligne',
        'Unité Assemblage',
        [
          { kind: 'illustration', scene: 'quality', height: 420 },
          {
            kind: 'bullets',
            items: [
              'Caméras de vision : présence et position de chaque composant.',
              'Test d’étanchéité et mesure de la dose délivrée par prélèvement.',
              'Cartes de contrôle suivies par les équipes à chaque poste.',
            ],
          },
        ],
        'vert',
      ),
      270,
    ),
  ]);

  const support = imageZone(IMAGE_ZONES.supportServices.fr, [
    imageElement(
      ctx,
      'Les services support',
      page('Les services support', 'Services support', [
        {
          kind: 'cards',
          items: [
            {
              label: 'Maintenance',
              lines: ['Dépannage 24 h/24, maintenance préventive des presses et des machines.'],
            },
            {
              label: 'Méthodes',
              lines: ['Industrialisation des nouveaux produits, amélioration des procédés.'],
            },
            { label: 'Qualité', lines: ['Laboratoire de métrologie, relations clients, audits.'] },
            { label: 'Logistique', lines: ['Réception, stockage, préparation et expéditions.'] },
            { label: 'RH', lines: ['Recrutement, formation, paie et accompagnement des équipes.'] },
            { label: 'HSE', lines: ['Santé, sécurité au travail et environnement.'] },
            { label: 'Achats & IT', lines: ['Matières, composants, systèmes d’information.'] },
          ],
        },
      ]),
      260,
    ),
    imageElement(
      ctx,
      'La logistique',
      page('La logistique', 'Services support', [
        { kind: 'illustration', scene: 'warehouse', height: 440 },
        {
          kind: 'figures',
          items: [
            { value: '10 000', label: 'références actives' },
            { value: '6', label: 'quais de chargement' },
            { value: '5 j/7', label: 'expéditions quotidiennes' },
          ],
        },
      ]),
      260,
    ),
    imageElement(
      ctx,
      'Maintenance et outillage',
      page('Maintenance et outillage', 'Services support', [
        {
          kind: 'bullets',
          items: [
            'Une équipe de maintenance présente sur les trois postes et une astreinte le week-end.',
            'Maintenance préventive planifiée de chaque presse et de chaque machine d’assemblage.',
            "L'atelier d'outillage entretient 450 moules en 755 versions.",
            'Demande d’intervention : appeler le poste 2300 ou saisir une demande dans la GMAO.',
          ],
        },
        {
          kind: 'callout',
          title: 'Consignation',
          text: 'Aucune intervention sur une machine sans consignation : énergie coupée, cadenas posé, absence d’énergie vérifiée.',
          tone: 'rouge',
        },
        { kind: 'illustration', scene: 'lab', height: 380 },
      ]),
      260,
    ),
  ]);
  return [site, molding, assembly, support];
}

// ---------- quality and environment ----------

function qualityAndEnvironment(ctx: SeedContext): PlannedZone[] {
  const policies = imageZone(IMAGE_ZONES.qualityPolicies.fr, [
    imageElement(
      ctx,
      'Politique qualité',
      pageSvg({
        title: 'Politique qualité',
        kicker: 'Qualité',
        accent: 'bleu',
        footer: 'Site du Neubourg · Politique qualité 2024',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Nos clients nous confient le dernier geste de leurs produits : celui du consommateur. Chaque pompe doit délivrer la bonne dose, à chaque fois.',
          },
          { kind: 'heading', text: 'Nos engagements' },
          {
            kind: 'bullets',
            items: [
              'Zéro défaut livré : contrôler à 100 % les caractéristiques critiques.',
              'Écouter nos clients et répondre à chaque réclamation sous 48 heures.',
              'Maîtriser nos procédés par la standardisation et le suivi statistique.',
              'Développer les compétences de chacun par la formation au poste.',
              'Améliorer en continu avec la démarche BE LEAN +.',
            ],
          },
          {
            kind: 'figures',
            items: [
              { value: '< 5 ppm', label: 'objectif de défauts clients' },
              { value: '48 h', label: 'délai de première réponse' },
              { value: '100 %', label: 'des postes avec standard' },
            ],
          },
          {
            kind: 'signature',
            name: 'Claire Fontaine',
            role: 'Directrice du site du Neubourg',
            date: '8 janvier 2024',
          },
        ],
      }),
      200,
    ),
    imageElement(
      ctx,
      'Les bons réflexes qualité',
      pageSvg({
        title: 'Les bons réflexes qualité',
        kicker: 'Qualité',
        accent: 'bleu',
        style: 'poster',
        blocks: [
          {
            kind: 'pictograms',
            items: [
              { icon: 'book', label: 'Je suis le standard', colour: 'bleu' },
              { icon: 'magnifier', label: "J'autocontrôle", colour: 'bleu' },
              { icon: 'warning', label: "J'alerte", colour: 'corail' },
              { icon: 'bin', label: "J'isole le non-conforme", colour: 'rouge' },
            ],
          },
          {
            kind: 'callout',
            tone: 'corail',
            title: 'En cas de doute, je stoppe et j’appelle',
            text: 'Un défaut détecté au poste coûte 10 fois moins cher qu’un défaut détecté chez le client, et 100 fois moins qu’un défaut chez le consommateur.',
          },
          { kind: 'illustration', scene: 'quality', height: 420 },
        ],
      }),
      200,
    ),
  ]);

  const certificates = imageZone(
    IMAGE_ZONES.qualityCertifications.fr,
    [
      {
        standard: 'ISO 9001:2015',
        title: 'Système de management de la qualité',
        number: 'FR-QMS-2024-0147',
        issued: '12/03/2024',
        expires: '11/03/2027',
      },
      {
        standard: 'ISO 14001:2015',
        title: 'Système de management environnemental',
        number: 'FR-EMS-2023-0963',
        issued: '05/10/2023',
        expires: '04/10/2026',
      },
      {
        standard: 'ISO 45001:2018',
        title: 'Santé et sécurité au travail',
        number: 'FR-OHS-2024-0212',
        issued: '20/06/2024',
        expires: '19/06/2027',
      },
    ].map((cert, i) =>
      imageElement(
        ctx,
        `Certificat ${cert.standard}`,
        certificateSvg({
          ...cert,
          scope:
            'Conception, développement, moulage par injection, assemblage et contrôle de pompes, sprays et systèmes de distribution pour la parfumerie et la cosmétique.',
        }),
        400 - i * 60,
      ),
    ),
  );

  const environment = imageZone(IMAGE_ZONES.environmentPolicy.fr, [
    imageElement(
      ctx,
      'Politique environnement',
      pageSvg({
        title: 'Politique environnement',
        kicker: 'Environnement',
        accent: 'vert',
        footer: 'Site du Neubourg · Politique environnement 2024',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Le site s’engage à réduire l’empreinte de ses produits et de ses activités, avec nos clients et nos fournisseurs.',
          },
          { kind: 'heading', text: 'Nos objectifs pour 2025' },
          {
            kind: 'figures',
            items: [
              { value: '10 %', label: 'de matière recyclée dans nos produits' },
              { value: '0', label: 'résine problématique' },
              { value: '100 %', label: 'emballages recyclables, réutilisables ou compostables' },
            ],
          },
          { kind: 'heading', text: 'Nos engagements' },
          {
            kind: 'bullets',
            items: [
              'Réduire la consommation d’énergie des presses et de l’air comprimé.',
              'Rebroyer et réutiliser les carottes et purges de moulage.',
              'Trier et valoriser tous les déchets du site.',
              'Prévenir toute pollution des sols et des eaux.',
            ],
          },
          {
            kind: 'signature',
            name: 'Claire Fontaine',
            role: 'Directrice du site du Neubourg',
            date: '8 janvier 2024',
          },
        ],
      }),
      190,
    ),
    imageElement(
      ctx,
      "L'indicateur de circularité",
      pageSvg({
        title: "L'indicateur de circularité",
        kicker: 'Environnement',
        accent: 'vert',
        style: 'poster',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Chaque produit reçoit un indicateur de circularité de 0 à 1 : 0 pour un produit linéaire, fabriqué en matière vierge et jeté ; 1 pour un produit entièrement circulaire.',
          },
          {
            kind: 'custom',
            height: 150,
            draw: (x, y, width) => {
              let svg = `<defs><linearGradient id="circ" x1="0" x2="1"><stop offset="0" stop-color="${PALETTE.rouge}"/><stop offset="0.5" stop-color="${PALETTE.corail}"/><stop offset="1" stop-color="${PALETTE.vert}"/></linearGradient></defs>`;
              svg += `<rect x="${x}" y="${y + 40}" width="${width}" height="40" rx="20" fill="url(#circ)"/>`;
              svg += `<text x="${x}" y="${y + 120}" font-size="28" font-weight="bold">0</text><text x="${x + width}" y="${y + 120}" font-size="28" font-weight="bold" text-anchor="end">1</text>`;
              svg += `<circle cx="${x + width * 0.62}" cy="${y + 60}" r="30" fill="#FFFFFF" stroke="${PALETTE.gris1}" stroke-width="6"/>`;
              svg += `<text x="${x + width * 0.62}" y="${y + 130}" font-size="24" text-anchor="middle">Gamme Eco : 0,62</text>`;
              return svg;
            },
          },
          {
            kind: 'bullets',
            items: [
              'Part de matière recyclée ou biosourcée.',
              'Recyclabilité dans les filières existantes (mono-matériau).',
              'Possibilité de recharge ou de réutilisation.',
            ],
          },
          { kind: 'illustration', scene: 'pumps', height: 380 },
        ],
      }),
      190,
    ),
  ]);
  return [policies, certificates, environment];
}

// ---------- clients ----------

const CLIENTS: { name: string; style: WordmarkStyle; colour: string; tagline: string }[] = [
  { name: 'Maison Ardelis', style: 'split', colour: PALETTE.gris1, tagline: 'Parfumerie fine' },
  { name: 'Lumeria', style: 'bold', colour: PALETTE.bleu, tagline: 'Soins du visage' },
  { name: 'Solenne', style: 'spaced', colour: PALETTE.gris1, tagline: 'Eaux de parfum' },
  { name: 'Kalista', style: 'boxed', colour: PALETTE.corail, tagline: 'Cosmétique naturelle' },
  { name: 'Brisane', style: 'underline', colour: PALETTE.vert, tagline: 'Soins du corps' },
  { name: 'Aurélys', style: 'monogram', colour: '#B8860B', tagline: 'Haute parfumerie' },
  { name: 'Atelier Nomade', style: 'split', colour: PALETTE.bleu, tagline: 'Parfums de niche' },
  {
    name: 'Verdane',
    style: 'bold',
    colour: PALETTE.vert,
    tagline: 'Cosmétique solide et rechargeable',
  },
];

function clients(ctx: SeedContext): PlannedZone {
  return imageZone(
    IMAGE_ZONES.clients.fr,
    CLIENTS.map((client, i) =>
      imageElement(
        ctx,
        `Logo ${client.name}`,
        clientLogoSvg(client.name, client.style, client.colour, client.tagline),
        500 - i * 20,
      ),
    ),
  );
}

// ---------- site plan, meeting rooms, menus ----------

export function planBlock(options: Parameters<typeof sitePlan>[3] = {}): Block {
  return {
    kind: 'custom',
    height: Math.round((920 * PLAN_HEIGHT) / PLAN_WIDTH),
    draw: (x, y, width) => sitePlan(x, y, width, options),
  };
}

function legendBlock(): Block {
  return {
    kind: 'table',
    columns: ['', 'Bâtiment'],
    rows: BUILDING_LEGEND.map(([id, name]) => [id, name]),
    widths: [1, 12],
    size: 20,
  };
}

function sitePlans(ctx: SeedContext): PlannedZone {
  return imageZone(IMAGE_ZONES.sitePlan.fr, [
    imageElement(
      ctx,
      'Plan du site',
      pageSvg({
        title: 'Plan du site',
        kicker: 'Site du Neubourg',
        accent: 'bleu',
        blocks: [
          planBlock(),
          {
            kind: 'paragraph',
            text: 'A Moulage · B Assemblage · C Logistique · D Administration · E Maintenance · F Restaurant · G Déchets · H Poste de garde',
            size: 22,
          },
        ],
      }),
      330,
    ),
    imageElement(
      ctx,
      'Plan de circulation',
      pageSvg({
        title: 'Plan de circulation',
        kicker: 'Site du Neubourg · HSE',
        accent: 'vert',
        blocks: [
          planBlock({ traffic: true }),
          {
            kind: 'paragraph',
            text: 'En vert : allées piétonnes, à emprunter obligatoirement. Zones hachurées : circulation des chariots, accès piéton interdit hors passages protégés.',
            size: 22,
          },
        ],
      }),
      330,
    ),
    imageElement(
      ctx,
      'Bâtiments et accès',
      pageSvg({
        title: 'Bâtiments et accès',
        kicker: 'Site du Neubourg',
        accent: 'bleu',
        blocks: [
          legendBlock(),
          {
            kind: 'table',
            columns: ['Accès', 'Usage'],
            widths: [1, 2],
            rows: [
              [
                'Portail 1',
                'Entrée principale : personnel et visiteurs, accueil au poste de garde (H).',
              ],
              ['Portail 2', 'Poids lourds : livraisons et expéditions, quais du bâtiment C.'],
              [
                'Portail 3',
                'Accès des secours, ouvert par le poste de garde (procédure « Ouverture portail »).',
              ],
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Point de rassemblement',
            text: 'Devant le parking visiteurs P1. En cas d’évacuation, rejoignez-le par les allées piétonnes et faites-vous compter.',
          },
        ],
      }),
      330,
    ),
  ]);
}

function meetingRooms(ctx: SeedContext): PlannedZone {
  return imageZone(IMAGE_ZONES.meetingRooms.fr, [
    imageElement(
      ctx,
      'Salles de réunion — bâtiment D',
      pageSvg({
        title: 'Salles de réunion',
        kicker: 'Bâtiment D · rez-de-chaussée',
        accent: 'bleu',
        blocks: [
          { kind: 'custom', height: 680, draw: (x, y, width) => meetingRoomsPlan(x, y, width) },
          {
            kind: 'paragraph',
            text: 'Les salles se réservent dans l’agenda partagé ; la salle 1947 est réservée en priorité aux formations et aux réunions d’information.',
            size: 24,
          },
        ],
      }),
      240,
    ),
    imageElement(
      ctx,
      'Équipement des salles de réunion',
      pageSvg({
        title: 'Équipement des salles',
        kicker: 'Salles de réunion',
        accent: 'bleu',
        blocks: [
          {
            kind: 'table',
            columns: ['Salle', 'Places', 'Équipement'],
            widths: [3, 1.4, 6],
            rows: [
              ['Salle 1947', '40', 'Vidéoprojecteur, sonorisation, visioconférence, paperboard'],
              ['Salle Iton', '20', 'Écran 86 pouces, visioconférence, tableau blanc'],
              ['Salle Seine', '12', 'Écran 65 pouces, visioconférence'],
              ['Salle Risle', '8', 'Écran 55 pouces, tableau blanc'],
              ['Bulle Eure', '4', 'Écran, appel visio'],
              ['Bulle Charentonne', '4', 'Écran, appel visio'],
            ],
          },
          {
            kind: 'callout',
            title: 'Avant de partir',
            text: 'Éteignez les écrans, effacez le tableau et remettez la salle en ordre pour l’équipe suivante.',
          },
        ],
      }),
      240,
    ),
  ]);
}

const MENUS: { starter: string; main: string; alternative: string; dessert: string }[][] = [
  [
    {
      starter: 'Carottes râpées au citron',
      main: 'Sauté de porc au cidre',
      alternative: 'Dos de colin, riz pilaf',
      dessert: 'Tarte normande',
    },
    {
      starter: 'Velouté de potiron',
      main: 'Bœuf bourguignon, pommes vapeur',
      alternative: 'Gratin de légumes au chèvre',
      dessert: 'Yaourt et fruit',
    },
    {
      starter: 'Salade de lentilles',
      main: 'Poulet rôti, haricots verts',
      alternative: 'Lasagnes végétariennes',
      dessert: 'Crème caramel',
    },
    {
      starter: 'Œuf mimosa',
      main: 'Blanquette de veau',
      alternative: 'Pavé de saumon, purée',
      dessert: 'Compote pomme-poire',
    },
    {
      starter: 'Betteraves vinaigrette',
      main: 'Filet de lieu, sauce normande',
      alternative: 'Omelette aux fines herbes',
      dessert: 'Teurgoule',
    },
  ],
  [
    {
      starter: 'Céleri rémoulade',
      main: 'Rôti de dinde aux champignons',
      alternative: 'Curry de pois chiches',
      dessert: 'Far breton',
    },
    {
      starter: 'Soupe à l’oignon',
      main: 'Hachis parmentier',
      alternative: 'Quiche aux poireaux',
      dessert: 'Fromage blanc au miel',
    },
    {
      starter: 'Taboulé',
      main: 'Navarin d’agneau',
      alternative: 'Cabillaud, légumes vapeur',
      dessert: 'Mousse au chocolat',
    },
    {
      starter: 'Salade verte et croûtons',
      main: 'Escalope de poulet à la crème',
      alternative: 'Risotto aux champignons',
      dessert: 'Salade de fruits',
    },
    {
      starter: 'Pâté de campagne',
      main: 'Moules marinières, frites',
      alternative: 'Galette complète',
      dessert: 'Tarte au citron',
    },
  ],
];

function menus(ctx: SeedContext): PlannedZone {
  // The menus follow the seed's clock: this week's and next week's (the latter added today).
  const now = ctx.now;
  // On a weekend, "this week" is the coming one: that is the menu people look for.
  const weekend = now.getUTCDay() === 0 || now.getUTCDay() === 6;
  const monday = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth(),
      now.getUTCDate() - ((now.getUTCDay() + 6) % 7) + (weekend ? 7 : 0),
      12,
    ),
  );
  const days = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi'];
  const elements = MENUS.map((week, w) => {
    const start = new Date(monday.getTime() + w * 7 * 86_400_000);
    const end = new Date(start.getTime() + 4 * 86_400_000);
    const range = `du ${frenchDate(start, { day: 'numeric', month: 'long' })} au ${frenchDate(end, { day: 'numeric', month: 'long', year: 'numeric' })}`;
    const title = w === 0 ? 'Menu de la semaine' : 'Menu de la semaine prochaine';
    const svg = pageSvg({
      title,
      kicker: "Restaurant d'entreprise",
      subtitle: `Semaine ${range}`,
      accent: 'corail',
      style: 'poster',
      footer: 'Service de 11 h 30 à 13 h 45 · menus sous réserve des livraisons',
      uid: `menu${w}`,
      blocks: [
        {
          kind: 'cards',
          size: 26,
          minHeight: 196,
          items: week.map((day, i) => ({
            label: days[i] ?? '',
            sublabel: frenchDate(new Date(start.getTime() + i * 86_400_000), {
              day: 'numeric',
              month: 'short',
            }),
            lines: [
              `${day.starter} · ${day.main}`,
              `ou ${day.alternative}`,
              `Dessert : ${day.dessert}`,
            ],
          })),
        },
        {
          kind: 'paragraph',
          text: 'Produits locaux et de saison · pain et fromages de Normandie · allergènes affichés au self.',
          size: 22,
        },
      ],
    });
    // Next week's menu is published today, so the kiosk shows it as new.
    return w === 0
      ? imageElement(ctx, `${title} ${range}`, svg, 3)
      : imageElement(ctx, `${title} ${range}`, svg, 0, 3);
  });
  return imageZone(IMAGE_ZONES.menu.fr, elements);
}

// ---------- idle reader ----------

function idlePages(ctx: SeedContext): PlannedZone {
  const idle = (
    title: string,
    blocks: Block[],
    accent: 'corail' | 'vert' | 'bleu' | 'rouge',
    subtitle?: string,
  ) =>
    pageSvg(
      fillWithIllustration({
        title,
        subtitle,
        kicker: 'Le Neubourg',
        blocks,
        accent,
        height: 1920,
        style: 'poster',
        justify: true,
        uid: `idle${title.length}`,
      }),
    );
  return imageZone(IMAGE_ZONES.idle.fr, [
    imageElement(
      ctx,
      'Bienvenue au Neubourg',
      idle(
        'Bienvenue au Neubourg',
        [
          { kind: 'illustration', scene: 'aerial', height: 520 },
          {
            kind: 'figures',
            items: [
              { value: '1947', label: 'fondation' },
              { value: '≈ 690', label: 'collaborateurs' },
              { value: '96 000 m²', label: 'de site' },
              { value: '684 M', label: 'pompes par an' },
              { value: '68', label: 'presses à injecter' },
              { value: '24/7', label: 'production' },
            ],
          },
          {
            kind: 'paragraph',
            text: 'Touchez l’écran pour accéder aux informations pratiques, au menu du restaurant, au plan du site et aux consignes de sécurité.',
            size: 30,
          },
          {
            kind: 'callout',
            tone: 'bleu',
            title: 'Visiteurs',
            text: 'Présentez-vous à l’accueil : votre badge visiteur se porte de façon visible, et vous êtes accompagné pendant toute votre visite.',
          },
        ],
        'corail',
        'Touchez l’écran pour commencer',
      ),
      150,
    ),
    imageElement(
      ctx,
      'La sécurité, c’est l’affaire de tous',
      idle(
        'La sécurité, c’est l’affaire de tous',
        [
          {
            kind: 'pictograms',
            items: [
              { icon: 'shoe', label: 'Chaussures de sécurité', colour: 'bleu' },
              { icon: 'glasses', label: 'Lunettes', colour: 'bleu' },
              { icon: 'ear', label: 'Protections auditives', colour: 'bleu' },
              { icon: 'vest', label: 'Gilet haute visibilité', colour: 'bleu' },
              { icon: 'gloves', label: 'Gants adaptés', colour: 'bleu' },
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Croix verte',
            text: 'Chaque jour sans accident colore une case de la croix verte. Consultez-la dans « HSE › Alertes accidents ».',
          },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Urgence : composez le 2222',
            text: 'Le poste de garde déclenche les secours et guide les pompiers sur le site.',
          },
          { kind: 'illustration', scene: 'warehouse', height: 480 },
        ],
        'rouge',
      ),
      150,
    ),
    imageElement(
      ctx,
      'BE LEAN + : vos idées comptent',
      idle(
        'BE LEAN + : vos idées comptent',
        [
          { kind: 'illustration', scene: 'team', height: 520 },
          {
            kind: 'steps',
            items: [
              { title: 'Je repère', text: 'Un gaspillage, un risque, une idée d’amélioration.' },
              { title: 'Je propose', text: 'Sur le formulaire « Suggestion System » du kiosque.' },
              { title: 'Nous testons ensemble', text: 'Avec mon équipe, en atelier BE LEAN +.' },
              { title: 'Nous partageons', text: 'Les succès sont affichés dans « Nos Succès ».' },
            ],
          },
        ],
        'vert',
      ),
      150,
    ),
    imageElement(
      ctx,
      'Le chiffre du mois',
      idle(
        'Le chiffre du mois',
        [
          {
            kind: 'figures',
            columns: 1,
            items: [{ value: '4,15 milliards', label: 'de pièces moulées par an au Neubourg' }],
          },
          {
            kind: 'paragraph',
            text: 'Soit plus de 130 pièces par seconde, jour et nuit, sur les 68 presses de l’unité Moulage.',
            size: 32,
          },
          { kind: 'illustration', scene: 'injection', height: 520 },
          {
            kind: 'figures',
            items: [
              { value: '450', label: 'moules' },
              { value: '755', label: 'versions' },
              { value: '6', label: 'presses prototypes' },
            ],
          },
        ],
        'bleu',
      ),
      150,
    ),
    imageElement(
      ctx,
      'Trier, c’est recycler',
      idle(
        'Trier, c’est recycler',
        [
          {
            kind: 'pictograms',
            items: [
              { icon: 'recycle', label: 'Plastiques propres', colour: 'bleu' },
              { icon: 'bin', label: 'Cartons', colour: 'vert' },
              { icon: 'bin', label: 'Déchets banals', colour: 'gris1' },
              { icon: 'warning', label: 'Déchets dangereux', colour: 'rouge' },
            ],
          },
          {
            kind: 'paragraph',
            text: 'Les carottes et purges de moulage sont rebroyées et réutilisées ; les cartons et films sont recyclés. Un doute ? Demandez à votre responsable ou au service HSE.',
            size: 30,
          },
          { kind: 'illustration', scene: 'pumps', height: 520 },
        ],
        'vert',
      ),
      150,
    ),
  ]);
}

// ---------- videos ----------

export interface VideoValues {
  sixtyYears: string;
  plantFilm: string;
  group: string;
}

function videos(ctx: SeedContext, values: VideoValues): PlannedZone[] {
  return [
    {
      zonename: CONTENT_ZONES.plantVideos,
      type: 'videos',
      elements: [
        { value: values.sixtyYears, type: 'video', addingdate: ago(ctx, 400) },
        { value: values.plantFilm, type: 'video', addingdate: ago(ctx, 380) },
      ],
    },
    {
      zonename: CONTENT_ZONES.groupVideo,
      type: 'videos',
      elements: [{ value: values.group, type: 'video', addingdate: ago(ctx, 380) }],
    },
  ];
}

export function plantZones(ctx: SeedContext, videoValues: VideoValues): PlannedZone[] {
  return [
    slideshow(ctx),
    ...presentation(ctx),
    ...qualityAndEnvironment(ctx),
    clients(ctx),
    sitePlans(ctx),
    meetingRooms(ctx),
    menus(ctx),
    idlePages(ctx),
    ...videos(ctx, videoValues),
  ];
}
