/**
 * Who changed or published what, newest first, a page at a time (paging by the last id seen).
 * Refused calls from one address are one entry with a count ("× 6 000", issue 40 item 5).
 */
import type { AuditEntry } from '@plant-kiosk/contract';
import { useState } from 'react';
import { LoadError, Loading, Page } from '../../components/page';
import { adminApi } from '../../lib/api/admin-api';
import { errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { useDevelopments } from '../../lib/use-developments';
import { useResource } from '../../lib/use-resource';
import { repeatCount, repeatSummary, summarize, targetLabel } from './audit-summary';

const PAGE_SIZE = 50;

const ACTIONS: Record<string, string> = {
  'session.login': 'Connexion',
  publish: 'Publication sur les totems',
  'zone.create': 'Zone créée',
  'zone.update': 'Zone modifiée',
  'zone.delete': 'Zone supprimée',
  'element.create': 'Élément ajouté',
  'element.update': 'Élément modifié',
  'element.delete': 'Élément supprimé',
  'elements.reorder': 'Éléments réordonnés',
  'subelement.create': 'Sous-élément ajouté',
  'subelement.update': 'Sous-élément modifié',
  'subelement.delete': 'Sous-élément supprimé',
  'subelements.reorder': 'Sous-éléments réordonnés',
  'subgroup.create': 'Sous-groupe ajouté',
  'subgroup.update': 'Sous-groupe modifié',
  'subgroup.delete': 'Sous-groupe supprimé',
  'subgroups.reorder': 'Sous-groupes réordonnés',
  'user.create': 'Utilisateur créé',
  'user.update': 'Utilisateur modifié',
  'development.create': 'Développement créé',
  'kiosk-account.create': 'Compte de totem créé',
  'kiosk-account.password': 'Mot de passe de totem changé',
  'tokens.revoke': 'Jetons des totems révoqués',
  'alert.token.regenerate': 'Jeton d’alerte régénéré',
  'alert.unauthorized': 'Appel d’alerte refusé (jeton absent ou faux)',
  'media.upload': 'Média ajouté',
  'media.delete': 'Média supprimé',
};

export function AuditPage() {
  const developments = useDevelopments();
  const [devid, setDevid] = useState('');
  const first = useResource(
    () => adminApi.audit({ limit: PAGE_SIZE, ...(devid ? { devid: Number(devid) } : {}) }),
    `audit-${devid}`,
  );
  const [more, setMore] = useState<AuditEntry[]>([]);
  const [moreError, setMoreError] = useState<string | null>(null);
  const [exhausted, setExhausted] = useState(false);
  const entries = [...(first.data ?? []), ...more];
  const devname = (id: number | null) =>
    developments.data?.find((d) => d.devid === id)?.devname ?? (id === null ? '—' : `n° ${id}`);

  const loadMore = async () => {
    const last = entries[entries.length - 1];
    if (!last) return;
    try {
      const next = await adminApi.audit({
        limit: PAGE_SIZE,
        before: last.id,
        ...(devid ? { devid: Number(devid) } : {}),
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
            <table className="table table-compact">
              <caption className="visually-hidden">Journal</caption>
              <thead>
                <tr>
                  <th scope="col">Quand</th>
                  <th scope="col">Qui</th>
                  <th scope="col">Action</th>
                  <th scope="col">Développement</th>
                  <th scope="col">Détail</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="nowrap">{formatDate(entry.at)}</td>
                    <td>{entry.username ?? 'système'}</td>
                    <td>
                      {ACTIONS[entry.action] ?? entry.action}
                      {entry.targetType && entry.targetId !== null && (
                        <span className="muted small">
                          {' '}
                          ({targetLabel(entry.targetType)} {entry.targetId})
                        </span>
                      )}
                      {entry.count > 1 && (
                        <>
                          {' '}
                          <span className="badge badge-warn">{repeatCount(entry)}</span>
                        </>
                      )}
                    </td>
                    <td>{devname(entry.devid)}</td>
                    <td className="summary">
                      {entry.count > 1 && <strong>{repeatSummary(entry)} : </strong>}
                      {summarize(entry.summary)}
                    </td>
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
