import { describe, expect, it } from 'vitest';
import {
  alertTemplateErrors,
  normalizeAlertTemplateInput,
  type AlertTemplateInput,
} from './alert-templates.js';

const base: AlertTemplateInput = {
  name: 'Évacuation',
  kind: 'evacuation',
  titleFr: 'Évacuation immédiate',
  titleEn: '',
  instructionsFr: '',
  instructionsEn: '',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: null,
  endTextEn: null,
  maxDurationMinutes: 120,
};

describe('the alert template rules shared by the server and the form', () => {
  it('accepts a template with only its name and French title', () => {
    expect(alertTemplateErrors(base)).toEqual({});
  });

  it('trims names and titles, and stores empty end texts and image as null', () => {
    expect(
      normalizeAlertTemplateInput({
        ...base,
        name: '  Évacuation ',
        titleFr: ' Sortez ',
        image: '  ',
        endTextFr: '   ',
        endTextEn: 'All clear',
      }),
    ).toMatchObject({
      name: 'Évacuation',
      titleFr: 'Sortez',
      image: null,
      endTextFr: null,
      endTextEn: 'All clear',
    });
  });

  it('says in French what is wrong, field by field', () => {
    const errors = alertTemplateErrors(
      normalizeAlertTemplateInput({
        ...base,
        name: ' ',
        titleFr: ' ',
        pictogram: 'skull',
        colour: 'violet',
        maxDurationMinutes: 10_081,
      }),
    );
    expect(errors.name).toBe('Le nom du modèle est obligatoire.');
    expect(errors.titleFr).toBe('Le titre en français est obligatoire.');
    expect(errors.pictogram).toMatch(/^Pictogramme inconnu : « skull »\. .*warning \(Danger\)/);
    expect(errors.colour).toMatch(/^Couleur inconnue : « violet »\. .*gris1 \(Gris foncé\)/);
    expect(errors.maxDurationMinutes).toMatch(/entre 1 et 10\s080 \(7 jours\)/);
    expect(
      alertTemplateErrors({ ...base, maxDurationMinutes: 0 }).maxDurationMinutes,
    ).toBeDefined();
    expect(
      alertTemplateErrors({ ...base, maxDurationMinutes: 1.5 }).maxDurationMinutes,
    ).toBeDefined();
    expect(alertTemplateErrors({ ...base, name: 'Zone \u202egpj.exe' }).name).toMatch(
      /caractère de contrôle/,
    );
  });

  it('stores the name in NFC without invisible characters, and refuses a word mixing scripts', () => {
    expect(normalizeAlertTemplateInput({ ...base, name: 'E\u0301va\u200Bcuation ' }).name).toBe(
      'Évacuation',
    );
    expect(alertTemplateErrors({ ...base, name: '\u0415vacuation' }).name).toBe(
      'Le nom du modèle mélange plusieurs écritures dans le mot « \u0415vacuation » (cyrillique et latin) : on le confondrait avec un nom qui lui ressemble. Retapez ce mot avec un seul alphabet.',
    );
  });
});
