/**
 * Issue 40, item 6: look-alike template names. "Évacuation" decomposed (NFD), with a zero-width
 * space, or with a Cyrillic "Е" were accepted as three more templates; a panel names a template to
 * trigger it. Now the look-alikes are a 409 (or a 400 for mixed scripts), names are stored in NFC,
 * a panel's decomposed name finds the template, and names stored before the rule are listed.
 */
import {
  type AdminAlertTemplate,
  type AdminAlertTemplateList,
  type AlertState,
  type AlertTemplateInput,
  type Envelope,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishDraftDirectly, TEST_ALERT_TOKEN } from '../testing/fixture.js';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;

beforeAll(async () => {
  ({ f, admin } = await createAdminSuite());
});
afterAll(async () => {
  await f.close();
});

const template = (name: string): AlertTemplateInput => ({
  name,
  kind: 'evacuation',
  titleFr: 'Évacuation immédiate',
  titleEn: 'Evacuate now',
  instructionsFr: 'Sortez.',
  instructionsEn: 'Get out.',
  pictogram: 'evacuation',
  colour: 'rouge',
  image: null,
  endTextFr: null,
  endTextEn: null,
  maxDurationMinutes: 120,
});

const create = (devid: number, name: string) =>
  admin.post(pathOf('adminCreateAlertTemplate', { params: { devid } }), template(name));

const listOf = async (devid: number) =>
  data<AdminAlertTemplateList>(
    await admin.get(pathOf('adminAlertTemplates', { params: { devid } })),
  );

describe('alert template names that look alike', () => {
  it('refuses a look-alike of an existing name: decomposed, with an invisible character, in capitals', async () => {
    const devid = f.ids.devid;
    expect((await create(devid, 'Évacuation')).statusCode).toBe(201);
    for (const name of ['E\u0301vacuation', 'Éva\u200Bcuation', 'É\u00ADvacuation', 'ÉVACUATION']) {
      const answer = await create(devid, name);
      expect(answer.statusCode, JSON.stringify(name)).toBe(409);
      expect(answer.json<Envelope<null>>().message).toMatch(
        /^Un modèle d’alerte nommé « .* » existe déjà/,
      );
    }
    expect((await listOf(devid)).templates.map((t) => t.name)).toEqual(['Évacuation']);
  });

  it('refuses a word mixing scripts with a French 400', async () => {
    const answer = await create(f.ids.devid, '\u0415vacuation');
    expect(answer.statusCode).toBe(400);
    expect(answer.json<Envelope<null>>()).toMatchObject({
      data: null,
      error: 'bad_request',
      message:
        'Le nom du modèle mélange plusieurs écritures dans le mot « \u0415vacuation » (cyrillique et latin) : on le confondrait avec un nom qui lui ressemble. Retapez ce mot avec un seul alphabet.',
    });
    // Another script for a whole word is a name like any other.
    expect((await create(f.ids.devid, 'Эвакуация')).statusCode).toBe(201);
  });

  it('stores the name in NFC without invisible characters, and a panel finds it typed decomposed', async () => {
    const created = await create(f.ids.devid, 'Confine\u200Bment d\u2019e\u0301quipe');
    expect(created.statusCode).toBe(201);
    expect(data<AdminAlertTemplate>(created).name).toBe('Confinement d’équipe');
    await publishDraftDirectly(f.repos, f.ids.devid);
    for (const name of ['E\u0301vacuation', 'Confinement d\u2019e\u0301quipe\u200B']) {
      const started = await f.app.inject({
        method: 'POST',
        url: pathOf('alertStart', { params: { devid: f.ids.devid } }),
        headers: { authorization: `Bearer ${TEST_ALERT_TOKEN}` },
        payload: { template: name, drill: true },
      });
      expect(started.statusCode, JSON.stringify(name)).toBe(200);
      expect(started.json<Envelope<AlertState>>().data?.alert?.templateName).toBe(canonical(name));
      await f.repos.alerts.end(f.ids.devid, f.clock.now);
    }
  });

  it('lists the names stored before the rule, with the reason, without renaming them', async () => {
    const devid = f.ids.otherDevid;
    const insert = (name: string) =>
      f.repos.alerts.createDraftTemplate(devid, {
        ...template(name),
        pictogram: 'evacuation',
        colour: 'rouge',
      });
    const nfc = await insert('Évacuation');
    const nfd = await insert('E\u0301vacuation');
    const hidden = await insert('Évacu\u200Bation');
    const cyrillic = await insert('\u0415vacuation');
    const list = await listOf(devid);
    const warning = (templateid: number) =>
      list.nameWarnings.find((entry) => entry.templateid === templateid);
    expect(warning(nfd)?.name).toBe('E\u0301vacuation');
    expect(warning(nfd)?.reasons).toEqual([
      expect.stringMatching(/forme Unicode décomposée/),
      expect.stringMatching(new RegExp(`se confond avec le modèle « Évacuation » \\(n° ${nfc}\\)`)),
      expect.stringMatching(/se confond avec le modèle « Évacu\u200Bation »/),
    ]);
    expect(warning(hidden)?.reasons[0]).toBe('contient un caractère invisible (U+200B)');
    expect(warning(cyrillic)?.reasons).toEqual([
      expect.stringMatching(/^mélange plusieurs écritures dans le mot « Еvacuation »/),
    ]);
    expect(warning(nfc)?.reasons).toHaveLength(2);
    expect(list.templates.map((t) => t.name).sort()).toEqual(
      ['Évacuation', 'E\u0301vacuation', 'Évacu\u200Bation', '\u0415vacuation'].sort(),
    );
  });
});

/** The name as stored (what the alert in force reports). */
function canonical(name: string): string {
  return name.normalize('NFC').replace('\u200B', '');
}
