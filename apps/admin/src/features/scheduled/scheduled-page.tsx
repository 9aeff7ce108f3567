/**
 * « Modifications programmées » (issue 45): the development's scheduled publications — waiting or
 * held first, then the last ones published or cancelled — each with when it goes live (in the
 * plant's time, said as such), its status (a held one with why, a published one with its revision
 * and how late), who scheduled it and when, what it takes and how much; « Aperçu sur la borne »,
 * « Reprogrammer » and « Annuler la programmation » on the open ones. While one is waiting the list asks again every
 * few seconds, so it turns « publiée » by itself at its time.
 */
import {
  formatPlantInstant,
  plantZoneLabel,
  type AdminDevelopment,
  type ScheduledPublication,
} from '@plant-kiosk/contract';
import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { DevelopmentGate } from '../../components/development-gate';
import { Notice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, errorMessage } from '../../lib/api/client';
import { notifyDraftChanged, useDraftChanged } from '../../lib/draft-events';
import { usePollWhile } from '../../lib/use-poll-while';
import { useResource } from '../../lib/use-resource';
import { defaultPlantTime, plantTimeOf, readPlantTime, usePlantTimeZone } from './plant-time';
import { PlantTimeFields } from './plant-time-fields';
import {
  authorText,
  countsLine,
  isAlreadyLive,
  isOpen,
  latenessText,
  scopeText,
  statusLabel,
} from './scheduled-text';
import './scheduled.css';

/** How often the list asks again while a publication is waiting (the server is ~1 s on time). */
const POLL_MS = 5_000;

export function ScheduledPage() {
  return (
    <DevelopmentGate base="/programmees">
      {(development, switcher) => (
        <Scheduled key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

function Scheduled({
  development,
  switcher,
}: {
  development: AdminDevelopment;
  switcher: ReactNode;
}) {
  const { devid } = development;
  const list = useResource(
    () => call('adminScheduledPublications', { params: { devid } }),
    `scheduled-${devid}`,
  );
  const zones = useResource(() => call('adminZones', { params: { devid } }), `zones-${devid}`);
  const zone = usePlantTimeZone(devid);
  useDraftChanged(list.reload);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [rescheduling, setRescheduling] = useState<ScheduledPublication | null>(null);
  const [cancelling, setCancelling] = useState<ScheduledPublication | null>(null);
  const [busy, setBusy] = useState(false);

  const items = list.data?.items ?? [];
  const waiting = items.some((item) => item.status === 'scheduled');
  usePollWhile(waiting, list.reload, POLL_MS);

  const zoneNames = useMemo(
    () => new Map((zones.data ?? []).map((row) => [row.zoneid, row.zonename] as const)),
    [zones.data],
  );

  const replace = (updated: ScheduledPublication) =>
    list.setData((current) => ({
      items: (current?.items ?? []).map((item) => (item.id === updated.id ? updated : item)),
    }));

  const cancel = async (item: ScheduledPublication, timeZone: string) => {
    setBusy(true);
    try {
      const updated = await call('adminCancelScheduled', {
        params: { devid, setid: item.id },
      });
      replace(updated);
      setResult({
        ok: true,
        text: `Programmation annulée : rien ne partira ${formatPlantInstant(item.at, timeZone)}. Ses modifications restent dans les modifications non publiées.`,
      });
      notifyDraftChanged();
    } catch (failure) {
      setResult({ ok: false, text: `L’annulation a échoué : ${errorMessage(failure)}` });
      list.reload();
    } finally {
      setBusy(false);
      setCancelling(null);
    }
  };

  const open = items.filter(isOpen);
  const done = items.filter((item) => !isOpen(item));
  const timeZone = zone.timeZone;

  return (
    <Page
      title="Modifications programmées"
      actions={
        <>
          {switcher}
          <Link className="button" to={`/modifications/${devid}`}>
            Modifications non publiées
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
        {((list.loading && !list.data) || (!timeZone && !zone.error)) && <Loading />}
        {list.error && <LoadError message={list.error} onRetry={list.reload} />}
        {zone.error && (
          <LoadError
            message={`Le fuseau horaire du site n’a pas pu être lu : ${zone.error}`}
            onRetry={zone.reload}
          />
        )}
        {list.data && timeZone && (
          <>
            <p className="muted">
              Les heures sont celles du site ({plantZoneLabel(timeZone)}), quel que soit le fuseau
              de cet ordinateur. Pour programmer une publication : « Publier sur les totems », puis
              « Programmer… ».
            </p>
            {open.length === 0 ? (
              <div className="card empty-state">
                <h2>Aucune publication programmée</h2>
                <p>Rien ne partira sur les totems sans que quelqu’un publie.</p>
              </div>
            ) : (
              <section aria-labelledby="scheduled-open" className="stack">
                <h2 id="scheduled-open">À venir ou à décider ({open.length})</h2>
                <ul className="scheduled-list">
                  {open.map((item) => (
                    <ScheduledItem
                      key={item.id}
                      item={item}
                      timeZone={timeZone}
                      zoneNames={zoneNames}
                      devid={devid}
                      onReschedule={() => setRescheduling(item)}
                      onCancel={() => setCancelling(item)}
                    />
                  ))}
                </ul>
              </section>
            )}
            {done.length > 0 && (
              <section aria-labelledby="scheduled-done" className="stack">
                <h2 id="scheduled-done">Dernières programmations</h2>
                <ul className="scheduled-list">
                  {done.map((item) => (
                    <ScheduledItem
                      key={item.id}
                      item={item}
                      timeZone={timeZone}
                      zoneNames={zoneNames}
                      devid={devid}
                    />
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
      {rescheduling && timeZone && (
        <RescheduleDialog
          devid={devid}
          item={rescheduling}
          timeZone={timeZone}
          onClose={() => setRescheduling(null)}
          onDone={(updated) => {
            replace(updated);
            setRescheduling(null);
            setResult({
              ok: true,
              text: `Publication reprogrammée pour ${formatPlantInstant(updated.at, timeZone)}.`,
            });
            notifyDraftChanged();
          }}
        />
      )}
      {cancelling && timeZone && (
        <ConfirmDialog
          title="Annuler la programmation ?"
          confirmLabel={busy ? 'Annulation…' : 'Oui, annuler la programmation'}
          busy={busy}
          onConfirm={() => void cancel(cancelling, timeZone)}
          onCancel={() => setCancelling(null)}
        >
          <p>
            Rien ne partira sur les totems {formatPlantInstant(cancelling.at, timeZone)} (
            {countsLine(cancelling.counts)}). Ces modifications restent enregistrées dans les
            modifications non publiées : vous pourrez les publier ou les programmer à nouveau.
          </p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

function ScheduledItem({
  item,
  timeZone,
  zoneNames,
  devid,
  onReschedule,
  onCancel,
}: {
  item: ScheduledPublication;
  timeZone: string;
  zoneNames: ReadonlyMap<number, string>;
  devid: number;
  onReschedule?: () => void;
  onCancel?: () => void;
}) {
  const when = formatPlantInstant(item.at, timeZone);
  const headingId = `scheduled-${item.id}`;
  const late = latenessText(item.lateMs);
  return (
    <li className={`card scheduled-item scheduled-${item.status}`} aria-labelledby={headingId}>
      <div className="scheduled-head">
        <h3 id={headingId}>{when}</h3>
        <span className={`badge ${BADGES[item.status]}`}>{statusLabel(item)}</span>
      </div>
      {item.status === 'held' && item.heldReason && (
        <Notice tone="warning">
          <strong>Retenue :</strong> {item.heldReason}
        </Notice>
      )}
      {item.status === 'published' && item.revision !== null && (
        <p className="scheduled-outcome">
          Publiée : <Link to={`/historique/${devid}`}>révision {item.revision}</Link>
          {item.publishedAt ? `, ${formatPlantInstant(item.publishedAt, timeZone)}` : ''}
          {late ? ` — ${late}` : ''}.
        </p>
      )}
      {isAlreadyLive(item) && (
        <p className="scheduled-outcome">
          Déjà en ligne à son heure : rien à publier. Tout ce qu’elle apportait avait été publié
          entre-temps
          {item.publishedAt ? ` (constaté ${formatPlantInstant(item.publishedAt, timeZone)})` : ''}.
        </p>
      )}
      <dl className="scheduled-facts">
        <div>
          <dt>Contenu</dt>
          <dd>{scopeText(item.scope, zoneNames)}</dd>
        </div>
        <div>
          <dt>Changements</dt>
          <dd>{countsLine(item.counts)}</dd>
        </div>
        <div>
          <dt>Programmée par</dt>
          <dd>
            {authorText(item.author)}, {formatPlantInstant(item.createdAt, timeZone)}
          </dd>
        </div>
        {item.note && (
          <div>
            <dt>Note</dt>
            <dd>{item.note}</dd>
          </div>
        )}
      </dl>
      {(onReschedule || onCancel) && (
        <div className="inline-actions">
          {/* What the totems will show once it is live: the preview page applies the set. */}
          <Link className="button button-small" to={`/apercu/${devid}?set=${item.id}`}>
            Aperçu sur la borne<span className="visually-hidden"> (prévue {when})</span>
          </Link>
          {onReschedule && (
            <button type="button" className="button button-small" onClick={onReschedule}>
              Reprogrammer<span className="visually-hidden"> (prévue {when})</span>
            </button>
          )}
          {onCancel && (
            <button
              type="button"
              className="button button-small button-danger-outline"
              onClick={onCancel}
            >
              Annuler la programmation<span className="visually-hidden"> (prévue {when})</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}

const BADGES: Record<ScheduledPublication['status'], string> = {
  scheduled: 'badge-muted',
  held: 'badge-warn',
  published: 'badge-ok',
  cancelled: 'badge-off',
};

function RescheduleDialog({
  devid,
  item,
  timeZone,
  onClose,
  onDone,
}: {
  devid: number;
  item: ScheduledPublication;
  timeZone: string;
  onClose: () => void;
  onDone: (updated: ScheduledPublication) => void;
}) {
  // A held one's time is past: start from the next hour rather than from an error.
  const [value, setValue] = useState(() =>
    Date.parse(item.at) > Date.now() ? plantTimeOf(item.at, timeZone) : defaultPlantTime(timeZone),
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const reading = readPlantTime(value, timeZone);

  const save = async () => {
    if (!reading.ok) return;
    setBusy(true);
    setError(null);
    try {
      onDone(
        await call('adminReschedule', {
          params: { devid, setid: item.id },
          body: { at: reading.at },
        }),
      );
    } catch (failure) {
      setError(`La reprogrammation a échoué : ${errorMessage(failure)}`);
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Reprogrammer la publication"
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Annuler
          </button>
          <button
            type="button"
            className="button button-publish"
            onClick={() => void save()}
            disabled={busy || !reading.ok}
          >
            {busy ? 'Reprogrammation…' : 'Reprogrammer'}
          </button>
        </>
      }
    >
      <div className="stack">
        <p>
          Prévue jusqu’ici {formatPlantInstant(item.at, timeZone)} ({countsLine(item.counts)}).
          {item.status === 'held' && ' Reprogrammée, elle attend de nouveau son heure.'}
        </p>
        <PlantTimeFields
          timeZone={timeZone}
          value={value}
          reading={reading}
          onChange={setValue}
          legend="Nouvelle heure"
        />
        {error && <Notice tone="error">{error}</Notice>}
      </div>
    </Dialog>
  );
}
