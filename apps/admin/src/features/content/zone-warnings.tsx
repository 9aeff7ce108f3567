/**
 * The content page's lists of zones the next publish would warn about (« Traductions
 * manquantes », « Textes alternatifs manquants »): each a closed <details> with a count badge, its
 * zones linking to their editor. They are the draft's own warnings (DraftChanges.warnings, the
 * same the publish dialog shows), read once for all the lists by useDraftWarnings and read again
 * whenever the draft changes (an element added, an alternative written), so the lists follow the
 * edits without the page computing anything of its own.
 */
import type { DraftChanges, PublishProblem } from '@plant-kiosk/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../components/page';
import { call } from '../../lib/api/client';
import { useDraftChanged } from '../../lib/draft-events';
import { useResource, type Resource } from '../../lib/use-resource';
import './zone-warnings.css';

/** The draft's changes of a development (for their warnings), reloaded when the draft changes. */
export function useDraftWarnings(devid: number): Resource<DraftChanges> {
  const draft = useResource(
    () => call('adminDraftChanges', { params: { devid } }),
    `draft-warnings-${devid}`,
  );
  useDraftChanged(draft.reload);
  return draft;
}

export function ZoneWarningList({
  devid,
  currentZoneid,
  draft,
  code,
  title,
  listLabel,
  intro,
  empty,
  detail,
}: {
  devid: number;
  /** The zone open in the editor, marked as the current page in the list. */
  currentZoneid?: number | undefined;
  draft: Resource<DraftChanges>;
  /** The warnings this list shows. */
  code: PublishProblem['code'];
  /** The summary, followed by the count. */
  title: string;
  /** The list's accessible name. */
  listLabel: string;
  /** Above the list: what these zones lack, and what a visitor gets meanwhile. */
  intro: ReactNode;
  /** When no zone lacks anything. */
  empty: ReactNode;
  /** The second line of a zone's link, under its name. */
  detail: (warning: PublishProblem) => ReactNode;
}) {
  const warnings = (draft.data?.warnings ?? []).filter(
    (warning) => warning.code === code && warning.zoneid !== null,
  );
  return (
    <details className="zone-warnings">
      <summary>
        {title}{' '}
        {draft.data && (
          <span className={`badge ${warnings.length > 0 ? 'badge-warn' : 'badge-ok'}`}>
            {warnings.length}
          </span>
        )}
      </summary>
      {draft.error && <LoadError message={draft.error} onRetry={draft.reload} />}
      {draft.data &&
        (warnings.length === 0 ? (
          <p className="muted small">{empty}</p>
        ) : (
          <>
            <p className="muted small">{intro}</p>
            <ul className="zone-warning-list" aria-label={listLabel}>
              {warnings.map((warning) => (
                <li key={warning.zoneid}>
                  <Link
                    to={`/contenu/${devid}/zones/${warning.zoneid}`}
                    aria-current={warning.zoneid === currentZoneid ? 'page' : undefined}
                  >
                    <span>{warning.zonename}</span>
                    <span className="zone-type">{detail(warning)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ))}
    </details>
  );
}
