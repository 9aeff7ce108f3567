/**
 * Health, safety and environment content, and the emergency zones. Emergency procedures are
 * checklist zones: one step card per element, in the order to follow (Zone.checkList).
 */
import { IMAGE_ZONES, type ContentLanguage } from '@plant-kiosk/contract';
import type { PlannedZone } from '../demo-plan.js';
import { PALETTE, rect, text } from '../svg/kit.js';
import { pageSvg, type Block, type PageSpec } from '../svg/page.js';
import type { PictogramName } from '../svg/pictograms.js';
import { sitePlan, PLAN_HEIGHT, PLAN_WIDTH } from '../svg/plans.js';
import { stepCardSvg } from '../svg/special.js';
import type { Accent } from '../svg/kit.js';
import { frenchDate, imageElement, imageZone, type SeedContext } from './context.js';

/** The HSE pages' kicker and footer, in each language of the demo (content/english.ts). */
const HSE_FRAME: Record<ContentLanguage, { kicker: string; footer: string }> = {
  fr: {
    kicker: 'Santé · Sécurité · Environnement',
    footer: 'Site du Neubourg · Service HSE · poste 2240',
  },
  en: {
    kicker: 'Health · Safety · Environment',
    footer: 'Neubourg plant · HSE department · ext. 2240',
  },
};

export const hsePage = (
  spec: Omit<PageSpec, 'kicker' | 'footer'> & { kicker?: string },
  language: ContentLanguage = 'fr',
) => pageSvg({ ...HSE_FRAME[language], ...spec });

// ---------- green cross ----------

/** The month's green cross: one square per day, green without accident, amber for first aid. */
function greenCross(ctx: SeedContext): Block {
  const now = ctx.now;
  const today = now.getUTCDate();
  const daysInMonth = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0),
  ).getUTCDate();
  const firstAidDay = today > 9 ? 9 : undefined;
  // Cross layout: two rows of 3, three rows of 7, two rows of 3 (33 cells for up to 31 days).
  const rows = [3, 3, 7, 7, 7, 3, 3];
  return {
    kind: 'custom',
    height: 7 * 110 + 10,
    draw: (x, y, width) => {
      const cell = 104;
      let svg = '';
      let day = 0;
      rows.forEach((count, r) => {
        const rowX = x + (width - count * cell) / 2;
        for (let c = 0; c < count; c++) {
          day++;
          const cx = rowX + c * cell;
          const cy = y + r * cell;
          if (day > daysInMonth) {
            svg += rect(cx + 4, cy + 4, cell - 8, cell - 8, '#FFFFFF', {
              rx: 8,
              stroke: PALETTE.gris3,
              strokeWidth: 2,
            });
            continue;
          }
          const past = day < today;
          const fill = !past ? '#FFFFFF' : day === firstAidDay ? '#F5A623' : PALETTE.vert;
          svg += rect(cx + 4, cy + 4, cell - 8, cell - 8, fill, {
            rx: 8,
            stroke: past ? 'none' : PALETTE.gris3,
            strokeWidth: 2,
          });
          svg += text(cx + cell / 2, cy + cell / 2 + 12, String(day), {
            size: 34,
            bold: true,
            fill: past ? '#FFFFFF' : PALETTE.gris2,
            anchor: 'middle',
          });
        }
      });
      return svg;
    },
  };
}

function accidents(ctx: SeedContext): PlannedZone {
  const month = frenchDate(ctx.now, { month: 'long', year: 'numeric' });
  return imageZone(IMAGE_ZONES.accidentAlerts.fr, [
    imageElement(
      ctx,
      `Croix verte ${month}`,
      hsePage({
        title: `Croix verte — ${month}`,
        accent: 'vert',
        style: 'poster',
        blocks: [
          greenCross(ctx),
          {
            kind: 'table',
            columns: ['Couleur', 'Signification'],
            widths: [1, 3],
            rows: [
              ['Vert', 'Journée sans accident'],
              ['Orange', 'Soin sans arrêt de travail'],
              ['Rouge', 'Accident avec arrêt de travail'],
            ],
          },
        ],
      }),
      2,
    ),
    imageElement(
      ctx,
      'Alerte sécurité coincement de main',
      hsePage({
        title: 'Alerte sécurité : coincement de main',
        accent: 'rouge',
        blocks: [
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Ce qui s’est passé',
            text: 'Unité Moulage, équipe de nuit : en voulant dégager une pièce coincée dans le moule, un régleur a eu deux doigts pincés par l’éjecteur. Soins à l’infirmerie, pas d’arrêt de travail.',
          },
          { kind: 'heading', text: 'Les causes identifiées' },
          {
            kind: 'bullets',
            items: [
              'Intervention dans le moule sans mise en sécurité de la presse.',
              'Porte de protection ouverte mais presse restée en mode semi-automatique.',
              'Outil de dégagement absent du poste.',
            ],
          },
          { kind: 'heading', text: 'Ce que nous faisons' },
          {
            kind: 'bullets',
            items: [
              'Rappel de la règle : presse en mode manuel, moteur arrêté avant toute intervention dans le moule.',
              'Un crochet de dégagement fixé sur chaque presse.',
              'Audit croisé des 68 presses par les chefs d’équipe.',
            ],
          },
          {
            kind: 'pictograms',
            items: [
              { icon: 'gloves', label: 'Mains hors de la zone', colour: 'rouge' },
              { icon: 'bolt', label: 'Énergie coupée', colour: 'rouge' },
              { icon: 'check', label: 'Outil adapté', colour: 'vert' },
            ],
          },
        ],
      }),
      12,
    ),
    imageElement(
      ctx,
      'Alerte sécurité chute de plain-pied',
      hsePage({
        title: 'Alerte sécurité : chute de plain-pied',
        accent: 'corail',
        blocks: [
          {
            kind: 'callout',
            tone: 'corail',
            title: 'Ce qui s’est passé',
            text: 'Unité Assemblage : une opératrice a glissé sur des granulés tombés au sol près d’une trémie. Entorse de la cheville, 5 jours d’arrêt.',
          },
          { kind: 'heading', text: 'Les bons réflexes' },
          {
            kind: 'steps',
            items: [
              {
                title: 'Je vois, je ramasse',
                text: 'Granulés, ressorts ou pièces au sol sont ramassés immédiatement.',
              },
              {
                title: 'Je signale',
                text: 'Une fuite ou un débordement de trémie est signalé au chef d’équipe.',
              },
              {
                title: 'Je circule dans les allées',
                text: 'Les allées piétonnes vertes restent dégagées.',
              },
            ],
          },
          { kind: 'illustration', scene: 'assembly', height: 400 },
        ],
      }),
      45,
    ),
  ]);
}

// ---------- policies and contacts ----------

function policies(ctx: SeedContext): PlannedZone {
  return imageZone(IMAGE_ZONES.hsePolicies.fr, [
    imageElement(
      ctx,
      'Politique santé sécurité environnement',
      hsePage({
        title: 'Politique santé, sécurité et environnement',
        accent: 'vert',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Rien n’est plus important que la santé et la sécurité de chacun d’entre nous, des intérimaires, des prestataires et des visiteurs.',
          },
          {
            kind: 'bullets',
            items: [
              'Zéro accident : analyser chaque presque-accident et agir sur les causes.',
              'Maîtriser les risques machines, chariots, bruit et produits chimiques.',
              'Réduire nos consommations d’énergie et nos déchets.',
              'Respecter la réglementation et nos engagements ISO 14001 et ISO 45001.',
              'Associer chaque collaborateur : remontées terrain, visites sécurité, BE LEAN +.',
            ],
          },
          {
            kind: 'figures',
            items: [
              { value: '0', label: 'accident avec arrêt : notre objectif' },
              { value: '100 %', label: 'des nouveaux accueillis sécurité le 1er jour' },
              { value: '1 / mois', label: 'visite sécurité par manager' },
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
      210,
    ),
    imageElement(
      ctx,
      'Vos contacts HSE',
      hsePage({
        title: 'Vos contacts HSE',
        accent: 'vert',
        blocks: [
          {
            kind: 'table',
            columns: ['Nom', 'Fonction', 'Poste'],
            widths: [3, 4, 1.4],
            rows: [
              ['Julien Marchand', 'Responsable HSE', '2240'],
              ['Sophie Lemaire', 'Animatrice sécurité', '2241'],
              ['Karim Benali', 'Technicien environnement', '2242'],
              ['Dr Anne Roussel', 'Médecin du travail (mardi et jeudi)', '2250'],
              ['Isabelle Caron', 'Infirmière du travail', '2251'],
              ['Poste de garde', 'Urgences 24 h/24', '2222'],
            ],
          },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Urgence : 2222',
            text: 'Depuis un téléphone fixe du site. Depuis un portable : 02 32 00 22 22.',
          },
          { kind: 'heading', text: 'Vos représentants au CSSCT' },
          {
            kind: 'paragraph',
            text: 'Nadia Perrin (Moulage), Thomas Girard (Assemblage), Élodie Morel (Logistique), Marc Duval (Maintenance).',
          },
        ],
      }),
      90,
    ),
    imageElement(
      ctx,
      'Les règles d’or de la sécurité',
      hsePage({
        title: 'Les règles d’or de la sécurité',
        accent: 'rouge',
        style: 'poster',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'Je porte mes EPI',
                text: 'Chaussures, lunettes et protections auditives dans les ateliers.',
              },
              {
                title: 'Je circule dans les allées piétonnes',
                text: 'Jamais dans les zones de circulation des chariots.',
              },
              {
                title: 'Je ne neutralise jamais une sécurité',
                text: 'Carter, porte, barrière immatérielle : je les laisse en place.',
              },
              {
                title: 'Je consigne avant d’intervenir',
                text: 'Seules les personnes habilitées interviennent sur les énergies.',
              },
              {
                title: 'Je conduis avec une autorisation',
                text: 'Chariot, transpalette électrique, nacelle : CACES et autorisation.',
              },
              {
                title: 'Je signale',
                text: 'Tout accident, presque-accident ou situation dangereuse.',
              },
            ],
          },
        ],
      }),
      210,
    ),
  ]);
}

// ---------- protective equipment, lone worker, authorisations ----------

function equipment(ctx: SeedContext): PlannedZone[] {
  const ppe = imageZone(IMAGE_ZONES.ppe.fr, [
    imageElement(
      ctx,
      'EPI obligatoires en atelier',
      hsePage({
        title: 'EPI obligatoires en atelier',
        accent: 'bleu',
        style: 'poster',
        blocks: [
          {
            kind: 'pictograms',
            items: (
              [
                ['shoe', 'Chaussures de sécurité'],
                ['glasses', 'Lunettes de protection'],
                ['ear', 'Protections auditives'],
                ['vest', 'Gilet haute visibilité'],
                ['gloves', 'Gants selon le poste'],
              ] as [PictogramName, string][]
            ).map(([icon, label]) => ({ icon, label, colour: 'bleu' as const })),
          },
          {
            kind: 'callout',
            tone: 'bleu',
            title: 'Pour tous, visiteurs compris',
            text: 'Les EPI sont obligatoires dès le marquage au sol de l’atelier. Les visiteurs reçoivent lunettes, bouchons et surchaussures à l’accueil.',
          },
          { kind: 'illustration', scene: 'injection', height: 420 },
        ],
      }),
      300,
    ),
    imageElement(
      ctx,
      'EPI par zone',
      hsePage({
        title: 'EPI par zone',
        accent: 'bleu',
        blocks: [
          {
            kind: 'table',
            columns: ['Zone', 'Chaussures', 'Lunettes', 'Auditif', 'Gilet', 'Gants'],
            widths: [3.2, 1.6, 1.4, 1.4, 1.2, 1.2],
            size: 21,
            rows: [
              ['Moulage', 'Oui', 'Oui', 'Oui', '—', 'Au réglage'],
              ['Assemblage', 'Oui', 'Oui', 'Oui', '—', '—'],
              ['Logistique', 'Oui', '—', '—', 'Oui', 'Oui'],
              ['Maintenance', 'Oui', 'Oui', 'Oui', '—', 'Oui'],
              ['Outillage', 'Oui', 'Oui', 'Oui', '—', 'Oui'],
              ['Laboratoire', 'Oui', 'Oui', '—', '—', 'Selon produit'],
              ['Bureaux', '—', '—', '—', '—', '—'],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Les EPI sont fournis gratuitement : renouvellement au magasin, sur présentation de l’EPI usagé.',
          },
        ],
      }),
      300,
    ),
    imageElement(
      ctx,
      'Bien porter ses bouchons d’oreilles',
      hsePage({
        title: 'Bien porter ses bouchons d’oreilles',
        accent: 'bleu',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Le bruit des ateliers dépasse 85 dB(A) : au-delà, l’audition s’use sans douleur et sans retour.',
          },
          {
            kind: 'steps',
            items: [
              { title: 'Rouler', text: 'Rouler le bouchon entre les doigts pour le comprimer.' },
              {
                title: 'Tirer l’oreille',
                text: 'Passer la main derrière la tête et tirer l’oreille vers le haut.',
              },
              {
                title: 'Insérer',
                text: 'Insérer le bouchon et le maintenir 20 secondes le temps qu’il gonfle.',
              },
              {
                title: 'Vérifier',
                text: 'Votre voix doit paraître sourde : le bouchon est bien placé.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'corail',
            title: 'Bouchons moulés sur mesure',
            text: 'Proposés aux équipes de production : inscription auprès de l’infirmerie, poste 2251.',
          },
        ],
      }),
      300,
    ),
  ]);

  const pti = imageZone(IMAGE_ZONES.pti.fr, [
    imageElement(
      ctx,
      'Protection du travailleur isolé',
      hsePage({
        title: 'PTI — Protection du travailleur isolé',
        accent: 'corail',
        blocks: [
          {
            kind: 'paragraph',
            text: 'Un travailleur est isolé lorsqu’il ne peut être vu ou entendu par personne pendant plus de quelques minutes. Il porte alors un boîtier PTI relié au poste de garde.',
          },
          { kind: 'heading', text: 'Qui est concerné ?' },
          {
            kind: 'bullets',
            items: [
              'Maintenance de nuit et astreinte du week-end.',
              'Rondes du poste de garde.',
              'Interventions seul en chaufferie, local compresseurs ou toiture.',
            ],
          },
          {
            kind: 'pictograms',
            items: [
              { icon: 'person', label: 'Travail seul', colour: 'corail' },
              { icon: 'bell', label: 'Alarme automatique', colour: 'corail' },
              { icon: 'phone', label: 'Poste de garde 2222', colour: 'rouge' },
            ],
          },
        ],
      }),
      260,
    ),
    imageElement(
      ctx,
      'Utiliser le boîtier PTI',
      hsePage({
        title: 'Utiliser le boîtier PTI',
        accent: 'corail',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'Je retire le boîtier au poste de garde',
                text: 'Le gardien note mon nom, ma zone et l’heure.',
              },
              {
                title: 'Je fais le test de départ',
                text: 'Appui long sur le bouton : le poste de garde confirme la réception.',
              },
              {
                title: 'L’alarme part seule',
                text: 'En cas de chute ou d’immobilité prolongée, après un pré-avis sonore de 30 secondes.',
              },
              {
                title: 'En cas de danger',
                text: 'J’appuie sur le bouton SOS : le gardien me rappelle et envoie du secours.',
              },
              {
                title: 'Je rends le boîtier',
                text: 'En fin d’intervention, je le remets en charge au poste de garde.',
              },
            ],
          },
        ],
      }),
      260,
    ),
  ]);

  const authorisations = imageZone(IMAGE_ZONES.workstationAuthorisations.fr, [
    imageElement(
      ctx,
      'Habilitations et autorisations de conduite',
      hsePage({
        title: 'Habilitations et autorisations',
        accent: 'bleu',
        blocks: [
          {
            kind: 'table',
            columns: ['Habilitation', 'Pour qui', 'Validité'],
            widths: [3, 4, 1.6],
            rows: [
              ['CACES R489 cat. 1, 3 et 5', 'Caristes logistique et approvisionneurs', '5 ans'],
              ['CACES R485', 'Gerbeurs à conducteur accompagnant', '5 ans'],
              ['Habilitation électrique B1V, BR, BC', 'Électriciens de maintenance', '3 ans'],
              ['Habilitation électrique BS, BE manœuvre', 'Régleurs et techniciens', '3 ans'],
              ['Pont roulant R484', 'Outilleurs, changement de moules', '5 ans'],
              ['Autorisation de réglage presse', 'Régleurs Moulage', 'Annuelle'],
              ['Travail en hauteur', 'Maintenance bâtiment', '3 ans'],
            ],
          },
          {
            kind: 'callout',
            title: 'Autorisation de conduite',
            text: 'Le CACES ne suffit pas : l’autorisation de conduite signée par le responsable est obligatoire, avec l’avis médical.',
          },
        ],
      }),
      220,
    ),
    imageElement(
      ctx,
      'Obtenir une habilitation',
      hsePage({
        title: 'Obtenir une habilitation',
        accent: 'bleu',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'Demande du responsable',
                text: 'Votre responsable inscrit le besoin au plan de formation.',
              },
              {
                title: 'Visite médicale',
                text: 'Aptitude vérifiée par le service de santé au travail.',
              },
              { title: 'Formation et test', text: 'Théorie et pratique avec un organisme agréé.' },
              {
                title: 'Autorisation écrite',
                text: 'Signée par le responsable, remise avec le badge de conduite.',
              },
              { title: 'Suivi', text: 'Le service RH relance trois mois avant l’échéance.' },
            ],
          },
          { kind: 'illustration', scene: 'warehouse', height: 400 },
        ],
      }),
      220,
    ),
  ]);
  return [ppe, pti, authorisations];
}

// ---------- waste and PASS ----------

function wasteAndPass(ctx: SeedContext): PlannedZone[] {
  const waste = imageZone(IMAGE_ZONES.wastePollution.fr, [
    imageElement(
      ctx,
      'Le tri des déchets sur le site',
      hsePage({
        title: 'Le tri des déchets sur le site',
        accent: 'vert',
        style: 'poster',
        blocks: [
          {
            kind: 'pictograms',
            items: [
              { icon: 'recycle', label: 'Plastiques (bac bleu)', colour: 'bleu' },
              { icon: 'bin', label: 'Cartons (bac vert)', colour: 'vert' },
              { icon: 'bin', label: 'Déchets banals (gris)', colour: 'gris1' },
              { icon: 'drop', label: 'Huiles usagées', colour: 'corail' },
              { icon: 'warning', label: 'Dangereux (rouge)', colour: 'rouge' },
            ],
          },
          {
            kind: 'table',
            columns: ['Déchet', 'Où le jeter'],
            widths: [2, 3],
            rows: [
              ['Carottes, purges, pièces rebutées', 'Bac bleu du poste, rebroyées sur place'],
              ['Cartons, intercalaires', 'Bac vert, compacteur du bâtiment C'],
              ['Chiffons et absorbants souillés', 'Fût rouge, local déchets G'],
              ['Aérosols, bombes de graisse', 'Fût rouge, jamais dans le bac gris'],
              ['Piles, néons', 'Point de collecte du magasin'],
            ],
          },
        ],
      }),
      180,
    ),
    imageElement(
      ctx,
      'Kit antipollution',
      hsePage({
        title: 'Kit antipollution : comment l’utiliser',
        accent: 'corail',
        blocks: [
          {
            kind: 'steps',
            items: [
              { title: 'Je me protège', text: 'Gants nitrile et lunettes du kit.' },
              {
                title: 'J’arrête la fuite si c’est sans danger',
                text: 'Redresser le fût, fermer la vanne.',
              },
              {
                title: 'Je contiens',
                text: 'Boudins absorbants autour de la flaque, obturateur sur le regard le plus proche.',
              },
              {
                title: 'J’absorbe',
                text: 'Feuilles ou granulés absorbants, de l’extérieur vers le centre.',
              },
              {
                title: 'J’évacue et je signale',
                text: 'Absorbants usagés en fût rouge ; appel au poste 2242.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Fuite importante ou vers un regard',
            text: 'Appliquez la procédure « Pollution accidentelle majeure » : appelez le 2222.',
          },
        ],
      }),
      180,
    ),
    imageElement(
      ctx,
      'Nos déchets en chiffres',
      hsePage({
        title: 'Nos déchets en chiffres',
        accent: 'vert',
        blocks: [
          {
            kind: 'figures',
            items: [
              { value: '92 %', label: 'des déchets valorisés en 2024' },
              { value: '410 t', label: 'de plastiques rebroyés et réutilisés' },
              { value: '−18 %', label: 'de déchets banals depuis 2021' },
            ],
          },
          { kind: 'illustration', scene: 'warehouse', height: 400 },
          {
            kind: 'paragraph',
            text: 'Chaque bac bien trié évite un déclassement en déchet banal : c’est moins de transport, moins d’enfouissement et des matières qui retrouvent une seconde vie.',
          },
        ],
      }),
      180,
    ),
  ]);

  const pass = imageZone(IMAGE_ZONES.pass.fr, [
    imageElement(
      ctx,
      'PASS — les états à risque',
      hsePage({
        title: 'PASS — les états à risque',
        accent: 'corail',
        blocks: [
          {
            kind: 'paragraph',
            text: 'PASS : Prévenir les Accidents en Surveillant ses États. La plupart des accidents surviennent quand l’un de ces quatre états nous fait commettre une erreur critique.',
          },
          {
            kind: 'pictograms',
            items: [
              { icon: 'clock', label: 'Précipitation', colour: 'corail' },
              { icon: 'bolt', label: 'Frustration', colour: 'corail' },
              { icon: 'person', label: 'Fatigue', colour: 'corail' },
              { icon: 'check', label: 'Excès de confiance', colour: 'corail' },
            ],
          },
          { kind: 'heading', text: 'Les quatre erreurs critiques' },
          {
            kind: 'bullets',
            items: [
              'Les yeux ne sont pas sur la tâche.',
              'L’esprit n’est pas à la tâche.',
              'Se placer dans la ligne de tir (pièce en mouvement, chariot).',
              'Perdre l’équilibre, l’adhérence ou la prise.',
            ],
          },
        ],
      }),
      150,
    ),
    imageElement(
      ctx,
      'PASS — réduire les erreurs',
      hsePage({
        title: 'PASS — réduire les erreurs',
        accent: 'corail',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'M’observer',
                text: 'Repérer mes états à risque avant de commencer une tâche.',
              },
              {
                title: 'Observer les autres',
                text: 'Repérer un collègue pressé ou fatigué, et le lui dire.',
              },
              {
                title: 'Analyser les presque-accidents',
                text: 'Quel état, quelle erreur ? Partager en réunion d’équipe.',
              },
              {
                title: 'Travailler ses habitudes',
                text: 'Regarder où l’on va, tenir la rampe, ne pas courir.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Le bon réflexe',
            text: 'Avant une tâche inhabituelle : je m’arrête dix secondes, je regarde, je réfléchis, puis j’agis.',
          },
        ],
      }),
      150,
    ),
  ]);
  return [waste, pass];
}

// ---------- emergency ----------

interface Procedure {
  zone: string;
  name: string;
  accent: Accent;
  steps: { title: string; lines: string[]; icon: PictogramName }[];
}

const PROCEDURES: Procedure[] = [
  {
    zone: IMAGE_ZONES.bodilyInjury.fr,
    name: 'Incident - accident corporel',
    accent: 'rouge',
    steps: [
      {
        title: 'Protéger',
        icon: 'warning',
        lines: ['Arrêter la machine, écarter le danger.', 'Ne pas s’exposer soi-même.'],
      },
      {
        title: 'Alerter',
        icon: 'phone',
        lines: [
          'Appeler le poste de garde : 2222.',
          'Dire qui, où, quoi, combien de victimes.',
          'Faire venir un SST.',
        ],
      },
      {
        title: 'Secourir',
        icon: 'firstAid',
        lines: [
          'Le SST fait les gestes adaptés.',
          'Ne pas déplacer la victime.',
          'Rester auprès d’elle jusqu’aux secours.',
        ],
      },
      {
        title: 'Déclarer',
        icon: 'book',
        lines: [
          'Informer son responsable.',
          'Déclaration au service RH sous 24 heures.',
          'Analyse de l’accident avec le service HSE.',
        ],
      },
    ],
  },
  {
    zone: IMAGE_ZONES.medicalEmergency.fr,
    name: 'Urgence médicale - malaise',
    accent: 'rouge',
    steps: [
      {
        title: 'Rester auprès de la personne',
        icon: 'person',
        lines: [
          'La mettre en sécurité, l’allonger si elle le souhaite.',
          'Lui parler, la rassurer.',
        ],
      },
      {
        title: 'Alerter',
        icon: 'phone',
        lines: ['Poste de garde : 2222.', 'Le gardien appelle le 15 et un SST.'],
      },
      {
        title: 'Suivre les consignes',
        icon: 'firstAid',
        lines: [
          'Le SST ou le SAMU guide les gestes.',
          'Défibrillateur si la personne ne respire plus.',
        ],
      },
      {
        title: 'Guider les secours',
        icon: 'gate',
        lines: ['Un guide attend au portail 3.', 'Dégager l’accès jusqu’à la victime.'],
      },
    ],
  },
  {
    zone: IMAGE_ZONES.fireAlarm.fr,
    name: 'Départ de feu - alarme incendie',
    accent: 'rouge',
    steps: [
      {
        title: 'Donner l’alerte',
        icon: 'bell',
        lines: ['Déclencheur manuel le plus proche.', 'Appeler le 2222 : lieu et nature du feu.'],
      },
      {
        title: 'Attaquer le feu si formé',
        icon: 'fire',
        lines: ['Extincteur adapté, dos à la sortie.', 'Jamais seul, jamais au risque de sa vie.'],
      },
      {
        title: 'Évacuer',
        icon: 'person',
        lines: [
          'Au signal, arrêter sa machine et sortir.',
          'Suivre le guide-file, ne pas revenir en arrière.',
          'Ne jamais prendre l’ascenseur.',
        ],
      },
      {
        title: 'Se rassembler',
        icon: 'people',
        lines: [
          'Point de rassemblement devant le parking P1.',
          'Se faire compter par le serre-file.',
        ],
      },
    ],
  },
  {
    zone: IMAGE_ZONES.accidentalPollution.fr,
    name: 'Pollution accidentelle majeure',
    accent: 'corail',
    steps: [
      {
        title: 'Stopper la fuite',
        icon: 'drop',
        lines: ['Seulement si c’est sans danger.', 'Fermer la vanne, redresser le contenant.'],
      },
      {
        title: 'Alerter',
        icon: 'phone',
        lines: ['Poste de garde : 2222.', 'Préciser le produit, la quantité et le lieu.'],
      },
      {
        title: 'Contenir',
        icon: 'warning',
        lines: [
          'Kit antipollution : boudins et obturateur.',
          'Protéger en priorité les regards et avaloirs.',
        ],
      },
      {
        title: 'Laisser intervenir',
        icon: 'people',
        lines: [
          'L’équipe d’intervention prend le relais.',
          'Le service HSE prévient les autorités si besoin.',
        ],
      },
    ],
  },
  {
    zone: IMAGE_ZONES.gateOpening.fr,
    name: 'Ouverture du portail secours',
    accent: 'bleu',
    steps: [
      {
        title: 'Recevoir l’appel',
        icon: 'phone',
        lines: [
          'Le poste de garde reçoit l’alerte au 2222.',
          'Il appelle les secours extérieurs (18 ou 15).',
        ],
      },
      {
        title: 'Ouvrir le portail 3',
        icon: 'gate',
        lines: [
          'Commande d’ouverture au poste de garde.',
          'En cas de panne : clé du boîtier rouge.',
        ],
      },
      {
        title: 'Envoyer un guide',
        icon: 'vest',
        lines: ['Un guide en gilet attend au portail 3.', 'Il conduit les secours jusqu’au lieu.'],
      },
      {
        title: 'Dégager l’accès',
        icon: 'forklift',
        lines: ['Aucun chariot ni véhicule sur la voie.', 'Refermer après le départ des secours.'],
      },
    ],
  },
];

function emergency(ctx: SeedContext): PlannedZone[] {
  const sstColumns = ['Nom', 'Secteur', 'Équipe', 'Poste'];
  const firstAiders = imageZone(IMAGE_ZONES.firstAiders.fr, [
    imageElement(
      ctx,
      'Sauveteurs secouristes Moulage et Logistique',
      hsePage({
        title: 'Sauveteurs secouristes du travail',
        subtitle: 'Moulage · Outillage · Logistique',
        accent: 'vert',
        blocks: [
          {
            kind: 'table',
            columns: sstColumns,
            widths: [3.2, 2.6, 1.8, 1.2],
            rows: [
              ['Nadia Perrin', 'Moulage', 'Matin', '2311'],
              ['Stéphane Leroux', 'Moulage', 'Après-midi', '2312'],
              ['Mickaël Hébert', 'Moulage', 'Nuit', '2313'],
              ['Aurélie Vasseur', 'Moulage', 'Week-end', '2314'],
              ['David Lefebvre', 'Outillage', 'Journée', '2330'],
              ['Élodie Morel', 'Logistique', 'Matin', '2401'],
              ['Yacine Haddad', 'Logistique', 'Après-midi', '2402'],
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'Un SST est présent à chaque poste',
            text: 'En cas d’absence, le chef d’équipe désigne le SST de l’unité voisine. Trousses de secours : à chaque poste de chef d’équipe.',
          },
        ],
      }),
      40,
    ),
    imageElement(
      ctx,
      'Sauveteurs secouristes Assemblage et services',
      hsePage({
        title: 'Sauveteurs secouristes du travail',
        subtitle: 'Assemblage · Maintenance · Bureaux',
        accent: 'vert',
        blocks: [
          {
            kind: 'table',
            columns: sstColumns,
            widths: [3.2, 2.6, 1.8, 1.2],
            rows: [
              ['Thomas Girard', 'Assemblage', 'Matin', '2511'],
              ['Sandrine Dubois', 'Assemblage', 'Après-midi', '2512'],
              ['Kévin Lambert', 'Assemblage', 'Nuit', '2513'],
              ['Laetitia Renaud', 'Assemblage', 'Week-end', '2514'],
              ['Marc Duval', 'Maintenance', 'Journée', '2300'],
              ['Céline Fournier', 'Bureaux', 'Journée', '2105'],
              ['Isabelle Caron', 'Infirmerie', 'Journée', '2251'],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Vous souhaitez devenir SST ? Formation de deux jours, recyclage tous les deux ans : parlez-en à votre responsable.',
          },
        ],
      }),
      40,
    ),
  ]);

  const numbers = imageZone(IMAGE_ZONES.emergencyNumbers.fr, [
    imageElement(
      ctx,
      'Numéros d’urgence',
      hsePage({
        title: 'Numéros d’urgence',
        accent: 'rouge',
        style: 'poster',
        blocks: [
          {
            kind: 'figures',
            columns: 2,
            items: [
              { value: '2222', label: 'Poste de garde — urgence interne 24 h/24' },
              { value: '18', label: 'Pompiers' },
              { value: '15', label: 'SAMU — urgence médicale' },
              { value: '112', label: 'Numéro d’urgence européen' },
              { value: '17', label: 'Police, gendarmerie' },
              { value: '114', label: 'Urgence par SMS (personnes sourdes ou malentendantes)' },
            ],
          },
          {
            kind: 'callout',
            tone: 'rouge',
            title: 'Depuis le site, appelez d’abord le 2222',
            text: 'Le poste de garde appelle les secours extérieurs, ouvre le portail 3 et envoie un guide : les secours arrivent plus vite.',
          },
        ],
      }),
      360,
    ),
    imageElement(
      ctx,
      'Numéros internes utiles',
      hsePage({
        title: 'Numéros internes utiles',
        accent: 'rouge',
        blocks: [
          {
            kind: 'table',
            columns: ['Service', 'Poste', 'Depuis un portable'],
            widths: [4, 1.4, 3],
            rows: [
              ['Poste de garde (urgence)', '2222', '02 32 00 22 22'],
              ['Infirmerie', '2251', '02 32 00 22 51'],
              ['Service HSE', '2240', '02 32 00 22 40'],
              ['Astreinte maintenance', '2300', '06 70 00 23 00'],
              ['Responsable de permanence', '2100', '06 70 00 21 00'],
              ['Accueil', '2000', '02 32 00 20 00'],
            ],
          },
          {
            kind: 'paragraph',
            text: 'Ces numéros sont aussi affichés près de chaque téléphone et au dos de votre badge.',
          },
        ],
      }),
      360,
    ),
  ]);

  const procedures = PROCEDURES.map((procedure) =>
    imageZone(
      procedure.zone,
      procedure.steps.map((step, i) =>
        imageElement(
          ctx,
          `${procedure.name} étape ${i + 1}`,
          stepCardSvg({
            procedure: procedure.name,
            step: i + 1,
            total: procedure.steps.length,
            title: step.title,
            lines: step.lines,
            icon: step.icon,
            accent: procedure.accent,
          }),
          330,
        ),
      ),
      true,
    ),
  );

  const aeds = [
    {
      x: 400,
      y: 110,
      place: 'Moulage (A) — entrée principale de l’atelier, près du bureau des chefs d’équipe',
    },
    { x: 820, y: 350, place: 'Assemblage (B) — allée centrale, face à la ligne 9' },
    { x: 725, y: 725, place: 'Administration (D) — hall d’accueil' },
    { x: 825, y: 475, place: 'Restaurant (F) — entrée du self' },
  ];
  const aedMarkers = aeds.map((aed) => ({
    x: aed.x,
    y: aed.y,
    icon: 'heart' as const,
    colour: PALETTE.vert,
  }));
  const defibrillators = imageZone(IMAGE_ZONES.defibrillators.fr, [
    imageElement(
      ctx,
      'Emplacement des défibrillateurs',
      hsePage({
        title: 'Emplacement des défibrillateurs',
        accent: 'vert',
        blocks: [
          {
            kind: 'custom',
            height: Math.round((820 * PLAN_HEIGHT) / PLAN_WIDTH),
            draw: (x, y, width) =>
              sitePlan(x + (width - 820) / 2, y, 820, { muted: true, markers: aedMarkers }),
          },
          {
            kind: 'table',
            columns: ['N°', 'Emplacement'],
            widths: [1, 11],
            size: 21,
            rows: aeds.map((aed, i) => [String(i + 1), aed.place]),
          },
        ],
      }),
      250,
    ),
    imageElement(
      ctx,
      'Utiliser un défibrillateur',
      hsePage({
        title: 'Utiliser un défibrillateur',
        accent: 'vert',
        blocks: [
          {
            kind: 'steps',
            items: [
              {
                title: 'Appeler',
                text: 'Faire appeler le 2222 et apporter le défibrillateur le plus proche.',
              },
              {
                title: 'Masser',
                text: 'Si la personne ne respire pas : massage cardiaque sans attendre.',
              },
              { title: 'Allumer le défibrillateur', text: 'Il guide à la voix, étape par étape.' },
              { title: 'Poser les électrodes', text: 'Sur la poitrine nue, comme sur le dessin.' },
              {
                title: 'Suivre les instructions',
                text: 'Ne pas toucher la victime pendant l’analyse et le choc ; reprendre le massage.',
              },
            ],
          },
          {
            kind: 'callout',
            tone: 'vert',
            title: 'On ne peut pas se tromper',
            text: 'Le défibrillateur ne délivre un choc que si le cœur en a besoin.',
          },
        ],
      }),
      250,
    ),
  ]);
  return [firstAiders, numbers, ...procedures, defibrillators];
}

export function hseZones(ctx: SeedContext): PlannedZone[] {
  return [
    policies(ctx),
    ...equipment(ctx),
    accidents(ctx),
    ...wasteAndPass(ctx),
    ...emergency(ctx),
  ];
}
