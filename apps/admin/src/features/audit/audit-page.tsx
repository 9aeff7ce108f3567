/**
 * Who changed or published what, newest first, a page at a time (paging by the last id seen),
 * each entry a French sentence (issue 41, item 12) with the raw action and details folded under
 * « Détails » for support. Refused calls from one address are one entry with a count ("× 6 000",
 * issue 40 item 5).
 */
import type { AuditEntry } from '@plant-kiosk/contract';
import { useState } from 'react';
import { LoadError, Loading, Page } from '../../components/page';
import { call, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { usePlantZones } from '../../lib/plant-zone';
import { useDevelopments } from '../../lib/use-developments';
import { useResource } from '../../lib/use-resource';
import { auditSentence } from './audit-sentence';
import './audit-page.css';
import { repeatCount, repeatSummary, targetLabel } from './audit-summary';

const PAGE_SIZE = 50;

export function AuditPage() {
  const developments = useDevelopments();
  const [devid, setDevid] = useState('');
  const first = useResource(
    () =>
      call('adminAudit', {
        query: { limit: PAGE_SIZE, ...(devid ? { devid: Number(devid) } : {}) },
      }),
    `audit-${devid}`,
  );
  const [more, setMore] = useState<AuditEntry[]>([]);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const entries = [...(first.data ?? []), ...more];
  // The journal spans developments: each entry in its own development's plant zone; one of no
  // development (a login, a user's rights) or whose settings cannot be read, in Paris's.
  const zoneOf = usePlantZones(entries.map((entry) => entry.devid));
  const devname = (id: number | null) =>
    developments.data?.find((d) => d.devid === id)?.devname ?? (id === null ? '—' : `n° ${id}`);

  const loadMore = async () => {
    const last = entries[entries.length - 1];
    if (!last) return;
    try {
      const next = await call('adminAudit', {
        query: { limit: PAGE_SIZE, before: last.id, ...(devid ? { devid: Number(devid) } : {}) },
      });
      setMore((current) => [...current, ...next]);
      if (next.length < PAGE_SIZE) setExhausted(true);
    } catch (failure) {
      setMoreError(errorMessage(failure));
    }
  };

  return (
    <Page
      title="Journal des modifications"
      actions={
        <label className="dev-switcher">
          <span>Développement</span>
          <select
            value={devid}
            onChange={(event) => {
              setDevid(event.target.value);
              setMore([]);
              setExhausted(false);
            }}
          >
            <option value="">Tous</option>
            {(developments.data ?? []).map((d) => (
              <option key={d.devid} value={d.devid}>
                {d.devname}
              </option>
            ))}
          </select>
        </label>
      }
    >
      {first.loading && !first.data && <Loading />}
      {first.error && <LoadError message={first.error} onRetry={first.reload} />}
      {first.data && (
        <div className="card">
          {entries.length === 0 ? (
            <p className="muted">Aucune entrée.</p>
          ) : (
            <table className="table table-compact table-stack">
              <caption className="visually-hidden">Journal</caption>
              <thead>
                <tr>
                  <th scope="col">Quand</th>
                  <th scope="col">Qui</th>
                  <th scope="col">Ce qui s’est passé</th>
                  <th scope="col">Développement</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="nowrap" data-label="Quand">
                      {formatDate(entry.at, zoneOf(entry.devid))}
                    </td>
                    <td data-label="Qui">{entry.username ?? 'système'}</td>
                    <td className="audit-what" data-label="Ce qui s’est passé">
                      <span className="audit-sentence">
                        {auditSentence(entry, zoneOf(entry.devid))}
                      </span>
                      {entry.count > 1 && (
                        <>
                          {' '}
                          <span className="badge badge-warn">{repeatCount(entry)}</span>
                          <span className="audit-repeats">
                            {repeatSummary(entry, zoneOf(entry.devid))}
                          </span>
                        </>
                      )}
                      <details className="audit-details">
                        <summary>Détails</summary>
                        <dl>
                          <dt>Action</dt>
                          <dd>
                            <code>{entry.action}</code>
                          </dd>
                          {entry.targetType && (
                            <>
                              <dt>Cible</dt>
                              <dd>
                                {targetLabel(entry.targetType)}
                                {entry.targetId !== null ? ` n° ${entry.targetId}` : ''}
                              </dd>
                            </>
                          )}
                          <dt>Données</dt>
                          <dd>
                            <code className="audit-json">{JSON.stringify(entry.summary)}</code>
                          </dd>
                        </dl>
                      </details>
                    </td>
                    <td data-label="Développement">{devname(entry.devid)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {moreError && <LoadError message={moreError} />}
          {!exhausted && first.data.length >= PAGE_SIZE && (
            <button type="button" className="button" onClick={() => void loadMore()}>
              Entrées plus anciennes
            </button>
          )}
        </div>
      )}
    </Page>
  );
}
