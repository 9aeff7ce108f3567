/**
 * « Santé des totems » (issue 48, part 2; decision 041): the development's health rules — each
 * on or off with its threshold, and the quiet period kept before raising and before clearing an
 * incident — and its incidents, open ones first then the recent ones, with the totems muted now.
 * Admins change the rules; editors read them (the fields are read-only). Server-side settings:
 * saved at once, never published to the totems.
 */
import {
  HEALTH_RULE_KINDS,
  HEALTH_RULE_LABELS,
  HEALTH_RULE_THRESHOLDS,
  type AdminDevelopment,
  type HealthIncident,
  type HealthIncidentList,
  type HealthRules,
  type HealthRulesRequest,
} from '@plant-kiosk/contract';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DevelopmentGate } from '../../components/development-gate';
import { Notice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { useResource } from '../../lib/use-resource';
import {
  RULE_HINTS,
  STATE_BADGES,
  STATE_LABELS,
  UNIT_LABELS,
  boundsText,
  incidentTarget,
} from './health-text';
import './health.css';

export function HealthPage() {
  return (
    <DevelopmentGate base="/sante">
      {(development, switcher) => (
        <Health key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

function Health({ development, switcher }: { development: AdminDevelopment; switcher: ReactNode }) {
  const { devid } = development;
  const rules = useResource(
    () => call('adminHealthRules', { params: { devid } }),
    `health-rules-${devid}`,
  );
  const incidents = useResource(
    () => call('adminHealthIncidents', { params: { devid } }),
    `health-incidents-${devid}`,
  );
  const { timeZone } = usePlantZone(devid);

  return (
    <Page title="Santé des totems" actions={switcher}>
      <div className="stack">
        <p className="muted">
          Le serveur surveille les totems de « {development.devname} » et prévient l’informatique
          (webhook, e-mail) quand l’un d’eux va mal, puis quand c’est rétabli : un message par
          incident, jamais répété tant qu’il dure. Ces règles restent sur le serveur : elles ne sont
          pas publiées sur les totems.
        </p>
        {rules.loading && !rules.data && <Loading />}
        {rules.error && <LoadError message={rules.error} onRetry={rules.reload} />}
        {rules.data && <RulesForm devid={devid} rules={rules.data} onSaved={rules.setData} />}
        <section className="card stack" aria-labelledby="health-incidents-title">
          <h2 id="health-incidents-title">Incidents</h2>
          {incidents.loading && !incidents.data && <Loading />}
          {incidents.error && <LoadError message={incidents.error} onRetry={incidents.reload} />}
          {incidents.data && <Incidents devid={devid} list={incidents.data} timeZone={timeZone} />}
        </section>
      </div>
    </Page>
  );
}

const requestOf = (rules: HealthRules): HealthRulesRequest => ({
  rules: rules.rules,
  quietMinutes: rules.quietMinutes,
});

function RulesForm({
  devid,
  rules,
  onSaved,
}: {
  devid: number;
  rules: HealthRules;
  onSaved: (rules: HealthRules) => void;
}) {
  const [form, setForm] = useState<HealthRulesRequest>(() => requestOf(rules));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setForm(requestOf(rules)), [rules]);
  const readOnly = !rules.canEdit;

  const setRule = (kind: (typeof HEALTH_RULE_KINDS)[number], change: Partial<HealthRule>) =>
    setForm((current) => ({
      ...current,
      rules: { ...current.rules, [kind]: { ...current.rules[kind], ...change } },
    }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setResult(null);
    try {
      const { data, message } = await callWithMessage('adminSaveHealthRules', {
        params: { devid },
        body: form,
      });
      onSaved(data);
      setResult({ ok: true, text: message || 'Règles enregistrées.' });
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card stack health-rules" aria-labelledby="health-rules-title" onSubmit={save}>
      <h2 id="health-rules-title">Règles</h2>
      {readOnly && <p className="muted">Seul un administrateur peut modifier ces règles.</p>}
      {result && (
        <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
      <ul className="health-rule-list">
        {HEALTH_RULE_KINDS.map((kind) => {
          const bounds = HEALTH_RULE_THRESHOLDS[kind];
          const rule = form.rules[kind];
          const id = `health-rule-${kind}`;
          return (
            <li key={kind} className="health-rule">
              <div className="health-rule-switch">
                <input
                  id={id}
                  type="checkbox"
                  checked={rule.enabled}
                  disabled={readOnly}
                  onChange={(event) => setRule(kind, { enabled: event.target.checked })}
                  aria-describedby={`${id}-hint`}
                />
                <label htmlFor={id}>{HEALTH_RULE_LABELS[kind]}</label>
              </div>
              <p id={`${id}-hint`} className="muted health-rule-hint">
                {RULE_HINTS[kind]}
              </p>
              {bounds.unit !== 'none' && (
                <div className="health-rule-threshold">
                  <label htmlFor={`${id}-threshold`}>
                    Seuil<span className="visually-hidden"> — {HEALTH_RULE_LABELS[kind]}</span>
                  </label>
                  <input
                    id={`${id}-threshold`}
                    type="number"
                    inputMode="numeric"
                    min={bounds.min}
                    max={bounds.max}
                    step={1}
                    value={Number.isNaN(rule.threshold) ? '' : rule.threshold}
                    readOnly={readOnly}
                    disabled={!rule.enabled && !readOnly}
                    aria-describedby={`${id}-bounds`}
                    onChange={(event) =>
                      setRule(kind, { threshold: Number.parseInt(event.target.value, 10) })
                    }
                  />
                  <span aria-hidden="true">{UNIT_LABELS[bounds.unit]}</span>
                  <span id={`${id}-bounds`} className="muted">
                    ({boundsText(kind)})
                  </span>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <div className="health-rule-threshold health-quiet">
        <label htmlFor="health-quiet">Période de calme</label>
        <input
          id="health-quiet"
          type="number"
          inputMode="numeric"
          min={0}
          max={1440}
          step={1}
          value={Number.isNaN(form.quietMinutes) ? '' : form.quietMinutes}
          readOnly={readOnly}
          aria-describedby="health-quiet-hint"
          onChange={(event) =>
            setForm((current) => ({
              ...current,
              quietMinutes: Number.parseInt(event.target.value, 10),
            }))
          }
        />
        <span aria-hidden="true">min</span>
      </div>
      <p id="health-quiet-hint" className="muted">
        Un incident n’est signalé que s’il dure ce temps, et n’est dit rétabli qu’après ce même
        temps sans problème : un totem qui va et vient n’envoie pas de nouveaux messages.
      </p>
      {!readOnly && (
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Enregistrement…' : 'Enregistrer les règles'}
          </button>
        </div>
      )}
    </form>
  );
}

type HealthRule = HealthRulesRequest['rules']['silent'];

function Incidents({
  devid,
  list,
  timeZone,
}: {
  devid: number;
  list: HealthIncidentList;
  timeZone: string;
}) {
  const shown = list.incidents.filter((incident) => incident.state !== 'pending');
  return (
    <>
      {list.mutes.length > 0 && (
        <p>
          En sourdine :{' '}
          {list.mutes.map((mute, index) => (
            <span key={mute.kioskId}>
              {index > 0 && ', '}
              <Link to={`/parc/${devid}/${encodeURIComponent(mute.kioskId)}`}>
                {mute.kioskId.slice(0, 8)}
              </Link>{' '}
              jusqu’au {formatDate(mute.until, timeZone)}
            </span>
          ))}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="muted">Aucun incident : tous les totems vont bien.</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Incidents, les plus récents d’abord</caption>
          <thead>
            <tr>
              <th scope="col">État</th>
              <th scope="col">Règle</th>
              <th scope="col">Totem</th>
              <th scope="col">Depuis</th>
              <th scope="col">Signalé</th>
              <th scope="col">Rétabli</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((incident) => (
              <IncidentRow
                key={incident.incidentId}
                devid={devid}
                incident={incident}
                timeZone={timeZone}
              />
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function IncidentRow({
  devid,
  incident,
  timeZone,
}: {
  devid: number;
  incident: HealthIncident;
  timeZone: string;
}) {
  return (
    <tr>
      <td>
        <span className={`badge ${STATE_BADGES[incident.state]}`}>
          {STATE_LABELS[incident.state]}
        </span>
      </td>
      <td>{HEALTH_RULE_LABELS[incident.rule]}</td>
      <td>
        {incident.kioskId === null ? (
          incidentTarget(incident)
        ) : (
          <Link to={`/parc/${devid}/${encodeURIComponent(incident.kioskId)}`}>
            {incidentTarget(incident)}
          </Link>
        )}
      </td>
      <td>{formatDate(incident.firstSeenAt, timeZone)}</td>
      <td>{formatDate(incident.raisedAt, timeZone)}</td>
      <td>{formatDate(incident.clearedAt, timeZone)}</td>
    </tr>
  );
}
