/**
 * "Publier sur les totems": publishes the development's whole draft as a new numbered revision
 * and tells every kiosk to synchronise. Edits are saved to the draft as they are made and reach
 * the totems only through this button (the server serves kiosks the published content only), so
 * the team decides when a set of changes goes live.
 */
import { useState } from 'react';
import { Notice } from '../../components/notice';
import { adminApi } from '../../lib/api/admin-api';
import { errorMessage } from '../../lib/api/client';

export function PublishButton({ devid, devname }: { devid: number; devname: string }) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const publish = async () => {
    setBusy(true);
    setResult(null);
    try {
      const { message } = await adminApi.publish(devid);
      setResult({ ok: true, text: message || 'Publié.' });
    } catch (failure) {
      setResult({ ok: false, text: `La publication a échoué : ${errorMessage(failure)}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="publish">
      <button
        type="button"
        className="button button-publish"
        onClick={() => void publish()}
        disabled={busy}
        aria-describedby={`publish-help-${devid}`}
      >
        {busy ? 'Publication…' : 'Publier sur les totems'}
      </button>
      <span id={`publish-help-${devid}`} className="visually-hidden">
        Envoie les modifications enregistrées aux totems de {devname}.
      </span>
      {result && (
        <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
    </div>
  );
}
