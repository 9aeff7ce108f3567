/**
 * The list the safety manager reads while people evacuate (red button and acknowledgements,
 * decision 018): every totem of the development and where it stands — shows the alert (since when,
 * how long its takeover took), has not confirmed within 5 s, is offline, or is still within its 5 s
 * — live from the alert channel. Those that need a look come first (the server's order).
 */
import { pathOf } from '@plant-kiosk/contract';
import { useParams } from 'react-router-dom';
import { LoadError, Loading, Page } from '../../components/page';
import { rememberDevid } from '../../lib/current-development';
import { usePlantZone } from '../../lib/plant-zone';
import { useAlertView } from './alert-live';
import {
  countsText,
  kioskLabel,
  kioskName,
  silentText,
  STATE_BADGES,
  STATE_LABELS,
  timeOf,
} from './alert-labels';
import './alerts.css';

export function AlertPage() {
  const params = useParams();
  const devid = Number(params.devid);
  const valid = Number.isInteger(devid) && devid > 0;
  const { view, live, error } = useAlertView(valid ? devid : null, { live: true });
  const { timeZone } = usePlantZone(valid ? devid : null);
  if (valid) rememberDevid(devid);
  const alert = view?.alert ?? null;

  return (
    <Page
      title={alert?.drill ? 'Exercice en cours' : alert ? 'Alerte en cours' : 'Alerte'}
      actions={
        <span className={`live live-${live}`} role="status">
          {live === 'live' ? '● En direct' : live === 'connecting' ? 'Connexion…' : 'Reconnexion…'}
        </span>
      }
    >
      {!valid && <LoadError message="Développement inconnu." />}
      {error && <LoadError message={error} />}
      {valid && !view && !error && <Loading />}
      {view && !alert && (
        <p className="card">
          Aucune alerte en cours.
          {view.canTrigger &&
            ' Le bouton « Déclencher une alerte », en haut de chaque page, en lance une.'}
        </p>
      )}
      {view && view.lastAlertid !== null && (
        <p>
          <a
            className="button"
            href={pathOf('adminAlertTimeline', {
              params: { devid: view.devid, alertid: view.lastAlertid },
            })}
            download
          >
            {alert
              ? 'Exporter la chronologie (CSV)'
              : 'Exporter la chronologie de la dernière alerte (CSV)'}
          </a>
        </p>
      )}
      {view && alert && (
        <>
          <p className="alert-page-summary">
            « {alert.templateName} »{alert.drill ? ' (exercice)' : ''}, déclenché
            {alert.drill ? '' : 'e'} à {timeOf(alert.startedAt, timeZone)} par {alert.startedBy} :{' '}
            <strong>{countsText(view.counts)}</strong>.
            {silentText(view.counts) !== null && (
              <span className="muted"> {silentText(view.counts)}.</span>
            )}
          </p>
          <div className="card table-scroll">
            {view.kiosks.length === 0 ? (
              <p className="muted">Aucun totem ne s’est encore signalé pour ce développement.</p>
            ) : (
              <table className="table table-compact" data-testid="alert-kiosks">
                <caption className="visually-hidden">Totems pendant l’alerte</caption>
                <thead>
                  <tr>
                    <th scope="col">Totem</th>
                    <th scope="col">État</th>
                    <th scope="col">Affichée depuis</th>
                    <th scope="col">Temps d’affichage</th>
                    <th scope="col">Dernier signe</th>
                  </tr>
                </thead>
                <tbody>
                  {view.kiosks.map((kiosk) => (
                    <tr
                      key={kiosk.kioskId}
                      className={
                        kiosk.state === 'late'
                          ? 'row-flagged'
                          : kiosk.state === 'silent'
                            ? 'row-muted'
                            : undefined
                      }
                      data-testid="alert-kiosk"
                    >
                      <td>
                        <strong className={kiosk.name ? undefined : 'mono'} title={kiosk.kioskId}>
                          {kioskName(kiosk)}
                        </strong>{' '}
                        <span className="muted small">
                          {kiosk.location ? `${kiosk.location} · ` : ''}
                          {kioskLabel(kiosk)}
                        </span>
                      </td>
                      <td>
                        <span className={`badge ${STATE_BADGES[kiosk.state]}`}>
                          {STATE_LABELS[kiosk.state]}
                        </span>
                      </td>
                      <td className="nowrap">
                        {kiosk.displayedAt ? timeOf(kiosk.displayedAt, timeZone) : '—'}
                      </td>
                      <td className="nowrap">
                        {kiosk.takeoverMs === null
                          ? '—'
                          : `${kiosk.takeoverMs.toLocaleString('fr-FR')} ms`}
                      </td>
                      <td className="nowrap">{timeOf(kiosk.lastSeenAt, timeZone)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
    </Page>
  );
}
