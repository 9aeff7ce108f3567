// The accessibility controls' words, in the frame's language (French, or English on English
// visitor pages). Kept beside the feature while it grows (reach mode, larger text and contrast
// come in part 2); they can move to the i18n files with it.
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
};

export function accessibilityTexts(language: Language | string): AccessibilityTexts {
  return language.startsWith('en') ? EN : FR;
}
