/**
 * The visitor zones that lack an English version (English content, decision 021): the zones the
 * kiosk's visitor pages show in the visitor's language (contract VISITOR_ZONES) that have French
 * content and no English element. They are the publish's warnings, read from the draft's changes —
 * the same list the publish dialog shows — and reloaded whenever the draft changes (an element
 * added, say).
 */
import { Link } from 'react-router-dom';
import { visitorZonePage } from '@plant-kiosk/contract';
import { LoadError } from '../../components/page';
import { call } from '../../lib/api/client';
import { useDraftChanged } from '../../lib/draft-events';
import { useResource } from '../../lib/use-resource';

export function MissingTranslations({
  devid,
  currentZoneid,
}: {
  devid: number;
  currentZoneid?: number;
}) {
  const draft = useResource(
    () => call('adminDraftChanges', { params: { devid } }),
    `translations-${devid}`,
  );
  useDraftChanged(draft.reload);
  const missing = (draft.data?.warnings ?? []).filter(
    (warning) => warning.code === 'missing-translation' && warning.zoneid !== null,
  );

  return (
    <details className="missing-translations">
      <summary>
        Traductions manquantes{' '}
        {draft.data && (
          <span className={`badge ${missing.length > 0 ? 'badge-warn' : 'badge-ok'}`}>
            {missing.length}
          </span>
        )}
      </summary>
      {draft.error && <LoadError message={draft.error} onRetry={draft.reload} />}
      {draft.data &&
        (missing.length === 0 ? (
          <p className="muted small">
            Toutes les zones des pages visiteurs qui ont un contenu ont aussi une version anglaise.
          </p>
        ) : (
          <>
            <p className="muted small">
              Zones des pages visiteurs sans version anglaise : les visiteurs en anglais les voient
              en français, marquées « FR ».
            </p>
            <ul
              className="missing-translation-list"
              aria-label="Zones visiteurs sans version anglaise"
            >
              {missing.map((warning) => (
                <li key={warning.zoneid}>
                  <Link
                    to={`/contenu/${devid}/zones/${warning.zoneid}`}
                    aria-current={warning.zoneid === currentZoneid ? 'page' : undefined}
                  >
                    <span>{warning.zonename}</span>
                    <span className="zone-type">
                      page visiteurs « {visitorZonePage(warning.zonename ?? '') ?? '?'} »
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ))}
    </details>
  );
}
