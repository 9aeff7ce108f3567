/**
 * Reading a content pack safely (issue 44): a valid pack reads back whole, its media extracted and
 * checked; every hostile pack is refused with its own French reason among the list, and leaves
 * nothing in the temporary folder. The hostile zips are built with yazl, then patched byte by byte
 * for what yazl will not write (names that escape, sizes that lie). No store: these tests run the
 * same on `server` and `server-pg`.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { PACK_FORMAT_VERSION, type PackManifest } from '@plant-kiosk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PackError } from './pack-error.js';
import { readPack, type ReadPackOptions } from './pack-reader.js';
import {
  buildPack,
  listing,
  patchCentralEntry,
  renameEntry,
  sampleContent,
  sampleFiles,
  sampleMedia,
  type PackParts,
} from '../testing/pack-builder.js';

let dir: string;
let files: Awaited<ReturnType<typeof sampleFiles>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pack-reader-'));
  files = await sampleFiles();
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function packFile(bytes: Buffer): Promise<string> {
  const file = join(dir, `${randomUUID()}.zip`);
  await writeFile(file, bytes);
  return file;
}

/** The reasons a pack is refused with, after checking that the temporary folder stayed empty. */
async function refusal(
  pack: Buffer | PackParts,
  options: Omit<ReadPackOptions, 'tempDir'> = {},
): Promise<string[]> {
  const tempDir = await mkdtemp(join(dir, 'temp-'));
  const file = await packFile(Buffer.isBuffer(pack) ? pack : await buildPack(pack));
  const reasons = await readPack(file, { tempDir, ...options }).then(
    async (read) => {
      await read.dispose();
      return ['(lu sans refus)'];
    },
    (error: unknown) => {
      if (!(error instanceof PackError)) throw error;
      expect(error.message).toContain(error.reasons[0]);
      return [...error.reasons];
    },
  );
  expect(await readdir(tempDir)).toEqual([]);
  return reasons;
}

const having = (...patterns: RegExp[]) =>
  expect.arrayContaining(patterns.map((pattern) => expect.stringMatching(pattern)));

/** A PNG header claiming `width` × `height` pixels (no pixel data: the check reads the header). */
function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  // Signature (8), IHDR length (4) and type (4), then width and height; the CRC covers type + data.
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

describe('reading a valid content pack', () => {
  it('gives back the manifest, every record, and every media file extracted and checked', async () => {
    const tempDir = await mkdtemp(join(dir, 'temp-'));
    const read = await readPack(await packFile(await buildPack()), { tempDir });
    expect(read.manifest).toMatchObject({
      formatVersion: PACK_FORMAT_VERSION,
      source: { devname: 'usine-test', revision: 3, zones: null },
    });
    expect(read.content).toEqual(sampleContent());
    const media = await sampleMedia();
    expect(read.media.map((item) => item.path).sort()).toEqual(Object.keys(media).sort());
    for (const item of read.media) {
      const bytes = media[item.path]!;
      expect(await readFile(item.file)).toEqual(bytes);
      expect(item.file.startsWith(tempDir)).toBe(true);
      expect(item.bytes).toBe(bytes.length);
      expect(item.sha256).toBe(listing(item.path, bytes).sha256);
    }
    expect(
      Object.fromEntries(read.media.map((item) => [item.path, `${item.kind} ${item.mime}`])),
    ).toEqual({
      'uploads/1/plan-0a1b2c3d.webp': 'image image/webp',
      'pdf/uploads/1/guide-3c4d5e6f.pdf': 'pdf application/pdf',
      'uploads/1/film-4d5e6f70.mp4': 'video video/mp4',
      'uploads/1/evacuation-2b3c4d5e.png': 'image image/png',
    });
    expect(await readdir(tempDir)).toHaveLength(1);
    await read.dispose();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('reads deflated media too', async () => {
    expect(await refusal({ deflateMedia: true })).toEqual(['(lu sans refus)']);
  });
});

describe('refusing a hostile content pack, with its reason and nothing left behind', () => {
  it('not a zip', async () => {
    expect(await refusal(Buffer.from('Ceci n’est pas un zip.'))).toEqual(
      having(/n’est pas une archive zip lisible/),
    );
  });

  it('no manifest', async () => {
    expect(await refusal({ manifestBytes: null })).toEqual(having(/pas de manifest\.json/));
  });

  it('a manifest that is not JSON', async () => {
    expect(await refusal({ manifestBytes: Buffer.from('{ pas du json') })).toEqual(
      having(/manifest\.json n’est pas du JSON valide/),
    );
  });

  it('a manifest failing the schema', async () => {
    expect(await refusal({ manifest: (m) => ({ ...m, referenceTime: 'hier' }) })).toEqual(
      having(/manifest\.json non conforme : « referenceTime »/),
    );
  });

  it('another format', async () => {
    expect(await refusal({ manifest: (m) => ({ ...m, format: 'autre-chose' }) })).toEqual(
      having(/pas un paquet de contenu plant-kiosk : format « autre-chose »/),
    );
  });

  it('a newer format version', async () => {
    const newer = PACK_FORMAT_VERSION + 1;
    expect(await refusal({ manifest: (m) => ({ ...m, formatVersion: newer }) })).toEqual(
      having(new RegExp(`Version de format ${newer} inconnue`)),
    );
  });

  it.each([
    ['XXXevil.txt', '../evil.txt', /« \.\.\/evil\.txt » : il remonte hors du dossier/],
    ['Xetc/passwd', '/etc/passwd', /« \/etc\/passwd » : c’est un chemin absolu/],
    ['XXXwin.txt', 'C:\\win.txt', /« C:\\\\win\.txt » : c’est un chemin absolu/],
    ['mediaXa.webp', 'media\\a.webp', /barre oblique inverse/],
    ['media/Xa.webp', 'media//a.webp', /segment vide/],
    ['media/.tmp/a.webp', 'media/.tmp/a.webp', /commence par un point/],
  ])('an entry path that escapes: %s → %s', async (placeholder, name, reason) => {
    const zip = await buildPack({ extra: [{ name: placeholder, data: files.webp }] });
    expect(await refusal(renameEntry(zip, placeholder, name))).toEqual(having(reason));
  });

  it('a symbolic link', async () => {
    const link = { name: 'media/uploads/1/lien.webp', data: Buffer.from('/etc/passwd') };
    expect(await refusal({ extra: [{ ...link, mode: 0o120777 }] })).toEqual(
      having(/« media\/uploads\/1\/lien\.webp » est un lien symbolique/),
    );
    // Made link by patching the attributes of a regular entry, as a hand-made zip would.
    const zip = patchCentralEntry(await buildPack({ extra: [link] }), link.name, {
      externalAttributes: 0o120777 << 16,
    });
    expect(await refusal(zip)).toEqual(having(/est un lien symbolique/));
  });

  it('an entry the manifest does not list, or an unexpected one', async () => {
    expect(
      await refusal({
        extra: [
          { name: 'media/uploads/1/surplus.webp', data: files.webp },
          { name: 'notes.txt', data: files.text },
        ],
      }),
    ).toEqual(
      having(
        /« media\/uploads\/1\/surplus\.webp » est dans l’archive mais absent du manifeste/,
        /Entrée inattendue dans l’archive : « notes\.txt »/,
      ),
    );
  });

  it('an entry named twice', async () => {
    expect(await refusal({ extra: [{ name: 'content.json', data: Buffer.from('{}') }] })).toEqual(
      having(/« content\.json » figure plusieurs fois/),
    );
  });

  it('a listed file missing from the archive', async () => {
    const ghost = listing('media/uploads/1/fantome.webp', files.webp);
    expect(await refusal({ manifest: (m) => ({ ...m, files: [...m.files, ghost] }) })).toEqual(
      having(/« media\/uploads\/1\/fantome\.webp » est listé dans le manifeste mais absent/),
    );
  });

  it('a checksum or a size that differs from the manifest', async () => {
    const plan = 'media/uploads/1/plan-0a1b2c3d.webp';
    const change = (
      m: PackManifest,
      edit: (file: PackManifest['files'][number]) => PackManifest['files'][number],
    ) => ({ ...m, files: m.files.map((file) => (file.path === plan ? edit(file) : file)) });
    expect(
      await refusal({
        manifest: (m) => change(m, (file) => ({ ...file, sha256: listing('', files.png).sha256 })),
      }),
    ).toEqual(having(/plan-0a1b2c3d\.webp » : sa somme de contrôle \(sha256\) diffère/));
    expect(
      await refusal({ manifest: (m) => change(m, (file) => ({ ...file, bytes: file.bytes + 1 })) }),
    ).toEqual(having(/plan-0a1b2c3d\.webp » : \d+ octets, le manifeste en annonce \d+/));
    expect(
      await refusal({ manifest: (m) => change(m, (file) => ({ ...file, bytes: 5 })) }),
    ).toEqual(having(/plan-0a1b2c3d\.webp » : plus d’octets que les 5 annoncés par le manifeste/));
  });

  it('a zip bomb: a compression ratio over the bound', async () => {
    const zeros = Buffer.concat([files.pdf, Buffer.alloc(1024 * 1024)]);
    const media = { ...(await sampleMedia()), 'pdf/uploads/1/zeros.pdf': zeros };
    expect(await refusal({ media, deflateMedia: true })).toEqual(
      having(/« media\/pdf\/uploads\/1\/zeros\.pdf » : taux de compression supérieur à 200/),
    );
  });

  it('a zip bomb: sizes that lie, counted as they are read', async () => {
    // Deflated content.json inflating past the size its header declares.
    const smaller = patchCentralEntry(await buildPack(), 'content.json', { uncompressedSize: 10 });
    expect(await refusal(smaller)).toEqual(
      having(/« content\.json » : plus d’octets que les 10 annoncés par l’archive/),
    );
    // A stored file shorter than its header says.
    const plan = 'media/uploads/1/plan-0a1b2c3d.webp';
    const larger = patchCentralEntry(await buildPack(), plan, { uncompressedSize: 1_000_000 });
    expect(await refusal(larger)).toEqual(having(/octets au lieu des 1000000 annoncés/));
  });

  it('a zip bomb: more bytes in total than the bound', async () => {
    expect(await refusal({}, { limits: { maxTotalBytes: 300 } })).toEqual(
      having(/au-delà de la limite de 300 \(bombe zip \?\)/),
    );
  });

  it('a zip bomb: too many entries', async () => {
    expect(await refusal({}, { limits: { maxEntries: 3 } })).toEqual(
      having(/L’archive compte 6 entrées, au-delà de la limite de 3/),
    );
  });

  it('content.json over its bound', async () => {
    expect(await refusal({}, { limits: { maxContentBytes: 50 } })).toEqual(
      having(/content\.json dépasse la limite de 50 octets/),
    );
  });

  it('content.json that is not JSON', async () => {
    expect(await refusal({ contentBytes: Buffer.from('{ oups') })).toEqual(
      having(/content\.json n’est pas du JSON valide/),
    );
  });

  it('a record failing its schema, named by kind and index', async () => {
    const content = sampleContent();
    content.zone[1] = { ...content.zone[1], zonename: '' };
    content.subelement[2] = { ...content.subelement[2], order: 'premier' };
    expect(await refusal({ content })).toEqual(
      having(
        /zone n° 1 \(« zone »\) non conforme : « zonename »/,
        /sous-élément n° 2 \(« subelement »\) non conforme : « order »/,
      ),
    );
  });

  it('more records than the bound', async () => {
    expect(await refusal({}, { limits: { maxRecords: 5 } })).toEqual(
      having(/content\.json : 11 enregistrements, au-delà de la limite de 5/),
    );
  });

  it('a sub-group whose model is not in `models`', async () => {
    expect(await refusal({ content: { ...sampleContent(), models: [] } })).toEqual(
      having(/le sous-groupe 30 renvoie à le modèle de contenu 40 \(absent de « models »\)/),
    );
  });

  it('references between records that point nowhere', async () => {
    const content = sampleContent();
    content.element[0] = { ...content.element[0], zoneid: 99 };
    content.subgroup[0] = { ...content.subgroup[0], elementid: 98 };
    content.subelement[0] = { ...content.subelement[0], subgroupid: 97 };
    content.subelement[1] = { ...content.subelement[1], elementid: 96 };
    expect(await refusal({ content })).toEqual(
      having(
        /l’élément 20 renvoie à la zone 99, absent/,
        /le sous-groupe 30 renvoie à l’élément 98, absent/,
        /le sous-élément 50 renvoie à le sous-groupe 97, absent/,
        /le sous-élément 51 renvoie à l’élément 96, absent/,
      ),
    );
  });

  it('a media file of a type the library refuses', async () => {
    const media = await sampleMedia();
    expect(
      await refusal({ media: { ...media, 'uploads/1/plan-0a1b2c3d.webp': files.text } }),
    ).toEqual(having(/plan-0a1b2c3d\.webp » : type de fichier non pris en charge/));
    expect(
      await refusal({ media: { ...media, 'uploads/1/plan-0a1b2c3d.webp': files.svg } }),
    ).toEqual(having(/plan-0a1b2c3d\.webp » : image SVG, refusée/));
  });

  it('a media file over its kind’s size limit', async () => {
    expect(await refusal({}, { mediaMaxBytes: { image: 20, pdf: 1000, video: 1000 } })).toEqual(
      having(/plan-0a1b2c3d\.webp » : une image ne peut dépasser 20 octets/),
    );
  });

  it('an image over the pixel limit, or unreadable', async () => {
    const media = await sampleMedia();
    const bomb = pngClaiming(files.png, 10_000, 10_000);
    expect(
      await refusal({ media: { ...media, 'uploads/1/evacuation-2b3c4d5e.png': bomb } }),
    ).toEqual(having(/evacuation-2b3c4d5e\.png » : image trop grande \(10000 × 10000 pixels/));
    const broken = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 pas une image');
    expect(await refusal({ media: { ...media, 'uploads/1/plan-0a1b2c3d.webp': broken } })).toEqual(
      having(/plan-0a1b2c3d\.webp » : image illisible ou endommagée/),
    );
  });

  it('a media file whose name says another type than its bytes', async () => {
    // The media routes type a file by its extension: a PNG named .html would be served as a page.
    const media = { ...(await sampleMedia()), 'uploads/1/page.html': files.png };
    expect(await refusal({ media })).toEqual(
      having(
        /« media\/uploads\/1\/page\.html » : un fichier image\/png ne peut pas porter l’extension « \.html »/,
      ),
    );
  });

  it('a media value naming a file the pack does not carry', async () => {
    const media = await sampleMedia();
    delete media['uploads/1/film-4d5e6f70.mp4'];
    expect(await refusal({ media })).toEqual(
      having(
        /le sous-élément 52 nomme « \/media\/uploads\/1\/film-4d5e6f70\.mp4 », fichier absent du paquet/,
      ),
    );
  });

  it('lists every reason at once', async () => {
    const content = sampleContent();
    content.element[0] = { ...content.element[0], zoneid: 99 };
    const zip = await buildPack({
      content,
      manifest: (m) => ({ ...m, formatVersion: PACK_FORMAT_VERSION + 1 }),
      extra: [
        { name: 'XXXevil.txt', data: files.text },
        { name: 'media/uploads/1/lien.webp', data: files.text, mode: 0o120777 },
      ],
    });
    expect(await refusal(renameEntry(zip, 'XXXevil.txt', '../evil.txt'))).toEqual(
      having(
        /Version de format \d+ inconnue/,
        /remonte hors du dossier/,
        /lien symbolique/,
        /l’élément 20 renvoie à la zone 99/,
        /lien\.webp » : type de fichier non pris en charge/,
      ),
    );
  });
});
