/**
 * "Historique des publications": the development's revisions, newest first — number, who
 * published, when, the note, a one-line summary — and, on demand, what each one changed.
 */
import { pathOf, type AdminDevelopment, type RevisionEntry } from '@plant-kiosk/contract';
import { Fragment, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DevelopmentGate } from '../../components/development-gate';
import { LoadError, Loading, Page } from '../../components/page';
import { call, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { useResource } from '../../lib/use-resource';
import { Notice } from '../../components/notice';
import { useCanPublish } from './can-publish';
import { ChangeList, indexMedia, type MediaIndex } from './change-list';
import { RevisionContentDialog } from './revision-content-dialog';
import { RollbackDialog } from './rollback-dialog';
import { useDraftChanged } from '../../lib/draft-events';
import { importPackPath } from '../packs';

const PAGE = 30;

export function HistoryPage() {
  return (
    <DevelopmentGate base="/historique">
      {(development, switcher) => (
        <History key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

export function authorLabel(entry: RevisionEntry): string {
  const { author, source } = entry;
  if (author.kind === 'user') return author.name ?? 'Utilisateur supprimé';
  if (author.kind === 'cli') return 'Ligne de commande';
  if (author.kind === 'api') return 'Intégration (jeton de publication)';
  if (source === 'seed') return 'Contenu initial';
  if (source === 'creation') return 'Création du développement';
  if (source === 'migration') return 'Mise à jour du serveur';
  return 'Système';
}

function History({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid } = development;
  const first = useResource(
    () => call('adminRevisions', { params: { devid }, query: { limit: PAGE } }),
    `revisions-${devid}`,
  );
  useDraftChanged(first.reload);
  const media = useResource(() => call('adminMedia', { params: { devid } }), `media-${devid}`);
  const [older, setOlder] = useState<RevisionEntry[]>([]);
  const [more, setMore] = useState<{ busy: boolean; error: string | null; done: boolean }>({
    busy: false,
    error: null,
    done: false,
  });
  const entries = [...(first.data ?? []), ...older];
  const index = indexMedia(media.data);
  const mayPublish = useCanPublish();
  const [outcome, setOutcome] = useState<string | null>(null);

  const loadMore = async () => {
    const last = entries[entries.length - 1];
    if (!last) return;
    setMore({ busy: true, error: null, done: false });
    try {
      const page = await call('adminRevisions', {
        params: { devid },
        query: { limit: PAGE, before: last.revision },
      });
      setOlder((list) => [...list, ...page]);
      setMore({ busy: false, error: null, done: page.length < PAGE });
    } catch (failure) {
      setMore({ busy: false, error: errorMessage(failure), done: false });
    }
  };

  return (
    <Page
      title="Historique des publications"
      actions={
        <>
          {switcher}
          <Link className="button" to={`/modifications/${devid}`}>
            Modifications non publiées
          </Link>
          <Link className="button" to={importPackPath(devid)}>
            Importer un paquet
          </Link>
        </>
      }
    >
      {outcome && (
        <Notice tone="success" onClose={() => setOutcome(null)}>
          {outcome}
        </Notice>
      )}
      {first.loading && !first.data && <Loading />}
      {first.error && <LoadError message={first.error} onRetry={first.reload} />}
      {first.data && entries.length === 0 && (
        <div className="card empty-state">
          <h2>Aucune publication</h2>
          <p>Rien n’a encore été publié sur les totems de ce développement.</p>
        </div>
      )}
      {entries.length > 0 && (
        <div className="card table-scroll">
          <table className="table table-stack history-table">
            <caption className="visually-hidden">
              Révisions publiées, de la plus récente à la plus ancienne
            </caption>
            <thead>
              <tr>
                <th scope="col">Révision</th>
                <th scope="col">Publiée le</th>
                <th scope="col">Par</th>
                <th scope="col">Note</th>
                <th scope="col">Ce qui a changé</th>
                <th scope="col">
                  <span className="visually-hidden">Détail</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, position) => (
                <RevisionRow
                  key={entry.revision}
                  devid={devid}
                  entry={entry}
                  media={index}
                  live={position === 0}
                  mayPublish={mayPublish}
                  onRolledBack={(text) => {
                    setOutcome(text);
                    setOlder([]);
                    first.reload();
                  }}
                />
              ))}
            </tbody>
          </table>
          {!more.done && entries.length >= PAGE && (
            <p>
              <button
                type="button"
                className="button"
                disabled={more.busy}
                onClick={() => void loadMore()}
              >
                {more.busy ? 'Chargement…' : 'Révisions plus anciennes'}
              </button>
            </p>
          )}
          {more.error && <LoadError message={more.error} onRetry={() => void loadMore()} />}
        </div>
      )}
    </Page>
  );
}

function RevisionRow({
  devid,
  entry,
  media,
  live,
  mayPublish,
  onRolledBack,
}: {
  devid: number;
  entry: RevisionEntry;
  media: MediaIndex;
  /** The revision the totems have now: nothing to roll back to. */
  live: boolean;
  mayPublish: boolean;
  onRolledBack: (text: string) => void;
}) {
  const { timeZone } = usePlantZone(devid);
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<'rollback' | 'content' | null>(null);
  const changes = useResource(
    open
      ? () => call('adminRevisionChanges', { params: { devid, revision: entry.revision } })
      : null,
    `revision-${devid}-${entry.revision}-${open}`,
  );
  const detailsId = `revision-${entry.revision}-changes`;
  return (
    <Fragment>
      <tr>
        <th scope="row" data-label="Révision">
          {entry.revision}
        </th>
        <td className="nowrap" data-label="Publiée le">
          {formatDate(entry.publishedAt, timeZone)}
        </td>
        <td data-label="Par">{authorLabel(entry)}</td>
        <td data-label="Note">{entry.note ?? <span className="muted">—</span>}</td>
        <td data-label="Ce qui a changé">{entry.summary}</td>
        <td className="cell-actions cell-actions-wrap">
          {entry.source !== 'migration' && (
            <button
              type="button"
              className="button button-small"
              aria-expanded={open}
              aria-controls={open ? detailsId : undefined}
              onClick={() => setOpen((value) => !value)}
            >
              {open ? 'Masquer' : 'Voir les modifications'}
              <span className="visually-hidden"> de la révision {entry.revision}</span>
            </button>
          )}
          <button
            type="button"
            className="button button-small"
            onClick={() => setDialog('content')}
          >
            Voir le contenu
            <span className="visually-hidden"> de la révision {entry.revision}</span>
          </button>
          <a
            className="button button-small"
            href={pathOf('adminExportPack', {
              params: { devid },
              query: { revision: entry.revision },
            })}
            download
          >
            Télécharger (.zip)
            <span className="visually-hidden">
              {' '}
              le paquet de contenu de la révision {entry.revision}
            </span>
          </a>
          {mayPublish && !live && (
            <button
              type="button"
              className="button button-small button-danger-outline"
              onClick={() => setDialog('rollback')}
            >
              Revenir à cette version
              <span className="visually-hidden"> (révision {entry.revision})</span>
            </button>
          )}
          {live && <span className="badge">en ligne</span>}
          {dialog === 'content' && (
            <RevisionContentDialog devid={devid} entry={entry} onClose={() => setDialog(null)} />
          )}
          {dialog === 'rollback' && (
            <RollbackDialog
              devid={devid}
              entry={entry}
              media={media}
              onClose={() => setDialog(null)}
              onDone={(text) => {
                setDialog(null);
                onRolledBack(text);
              }}
            />
          )}
        </td>
      </tr>
      {open && (
        <tr className="history-changes" id={detailsId}>
          <td colSpan={6}>
            {changes.loading && <Loading />}
            {changes.error && <LoadError message={changes.error} onRetry={changes.reload} />}
            {changes.data &&
              (changes.data.changes.length === 0 ? (
                <p className="muted">Cette révision n’a rien changé au contenu.</p>
              ) : (
                <ChangeList changes={changes.data.changes} media={media} headingLevel={3} />
              ))}
          </td>
        </tr>
      )}
    </Fragment>
  );
}
