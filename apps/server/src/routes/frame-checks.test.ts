/**
 * Published settings: `GET /display/frames/:devid` tells the kiosk whether its published frame
 * addresses let it frame them — a refusal by the other site's headers is invisible to the page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DEFAULT_SETTINGS,
  adminPaths,
  adminSettingsPaths,
  apiPaths,
  type Envelope,
  type FrameChecks,
} from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminSuite, type AdminClient, type AdminFixture } from '../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
let site: Server;
let base: string;

beforeAll(async () => {
  ({ f, admin } = await createAdminSuite());
  site = createServer((request, response) => {
    response.writeHead(200, request.url === '/form' ? { 'x-frame-options': 'DENY' } : {});
    response.end('<!doctype html><title>page</title>');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
afterAll(async () => {
  site.close();
  await f.close();
});

async function frameChecks(token?: Record<string, string>) {
  return f.app.inject({
    url: apiPaths.frameChecks(f.ids.devid),
    headers: token ?? (await f.auth()),
  });
}

describe('frame checks', () => {
  it('answer null for addresses not configured, and need the kiosk token', async () => {
    const response = await frameChecks();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Envelope<FrameChecks>>().data).toEqual({
      devid: f.ids.devid,
      suggestionFormUrl: null,
      websiteUrl: null,
    });
    expect((await frameChecks({})).statusCode).toBe(401);
  });

  it('say which published address refuses to be framed, and ignore the draft', async () => {
    const settings = {
      ...DEFAULT_SETTINGS,
      suggestionFormUrl: `${base}/form`,
      websiteUrl: `${base}/site`,
    };
    expect((await admin.put(adminSettingsPaths.settings(f.ids.devid), settings)).statusCode).toBe(
      200,
    );
    expect((await frameChecks()).json<Envelope<FrameChecks>>().data?.suggestionFormUrl).toBeNull();

    expect((await admin.post(adminPaths.publish(f.ids.devid), {})).statusCode).toBe(200);
    const checks = (await frameChecks()).json<Envelope<FrameChecks>>().data!;
    expect(checks.suggestionFormUrl).toMatchObject({
      url: `${base}/form`,
      status: 'refused',
      reason: 'X-Frame-Options: DENY',
    });
    expect(checks.websiteUrl).toMatchObject({ url: `${base}/site`, status: 'ok' });
  });
});
