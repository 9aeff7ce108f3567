/**
 * The band across every back-office page while an alert is in force (red button and
 * acknowledgements, decision 018): which alert (real or exercise), since when and by whom, how many
 * totems show it, the way to the list, and "Fin d'alerte" (with a confirmation) for those who may
 * end it. Red for a real alert; sand with hazard stripes for an exercise, as on the totems.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api/client';
import { usePlantZone } from '../../lib/plant-zone';
import { endAlert, useAlertView } from './alert-live';
import { countsText, timeOf } from './alert-labels';
import './alerts.css';

export function AlertBanner({ devid }: { devid: number | null }) {
  const { view } = useAlertView(devid);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const alert = view?.alert ?? null;
  // Asked only while an alert is in force: the band is on every page.
  const { timeZone } = usePlantZone(alert ? view?.devid : null);
  if (!view || !alert) return null;

  const finish = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await endAlert(view.devid);
      setConfirming(false);
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className={`alert-banner ${alert.drill ? 'alert-banner-drill' : ''}`}
      role="region"
      aria-label={alert.drill ? 'Exercice en cours' : 'Alerte en cours'}
      data-testid="alert-banner"
    >
      <div className="alert-banner-inner">
        <p className="alert-banner-text">
          <strong className="alert-banner-kind">
            {alert.drill ? 'EXERCICE EN COURS' : 'ALERTE EN COURS'}
          </strong>{' '}
          « {alert.templateName} », déclenché{alert.drill ? '' : 'e'} à{' '}
          {timeOf(alert.startedAt, timeZone)} par {alert.startedBy}.{' '}
          <span className="alert-banner-counts">{countsText(view.counts)}</span>
        </p>
        <div className="alert-banner-actions">
          <Link className="button alert-target alert-banner-link" to={`/alerte/${view.devid}`}>
            Voir les totems
          </Link>
          {view.canTrigger && (
            <button
              type="button"
              className="button alert-target alert-banner-end"
              onClick={() => setConfirming(true)}
            >
              Fin d’alerte
            </button>
          )}
        </div>
      </div>
      {problem && <Notice tone="error">{problem}</Notice>}
      {confirming && (
        <ConfirmDialog
          title={alert.drill ? 'Terminer l’exercice ?' : 'Terminer l’alerte ?'}
          confirmLabel={alert.drill ? 'Oui, terminer l’exercice' : 'Oui, terminer l’alerte'}
          busy={busy}
          onConfirm={() => void finish()}
          onCancel={() => setConfirming(false)}
        >
          <p>
            Les totems afficheront le texte de fin d’alerte pendant 30 secondes, puis reviendront à
            la page qu’ils montraient.
          </p>
          {problem && <Notice tone="error">{problem}</Notice>}
        </ConfirmDialog>
      )}
    </div>
  );
}
