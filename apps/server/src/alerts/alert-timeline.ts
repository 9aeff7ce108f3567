/**
 * One alert's timeline as CSV (red button and acknowledgements, decision 018): its start, each
 * totem's first acknowledgement (with the takeover time the totem measured; one that came after the
 * end says so), its end. What the safety manager files after a drill or an evacuation. For a
 * spreadsheet in French: UTF-8 with a byte order mark (so accents survive opening the file), `;`
 * between fields, CRLF line ends, French column headers, dates in ISO 8601 (UTC, as stored: no
 * guess about the reader's zone).
 */
import type { AlertHistoryTable } from '../db/schema.js';
import { csvField } from '../lib/csv.js';
import type { StoredAlertAck } from './alert-repository.js';

export const TIMELINE_HEADERS = [
  'Horodatage (UTC)',
  'Événement',
  'Totem',
  'Temps d’affichage (ms)',
  'Par',
  'Détail',
] as const;

type HistoryRow = Omit<AlertHistoryTable, 'alertid' | 'alert_text'> & { alertid: number };

const END_LABELS: Record<string, string> = {
  ended: 'Fin d’alerte',
  replaced: 'Remplacée par une autre alerte',
  expired: 'Fin par durée maximale atteinte',
};

export function alertTimelineCsv(alert: HistoryRow, acks: readonly StoredAlertAck[]): string {
  const rows: Array<Array<string | number | null>> = [[...TIMELINE_HEADERS]];
  const drill = alert.drill === 1;
  rows.push([
    alert.started_at,
    drill ? 'Déclenchement (exercice)' : 'Déclenchement',
    null,
    null,
    alert.started_by,
    `« ${alert.template_name} »`,
  ]);
  for (const ack of acks) {
    rows.push([
      ack.ackedAt,
      ack.afterEnd ? 'Alerte affichée (après la fin)' : 'Alerte affichée',
      ack.kioskId,
      ack.takeoverMs,
      null,
      `affichée à ${ack.displayedAt} (horloge du totem)`,
    ]);
  }
  if (alert.ended_at) {
    rows.push([
      alert.ended_at,
      END_LABELS[alert.end_reason ?? 'ended'] ?? 'Fin d’alerte',
      null,
      null,
      alert.ended_by,
      null,
    ]);
  }
  return `\uFEFF${rows.map((row) => row.map((cell) => csvField(cell, ';')).join(';')).join('\r\n')}\r\n`;
}
