/** The practical HR guide, July 2023 edition (docs/product.md#screens "HR page"), as a document spec. */
import type { DocumentSpec } from '../document-model.js';

export const HR_GUIDE_TITLE = 'Guide pratique RH';
export const HR_GUIDE_FILE = 'guide-pratique-rh-juillet-2023';

export function hrGuideSpec(): DocumentSpec {
  return {
    title: HR_GUIDE_TITLE,
    subtitle: 'Tout ce qu’il faut savoir pour bien vivre au quotidien sur le site du Neubourg',
    kicker: 'Ressources humaines',
    edition: 'Édition juillet 2023',
    accent: 'corail',
    toc: true,
    date: new Date('2023-07-03T08:00:00.000Z'),
    pages: [
      {
        title: 'Bienvenue au Neubourg',
        section: 'Bienvenue au Neubourg',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Vous rejoignez un site industriel fondé en 1947 et installé au Neubourg depuis 1963. Environ 690 collaboratrices et collaborateurs y conçoivent, moulent et assemblent des pompes et des sprays pour les grandes marques de parfumerie et de cosmétique.',
          },
          {
            kind: 'paragraph',
            text: 'Ce guide réunit les informations pratiques de votre quotidien : horaires, paie, congés, formation, sécurité, restauration, transport et contacts. Il complète le règlement intérieur et les accords d’entreprise, disponibles auprès du service RH et sur le kiosque.',
          },
          {
            kind: 'callout',
            title: 'Une question ?',
            text: 'Votre responsable est votre premier interlocuteur. Le service RH vous accueille du lundi au vendredi de 8 h à 12 h et de 13 h 30 à 16 h 30, bâtiment D, poste 2120.',
          },
          { kind: 'heading', text: 'Nos valeurs' },
          {
            kind: 'bullets',
            items: [
              'La sécurité avant tout.',
              'Le respect de chacun, quels que soient son poste et son équipe.',
              'L’exigence de la qualité pour nos clients.',
              'L’amélioration continue, avec la démarche BE LEAN +.',
            ],
          },
        ],
      },
      {
        title: 'Le site en bref',
        section: 'Le site en bref',
        blocks: [
          {
            kind: 'figures',
            items: [
              { value: '1947', label: 'fondation' },
              { value: '≈ 690', label: 'collaborateurs' },
              { value: '205 M€', label: 'chiffre d’affaires 2023' },
              { value: '96 000 m²', label: 'de terrain' },
              { value: '68', label: 'presses à injecter' },
              { value: '684 M', label: 'pompes par an' },
            ],
          },
          {
            kind: 'paragraph',
            text: 'Le site appartient à la division Beauté du Groupe : 1,27 milliard d’euros de chiffre d’affaires en 2023, 25 sites de R&D et de production, plus de 1 000 brevets et 14 technologies. Le Groupe compte 13 000 collaborateurs dans 20 pays.',
          },
          {
            kind: 'table',
            columns: ['Bâtiment', 'Activité'],
            widths: [1, 4],
            rows: [
              ['A', 'Unité Moulage'],
              ['B', 'Unité Assemblage'],
              ['C', 'Logistique'],
              ['D', 'Administration, RH, salles de réunion'],
              ['E', 'Maintenance et outillage'],
              ['F', 'Restaurant d’entreprise'],
            ],
          },
        ],
      },
      {
        title: 'Votre arrivée',
        section: 'Votre arrivée',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'Accueil au poste de garde',
                text: 'Présentez-vous au portail 1 : le gardien prévient le service RH.',
              },
              {
                title: 'Accueil sécurité',
                text: 'Une heure avec le service HSE : règles d’or, EPI, circulation, consignes d’urgence.',
              },
              {
                title: 'Badge, casier et EPI',
                text: 'Votre badge ouvre les accès et sert au badgeage et au restaurant. Le magasin vous remet vos EPI.',
              },
              {
                title: 'Parcours d’intégration',
                text: 'Un tuteur vous accompagne ; un point est fait à 1 semaine, 1 mois et 3 mois.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Journée d’intégration',
            text: 'Chaque premier mardi du mois, les nouveaux arrivants visitent le site et rencontrent les services support.',
          },
        ],
      },
      {
        title: 'Horaires et temps de travail',
        section: 'Horaires et temps de travail',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Le site produit 24 heures sur 24, 7 jours sur 7. Les horaires dépendent de votre équipe et sont précisés dans votre contrat.',
          },
          {
            kind: 'table',
            columns: ['Équipe', 'Horaires', 'Pause'],
            widths: [2, 2, 1.4],
            rows: [
              ['Matin', '5 h – 13 h', '30 min'],
              ['Après-midi', '13 h – 21 h', '30 min'],
              ['Nuit', '21 h – 5 h', '30 min'],
              ['Journée', '8 h – 16 h 30', '45 min'],
              ['Week-end (VSD)', 'Ven. 21 h – Lun. 5 h', 'Selon planning'],
            ],
          },
          { kind: 'heading', text: 'Badgeage' },
          {
            kind: 'bullets',
            items: [
              'Badgez à l’entrée et à la sortie, en tenue de travail.',
              'Un oubli de badgeage se régularise le jour même auprès de votre responsable.',
              'Les heures supplémentaires sont validées à l’avance par votre responsable.',
            ],
          },
          { kind: 'heading', text: 'Plannings' },
          {
            kind: 'paragraph',
            text: 'Les plannings sont affichés trois semaines à l’avance. Un échange d’équipe entre collègues est possible avec l’accord des deux responsables.',
          },
        ],
      },
      {
        title: 'Rémunération',
        section: 'Rémunération',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Le salaire est versé le dernier jour ouvré du mois. Le bulletin de paie est déposé dans votre coffre-fort électronique ; une version papier reste possible sur demande.',
          },
          {
            kind: 'table',
            columns: ['Élément', 'Principe'],
            widths: [2, 4],
            rows: [
              ['Prime d’équipe', 'Pour le travail en 3 × 8, versée chaque mois'],
              ['Majoration de nuit', 'Pour les heures entre 21 h et 5 h'],
              ['Prime d’ancienneté', 'À partir de 3 ans, selon la convention collective'],
              ['13e mois', 'Versé en deux fois, en juin et en novembre'],
              ['Intéressement et participation', 'Selon les résultats du site, versés en mai'],
            ],
          },
          {
            kind: 'callout',
            title: 'Acompte',
            text: 'Un acompte peut être demandé au service paie avant le 15 du mois.',
          },
        ],
      },
      {
        title: 'Congés et absences',
        section: 'Congés et absences',
        blocks: [
          {
            kind: 'bullets',
            items: [
              '25 jours ouvrés de congés payés par an, acquis du 1er juin au 31 mai.',
              'Trois semaines consécutives en été, posées avant le 31 mars.',
              'Les RTT et jours d’ancienneté se posent avec l’accord de votre responsable.',
              'Événements familiaux : jours d’absence autorisée selon la convention collective.',
            ],
          },
          { kind: 'heading', text: 'En cas d’absence imprévue' },
          {
            kind: 'steps',
            items: [
              {
                title: 'Prévenir au plus tôt',
                text: 'Votre responsable, ou le poste de garde la nuit et le week-end (2222).',
              },
              {
                title: 'Envoyer le justificatif sous 48 heures',
                text: 'Arrêt de travail ou justificatif, au service RH.',
              },
              {
                title: 'Prévenir de votre retour',
                text: 'Pour organiser votre reprise et, si besoin, la visite de reprise.',
              },
            ],
          },
        ],
      },
      {
        title: 'Formation',
        section: 'Formation',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Chaque poste s’apprend avec un tuteur, selon le standard de poste. Votre polyvalence est suivie dans la matrice de compétences de votre équipe.',
          },
          {
            kind: 'bullets',
            items: [
              'Entretien annuel et entretien professionnel tous les deux ans.',
              'Plan de développement des compétences construit chaque automne.',
              'Formations sécurité : habilitations, CACES, SST, équipiers incendie.',
              'Compte personnel de formation (CPF) utilisable sur votre temps personnel.',
            ],
          },
          {
            kind: 'callout',
            tone: 'bleu',
            title: 'École de la pompe',
            text: 'Un parcours de six modules pour comprendre nos produits, du moulage à l’assemblage, ouvert à tous.',
          },
        ],
      },
      {
        title: 'Santé et sécurité',
        section: 'Santé et sécurité',
        blocks: [
          {
            kind: 'paragraph',
            text: 'La sécurité est la première de nos valeurs. Chacun est responsable de sa sécurité et de celle de ses collègues.',
          },
          { kind: 'heading', text: 'Les règles d’or' },
          {
            kind: 'bullets',
            items: [
              'Je porte mes EPI dans les ateliers.',
              'Je circule dans les allées piétonnes.',
              'Je ne neutralise jamais une sécurité.',
              'Je consigne avant d’intervenir.',
              'Je conduis avec une autorisation.',
              'Je signale tout accident, presque-accident ou situation dangereuse.',
            ],
          },
          { kind: 'heading', text: 'En cas d’urgence' },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Composez le 2222',
            text: 'Le poste de garde déclenche les secours, ouvre le portail 3 et envoie un guide. Depuis un portable : 02 32 00 22 22.',
          },
          { kind: 'heading', text: 'Service de santé au travail' },
          {
            kind: 'paragraph',
            text: 'L’infirmerie est ouverte du lundi au vendredi de 7 h à 19 h (poste 2251). Le médecin du travail consulte le mardi et le jeudi. Les visites d’information et de prévention sont organisées par le service RH.',
          },
          { kind: 'heading', text: 'Sauveteurs secouristes du travail' },
          {
            kind: 'paragraph',
            text: 'Un SST est présent à chaque poste. Leur liste est affichée dans chaque atelier et sur le kiosque, page « Urgence ».',
          },
        ],
      },
      {
        title: 'La vie pratique au quotidien',
        section: 'La vie pratique au quotidien',
        blocks: [
          {
            kind: 'table',
            columns: ['Sujet', 'Ce qu’il faut savoir'],
            widths: [2, 5],
            rows: [
              [
                'Badge',
                'Personnel et nominatif : accès, badgeage, restaurant. Perte : prévenir le poste de garde.',
              ],
              [
                'Vestiaires',
                'Un casier par personne, cadenas fourni. Douches dans les bâtiments A et B.',
              ],
              [
                'Tenue de travail',
                'Fournie et lavée par l’entreprise pour la production et la maintenance.',
              ],
              ['Objets trouvés', 'À déposer et à réclamer au poste de garde.'],
              ['Téléphone', 'Pas de téléphone personnel aux postes de production, sauf urgence.'],
            ],
          },
          {
            kind: 'callout',
            title: 'Changement de situation',
            text: 'Adresse, coordonnées bancaires, situation familiale : prévenez le service RH pour que votre dossier et votre paie restent à jour.',
          },
        ],
      },
      {
        title: 'Informations et communication',
        section: 'Informations et communication',
        blocks: [
          { kind: 'paragraph', text: 'Plusieurs canaux vous tiennent informé de la vie du site :' },
          {
            kind: 'bullets',
            items: [
              'Le kiosque : informations pratiques, menu, plan du site, consignes d’urgence, magazine.',
              'Le point d’équipe quotidien de cinq minutes, devant le tableau de l’équipe.',
              'Le magazine « Le Fil du Neubourg », trois fois par an.',
              'Les réunions d’information de la direction, deux fois par an.',
              'Les panneaux d’affichage légal et syndical, à l’entrée de chaque bâtiment.',
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Une idée ?',
            text: 'Le formulaire « Suggestion System » du kiosque recueille vos idées d’amélioration ; chacune reçoit une réponse.',
          },
        ],
      },
      {
        title: 'Restaurant d’entreprise',
        section: 'Restaurant d’entreprise',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Le restaurant (bâtiment F) est ouvert de 11 h 30 à 13 h 45 du lundi au vendredi. Les équipes d’après-midi et de nuit disposent de distributeurs de plats chauds et d’un espace repas équipé.',
          },
          {
            kind: 'table',
            columns: ['Formule', 'Prix pour vous'],
            widths: [3, 2],
            rows: [
              ['Entrée, plat, dessert', '3,80 €'],
              ['Plat seul', '2,60 €'],
              ['Café', '0,40 €'],
            ],
          },
          {
            kind: 'bullets',
            items: [
              'Paiement avec votre badge, rechargeable à la borne du restaurant.',
              'Le menu de la semaine est affiché sur le kiosque, page « Autres informations ».',
              'Produits locaux et de saison ; allergènes affichés au self.',
            ],
          },
        ],
      },
      {
        title: 'Transport',
        section: 'Transport',
        blocks: [
          {
            kind: 'bullets',
            items: [
              'Parking personnel P2, accès par le portail 1 avec votre badge.',
              'Abri vélos couvert et bornes de recharge pour véhicules électriques.',
              'Covoiturage : groupe d’échange sur l’intranet, places réservées près de l’entrée.',
              'Navette de car aux horaires des équipes, depuis les communes voisines.',
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Forfait mobilités durables',
            text: 'Jusqu’à 300 € par an pour vos trajets à vélo ou en covoiturage, sur justificatif.',
          },
          {
            kind: 'paragraph',
            text: 'Sur le site, la vitesse est limitée à 20 km/h ; les piétons sont prioritaires sur les passages protégés.',
          },
        ],
      },
      {
        title: 'Le comité social et économique',
        section: 'Le comité social et économique',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Le CSE représente les salariés auprès de la direction. Ses élus sont vos interlocuteurs pour toute question individuelle ou collective. La commission santé, sécurité et conditions de travail (CSSCT) prépare ses travaux sur la sécurité.',
          },
          { kind: 'heading', text: 'Les activités sociales et culturelles' },
          {
            kind: 'bullets',
            items: [
              'Chèques vacances et chèques cadeaux de fin d’année.',
              'Billetterie à tarif réduit : cinéma, parcs de loisirs, spectacles.',
              'Arbre de Noël des enfants du personnel.',
              'Participation aux activités sportives et culturelles.',
            ],
          },
          {
            kind: 'paragraph',
            text: 'Local du CSE : bâtiment D, 1er étage, ouvert le lundi et le jeudi de 12 h à 14 h (poste 2190).',
          },
        ],
      },
      {
        title: 'Contacts utiles',
        section: 'Contacts utiles',
        blocks: [
          {
            kind: 'table',
            columns: ['Service', 'Poste', 'Horaires'],
            widths: [3, 1, 3],
            rows: [
              ['Poste de garde (urgence)', '2222', '24 h/24'],
              ['Service RH', '2120', '8 h – 12 h, 13 h 30 – 16 h 30'],
              ['Service paie', '2125', '9 h – 12 h'],
              ['Infirmerie', '2251', '7 h – 19 h'],
              ['Service HSE', '2240', '8 h – 17 h'],
              ['Formation', '2130', '8 h – 16 h 30'],
              ['CSE', '2190', 'Lundi et jeudi, 12 h – 14 h'],
              ['Accueil', '2000', '8 h – 17 h 30'],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Ce guide est mis à jour chaque année. Vos suggestions sont les bienvenues : déposez-les sur le formulaire « Suggestion System » du kiosque.',
          },
        ],
      },
    ],
  };
}
