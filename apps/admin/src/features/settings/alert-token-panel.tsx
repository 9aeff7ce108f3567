/**
 * "Jeton d’alerte" for admins (red button and acknowledgements, decision 026): the bearer token a
 * fire-alarm panel or a building system sends to /api/alerts/{devid}, shown masked until
 * "Afficher", copied with "Copier", with a ready-to-run example call naming this server and this
 * development. When the server generated it, "Régénérer" replaces it after a confirmation that says
 * what stops working; when ALERT_TOKEN sets it, the panel says so and offers no button (the server
 * would refuse).
 */
import { pathOf, type AdminAlertToken } from '@plant-kiosk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { LoadError, Loading } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { usePlantZone } from '../../lib/plant-zone';
import { useResource } from '../../lib/use-resource';
import './alert-token-panel.css';

/** "••••••••••••wXyZ": enough to tell two tokens apart, not enough to use one. */
export const maskToken = (token: string): string => `${'•'.repeat(12)}${token.slice(-4)}`;

/** The example call of a panel: this server's address, this development, a drill. */
export function exampleCall(origin: string, devid: number, token: string): string {
  return [
    `curl -X POST ${origin}${pathOf('alertStart', { params: { devid } })} \\`,
    `  -H "Authorization: Bearer ${token}" \\`,
    `  -H 'content-type: application/json' \\`,
    `  -d '{"template":"Évacuation","drill":true}'`,
  ].join('\n');
}

/** « 27 novembre 2026 à 10:00 », on the plant's clock (issue 45), not the browser's. */
const dateTime = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone });

export function AlertTokenPanel({ devid }: { devid: number }) {
  const resource = useResource(() => call('adminAlertToken'), 'alert-token');
  return (
    <section className="card stack alert-token-panel" aria-labelledby="alert-token-title">
      <h2 id="alert-token-title">Jeton d’alerte</h2>
      <p className="muted">
        Le jeton que la centrale incendie (ou tout système qui déclenche les alertes) envoie au
        serveur. Il permet de déclencher et de terminer une alerte sur tous les totems : ne le
        confiez qu’à ces systèmes.
      </p>
      {resource.loading && !resource.data && <Loading />}
      {resource.error && <LoadError message={resource.error} onRetry={resource.reload} />}
      {resource.data && (
        <TokenView
          devid={devid}
          view={resource.data}
          onChanged={(next) => resource.setData(next)}
        />
      )}
    </section>
  );
}

function TokenView({
  devid,
  view,
  onChanged,
}: {
  devid: number;
  view: AdminAlertToken;
  onChanged: (view: AdminAlertToken) => void;
}) {
  // Shown on a development's settings: its plant's clock.
  const { timeZone } = usePlantZone(devid);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(view.token);
      setFeedback({ tone: 'success', text: 'Jeton copié dans le presse-papiers.' });
    } catch {
      setFeedback({
        tone: 'error',
        text: 'Le navigateur n’a pas permis la copie : affichez le jeton et copiez-le à la main.',
      });
    }
  };

  const regenerate = async () => {
    setBusy(true);
    try {
      // The old token is refused from now on; 409 when ALERT_TOKEN sets it.
      const { data, message } = await callWithMessage('adminRegenerateAlertToken');
      onChanged(data);
      setFeedback({ tone: 'success', text: message });
    } catch (error) {
      setFeedback({ tone: 'error', text: errorMessage(error) });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <>
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      <div className="alert-token-row">
        <code className="mono alert-token-value" data-testid="alert-token-value">
          {shown ? view.token : maskToken(view.token)}
        </code>
        <div className="inline-actions">
          <button type="button" className="button" onClick={() => setShown(!shown)}>
            {shown ? 'Masquer' : 'Afficher'}
          </button>
          <button type="button" className="button" onClick={() => void copy()}>
            Copier
          </button>
          {view.canRegenerate && (
            <button
              type="button"
              className="button button-danger"
              onClick={() => setConfirming(true)}
            >
              Régénérer
            </button>
          )}
        </div>
      </div>
      {view.origin === 'environment' ? (
        <p data-testid="alert-token-origin">
          Ce jeton est fixé par la variable d’environnement <code>ALERT_TOKEN</code> du serveur : il
          ne peut pas être régénéré ici. Pour le changer, modifiez <code>ALERT_TOKEN</code> sur
          chaque instance du serveur, puis redémarrez-les.
        </p>
      ) : (
        <p className="muted small" data-testid="alert-token-origin">
          Généré par le serveur (fichier <code>secrets/alert-token</code> de son dossier de données)
          {view.changedAt ? `, le ${dateTime(view.changedAt, timeZone)}` : ''}.
        </p>
      )}
      <div className="stack">
        <h3 className="alert-token-subtitle">Exemple d’appel de la centrale (exercice)</h3>
        <pre className="alert-token-example" data-testid="alert-token-example" tabIndex={0}>
          {exampleCall(window.location.origin, devid, shown ? view.token : '<jeton d’alerte>')}
        </pre>
        <p className="muted small">
          <code>DELETE</code> à la même adresse termine l’alerte, <code>GET</code> la lit. « drill »
          à <code>false</code> : une alerte réelle.
        </p>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Régénérer le jeton d’alerte ?"
          confirmLabel={busy ? 'Régénération…' : 'Régénérer le jeton'}
          busy={busy}
          onConfirm={() => void regenerate()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            L’ancien jeton sera refusé immédiatement : les centrales et les systèmes qui l’utilisent
            ne pourront plus déclencher ni terminer d’alerte tant que vous ne leur aurez pas donné
            le nouveau.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
