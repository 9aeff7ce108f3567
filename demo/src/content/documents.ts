/**
 * Document specs of the demo plant besides the HR guide: the operator manual, house rules, the
 * environment catalogue, the 100-page benchmark document and the password-protected sample.
 */
import type { DocumentSpec } from '../document-model.js';

export const OPERATOR_MANUAL_FILE = 'manuel-operateur-moulage';
export const HUNDRED_PAGES_FILE = 'document-100-pages';
export const PROTECTED_FILE = 'document-protege';

export function operatorManualSpec(): DocumentSpec {
  return {
    title: 'Manuel opérateur — Unité Moulage',
    subtitle: 'Conduite des presses à injecter, autocontrôle et fin de poste',
    kicker: 'Unité Moulage',
    edition: 'Version 4 · mars 2024',
    accent: 'bleu',
    date: new Date('2024-03-04T08:00:00.000Z'),
    pages: [
      {
        title: 'Votre poste de travail',
        blocks: [
          {
            kind: 'paragraph',
            text: 'L’opérateur de moulage surveille une à quatre presses : il alimente la matière, contrôle les pièces, change les bacs et alerte le régleur en cas de dérive.',
          },
          {
            kind: 'figures',
            items: [
              { value: '68', label: 'presses de 10 à 300 t' },
              { value: '3 × 8', label: 'et équipe de week-end' },
              { value: '1 à 4', label: 'presses par opérateur' },
            ],
          },
          {
            kind: 'bullets',
            items: [
              'Standard de poste affiché sur chaque presse.',
              'Fiche suiveuse du lot et étiquettes de bacs au pupitre.',
              'Gabarits et calibres de contrôle dans l’armoire de l’îlot.',
            ],
          },
        ],
      },
      {
        title: 'La sécurité au poste',
        blocks: [
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Règle n°1',
            text: 'Jamais la main dans le moule : presse en mode manuel, moteur arrêté, porte ouverte. Seul le régleur intervient dans la zone moule.',
          },
          {
            kind: 'bullets',
            items: [
              'EPI : chaussures, lunettes, protections auditives ; gants anti-chaleur pour les purges.',
              'Ne jamais shunter une porte ou une barrière immatérielle.',
              'Granulés au sol : je ramasse immédiatement.',
              'Buse et fourreau à plus de 200 °C : ne pas toucher.',
            ],
          },
          {
            kind: 'pictograms',
            items: [
              { icon: 'glasses', label: 'Lunettes' },
              { icon: 'ear', label: 'Auditif' },
              { icon: 'shoe', label: 'Chaussures' },
              { icon: 'gloves', label: 'Gants chaleur' },
            ],
          },
        ],
      },
      {
        title: 'Démarrer une presse',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'Vérifier la matière',
                text: 'Référence, lot et temps de séchage conformes à la fiche de réglage.',
              },
              {
                title: 'Contrôler la presse',
                text: 'Portes fermées, zone moule dégagée, convoyeur et bacs en place.',
              },
              {
                title: 'Lancer le cycle',
                text: 'Le régleur valide le démarrage ; les premières pièces partent en purge.',
              },
              {
                title: 'Valider la première pièce',
                text: 'Contrôle visuel et dimensionnel, signature sur la fiche suiveuse.',
              },
            ],
          },
        ],
      },
      {
        title: 'Autocontrôle',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Toutes les heures, prélevez une pièce par empreinte et contrôlez-la selon la gamme de contrôle. Notez le résultat sur la carte de contrôle.',
          },
          {
            kind: 'table',
            columns: ['Contrôle', 'Moyen', 'Fréquence'],
            widths: [3, 3, 2],
            rows: [
              ['Aspect', 'Visuel, lampe loupe', '1 h'],
              ['Dimension critique', 'Calibre entre / n’entre pas', '1 h'],
              ['Masse', 'Balance de l’îlot', '4 h'],
              ['Couleur', 'Étalon couleur', 'Au démarrage'],
            ],
          },
          {
            kind: 'callout',
            tone: 'corail',
            title: 'Pièce non conforme',
            text: 'J’isole le bac depuis le dernier contrôle bon, j’étiquette en rouge et j’appelle le régleur.',
          },
        ],
      },
      {
        title: 'Changer un bac',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'Préparer le bac vide',
                text: 'Propre, sans pièce étrangère, étiquette du lot imprimée.',
              },
              {
                title: 'Permuter',
                text: 'Glisser le bac vide sous le convoyeur sans arrêter la presse.',
              },
              {
                title: 'Peser et étiqueter',
                text: 'Le poids du bac plein donne la quantité ; coller l’étiquette.',
              },
              {
                title: 'Évacuer',
                text: 'Déposer le bac plein dans l’allée de stockage de l’îlot.',
              },
            ],
          },
        ],
      },
      {
        title: 'Défauts courants',
        blocks: [
          {
            kind: 'table',
            columns: ['Défaut', 'Aspect', 'Que faire'],
            widths: [2, 3, 3],
            rows: [
              ['Bavure', 'Fine lame de matière au plan de joint', 'Isoler, appeler le régleur'],
              ['Manque matière', 'Pièce incomplète', 'Vérifier la trémie, appeler le régleur'],
              ['Retassure', 'Creux en surface', 'Signaler au régleur'],
              ['Point noir', 'Inclusion sombre', 'Vérifier la propreté de la trémie'],
              ['Rayure', 'Trace sur la surface', 'Vérifier le convoyeur et la chute'],
              ['Déformation', 'Pièce voilée', 'Isoler, contrôler le refroidissement'],
            ],
          },
        ],
      },
      {
        title: 'Arrêts et alarmes',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Voyant orange : alerte (bac plein, matière basse) — agir sans arrêter la presse.',
              'Voyant rouge : arrêt — noter le code affiché et appeler le régleur.',
              'Arrêt de plus de 15 minutes : prévenir le chef d’équipe.',
              'Toute panne est saisie dans le suivi de production avec sa cause.',
            ],
          },
          {
            kind: 'callout',
            title: 'Arrêt d’urgence',
            text: 'Le coup de poing rouge coupe tous les mouvements. Le réarmement est fait par le régleur après vérification.',
          },
        ],
      },
      {
        title: 'Fin de poste et 5S',
        blocks: [
          {
            kind: 'steps',
            items: [
              { title: 'Ranger', text: 'Calibres et outils à leur place sur le tableau d’ombres.' },
              { title: 'Nettoyer', text: 'Sol de l’îlot, convoyeurs et pupitre.' },
              {
                title: 'Transmettre',
                text: 'Remplir le cahier de liaison : incidents, dérives, bacs en attente.',
              },
              {
                title: 'Passer le relais',
                text: 'Cinq minutes de passation avec l’opérateur de l’équipe suivante.',
              },
            ],
          },
        ],
      },
      {
        title: 'Contacts',
        blocks: [
          {
            kind: 'table',
            columns: ['Qui', 'Poste'],
            widths: [4, 1],
            rows: [
              ['Régleur de l’îlot', 'Radio canal 2'],
              ['Chef d’équipe Moulage', '2310'],
              ['Maintenance (astreinte)', '2300'],
              ['Qualité Moulage', '2320'],
              ['Poste de garde (urgence)', '2222'],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Une amélioration à proposer sur ce manuel ? Parlez-en à votre chef d’équipe ou déposez une idée BE LEAN +.',
          },
        ],
      },
    ],
  };
}

export function houseRulesSpec(): DocumentSpec {
  return {
    title: 'Règlement intérieur',
    subtitle:
      'Site du Neubourg — applicable à tout le personnel, intérimaires et stagiaires compris',
    kicker: 'Ressources humaines',
    edition: 'Édition 2024',
    accent: 'gris1',
    date: new Date('2024-01-15T08:00:00.000Z'),
    pages: [
      {
        title: 'Objet et champ d’application',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Article 1 — Le présent règlement fixe les règles d’hygiène et de sécurité, les règles générales et permanentes de discipline, la nature et l’échelle des sanctions ainsi que les droits de la défense des salariés.',
          },
          {
            kind: 'paragraph',
            text: 'Article 2 — Il s’applique à l’ensemble du personnel, dans tous les locaux et sur tout le site du Neubourg, y compris les parkings. Les règles d’hygiène et de sécurité s’appliquent aussi aux intérimaires, stagiaires et prestataires.',
          },
          {
            kind: 'paragraph',
            text: 'Article 3 — Il est affiché dans chaque bâtiment et remis à chaque nouvel arrivant. Des notes de service peuvent le compléter ; elles sont soumises aux mêmes consultations.',
          },
        ],
      },
      {
        title: 'Hygiène et sécurité',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Article 4 — Chaque salarié respecte les consignes de sécurité affichées et celles qui lui sont données, porte les équipements de protection fournis et signale toute situation dangereuse.',
          },
          {
            kind: 'bullets',
            items: [
              'Il est interdit de neutraliser un dispositif de sécurité.',
              'Il est interdit de fumer et de vapoter en dehors des abris prévus.',
              'L’introduction et la consommation d’alcool ou de drogues sont interdites.',
              'La conduite d’engins est réservée aux titulaires d’une autorisation.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Article 5 — Tout accident, même bénin, est déclaré immédiatement à son responsable.',
          },
        ],
      },
      {
        title: 'Discipline générale',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Article 6 — Les horaires de travail sont respectés ; chaque entrée et sortie est enregistrée par badgeage personnel. Toute absence est justifiée dans les 48 heures.',
          },
          {
            kind: 'paragraph',
            text: 'Article 7 — Le matériel de l’entreprise est utilisé pour le travail ; il ne peut être emporté sans autorisation écrite.',
          },
          {
            kind: 'paragraph',
            text: 'Article 8 — Les téléphones personnels ne sont pas utilisés aux postes de production, sauf urgence.',
          },
          {
            kind: 'paragraph',
            text: 'Article 9 — Les informations sur les produits et les clients sont confidentielles, y compris sur les réseaux sociaux.',
          },
        ],
      },
      {
        title: 'Sanctions et droits de la défense',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Article 10 — Selon sa gravité, une faute peut donner lieu à l’une des sanctions suivantes :',
          },
          {
            kind: 'bullets',
            items: [
              'avertissement écrit ;',
              'mise à pied disciplinaire de 1 à 5 jours ;',
              'mutation ou rétrogradation disciplinaire ;',
              'licenciement.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Article 11 — Aucune sanction autre que l’avertissement n’est prise sans que le salarié ait été convoqué à un entretien préalable, où il peut se faire assister par une personne de son choix appartenant au personnel.',
          },
        ],
      },
      {
        title: 'Harcèlement et agissements sexistes',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Article 12 — Aucun salarié ne doit subir des agissements répétés de harcèlement moral, des faits de harcèlement sexuel ou des agissements sexistes.',
          },
          {
            kind: 'paragraph',
            text: 'Article 13 — Tout salarié victime ou témoin peut alerter son responsable, le service RH, le référent harcèlement du CSE ou le médecin du travail. Aucune sanction ne peut être prise contre un salarié de bonne foi.',
          },
          {
            kind: 'callout',
            title: 'Entrée en vigueur',
            text: 'Ce règlement entre en vigueur le 1er février 2024, après avis du CSE et dépôt auprès de l’inspection du travail et du conseil de prud’hommes.',
          },
        ],
      },
    ],
  };
}

export function environmentCatalogueSpec(): DocumentSpec {
  return {
    title: 'Notre démarche environnementale',
    subtitle: 'Des pompes et des sprays plus responsables, du moule au recyclage',
    kicker: 'Catalogue environnement',
    edition: 'Édition 2024',
    accent: 'vert',
    date: new Date('2024-04-22T08:00:00.000Z'),
    pages: [
      {
        title: 'Notre démarche',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Un système de distribution représente une petite part du poids d’un produit de beauté, mais il concentre plusieurs matières. Nous le concevons pour qu’il consomme moins de matière vierge, se recharge ou se recycle.',
          },
          {
            kind: 'pictograms',
            items: [
              { icon: 'leaf', label: 'Écoconcevoir' },
              { icon: 'recycle', label: 'Recycler' },
              { icon: 'drop', label: 'Recharger' },
              { icon: 'bolt', label: 'Économiser l’énergie' },
            ],
          },
          { kind: 'illustration', scene: 'pumps', height: 380 },
        ],
      },
      {
        title: 'Nos objectifs pour 2025',
        blocks: [
          {
            kind: 'figures',
            items: [
              { value: '10 %', label: 'de matière recyclée dans nos produits' },
              { value: '0', label: 'résine problématique' },
              { value: '100 %', label: 'emballages recyclables, réutilisables ou compostables' },
            ],
          },
          {
            kind: 'bullets',
            items: [
              'Des alternatives sans métal au contact du produit.',
              'Des gammes mono-matériau pour les filières de recyclage existantes.',
              'Des systèmes rechargeables pour les parfums et les soins.',
            ],
          },
        ],
      },
      {
        title: 'L’indicateur de circularité',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Chaque produit reçoit un indicateur de circularité de 0 à 1. Il combine la part de matière recyclée ou biosourcée, la recyclabilité et la possibilité de réutilisation.',
          },
          {
            kind: 'table',
            columns: ['Produit', 'Indicateur'],
            widths: [3, 1],
            rows: [
              ['Lyra (standard)', '0,21'],
              ['Lyra PCR, 50 % recyclé', '0,62'],
              ['Mono Velum, 100 % PP', '0,58'],
              ['Cresta recharge', '0,71'],
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Comment le lire',
            text: '0 : produit linéaire, matière vierge, non recyclable. 1 : produit entièrement circulaire.',
          },
        ],
      },
      {
        title: 'Matières recyclées et biosourcées',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'PP et PE recyclés post-consommation, certifiés et tracés par lot.',
              'PE biosourcé issu de la canne à sucre.',
              'Rebroyage interne : les carottes et purges de moulage reviennent dans le procédé.',
            ],
          },
          { kind: 'illustration', scene: 'injection', height: 380 },
        ],
      },
      {
        title: 'Recharge et réutilisation',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Les pompes vissables Ondine et le flacon Cresta recharge permettent de garder le flacon et de ne remplacer que le produit : jusqu’à 70 % d’empreinte carbone en moins sur le cycle de vie.',
          },
          {
            kind: 'steps',
            items: [
              { title: 'Dévisser la pompe' },
              { title: 'Remplir à la fontaine ou avec la recharge' },
              { title: 'Revisser : l’étanchéité est garantie' },
            ],
          },
        ],
      },
    ],
  };
}

/** Cover plus 99 instruction sheets: a long document for the PDF reader's benchmark. */
export function hundredPagesSpec(): DocumentSpec {
  const lines = ['Ligne 3', 'Ligne 7', 'Ligne 9', 'Ligne 12'];
  const operations = [
    'Alimentation des bols',
    'Montage ressort et bille',
    'Sertissage du joint',
    'Contrôle d’étanchéité',
    'Conditionnement',
  ];
  return {
    title: 'Recueil des fiches d’instruction',
    subtitle: 'Unité Assemblage — postes de travail des lignes 3, 7, 9 et 12',
    kicker: 'Unité Assemblage',
    edition: 'Édition 2024',
    accent: 'vert',
    date: new Date('2024-09-02T08:00:00.000Z'),
    pages: Array.from({ length: 99 }, (_, i) => {
      const line = lines[i % lines.length] ?? 'Ligne 3';
      const operation = operations[Math.floor(i / lines.length) % operations.length] ?? 'Poste';
      return {
        title: `Fiche ${String(i + 1).padStart(3, '0')} — ${line} · ${operation}`,
        blocks: [
          {
            kind: 'paragraph' as const,
            text: `Instruction de travail du poste « ${operation} » de la ${line}. Elle s’applique à toutes les équipes et à toutes les références de la ligne.`,
          },
          {
            kind: 'steps' as const,
            items: [
              {
                title: 'Vérifier le poste',
                text: 'Standard affiché, outillage complet, zone propre.',
              },
              {
                title: 'Contrôler la première pompe',
                text: 'Visuel, force d’actionnement et dose délivrée.',
              },
              { title: 'Produire', text: 'Surveiller les alarmes et les cartes de contrôle.' },
              {
                title: 'Enregistrer',
                text: 'Arrêts, rebuts et contrôles dans le suivi de production.',
              },
            ],
          },
          {
            kind: 'table' as const,
            columns: ['Contrôle', 'Fréquence'],
            widths: [3, 1],
            rows: [
              ['Aspect des pompes', '1 h'],
              ['Dose délivrée', '2 h'],
              ['Étanchéité (échantillon)', '4 h'],
            ],
          },
        ],
      };
    }),
  };
}

/**
 * The sample for the PDF reader's password prompt. pdf-lib cannot encrypt, so the encrypted file
 * is committed (apps/server/assets/pdf/document-protege.pdf) and only copied at seed time. It was
 * made once from this spec with:
 *   qpdf --encrypt neubourg-1963 <owner password> 256 -- plain.pdf document-protege.pdf
 * User password (to open it in the kiosk): neubourg-1963.
 */
export const PROTECTED_PDF_PASSWORD = 'neubourg-1963';

export function protectedDocumentSpec(): DocumentSpec {
  return {
    title: 'Résultats qualité fournisseurs',
    subtitle: 'Document confidentiel — diffusion restreinte à l’encadrement',
    kicker: 'Qualité',
    edition: 'Bilan 2024',
    accent: 'bleu',
    date: new Date('2025-01-20T08:00:00.000Z'),
    pages: [
      {
        title: 'Synthèse',
        blocks: [
          {
            kind: 'figures',
            items: [
              { value: '98,7 %', label: 'de livraisons conformes' },
              { value: '37', label: 'fournisseurs évalués' },
              { value: '4', label: 'plans d’action en cours' },
            ],
          },
          {
            kind: 'paragraph',
            text: 'Ce document est protégé par mot de passe : il sert à vérifier que le lecteur PDF du kiosque demande le mot de passe et refuse un mot de passe faux.',
          },
        ],
      },
    ],
  };
}
