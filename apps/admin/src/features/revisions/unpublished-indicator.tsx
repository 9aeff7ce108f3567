/**
 * The always-visible answer, in a thin bar under the header, to "is everything on the totems?": "Modifications non
 * publiées (3)", a link to the list, or "Tout est publié". It follows the development of the
 * screen's path (else the last one used), asks again when the screen changes, when a publish or a
 * discard says so, and every 15 seconds while the tab is visible (edits made elsewhere — another
 * colleague, another tab — show up too).
 *
 * Beside it, « 2 programmées » (issue 45): the development's scheduled publications still waiting
 * or held, a link to « Modifications programmées »; asked with the same rhythm, and shown only
 * when there are some.
 */
import type { DraftChanges } from '@plant-kiosk/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { call } from '../../lib/api/client';
import { lastDevid } from '../../lib/current-development';
import { useDraftChanged } from '../../lib/draft-events';
import { isOpen, scheduledPath } from '../scheduled';
import './revisions.css';

const POLL_MS = 15_000;
const DEV_PATH = /^\/(?:contenu|medias|modifications|historique|programmees)\/(\d+)/;

export function UnpublishedIndicator() {
  const { pathname } = useLocation();
  const match = DEV_PATH.exec(pathname);
  const devid = match ? Number(match[1]) : lastDevid();
  const [draft, setDraft] = useState<{ devid: number; data: DraftChanges } | null>(null);
  const [scheduled, setScheduled] = useState<{ devid: number; count: number } | null>(null);
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((value) => value + 1), []);
  useDraftChanged(refresh);

  useEffect(() => {
    if (devid === null) return;
    let live = true;
    call('adminDraftChanges', { params: { devid } })
      .then((data) => {
        if (live) setDraft({ devid, data });
      })
      .catch(() => {
        // No right on that development, or the server away: say nothing rather than guess.
        if (live) setDraft(null);
      });
    // Its own call: a server (or a role) without the list still shows the draft's count.
    call('adminScheduledPublications', { params: { devid } })
      .then((data) => {
        if (live) setScheduled({ devid, count: data.items.filter(isOpen).length });
      })
      .catch(() => {
        if (live) setScheduled(null);
      });
    return () => {
      live = false;
    };
  }, [devid, pathname, tick]);

  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') refresh();
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);

  if (devid === null || !draft || draft.devid !== devid) return null;
  const count = draft.data.changes.length;
  const programmed = scheduled && scheduled.devid === devid ? scheduled.count : 0;
  return (
    <div className="draft-bar">
      <div className="draft-bar-inner">
        {count === 0 ? (
          <>
            <span>
              Les totems montrent tout le contenu enregistré (révision{' '}
              {draft.data.publishedRevision}).
            </span>
            <Link
              className="unpublished-indicator unpublished-indicator-clean"
              to={`/historique/${devid}`}
            >
              Tout est publié
            </Link>
          </>
        ) : (
          <>
            <span>{draft.data.summary} : pas encore sur les totems.</span>
            <Link
              className="unpublished-indicator"
              to={`/modifications/${devid}`}
              title={draft.data.summary}
            >
              Modifications non publiées ({count})
            </Link>
          </>
        )}
        {programmed > 0 && (
          <Link
            className="unpublished-indicator scheduled-indicator"
            to={scheduledPath(devid)}
            title="Publications programmées en attente ou retenues"
          >
            {programmed} programmée{programmed > 1 ? 's' : ''}
          </Link>
        )}
      </div>
    </div>
  );
}
