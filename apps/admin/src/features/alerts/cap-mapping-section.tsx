/**
 * « Messages CAP (systèmes du bâtiment) » on the alert templates page (issue 50): the rules from a
 * CAP 1.2 `eventCode` or `event` — what a fire panel or a building management system sends to
 * the CAP call (route `alertCap`) — to the template the totems show. Saved on the server and in effect
 * for the next message, without a publish; only admins edit them (the building systems'
 * integration), the development's editors read them (what a panel will show concerns them too).
 *
 * The table is the whole list, saved at once with the `updatedAt` it was read with: when another
 * admin saved since, the server answers 409 with the rules as they are, shown instead of silently
 * overwriting theirs. Whether a rule's template is published comes from the server's answer: a
 * rule to a template not published yet matches nothing until the publish.
 */
import {
  pathOf,
  type AdminAlertTemplate,
  type CapMapping,
  type CapMappingRule,
} from '@plant-kiosk/contract';
import { useState } from 'react';
import { FeedbackNotice, Notice, type Feedback } from '../../components/notice';
import { LoadError, Loading } from '../../components/page';
import { ApiError, call, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { useOptionalUser } from '../../lib/session/session-context';
import { useResource } from '../../lib/use-resource';
import './cap-mapping.css';

const MATCH_LABELS: Record<CapMappingRule['match'], string> = {
  eventCode: 'Code d’événement',
  event: 'Événement',
};

/** A row of the form: the rule's fields as typed, and a key that survives removals above it. */
interface Row {
  key: number;
  match: CapMappingRule['match'];
  valueName: string;
  value: string;
  /** '' until a template is chosen. */
  templateid: string;
}

let nextKey = 0;
const toRows = (mapping: CapMapping): Row[] =>
  mapping.rules.map((rule) => ({
    key: ++nextKey,
    match: rule.match,
    valueName: rule.valueName ?? '',
    value: rule.value,
    templateid: String(rule.templateid),
  }));

/** The rules to send, or the French sentence of the first row the server would refuse anyway. */
function readRows(rows: readonly Row[]): { rules: CapMappingRule[] } | { error: string } {
  const rules: CapMappingRule[] = [];
  for (const [index, row] of rows.entries()) {
    const position = `Règle ${index + 1}`;
    if (row.value.trim() === '')
      return {
        error: `${position} : indiquez ${row.match === 'event' ? 'l’événement' : 'la valeur du code'}.`,
      };
    if (row.templateid === '') return { error: `${position} : choisissez un modèle d’alerte.` };
    const valueName = row.valueName.trim();
    rules.push({
      match: row.match,
      ...(row.match === 'eventCode' && valueName !== '' ? { valueName } : {}),
      value: row.value.trim(),
      templateid: Number(row.templateid),
    });
  }
  return { rules };
}

export function CapMappingSection({
  devid,
  templates,
}: {
  devid: number;
  templates: readonly AdminAlertTemplate[];
}) {
  const resource = useResource(
    () => call('adminCapMapping', { params: { devid } }),
    `cap-mapping-${devid}`,
  );
  const mapping = resource.data;
  // Here, not in the form: the form is made again from each saved answer (keyed by updatedAt).
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  return (
    <section className="card cap-mapping" aria-labelledby="cap-mapping-title">
      <h2 id="cap-mapping-title">Messages CAP (systèmes du bâtiment)</h2>
      <CapExplanation devid={devid} />
      {resource.loading && !mapping && <Loading label="Chargement des règles CAP…" />}
      {resource.error && <LoadError message={resource.error} onRetry={resource.reload} />}
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      {mapping && (
        <CapMappingForm
          key={mapping.updatedAt ?? 'never'}
          devid={devid}
          templates={templates}
          mapping={mapping}
          onSaved={resource.setData}
          onFeedback={setFeedback}
        />
      )}
    </section>
  );
}

function CapExplanation({ devid }: { devid: number }) {
  return (
    <>
      <p>
        Une centrale incendie, une GTB ou une plateforme de notification de masse peut envoyer ses
        alertes au format CAP 1.2 à l’adresse{' '}
        <code data-testid="cap-url">{pathOf('alertCap', { params: { devid } })}</code> (avec le
        jeton d’alerte). Le modèle montré par les totems est choisi dans cet ordre :
      </p>
      <ol className="cap-mapping-order">
        <li>
          les règles « Code d’événement » (<code>eventCode</code>), de haut en bas ;
        </li>
        <li>
          les règles « Événement » (<code>event</code>, sans tenir compte des majuscules) ;
        </li>
        <li>le modèle publié qui porte le nom de l’événement ;</li>
        <li>
          sinon « Message libre », avec le titre, la description et les consignes du message CAP.
        </li>
      </ol>
      <p className="muted small">
        Les règles s’appliquent dès le prochain message, sans publication ; une règle dont le modèle
        n’est pas encore publié ne s’applique qu’après la publication.
      </p>
    </>
  );
}

function CapMappingForm({
  devid,
  templates,
  mapping,
  onSaved,
  onFeedback: setFeedback,
}: {
  devid: number;
  templates: readonly AdminAlertTemplate[];
  mapping: CapMapping;
  onSaved: (mapping: CapMapping) => void;
  onFeedback: (feedback: Feedback | null) => void;
}) {
  const admin = useOptionalUser()?.role === 'admin';
  const { timeZone } = usePlantZone(devid);
  const [rows, setRows] = useState<Row[]>(() => toRows(mapping));
  const [busy, setBusy] = useState(false);

  // Publication as the server last said it, by template (rules added since: not known yet).
  const published = new Map(mapping.rules.map((rule) => [rule.templateid, rule.published]));
  const nameOf = (templateid: number) =>
    templates.find((template) => template.templateid === templateid)?.name ??
    mapping.rules.find((rule) => rule.templateid === templateid)?.templateName ??
    null;

  const change = (key: number, patch: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const save = async () => {
    const read = readRows(rows);
    if ('error' in read) {
      setFeedback({ tone: 'error', text: read.error });
      return;
    }
    setBusy(true);
    try {
      const { data, message } = await callWithMessage('adminUpdateCapMapping', {
        params: { devid },
        body: { rules: read.rules, expectedUpdatedAt: mapping.updatedAt },
      });
      onSaved(data);
      setFeedback({ tone: 'success', text: message });
    } catch (error) {
      if (error instanceof ApiError && error.isConflict) {
        onSaved(error.data as CapMapping);
        setFeedback({ tone: 'error', text: error.message });
      } else {
        setFeedback({ tone: 'error', text: errorMessage(error) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {!admin && (
        <p className="muted small">
          Seuls les administrateurs modifient ces règles : demandez-leur un changement.
        </p>
      )}
      {rows.length === 0 ? (
        <p data-testid="cap-mapping-empty">
          Aucune règle : un message CAP montre le modèle nommé comme son événement, sinon « Message
          libre ».
        </p>
      ) : (
        <table className="table table-compact table-stack cap-mapping-table">
          <caption className="visually-hidden">Règles des messages CAP</caption>
          <thead>
            <tr>
              <th scope="col">Type</th>
              <th scope="col">valueName (codes)</th>
              <th scope="col">Valeur</th>
              <th scope="col">Modèle d’alerte</th>
              {admin && (
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const n = index + 1;
              const templateid = row.templateid === '' ? null : Number(row.templateid);
              const isPublished = templateid === null ? undefined : published.get(templateid);
              const stale =
                templateid !== null &&
                !templates.some((template) => template.templateid === templateid);
              const status =
                templateid === null ? null : stale ? (
                  <span className="badge badge-warn">Modèle supprimé</span>
                ) : isPublished === false ? (
                  <span className="badge badge-warn">
                    Non publié : s’applique après publication
                  </span>
                ) : null;
              return (
                <tr key={row.key} data-testid="cap-rule">
                  <td data-label="Type">
                    {admin ? (
                      <select
                        aria-label={`Type de la règle ${n}`}
                        value={row.match}
                        onChange={(event) =>
                          change(row.key, {
                            match: event.target.value as CapMappingRule['match'],
                          })
                        }
                      >
                        <option value="eventCode">{MATCH_LABELS.eventCode}</option>
                        <option value="event">{MATCH_LABELS.event}</option>
                      </select>
                    ) : (
                      MATCH_LABELS[row.match]
                    )}
                  </td>
                  <td data-label="valueName">
                    {row.match === 'event' ? (
                      <span className="muted" aria-label="sans objet">
                        —
                      </span>
                    ) : admin ? (
                      <input
                        aria-label={`valueName de la règle ${n} (vide : tout valueName)`}
                        placeholder="tout valueName"
                        value={row.valueName}
                        maxLength={200}
                        onChange={(event) => change(row.key, { valueName: event.target.value })}
                      />
                    ) : (
                      row.valueName || <span className="muted">tout valueName</span>
                    )}
                  </td>
                  <td data-label="Valeur">
                    {admin ? (
                      <input
                        aria-label={`${row.match === 'event' ? 'Événement' : 'Valeur du code'} de la règle ${n}`}
                        value={row.value}
                        maxLength={200}
                        onChange={(event) => change(row.key, { value: event.target.value })}
                      />
                    ) : (
                      row.value
                    )}
                  </td>
                  <td data-label="Modèle d’alerte">
                    {admin ? (
                      <select
                        aria-label={`Modèle d’alerte de la règle ${n}`}
                        value={row.templateid}
                        onChange={(event) => change(row.key, { templateid: event.target.value })}
                      >
                        <option value="">Choisir un modèle…</option>
                        {stale && (
                          <option value={row.templateid}>
                            {nameOf(templateid) ?? `Modèle n° ${row.templateid}`} (supprimé)
                          </option>
                        )}
                        {templates.map((template) => (
                          <option key={template.templateid} value={String(template.templateid)}>
                            {template.name}
                          </option>
                        ))}
                      </select>
                    ) : (
                      (templateid !== null && nameOf(templateid)) || `n° ${row.templateid}`
                    )}{' '}
                    {status}
                  </td>
                  {admin && (
                    <td data-label="Actions">
                      <button
                        type="button"
                        className="button"
                        aria-label={`Retirer la règle ${n}`}
                        onClick={() =>
                          setRows((current) => current.filter((other) => other.key !== row.key))
                        }
                      >
                        Retirer
                      </button>
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {admin && templates.length === 0 && (
        <Notice tone="info">
          Créez d’abord un modèle d’alerte pour pouvoir y associer une règle.
        </Notice>
      )}
      {admin && (
        <div className="cap-mapping-actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() =>
              setRows((current) => [
                ...current,
                { key: ++nextKey, match: 'eventCode', valueName: '', value: '', templateid: '' },
              ])
            }
          >
            Ajouter une règle
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={() => void save()}
          >
            {busy ? 'Enregistrement…' : 'Enregistrer'}
          </button>
        </div>
      )}
      <p className="muted small" data-testid="cap-mapping-updated">
        {mapping.updatedAt
          ? `Dernière modification : ${formatDate(mapping.updatedAt, timeZone)}${mapping.updatedBy ? ` par ${mapping.updatedBy}` : ''}.`
          : 'Jamais modifiées.'}
      </p>
    </>
  );
}
