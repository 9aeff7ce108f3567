/**
 * Published settings: `GET /display/frames/:devid` tells the kiosk whether its published frame
 * addresses let it frame them — a refusal by the other site's headers is invisible to the page.
 * The check answers the verdict only, asks each address once whatever the callers' `Origin`, and
 * never asks a loopback address (issue 40, item 4): this suite's form site listens on loopback,
 * so its app lets that one address through (the probe's address policy, a test seam), and a
 * second app with the default policy proves it is refused.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DEFAULT_SETTINGS, type Envelope, type FrameChecks, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FrameProbe, isAskableAddress } from '../settings/index.js';
import { createAdminSuite, type AdminClient, type AdminFixture } from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let site: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  ({ f, admin } = await createAdminSuite({
    app: {
      frameProbe: new FrameProbe({
        addressAllowed: (address) => address === '127.0.0.1' || isAskableAddress(address),
      }),
    },
  }));
  site = createServer((request, response) => {
    hits += 1;
    response.writeHead(200, request.url === '/form' ? { 'x-frame-options': 'DENY' } : {});
    response.end('<!doctype html><title>page</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.closeAllConnections();
  site.close();
  await f.close();
});

async function frameChecks(fixture: AdminFixture, headers?: Record<string, string>) {
  return fixture.app.inject({
    url: pathOf('frameChecks', { params: { devid: fixture.ids.devid } }),
    headers: headers ?? (await fixture.auth()),
  });
}

async function publishAddresses(fixture: AdminFixture, client: AdminClient) {
  const settings = {
    ...DEFAULT_SETTINGS,
    suggestionFormUrl: `${base}/form`,
    websiteUrl: `${base}/site`,
  };
  const saved = await client.put(
    pathOf('adminUpdateSettings', { params: { devid: fixture.ids.devid } }),
    settings,
  );
  expect(saved.statusCode, saved.body).toBe(200);
}

describe('frame checks', () => {
  it('answer null for addresses not configured, and need the kiosk token', async () => {
    const response = await frameChecks(f);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<FrameChecks>>().data).toEqual({
      devid: f.ids.devid,
      suggestionFormUrl: null,
      websiteUrl: null,
    });
    expect((await frameChecks(f, {})).statusCode).toBe(401);
  });

  it('say which published address refuses to be framed — the verdict only — and ignore the draft', async () => {
    await publishAddresses(f, admin);
    expect((await frameChecks(f)).json<Envelope<FrameChecks>>().data?.suggestionFormUrl).toBeNull();

    expect(
      (await admin.post(pathOf('adminPublish', { params: { devid: f.ids.devid } }), {})).statusCode,
    ).toBe(200);
    const response = await frameChecks(f);
    expect(response.json<Envelope<FrameChecks>>().data).toEqual({
      devid: f.ids.devid,
      suggestionFormUrl: { url: `${base}/form`, status: 'refused' },
      websiteUrl: { url: `${base}/site`, status: 'ok' },
    });
    // Nothing the other site sent comes back: no status code, no header value.
    expect(response.body).not.toMatch(/DENY|X-Frame-Options|HTTP \d/i);
  });

  it('ask each address once, whatever the callers’ Origin', async () => {
    const before = hits;
    const token = await f.auth();
    for (let index = 0; index < 200; index += 1) {
      const response = await frameChecks(f, { ...token, origin: `https://k${index}.probe.test` });
      expect(response.statusCode).toBe(200);
    }
    // The previous test's answers are still fresh: not one more request.
    expect(hits - before).toBe(0);
  });

  it('never make the server ask a loopback address with the default policy', async () => {
    const { f: plain, admin: plainAdmin } = await createAdminSuite();
    try {
      await publishAddresses(plain, plainAdmin);
      expect(
        (await plainAdmin.post(pathOf('adminPublish', { params: { devid: plain.ids.devid } }), {}))
          .statusCode,
      ).toBe(200);
      const before = hits;
      const response = await frameChecks(plain);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<Envelope<FrameChecks>>().data).toEqual({
        devid: plain.ids.devid,
        suggestionFormUrl: { url: `${base}/form`, status: 'unknown' },
        websiteUrl: { url: `${base}/site`, status: 'unknown' },
      });
      expect(hits).toBe(before);
    } finally {
      await plain.close();
    }
  });
});
