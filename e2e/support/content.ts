/**
 * Changes the draft content of a test server's database directly (as the back-office does), so a
 * test can then publish and watch the kiosk pick the change up. SQLite in WAL mode lets this process
 * write while the server reads.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { RunningServer } from './server';

function open(server: RunningServer) {
  return new Database(join(server.dataDir, 'kiosk.sqlite'));
}

export interface ZoneElementRow {
  elementid: number;
  value: string;
  order: number;
}

/** A zone's draft elements in one language: French (what staff pages show) unless asked. */
export function zoneElements(
  server: RunningServer,
  zonename: string,
  lang: 'fr' | 'en' = 'fr',
): ZoneElementRow[] {
  const db = open(server);
  try {
    return db
      .prepare(
        'SELECT e.elementid, e.value, e."order" FROM elements e JOIN zones z ON z.zoneid = e.zoneid WHERE z.zonename = ? AND e.lang = ? ORDER BY e."order"',
      )
      .all(zonename, lang) as ZoneElementRow[];
  } finally {
    db.close();
  }
}

/**
 * Sets an element's value in the draft, as a back-office save does (its version and the
 * development's draft version move): kiosks see it only once it is published.
 */
export function setElementValue(server: RunningServer, elementid: number, value: string) {
  const db = open(server);
  try {
    db.transaction(() => {
      db.prepare('UPDATE elements SET value = ?, version = version + 1 WHERE elementid = ?').run(
        value,
        elementid,
      );
      db.prepare(
        'UPDATE developments SET draft_version = draft_version + 1 WHERE devid = (SELECT z.devid FROM zones z JOIN elements e ON e.zoneid = z.zoneid WHERE e.elementid = ?)',
      ).run(elementid);
    }).immediate();
  } finally {
    db.close();
  }
}

export function devidOf(server: RunningServer, devname: string): number {
  const db = open(server);
  try {
    return (
      db.prepare('SELECT devid FROM developments WHERE devname = ?').get(devname) as {
        devid: number;
      }
    ).devid;
  } finally {
    db.close();
  }
}

/**
 * Images of the draft's other image zones that `zonename` does not show, in a stable order: tests
 * that swap one image of a zone for another take a different one each time, so that each swap is
 * a real change on the shared kiosk (publishing a value it already has would publish nothing).
 */
export function imagesNotIn(server: RunningServer, zonename: string): string[] {
  const db = open(server);
  try {
    const rows = db
      .prepare(
        `SELECT DISTINCT e.value FROM elements e JOIN zones z ON z.zoneid = e.zoneid
         WHERE z.type = 'images' AND z.zonename <> ?
           AND e.value NOT IN (SELECT e2.value FROM elements e2 JOIN zones z2 ON z2.zoneid = e2.zoneid WHERE z2.zonename = ?)
         ORDER BY e.value`,
      )
      .all(zonename, zonename) as { value: string }[];
    return rows.map((row) => row.value);
  } finally {
    db.close();
  }
}

export interface LiveProduct {
  subgroupid: number;
  title: string;
}

/** The draft's products (sub-groups "Produit" of the zone "Produits") that never expire. */
export function unexpiringProducts(server: RunningServer): LiveProduct[] {
  const db = open(server);
  try {
    return db
      .prepare(
        `SELECT g.subgroupid, s.value AS title
           FROM zones z
           JOIN elements e ON e.zoneid = z.zoneid
           JOIN subgroups g ON g.elementid = e.elementid
           JOIN content_models m ON m.modelid = g.modelid
           JOIN subelements s ON s.subgroupid = g.subgroupid AND s.fieldlabel = 'titre'
          WHERE z.zonename = 'Produits' AND m.label = 'Produit' AND g.expirationdate IS NULL
          ORDER BY e."order", g."order"`,
      )
      .all() as LiveProduct[];
  } finally {
    db.close();
  }
}

/** Sets a sub-group's expiration in the draft, as a back-office save does. */
export function setSubgroupExpiration(
  server: RunningServer,
  subgroupid: number,
  expirationdate: string | null,
) {
  const db = open(server);
  try {
    db.transaction(() => {
      db.prepare(
        'UPDATE subgroups SET expirationdate = ?, version = version + 1 WHERE subgroupid = ?',
      ).run(expirationdate, subgroupid);
      db.prepare(
        'UPDATE developments SET draft_version = draft_version + 1 WHERE devid = (SELECT z.devid FROM zones z JOIN elements e ON e.zoneid = z.zoneid JOIN subgroups g ON g.elementid = e.elementid WHERE g.subgroupid = ?)',
      ).run(subgroupid);
    }).immediate();
  } finally {
    db.close();
  }
}

/**
 * Removes a zone's elements in one language from the draft (in every development), with their
 * sub-elements and sub-groups, as a back-office delete does: a test starts from a zone without an
 * English version, whichever zones the demo translated.
 */
export function deleteZoneElements(server: RunningServer, zonename: string, lang: 'fr' | 'en') {
  const db = open(server);
  try {
    const ids =
      'SELECT e.elementid FROM elements e JOIN zones z ON z.zoneid = e.zoneid WHERE z.zonename = ? AND e.lang = ?';
    db.transaction(() => {
      db.prepare(`DELETE FROM subelements WHERE elementid IN (${ids})`).run(zonename, lang);
      db.prepare(`DELETE FROM subgroups WHERE elementid IN (${ids})`).run(zonename, lang);
      db.prepare(`DELETE FROM elements WHERE elementid IN (${ids})`).run(zonename, lang);
      db.prepare(
        'UPDATE developments SET draft_version = draft_version + 1 WHERE devid IN (SELECT devid FROM zones WHERE zonename = ?)',
      ).run(zonename);
    }).immediate();
  } finally {
    db.close();
  }
}
