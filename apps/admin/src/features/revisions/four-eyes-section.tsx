/**
 * « Double validation » on a development's page (admins, issue 51, decision 048): four-eyes
 * publishing on or off, and whether the publish token and the CLI (integrations) may still publish
 * alone. Saved at once, audited by the server.
 */
import { useEffect, useId, useState } from 'react';
import { CheckboxField } from '../../components/field';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { LoadError, Loading } from '../../components/page';
import { callWithMessage, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { useFourEyes } from './four-eyes';

export function FourEyesSection({ devid }: { devid: number }) {
  const titleId = useId();
  const fourEyes = useFourEyes(devid);
  const { timeZone } = usePlantZone(devid);
  const [enabled, setEnabled] = useState(false);
  const [allowToken, setAllowToken] = useState(false);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const { data } = fourEyes;
  useEffect(() => {
    if (!data) return;
    setEnabled(data.enabled);
    setAllowToken(data.allowToken);
  }, [data]);

  const save = async () => {
    setBusy(true);
    setFeedback(null);
    try {
      const { data: saved, message } = await callWithMessage('adminSaveFourEyes', {
        params: { devid },
        body: { enabled, allowToken },
      });
      fourEyes.setData(saved);
      setFeedback({ tone: 'success', text: message || 'Enregistré.' });
    } catch (failure) {
      setFeedback({ tone: 'error', text: `L’enregistrement a échoué : ${errorMessage(failure)}` });
    } finally {
      setBusy(false);
    }
  };

  const changed =
    data !== undefined && (data.enabled !== enabled || data.allowToken !== allowToken);
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId}>Double validation des publications</h2>
      <p className="muted">
        Activée, personne ne publie seul : une demande de publication (ou de retour à une version)
        doit être approuvée par une autre personne qui peut publier. Les alertes d’urgence n’en
        dépendent jamais. Un administrateur peut publier sans approbation en cas d’urgence, en
        donnant la raison, qui est journalisée.
      </p>
      {fourEyes.loading && !data && <Loading />}
      {fourEyes.error && <LoadError message={fourEyes.error} onRetry={fourEyes.reload} />}
      {data && (
        <>
          <CheckboxField
            label="Exiger l’approbation d’une autre personne avant chaque publication"
            checked={enabled}
            onChange={(event) => setEnabled(event.target.checked)}
          />
          <CheckboxField
            label="Autoriser quand même le jeton de publication et la CLI (intégrations)"
            checked={allowToken}
            disabled={!enabled}
            onChange={(event) => setAllowToken(event.target.checked)}
          />
          {data.updatedAt && data.updatedBy && (
            <p className="muted">
              Modifié par {data.updatedBy} le {formatDate(data.updatedAt, timeZone)}.
            </p>
          )}
          <div className="inline-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={busy || !changed}
              onClick={() => void save()}
            >
              {busy ? 'Enregistrement…' : 'Enregistrer'}
            </button>
          </div>
        </>
      )}
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
    </section>
  );
}
