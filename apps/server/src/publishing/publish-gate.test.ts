/**
 * Publishing gate, "publishing is a gate": for every kind of back-office write (zone, element,
 * sub-element, sub-group: create, update, delete, reorder), every `/display` answer, the snapshot's
 * body and its ETag stay exactly as they were and no stream message goes out — until the publish;
 * after it, they serve the edit, and the live content equals the draft (a second publish finds
 * nothing). Runs on SQLite and, in the server-pg project, on PostgreSQL.
 */
import {
  type AdminElement,
  type AdminSubelement,
  type AdminSubgroup,
  type AdminZone,
  type Envelope,
  type PublishResponse,
  type Snapshot,
  type StreamEvent,
  pathOf,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

interface KioskView {
  etag: string;
  /** The snapshot's data without `generatedAt` (the build time, not content). */
  snapshot: Omit<Snapshot, 'generatedAt'>;
  /** Every `/display` call of the ids below: URL → status and body. */
  answers: Map<string, { status: number; body: string }>;
}

/** The URLs of every `/display` call for the items of a snapshot. */
function displayUrls(snapshot: Snapshot): string[] {
  const urls = [pathOf('zones', { params: { devid: snapshot.devid } })];
  for (const zone of snapshot.zones) {
    urls.push(
      pathOf('zone', { params: { devid: snapshot.devid, zonename: zone.zonename } }),
      pathOf('elements', { params: { zoneid: zone.zoneid } }),
    );
  }
  for (const element of snapshot.elements) {
    urls.push(
      pathOf('subelements', { params: { elementid: element.elementid } }),
      pathOf('subgroups', { params: { elementid: element.elementid } }),
    );
  }
  for (const subgroup of snapshot.subgroups) {
    urls.push(
      pathOf('subgroupSubelements', { params: { subgroupid: subgroup.subgroupid } }),
      pathOf('populatedSubgroup', { params: { subgroupid: subgroup.subgroupid } }),
      pathOf('populatedSubgroups', {
        params: { elementid: subgroup.elementid, modelLabel: subgroup.label },
      }),
    );
  }
  return urls;
}

async function kioskView(urls: readonly string[]): Promise<KioskView> {
  const headers = await f.auth();
  const response = await f.app.inject({
    url: pathOf('snapshot', { params: { devid: f.ids.devid } }),
    headers,
  });
  expect(response.statusCode).toBe(200);
  const { generatedAt: _generatedAt, ...snapshot } = response.json<Envelope<Snapshot>>().data!;
  const answers = new Map<string, { status: number; body: string }>();
  for (const url of urls) {
    const answer = await f.app.inject({ url, headers });
    answers.set(url, { status: answer.statusCode, body: answer.body });
  }
  return { etag: String(response.headers.etag), snapshot, answers };
}

async function currentSnapshot(): Promise<Snapshot> {
  const response = await f.app.inject({
    url: pathOf('snapshot', { params: { devid: f.ids.devid } }),
    headers: await f.auth(),
  });
  return response.json<Envelope<Snapshot>>().data!;
}

async function publish(): Promise<PublishResponse> {
  const response = await admin.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {});
  expect(response.statusCode, response.body).toBe(200);
  return data<PublishResponse>(response);
}

/** Items the steps create, by name. */
const made: {
  zone?: AdminZone;
  lundi?: AdminElement;
  mardi?: AdminElement;
  entree?: AdminSubelement;
  dessert?: AdminSubelement;
  group?: AdminSubgroup;
} = {};

type Step = [
  action: string,
  write: () => Promise<{ statusCode: number; body: string }>,
  /** What the kiosk sees once it is published. */
  published: (snapshot: Snapshot) => void,
];

const values = (snapshot: Snapshot, zoneid: number) =>
  snapshot.elements.filter((item) => item.zoneid === zoneid).map((item) => item.value);
const subValues = (snapshot: Snapshot, elementid: number) =>
  snapshot.subelements
    .filter((item) => item.elementid === elementid && item.subgroupinfo === null)
    .map((item) => item.value);
const groupsOf = (snapshot: Snapshot) =>
  snapshot.subgroups.filter((item) => item.elementid === f.ids.category);

/** Keeps the created item from a 2xx answer. */
function keep<T>(response: { statusCode: number; body: string }, set: (item: T) => void) {
  if (response.statusCode < 300) set(JSON.parse(response.body).data as T);
  return response;
}

const steps: Step[] = [
  [
    'zone.create',
    async () =>
      keep<AdminZone>(
        await admin.post(pathOf('adminCreateZone', { params: { devid: f.ids.devid } }), {
          zonename: 'Cantine',
          type: 'text',
        }),
        (zone) => (made.zone = zone),
      ),
    (snapshot) => expect(snapshot.zones.map((zone) => zone.zonename)).toContain('Cantine'),
  ],
  [
    'element.create',
    async () =>
      keep<AdminElement>(
        await admin.post(pathOf('adminCreateElement', { params: { zoneid: made.zone!.zoneid } }), {
          value: 'Lundi',
          type: 'text',
        }),
        (element) => (made.lundi = element),
      ),
    (snapshot) => expect(values(snapshot, made.zone!.zoneid)).toEqual(['Lundi']),
  ],
  [
    'element.create (second)',
    async () =>
      keep<AdminElement>(
        await admin.post(pathOf('adminCreateElement', { params: { zoneid: made.zone!.zoneid } }), {
          value: 'Mardi',
          type: 'text',
        }),
        (element) => (made.mardi = element),
      ),
    (snapshot) => expect(values(snapshot, made.zone!.zoneid)).toEqual(['Lundi', 'Mardi']),
  ],
  [
    'element.update',
    () =>
      admin.patch(pathOf('adminUpdateElement', { params: { elementid: made.lundi!.elementid } }), {
        expectedVersion: 1,
        value: 'Lundi : poisson',
      }),
    (snapshot) => expect(values(snapshot, made.zone!.zoneid)).toEqual(['Lundi : poisson', 'Mardi']),
  ],
  [
    'elements.reorder',
    () =>
      admin.put(pathOf('adminReorderElements', { params: { zoneid: made.zone!.zoneid } }), {
        ids: [made.mardi!.elementid, made.lundi!.elementid],
      }),
    (snapshot) => expect(values(snapshot, made.zone!.zoneid)).toEqual(['Mardi', 'Lundi : poisson']),
  ],
  [
    'subelement.create',
    async () =>
      keep<AdminSubelement>(
        await admin.post(
          pathOf('adminCreateSubelement', { params: { elementid: made.lundi!.elementid } }),
          {
            value: 'Entrée',
            type: 'text',
          },
        ),
        (item) => (made.entree = item),
      ),
    (snapshot) => expect(subValues(snapshot, made.lundi!.elementid)).toEqual(['Entrée']),
  ],
  [
    'subelement.create (second)',
    async () =>
      keep<AdminSubelement>(
        await admin.post(
          pathOf('adminCreateSubelement', { params: { elementid: made.lundi!.elementid } }),
          {
            value: 'Dessert',
            type: 'text',
          },
        ),
        (item) => (made.dessert = item),
      ),
    (snapshot) => expect(subValues(snapshot, made.lundi!.elementid)).toEqual(['Entrée', 'Dessert']),
  ],
  [
    'subelement.update',
    () =>
      admin.patch(
        pathOf('adminUpdateSubelement', { params: { subelementid: made.entree!.subelementid } }),
        {
          expectedVersion: 1,
          value: 'Entrée : salade',
        },
      ),
    (snapshot) =>
      expect(subValues(snapshot, made.lundi!.elementid)).toEqual(['Entrée : salade', 'Dessert']),
  ],
  [
    'subelements.reorder',
    () =>
      admin.put(
        pathOf('adminReorderSubelements', { params: { elementid: made.lundi!.elementid } }),
        {
          ids: [made.dessert!.subelementid, made.entree!.subelementid],
        },
      ),
    (snapshot) =>
      expect(subValues(snapshot, made.lundi!.elementid)).toEqual(['Dessert', 'Entrée : salade']),
  ],
  [
    'subelement.delete',
    () =>
      admin.delete(
        pathOf('adminDeleteSubelement', {
          params: { subelementid: made.dessert!.subelementid },
          query: { expectedVersion: 1 },
        }),
      ),
    (snapshot) => expect(subValues(snapshot, made.lundi!.elementid)).toEqual(['Entrée : salade']),
  ],
  [
    'subgroup.create',
    async () =>
      keep<AdminSubgroup>(
        await admin.post(pathOf('adminCreateSubgroup', { params: { elementid: f.ids.category } }), {
          model: 'Produit',
          fields: { titre: [{ value: 'Pompe Gamma', type: 'text' }] },
        }),
        (group) => (made.group = group),
      ),
    (snapshot) => {
      expect(groupsOf(snapshot).map((group) => group.subgroupid)).toContain(made.group!.subgroupid);
      expect(snapshot.subelements.map((item) => item.value)).toContain('Pompe Gamma');
    },
  ],
  [
    'subgroup.update',
    () =>
      admin.patch(
        pathOf('adminUpdateSubgroup', { params: { subgroupid: made.group!.subgroupid } }),
        {
          expectedVersion: 1,
          fields: { titre: [{ value: 'Pompe Gamma 2', type: 'text' }] },
        },
      ),
    (snapshot) => {
      const values = snapshot.subelements.map((item) => item.value);
      expect(values).toContain('Pompe Gamma 2');
      expect(values).not.toContain('Pompe Gamma');
    },
  ],
  [
    'subgroups.reorder',
    async () => {
      const ids = data<AdminSubgroup[]>(
        await admin.get(pathOf('adminSubgroups', { params: { elementid: f.ids.category } })),
      ).map((group) => group.subgroupid);
      return admin.put(pathOf('adminReorderSubgroups', { params: { elementid: f.ids.category } }), {
        ids: ids.reverse(),
      });
    },
    (snapshot) => {
      const live = groupsOf(snapshot);
      expect(live.at(0)?.subgroupid).toBe(made.group!.subgroupid);
    },
  ],
  [
    'subgroup.delete',
    () =>
      admin.delete(
        pathOf('adminDeleteSubgroup', {
          params: { subgroupid: made.group!.subgroupid },
          query: { expectedVersion: 2 },
        }),
      ),
    (snapshot) => {
      expect(groupsOf(snapshot).map((group) => group.subgroupid)).not.toContain(
        made.group!.subgroupid,
      );
      expect(snapshot.subelements.map((item) => item.value)).not.toContain('Pompe Gamma 2');
    },
  ],
  [
    'element.delete',
    () =>
      admin.delete(
        pathOf('adminDeleteElement', {
          params: { elementid: made.mardi!.elementid },
          query: { expectedVersion: 1 },
        }),
      ),
    (snapshot) => expect(values(snapshot, made.zone!.zoneid)).toEqual(['Lundi : poisson']),
  ],
  [
    'zone.update',
    () =>
      admin.patch(pathOf('adminUpdateZone', { params: { zoneid: made.zone!.zoneid } }), {
        expectedVersion: 1,
        zonename: 'Restaurant',
      }),
    (snapshot) => {
      const names = snapshot.zones.map((zone) => zone.zonename);
      expect(names).toContain('Restaurant');
      expect(names).not.toContain('Cantine');
    },
  ],
  [
    'zone.delete',
    () =>
      admin.delete(
        pathOf('adminDeleteZone', {
          params: { zoneid: made.zone!.zoneid },
          query: { expectedVersion: 2 },
        }),
      ),
    (snapshot) => {
      expect(snapshot.zones.map((zone) => zone.zonename)).not.toContain('Restaurant');
      expect(snapshot.elements.some((item) => item.zoneid === made.zone!.zoneid)).toBe(false);
      expect(snapshot.subelements.map((item) => item.value)).not.toContain('Entrée : salade');
    },
  ],
];

describe('publishing is a gate', () => {
  it.each(steps.map((step) => [step[0], step] as const))(
    '%s: nothing reaches a kiosk until published, then the edit does',
    async (action, [, write, published]) => {
      const urls = displayUrls(await currentSnapshot());
      const before = await kioskView(urls);
      const heard: StreamEvent[] = [];
      const stop = f.bus.subscribe(f.ids.devid, (message) => heard.push(message));
      try {
        const response = await write();
        expect(response.statusCode, `${action}: ${response.body}`).toBeLessThan(300);
        const saved = await kioskView(urls);
        expect(saved.etag, action).toBe(before.etag);
        expect(saved.snapshot, action).toEqual(before.snapshot);
        expect(saved.answers, action).toEqual(before.answers);
        expect(heard, action).toEqual([]);

        const result = await publish();
        expect(result.created, action).toBe(true);
        expect(heard, action).toEqual([result.message]);
        const after = await kioskView(urls);
        expect(after.etag, action).not.toBe(before.etag);
        expect(after.snapshot.version, action).toBe(before.snapshot.version + 1);
        published(await currentSnapshot());
        // Live now equals the draft: a second publish finds nothing and makes no revision.
        const again = await publish();
        expect(again, action).toMatchObject({ created: false, revision: result.revision });
      } finally {
        stop();
      }
    },
  );

  it('two publishes at once make two consecutive, complete revisions, or one and "nothing new"', async () => {
    const zone = data<AdminZone>(
      await admin.post(pathOf('adminCreateZone', { params: { devid: f.ids.devid } }), {
        zonename: 'Concurrence',
        type: 'text',
      }),
    );
    const start = (await f.repos.developments.find(f.ids.devid))!.content_version;
    // Both publish the same draft: the first takes everything, the second finds nothing left.
    const [a, b] = await Promise.all([publish(), publish()]);
    const created = [a, b].filter((result) => result.created);
    expect(created).toHaveLength(1);
    expect(created[0]!.revision).toBe(start + 1);
    expect([a, b].find((result) => !result.created)?.revision).toBe(start + 1);

    // Different changes between them: two consecutive revisions, each whole.
    const first = admin.post(pathOf('adminCreateElement', { params: { zoneid: zone.zoneid } }), {
      value: 'Un',
      type: 'text',
    });
    const one = publish();
    const second = admin.post(pathOf('adminCreateElement', { params: { zoneid: zone.zoneid } }), {
      value: 'Deux',
      type: 'text',
    });
    const two = publish();
    const results = await Promise.all([first, one, second, two]);
    for (const response of [results[0], results[2]]) expect(response.statusCode).toBe(201);
    await publish();
    const revisions = await f.repos.revisions.list(f.ids.devid, 5);
    const numbers = revisions.map((revision) => revision.revision).sort((x, y) => x - y);
    // Consecutive from start + 1, whatever the interleaving.
    expect(numbers.filter((n) => n > start)).toEqual(
      Array.from({ length: numbers.filter((n) => n > start).length }, (_, i) => start + 1 + i),
    );
    const snapshot = await currentSnapshot();
    expect(values(snapshot, zone.zoneid).sort()).toEqual(['Deux', 'Un']);
    // Every element a revision added is logged once, in exactly one revision.
    const changes = await f.repos.revisions.changes(f.ids.devid, start + 1, snapshot.version);
    const added = changes.filter((change) => change.kind === 'element' && change.before === null);
    expect(added.map((change) => change.after?.value).sort()).toEqual(['Deux', 'Un']);
  });

  it('answers 404 for a development that does not exist, and writes nothing', async () => {
    const before = await f.repos.revisions.list(f.ids.devid, 1);
    const response = await admin.post(pathOf('adminPublish', { params: { devid: 999_999 } }), {});
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ data: null, error: 'not_found' });
    expect(await f.repos.revisions.list(f.ids.devid, 1)).toEqual(before);
  });
});
