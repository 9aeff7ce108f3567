// The accessibility controls' words, in the frame's language (French, or English on English
// visitor pages). Kept beside the feature; they can move to the i18n files with it.
import type { Language } from '../../i18n/i18n';

export interface AccessibilityTexts {
  button: string;
  panelTitle: string;
  close: string;
  readAloud: string;
  readAloudHint: string;
  barLabel: string;
  starting: string;
  reading: string;
  paused: string;
  pause: string;
  resume: string;
  stop: string;
  noVoice: string;
  reach: string;
  reachHint: string;
  largeText: string;
  largeTextHint: string;
  highContrast: string;
  highContrastHint: string;
  /** The state shown on a mode's button (its aria-pressed says it to assistive technology). */
  on: string;
  off: string;
  /** The reach mode's notice in the upper part of the screen, where no control is left. */
  reachNoticeTitle: string;
  reachNotice: string;
}

const FR: AccessibilityTexts = {
  button: 'Accessibilité',
  panelTitle: 'Accessibilité',
  close: 'Fermer',
  readAloud: 'Lire à voix haute',
  readAloudHint: 'Le titre, les sections et les textes de cette page sont lus.',
  barLabel: 'Lecture à voix haute',
  starting: 'Préparation de la lecture…',
  reading: 'Lecture de la page en cours',
  paused: 'Lecture en pause',
  pause: 'Pause',
  resume: 'Reprendre',
  stop: 'Arrêter',
  noVoice: 'Aucune voix n’est installée sur ce totem : la lecture à voix haute est indisponible.',
  reach: 'Mode accessible en fauteuil',
  reachHint: 'Toutes les commandes descendent en bas de l’écran.',
  largeText: 'Texte agrandi',
  largeTextHint: 'Les textes sont une fois et demie plus grands.',
  highContrast: 'Contraste renforcé',
  highContrastHint: 'Des couleurs plus foncées, plus faciles à lire.',
  on: 'Activé',
  off: 'Désactivé',
  reachNoticeTitle: 'Mode accessible en fauteuil',
  reachNotice: 'Toutes les commandes sont en bas de l’écran. Faites défiler la page avec le doigt.',
};

const EN: AccessibilityTexts = {
  button: 'Accessibility',
  panelTitle: 'Accessibility',
  close: 'Close',
  readAloud: 'Read aloud',
  readAloudHint: 'The title, sections and texts of this page are read out.',
  barLabel: 'Reading aloud',
  starting: 'Getting ready to read…',
  reading: 'Reading the page',
  paused: 'Reading paused',
  pause: 'Pause',
  resume: 'Resume',
  stop: 'Stop',
  noVoice: 'No voice is installed on this kiosk: reading aloud is unavailable.',
  reach: 'Reach mode',
  reachHint: 'Every control moves to the lower part of the screen.',
  largeText: 'Larger text',
  largeTextHint: 'Texts are one and a half times larger.',
  highContrast: 'Higher contrast',
  highContrastHint: 'Darker colours, easier to read.',
  on: 'On',
  off: 'Off',
  reachNoticeTitle: 'Reach mode',
  reachNotice:
    'Every control is in the lower part of the screen. Scroll the page with your finger.',
};

export function accessibilityTexts(language: Language | string): AccessibilityTexts {
  return language.startsWith('en') ? EN : FR;
}
