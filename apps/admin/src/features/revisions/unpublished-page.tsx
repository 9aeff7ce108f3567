/**
 * "Modifications non publiées": what the draft changes against the published revision, zone by
 * zone, with who did it and when; publish one zone alone, or undo the unpublished changes of one
 * zone or of the whole development (back to the published revision, after a confirmation).
 */
import type { AdminDevelopment, PublishResponse } from '@plant-kiosk/contract';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { DevelopmentGate } from '../../components/development-gate';
import { Notice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { useResource } from '../../lib/use-resource';
import { ChangeList, indexMedia, type ZoneGroup } from './change-list';
import { notifyDraftChanged, useDraftChanged } from '../../lib/draft-events';
import { useCanPublish } from './can-publish';
import { PublishDialog } from './publish-dialog';
import { requestsPagePath, useFourEyes } from './four-eyes';
import { scheduledPath } from '../scheduled';
import { kioskPageOfZone, previewPagePath } from '../preview';

export function UnpublishedPage() {
  return (
    <DevelopmentGate base="/modifications">
      {(development, switcher) => (
        <Unpublished key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

type Scope = { zoneid: number; zonename: string } | null;

function Unpublished({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid, devname } = development;
  const draft = useResource(
    () => call('adminDraftChanges', { params: { devid } }),
    `draft-${devid}`,
  );
  const media = useResource(() => call('adminMedia', { params: { devid } }), `media-${devid}`);
  useDraftChanged(draft.reload);
  const [discarding, setDiscarding] = useState<Scope | undefined>(undefined);
  const [publishing, setPublishing] = useState<Scope | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const mayPublish = useCanPublish();
  // Under four-eyes (issue 51) every editor may ask for a publication; who may publish approves.
  const fourEyes = useFourEyes(devid);
  const mayAsk = mayPublish || fourEyes.enabled;

  const discard = async (scope: Scope) => {
    setBusy(true);
    try {
      const { data, message } = await callWithMessage('adminDiscardDraft', {
        params: { devid },
        body: scope ? { zoneid: scope.zoneid } : {},
      });
      setResult({
        ok: true,
        text: data.discarded
          ? scope
            ? `Modifications de la zone « ${scope.zonename} » annulées : elle est revenue à la révision publiée ${data.publishedRevision}.`
            : `Modifications non publiées annulées : le contenu est revenu à la révision publiée ${data.publishedRevision}.`
          : message,
      });
      notifyDraftChanged();
    } catch (failure) {
      setResult({ ok: false, text: `L’annulation a échoué : ${errorMessage(failure)}` });
    } finally {
      setBusy(false);
      setDiscarding(undefined);
    }
  };

  const changes = draft.data?.changes ?? [];
  const zoneActions = (group: ZoneGroup) =>
    group.zoneid === null ? null : (
      <>
        <Link
          className="button button-small"
          to={previewPagePath(
            devid,
            { source: 'draft' },
            { page: kioskPageOfZone(group.zonename) },
          )}
        >
          Aperçu de sa page sur la borne
        </Link>
        {mayAsk && (
          <button
            type="button"
            className="button button-small"
            onClick={() => setPublishing({ zoneid: group.zoneid!, zonename: group.zonename })}
          >
            {fourEyes.enabled ? 'Demander la publication de cette zone' : 'Publier cette zone'}
          </button>
        )}
        {mayPublish && (
          <>
            <button
              type="button"
              className="button button-small button-danger-outline"
              onClick={() => setDiscarding({ zoneid: group.zoneid!, zonename: group.zonename })}
            >
              Annuler les modifications de cette zone
            </button>
          </>
        )}
      </>
    );

  return (
    <Page
      title="Modifications non publiées"
      actions={
        <>
          {switcher}
          <Link className="button" to={previewPagePath(devid, { source: 'draft' })}>
            Aperçu sur la borne
          </Link>
          <Link className="button" to={scheduledPath(devid)}>
            Modifications programmées
          </Link>
          <Link className="button" to={`/historique/${devid}`}>
            Historique des publications
          </Link>
        </>
      }
    >
      <div className="stack">
        {result && (
          <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
            {result.text}
          </Notice>
        )}
        {draft.loading && !draft.data && <Loading />}
        {draft.error && <LoadError message={draft.error} onRetry={draft.reload} />}
        {draft.data && changes.length === 0 && (
          <div className="card empty-state">
            <h2>Tout est publié</h2>
            <p>
              Le contenu en cours de modification est identique à ce que montrent les totems
              (révision {draft.data.publishedRevision}).
            </p>
          </div>
        )}
        {draft.data && changes.length > 0 && (
          <>
            <div className="card">
              <p>
                Ces modifications sont enregistrées mais <strong>pas encore sur les totems</strong>{' '}
                (qui montrent la révision {draft.data.publishedRevision}) : {draft.data.summary}.
              </p>
              {!mayAsk && (
                <p className="muted">
                  Un administrateur ou une personne autorisée les publiera : vous pouvez préparer et
                  consulter, pas publier ni annuler.
                </p>
              )}
              {fourEyes.enabled && (
                <p className="muted">
                  Double validation : une publication est demandée, puis approuvée par une autre
                  personne qui peut publier (<Link to={requestsPagePath(devid)}>demandes</Link>).
                </p>
              )}
              <div className="inline-actions" hidden={!mayAsk}>
                <button
                  type="button"
                  className="button button-publish"
                  onClick={() => setPublishing(null)}
                >
                  {fourEyes.enabled ? 'Demander la publication de tout…' : 'Tout publier…'}
                </button>
                {mayPublish && (
                  <button
                    type="button"
                    className="button button-danger-outline"
                    onClick={() => setDiscarding(null)}
                  >
                    Annuler les modifications non publiées
                  </button>
                )}
              </div>
            </div>
            <ChangeList
              changes={changes}
              media={indexMedia(media.data)}
              showWho
              zoneActions={zoneActions}
            />
          </>
        )}
      </div>
      {discarding !== undefined && (
        <ConfirmDialog
          title={
            discarding
              ? `Annuler les modifications de la zone « ${discarding.zonename} » ?`
              : 'Annuler toutes les modifications non publiées ?'
          }
          confirmLabel={busy ? 'Annulation…' : 'Oui, revenir à la version publiée'}
          busy={busy}
          onConfirm={() => void discard(discarding)}
          onCancel={() => setDiscarding(undefined)}
        >
          <p>
            {discarding
              ? `Le contenu de cette zone redevient celui que montrent les totems. `
              : `Tout le contenu de ${devname} redevient celui que montrent les totems. `}
            Les modifications non publiées seront perdues ; cela ne peut pas être défait.
          </p>
        </ConfirmDialog>
      )}
      {publishing !== undefined && (
        <PublishDialog
          devid={devid}
          devname={devname}
          zone={publishing ?? undefined}
          onClose={() => setPublishing(undefined)}
          onPublished={(_data: PublishResponse, text: string) => setResult({ ok: true, text })}
          onScheduled={(_scheduled, text) => setResult({ ok: true, text: `${text}.` })}
        />
      )}
    </Page>
  );
}
