/**
 * « Mettre en sourdine… » on a totem's page (issue 48, part 2; decision 041): for planned work,
 * the totem raises no health incident for 1, 4, 24 or 72 hours; « Fin de la sourdine » ends it
 * early. An incident already open stays open and clears as usual. Admins and the development's
 * editors; the mute is read from the development's incidents list.
 */
import { type KioskMute } from '@plant-kiosk/contract';
import { useCallback, useEffect, useId, useState } from 'react';
import { Notice } from '../../components/notice';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';

export const MUTE_HOURS = [1, 4, 24, 72] as const;

export function KioskMuteControl({
  devid,
  kioskId,
  timeZone,
}: {
  devid: number;
  kioskId: string;
  timeZone: string;
}) {
  const [mute, setMute] = useState<KioskMute | null>(null);
  const [choosing, setChoosing] = useState(false);
  const [hours, setHours] = useState<number>(4);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const selectId = useId();

  const read = useCallback(
    () =>
      call('adminHealthIncidents', { params: { devid } })
        .then((list) => setMute(list.mutes.find((item) => item.kioskId === kioskId) ?? null))
        // Not readable (an older server): the page goes on without the mute.
        .catch(() => setMute(null)),
    [devid, kioskId],
  );
  useEffect(() => {
    void read();
  }, [read]);

  const act = async (work: () => Promise<{ data: KioskMute; message: string }>) => {
    setBusy(true);
    setResult(null);
    try {
      const { data, message } = await work();
      setMute(data.until ? data : null);
      setResult({ ok: true, text: message });
      setChoosing(false);
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="kiosk-mute">
      {mute?.until ? (
        <p>
          <span className="badge badge-warn">En sourdine</span> jusqu’au{' '}
          {formatDate(mute.until, timeZone)}{' '}
          <button
            type="button"
            className="button button-small"
            disabled={busy}
            onClick={() =>
              void act(() => callWithMessage('adminUnmuteKiosk', { params: { devid, kioskId } }))
            }
          >
            Fin de la sourdine
          </button>
        </p>
      ) : choosing ? (
        <form
          className="kiosk-mute-form"
          onSubmit={(event) => {
            event.preventDefault();
            void act(() =>
              callWithMessage('adminMuteKiosk', { params: { devid, kioskId }, body: { hours } }),
            );
          }}
        >
          <label htmlFor={selectId}>Sourdine pendant</label>
          <select
            id={selectId}
            value={hours}
            onChange={(event) => setHours(Number(event.target.value))}
          >
            {MUTE_HOURS.map((value) => (
              <option key={value} value={value}>
                {value} h
              </option>
            ))}
          </select>
          <button type="submit" className="button button-small button-primary" disabled={busy}>
            Mettre en sourdine
          </button>
          <button type="button" className="button button-small" onClick={() => setChoosing(false)}>
            Annuler
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="button"
          onClick={() => {
            setResult(null);
            setChoosing(true);
          }}
        >
          Mettre en sourdine…
        </button>
      )}
      {result && (
        <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
    </div>
  );
}
