/**
 * Outside-probe hardening: names accepted a lone surrogate (stored as garbage: PostgreSQL and
 * SQLite do not even agree on what they store) and right-to-left override characters (a name that
 * displays differently from what it is); uploaded file names kept a NUL. Names now refuse both with
 * a clear 400 (one shared pattern of the contract, PlainName), and file names are cleaned. Runs on
 * both stores (projects server and server-pg).
 */
import { MEDIA_UPLOAD_FIELD, type Envelope, type MediaItem, pathOf } from '@plant-kiosk/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminSuite,
  data,
  type AdminClient,
  type AdminFixture,
} from '../../testing/admin-fixture.js';

let f: AdminFixture;
let admin: AdminClient;
beforeAll(async () => {
  ({ f, admin } = await createAdminSuite());
});
afterAll(async () => {
  await f.close();
});

const LONE_HIGH = 'Zone \uD83D fin';
const LONE_LOW = 'Zone \uDE00 fin';
const BIDI = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
];

describe('names refuse lone surrogates and bidi controls', () => {
  it('zone names: 400 with a French message naming the field', async () => {
    for (const zonename of [LONE_HIGH, LONE_LOW, ...BIDI.map((c) => `Zone ${c}gpj.exe`)]) {
      const response = await admin.post(
        pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
        {
          zonename,
          type: 'text',
        },
      );
      expect(response.statusCode, JSON.stringify(zonename)).toBe(400);
      const message = response.json<Envelope<null>>().message;
      expect(message).toContain('zonename');
      expect(message).toMatch(/sens d’écriture/);
    }
  });

  it('kiosk logins: 400', async () => {
    for (const login of [LONE_HIGH, `borne\u202Eenilno`]) {
      const response = await admin.post(
        pathOf('adminCreateAccount', { params: { devid: f.ids.devid } }),
        {
          login,
          password: 'motdepasse-kiosque',
        },
      );
      expect(response.statusCode, JSON.stringify(login)).toBe(400);
    }
  });

  it('still accepts names in any script, emoji (a proper pair) included', async () => {
    for (const zonename of ['Cantine 🍽️', 'مطعم', 'Zone « été »']) {
      const response = await admin.post(
        pathOf('adminCreateZone', { params: { devid: f.ids.devid } }),
        { zonename, type: 'text' },
      );
      expect(response.statusCode, response.body).toBe(201);
    }
  });
});

describe('uploaded file names', () => {
  const BOUNDARY = '----hygiene-boundary';
  const upload = async (filename: Buffer) => {
    const bytes = await sharp({
      create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 10, b: 10 } },
    })
      .png()
      .toBuffer();
    const payload = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${MEDIA_UPLOAD_FIELD}"; filename="`,
      ),
      filename,
      Buffer.from('"\r\nContent-Type: image/png\r\n\r\n'),
      bytes,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    return admin.request(
      'POST',
      pathOf('adminUploadMedia', { params: { devid: f.ids.devid } }),
      payload,
      {
        headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      },
    );
  };

  it('keeps no NUL, control or bidi character, on either store', async () => {
    const response = await upload(Buffer.from('pla\u0000n\u0007\u202Egnp.png', 'utf8'));
    expect(response.statusCode, response.body).toBe(201);
    const item = data<MediaItem>(response);
    expect(item.originalName).toBe('plangnp.png');
    const listed = data<MediaItem[]>(
      await admin.get(pathOf('adminMedia', { params: { devid: f.ids.devid } })),
    );
    expect(listed.find((entry) => entry.mediaid === item.mediaid)?.originalName).toBe(
      'plangnp.png',
    );
  });
});
