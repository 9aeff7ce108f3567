/**
 * « Notifications » (issue 48, part 2; decision 042): where the server sends its health messages
 * and four-eyes publishing's notices (decision 048) — a signed webhook and e-mail through the
 * plant's SMTP relay — with « Envoyer un test » per channel and the latest deliveries. Admins only: one set of settings for the whole server, never
 * published to the totems. Secrets are write-only: the page shows whether one is saved, never its
 * value; an empty field keeps it, « Effacer » removes it.
 */
import {
  EMAIL_SECURITIES,
  NOTIFICATION_DELIVERY_STATE_LABELS,
  validateNotificationSettings,
  type EmailSecurity,
  type NotificationChannel,
  type NotificationDelivery,
  type NotificationSettings,
  type NotificationSettingsRequest,
} from '@plant-kiosk/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { useResource } from '../../lib/use-resource';
import './notifications.css';

const SECURITY_OPTIONS: Record<EmailSecurity, string> = {
  starttls: 'STARTTLS (port 587 en général)',
  tls: 'TLS dès la connexion (port 465 en général)',
  none: 'Aucun chiffrement (relais interne, port 25)',
};

const CHANNEL_LABELS: Record<NotificationChannel, string> = { webhook: 'Webhook', email: 'E-mail' };
const EVENT_LABELS: Record<NotificationDelivery['event'], string> = {
  'health.raised': 'Incident',
  'health.cleared': 'Rétabli',
  'publication.requested': 'Demande de publication',
  'publication.approved': 'Publication approuvée',
  'publication.refused': 'Demande refusée',
  'publication.bypass': 'Publié sans approbation',
  test: 'Test',
};

const STATE_BADGES: Record<NotificationDelivery['state'], string> = {
  pending: 'badge-muted',
  delivered: 'badge-ok',
  retrying: 'badge-warn',
  failed: 'badge-flag',
};

/** The form's state: the saved settings as a request, plus the secrets typed (or cleared). */
interface FormState {
  request: NotificationSettingsRequest;
  /** The recipients as typed, one per line or separated by commas. */
  to: string;
  clearSecret: boolean;
  clearPassword: boolean;
}

const formOf = (settings: NotificationSettings): FormState => {
  const { hasSecret: _secret, ...webhook } = settings.webhook;
  const { hasPassword: _password, ...email } = settings.email;
  return {
    request: { webhook: { ...webhook, secret: '' }, email: { ...email, password: '' } },
    to: settings.email.to.join('\n'),
    clearSecret: false,
    clearPassword: false,
  };
};

/** What is sent: a secret only when typed or cleared. */
function requestOf(form: FormState): NotificationSettingsRequest {
  const { secret, ...webhook } = form.request.webhook;
  const { password, ...email } = form.request.email;
  const to = form.to
    .split(/[\n,;]/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  return {
    webhook: {
      ...webhook,
      ...(form.clearSecret ? { secret: '' } : secret ? { secret } : {}),
    },
    email: {
      ...email,
      to,
      ...(form.clearPassword ? { password: '' } : password ? { password } : {}),
    },
  };
}

const formatTime = (iso: string | null) =>
  iso
    ? new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'medium' }).format(
        new Date(iso),
      )
    : '—';

export function NotificationsPage() {
  const settings = useResource(() => call('adminNotificationSettings'), 'notification-settings');
  const deliveries = useResource(
    () => call('adminNotificationDeliveries', { query: { limit: 20 } }),
    'notification-deliveries',
  );

  return (
    <Page title="Notifications">
      <div className="stack">
        <p className="muted">
          Quand un totem va mal, puis quand c’est rétabli, le serveur prévient l’informatique de
          l’usine ici : par un webhook signé et par e-mail via le relais SMTP. Avec la double
          validation, il y dit aussi les demandes de publication, leur approbation ou leur refus, et
          chaque publication sans approbation. Ces réglages valent pour tout le serveur ; ils
          restent sur le serveur et ne sont jamais publiés sur les totems.
        </p>
        {settings.loading && !settings.data && <Loading />}
        {settings.error && <LoadError message={settings.error} onRetry={settings.reload} />}
        {settings.data && (
          <SettingsForm
            settings={settings.data}
            onSaved={settings.setData}
            onSent={deliveries.reload}
          />
        )}
        <section className="card stack" aria-labelledby="notification-deliveries-title">
          <div className="notification-heading">
            <h2 id="notification-deliveries-title">Derniers envois</h2>
            <button type="button" className="button" onClick={deliveries.reload}>
              Actualiser
            </button>
          </div>
          {deliveries.loading && !deliveries.data && <Loading />}
          {deliveries.error && <LoadError message={deliveries.error} onRetry={deliveries.reload} />}
          {deliveries.data && <Deliveries list={deliveries.data} />}
        </section>
      </div>
    </Page>
  );
}

function SettingsForm({
  settings,
  onSaved,
  onSent,
}: {
  settings: NotificationSettings;
  onSaved: (settings: NotificationSettings) => void;
  onSent: () => void;
}) {
  const [form, setForm] = useState<FormState>(() => formOf(settings));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setForm(formOf(settings)), [settings]);

  const setWebhook = (change: Partial<NotificationSettingsRequest['webhook']>) =>
    setForm((current) => ({
      ...current,
      request: { ...current.request, webhook: { ...current.request.webhook, ...change } },
    }));
  const setEmail = (change: Partial<NotificationSettingsRequest['email']>) =>
    setForm((current) => ({
      ...current,
      request: { ...current.request, email: { ...current.request.email, ...change } },
    }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = requestOf(form);
    const problem = validateNotificationSettings(body);
    if (problem) {
      setResult({ ok: false, text: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const { data, message } = await callWithMessage('adminSaveNotificationSettings', { body });
      onSaved(data);
      setResult({ ok: true, text: message || 'Notifications enregistrées.' });
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  const { webhook, email } = form.request;
  return (
    <form className="stack" onSubmit={save} aria-label="Réglages des notifications">
      {result && (
        <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
      <div className="notification-channels">
        <section className="card stack" aria-labelledby="notification-webhook-title">
          <h2 id="notification-webhook-title">Webhook</h2>
          <p className="muted">
            Un POST JSON signé (HMAC-SHA256, en-tête <code>x-plant-kiosk-signature</code>) à chaque
            incident et à chaque rétablissement ; réessayé après 30 s, 2 min, 10 min, 1 h et 6 h.
          </p>
          <CheckboxField
            label="Envoyer les messages au webhook"
            checked={webhook.enabled}
            onChange={(event) => setWebhook({ enabled: event.target.checked })}
          />
          <TextField
            label="Adresse"
            type="url"
            inputMode="url"
            placeholder="https://supervision.usine.example/hooks/totems"
            value={webhook.url}
            onChange={(event) => setWebhook({ url: event.target.value })}
          />
          <SecretField
            label="Secret partagé"
            saved={settings.webhook.hasSecret}
            value={webhook.secret ?? ''}
            cleared={form.clearSecret}
            onChange={(secret) => setWebhook({ secret })}
            onClear={(clearSecret) => setForm((current) => ({ ...current, clearSecret }))}
          />
          <TestButton channel="webhook" saved={settings.webhook.url !== ''} onSent={onSent} />
        </section>

        <section className="card stack" aria-labelledby="notification-email-title">
          <h2 id="notification-email-title">E-mail</h2>
          <p className="muted">Par le relais SMTP de l’usine, en français.</p>
          <CheckboxField
            label="Envoyer les messages par e-mail"
            checked={email.enabled}
            onChange={(event) => setEmail({ enabled: event.target.checked })}
          />
          <div className="notification-row">
            <TextField
              label="Serveur SMTP"
              placeholder="relais.usine.example"
              value={email.host}
              onChange={(event) => setEmail({ host: event.target.value })}
            />
            <TextField
              label="Port"
              type="number"
              inputMode="numeric"
              min={1}
              max={65535}
              value={Number.isNaN(email.port) ? '' : email.port}
              onChange={(event) => setEmail({ port: Number.parseInt(event.target.value, 10) })}
            />
          </div>
          <SelectField
            label="Chiffrement"
            value={email.security}
            options={EMAIL_SECURITIES.map((value) => ({ value, label: SECURITY_OPTIONS[value] }))}
            onChange={(event) => setEmail({ security: event.target.value as EmailSecurity })}
          />
          <div className="notification-row notification-row-even">
            <TextField
              label="Identifiant"
              hint="Vide si le relais n’en demande pas."
              autoComplete="off"
              value={email.user}
              onChange={(event) => setEmail({ user: event.target.value })}
            />
            <SecretField
              label="Mot de passe"
              saved={settings.email.hasPassword}
              value={email.password ?? ''}
              cleared={form.clearPassword}
              onChange={(password) => setEmail({ password })}
              onClear={(clearPassword) => setForm((current) => ({ ...current, clearPassword }))}
            />
          </div>
          <TextField
            label="Expéditeur"
            type="email"
            placeholder="totems@usine.example"
            value={email.from}
            onChange={(event) => setEmail({ from: event.target.value })}
          />
          <div className="field">
            <label htmlFor="notification-to">Destinataires</label>
            <textarea
              id="notification-to"
              rows={3}
              aria-describedby="notification-to-hint"
              placeholder="informatique@usine.example"
              value={form.to}
              onChange={(event) => setForm((current) => ({ ...current, to: event.target.value }))}
            />
            <p id="notification-to-hint" className="field-hint">
              Une adresse par ligne.
            </p>
          </div>
          <TestButton
            channel="email"
            saved={settings.email.host !== '' && settings.email.to.length > 0}
            onSent={onSent}
          />
        </section>
      </div>
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Enregistrement…' : 'Enregistrer'}
        </button>
      </div>
    </form>
  );
}

/** A write-only secret: empty keeps the saved one; « Effacer » removes it at the next save. */
function SecretField({
  label,
  saved,
  value,
  cleared,
  onChange,
  onClear,
}: {
  label: string;
  saved: boolean;
  value: string;
  cleared: boolean;
  onChange: (value: string) => void;
  onClear: (cleared: boolean) => void;
}) {
  const hint = cleared
    ? 'Sera effacé à l’enregistrement.'
    : saved
      ? 'Secret enregistré — laisser vide pour le garder.'
      : 'Aucun enregistré.';
  return (
    <div className="notification-secret">
      <TextField
        label={label}
        type="password"
        autoComplete="new-password"
        hint={hint}
        value={value}
        disabled={cleared}
        onChange={(event) => onChange(event.target.value)}
      />
      {saved && (
        <CheckboxField
          label={`Effacer : ${label.toLowerCase()}`}
          checked={cleared}
          onChange={(event) => onClear(event.target.checked)}
        />
      )}
    </div>
  );
}

function TestButton({
  channel,
  saved,
  onSent,
}: {
  channel: NotificationChannel;
  saved: boolean;
  onSent: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const send = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await call('adminTestNotification', { body: { channel } });
      setResult({
        ok: answer.ok,
        text: answer.ok ? `Test remis : ${answer.result}` : `Échec du test : ${answer.result}`,
      });
      onSent();
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      <div>
        <button
          type="button"
          className="button"
          disabled={busy || !saved}
          onClick={() => void send()}
          aria-describedby={saved ? undefined : `notification-test-${channel}-hint`}
        >
          {busy ? 'Envoi…' : 'Envoyer un test'}
        </button>
        {!saved && (
          <p id={`notification-test-${channel}-hint`} className="field-hint">
            Enregistrez d’abord les réglages de ce canal.
          </p>
        )}
      </div>
      {result && (
        <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
    </div>
  );
}

function Deliveries({ list }: { list: NotificationDelivery[] }) {
  if (list.length === 0) return <p className="muted">Aucun message envoyé pour l’instant.</p>;
  return (
    <div className="table-scroll">
      <table className="table table-compact notification-deliveries">
        <thead>
          <tr>
            <th scope="col">Créé le</th>
            <th scope="col">Canal</th>
            <th scope="col">Message</th>
            <th scope="col">État</th>
            <th scope="col">Essais</th>
            <th scope="col">Dernière réponse</th>
            <th scope="col">Prochain essai</th>
          </tr>
        </thead>
        <tbody>
          {list.map((delivery) => (
            <tr key={delivery.deliveryId}>
              <td>{formatTime(delivery.createdAt)}</td>
              <td>{CHANNEL_LABELS[delivery.channel]}</td>
              <td>
                <span className="notification-event">{EVENT_LABELS[delivery.event]}</span>{' '}
                {delivery.subject}
              </td>
              <td>
                <span className={`badge ${STATE_BADGES[delivery.state]}`}>
                  {NOTIFICATION_DELIVERY_STATE_LABELS[delivery.state]}
                </span>
              </td>
              <td>{delivery.attempts}</td>
              <td>{delivery.lastResult ?? '—'}</td>
              <td>{formatTime(delivery.nextAttemptAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
