/**
 * No credential in the service's own log (issue 40, item 12): the app logs through the production
 * logger options into a captured stream, a kiosk opens its stream with a ticket and with the old
 * `?token=`, asks a ticket with its token in the header, a back-office cookie comes along; no
 * line holds any of them.
 */
import type { AddressInfo } from 'node:net';
import { TOKEN_HEADER, type Envelope, type StreamTicket, pathOf } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixture, type Fixture } from '../testing/fixture.js';
import { openStream } from '../testing/sse-client.js';
import { loggerOptions, REDACTED, redactUrl } from './logging.js';

let f: Fixture;
let base: string;
let logged = '';

beforeAll(async () => {
  f = await createFixture({
    app: { logger: loggerOptions('info', { write: (line) => void (logged += line) }) },
  });
  await f.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(f.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await f.close();
});

describe('redactUrl', () => {
  it('hides the values of token and ticket, whatever their place or case, and nothing else', () => {
    expect(redactUrl('/stream/1?token=abc.def.ghi&kioskId=k')).toBe(
      `/stream/1?token=${REDACTED}&kioskId=k`,
    );
    expect(redactUrl('/stream/1?kioskId=k&ticket=xyz&TOKEN=t#f')).toBe(
      `/stream/1?kioskId=k&ticket=${REDACTED}&TOKEN=${REDACTED}#f`,
    );
    expect(redactUrl('/display/changes/1?since=4')).toBe('/display/changes/1?since=4');
    expect(redactUrl(undefined)).toBeUndefined();
  });
});

describe('the service’s log', () => {
  it('holds no token, ticket, authorization or cookie of a stream request', async () => {
    const token = await f.token();
    const response = await fetch(
      base + pathOf('streamTicket', { params: { devid: f.ids.devid } }),
      {
        method: 'POST',
        headers: {
          [TOKEN_HEADER]: token,
          authorization: 'Bearer secret-bearer-value',
          cookie: 'kiosk_admin=secret-cookie-value',
        },
      },
    );
    const { ticket } = ((await response.json()) as Envelope<StreamTicket>).data!;
    const withTicket = await openStream(
      base +
        pathOf('stream', {
          params: { devid: f.ids.devid },
          query: { ticket, ...{ kioskId: 'totem-1' } },
        }),
      { cookie: 'kiosk_admin=secret-cookie-value' },
    );
    const withToken = await openStream(
      base + pathOf('stream', { params: { devid: f.ids.devid }, query: { token } }),
    );
    const refused = await openStream(
      base + pathOf('stream', { params: { devid: f.ids.devid }, query: { ticket } }),
    );
    try {
      await withTicket.waitFor((text) => text.includes('retry:'));
      await withToken.waitFor((text) => text.includes('retry:'));
      await refused.ended;
      expect(refused.status).toBe(401);
      // Code that logs a request's headers gets the credentials censored.
      f.app.log.info({ headers: { token, cookie: 'secret-cookie-value' } }, 'headers');
    } finally {
      withTicket.close();
      withToken.close();
      refused.close();
    }

    const lines = logged.trim().split('\n');
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url);
    expect(urls).toContain(`/stream/${f.ids.devid}?ticket=${REDACTED}&kioskId=totem-1`);
    expect(urls).toContain(`/stream/${f.ids.devid}?token=${REDACTED}`);
    for (const secret of [token, ticket, 'secret-bearer-value', 'secret-cookie-value']) {
      expect(logged).not.toContain(secret);
    }
  });
});
