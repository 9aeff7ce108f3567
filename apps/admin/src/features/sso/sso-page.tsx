/**
 * « Connexion SSO » (issue 51, part 1; decision 046): the OpenID Connect provider the back-office
 * signs in with — issuer, client, write-only secret, the public address the redirect URI is built
 * from — with « Tester la connexion » (discovery against the saved issuer), and the table from the
 * provider's groups to back-office rights. Admins only: one provider for the whole server, kept on
 * the server, never published to the totems. Rights are recomputed at each sign-in.
 */
import {
  SSO_DEFAULT_GROUPS_CLAIM,
  validateSsoGroupRights,
  validateSsoSettings,
  type AdminDevelopment,
  type SsoGroupRule,
  type SsoSettings,
  type SsoSettingsRequest,
} from '@plant-kiosk/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { CheckboxField, SelectField, TextField } from '../../components/field';
import { Notice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { useResource } from '../../lib/use-resource';

type Result = { ok: boolean; text: string } | null;

interface FormState {
  request: SsoSettingsRequest;
  clearSecret: boolean;
}

const formOf = (settings: SsoSettings): FormState => {
  const {
    hasSecret: _secret,
    redirectUri: _redirect,
    version: _version,
    updatedAt: _updated,
    ...request
  } = settings;
  return { request: { ...request, clientSecret: '' }, clearSecret: false };
};

function requestOf(form: FormState): SsoSettingsRequest {
  const { clientSecret, ...rest } = form.request;
  return {
    ...rest,
    ...(form.clearSecret ? { clientSecret: '' } : clientSecret ? { clientSecret } : {}),
  };
}

export function SsoPage() {
  const settings = useResource(() => call('adminSsoSettings'), 'sso-settings');
  const rights = useResource(() => call('adminSsoGroupRights'), 'sso-group-rights');
  const developments = useResource(() => call('adminDevelopments'), 'developments');
  return (
    <Page title="Connexion SSO">
      <div className="stack">
        <p className="muted">
          Les membres du groupe se connectent au back-office avec leur compte habituel (Entra ID,
          Keycloak, Okta…) par OpenID Connect. Leurs droits viennent de leurs groupes, d’après le
          tableau ci-dessous, recalculés à chaque connexion et revérifiés auprès du fournisseur
          toutes les 15 minutes. Les comptes locaux, dont <code>admin</code>, restent utilisables
          quand le fournisseur ne répond pas.
        </p>
        {settings.loading && !settings.data && <Loading />}
        {settings.error && <LoadError message={settings.error} onRetry={settings.reload} />}
        {settings.data && <SettingsForm settings={settings.data} onSaved={settings.setData} />}
        <section className="card stack" aria-labelledby="sso-rights-title">
          <h2 id="sso-rights-title">Droits par groupe</h2>
          {(rights.loading || developments.loading) && !rights.data && <Loading />}
          {rights.error && <LoadError message={rights.error} onRetry={rights.reload} />}
          {developments.error && (
            <LoadError message={developments.error} onRetry={developments.reload} />
          )}
          {rights.data && developments.data && (
            <RightsTable
              rules={rights.data.rules}
              developments={developments.data}
              onSaved={(rules) => rights.setData({ rules })}
            />
          )}
        </section>
      </div>
    </Page>
  );
}

function SettingsForm({
  settings,
  onSaved,
}: {
  settings: SsoSettings;
  onSaved: (settings: SsoSettings) => void;
}) {
  const [form, setForm] = useState<FormState>(() => formOf(settings));
  const [result, setResult] = useState<Result>(null);
  const [test, setTest] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState(false);
  useEffect(() => setForm(formOf(settings)), [settings]);

  const set = (change: Partial<SsoSettingsRequest>) =>
    setForm((current) => ({ ...current, request: { ...current.request, ...change } }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = requestOf(form);
    const hasSecret = form.clearSecret ? false : Boolean(body.clientSecret) || settings.hasSecret;
    const problem = validateSsoSettings(body, hasSecret);
    if (problem) {
      setResult({ ok: false, text: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const { data, message } = await callWithMessage('adminSaveSsoSettings', { body });
      onSaved(data);
      setResult({ ok: true, text: message || 'Connexion par le compte du groupe enregistrée.' });
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  const runTest = async () => {
    setTesting(true);
    setTest(null);
    try {
      const answer = await call('adminTestSso');
      setTest({ ok: answer.ok, text: answer.result });
    } catch (failure) {
      setTest({ ok: false, text: errorMessage(failure) });
    } finally {
      setTesting(false);
    }
  };

  const { request } = form;
  const secretHint = form.clearSecret
    ? 'Sera effacé à l’enregistrement.'
    : settings.hasSecret
      ? 'Secret enregistré — laisser vide pour le garder, ou saisir le nouveau pour le remplacer.'
      : 'Aucun enregistré.';
  return (
    <form className="card stack" onSubmit={save} aria-labelledby="sso-settings-title">
      <h2 id="sso-settings-title">Fournisseur d’identité</h2>
      {result && (
        <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
      <CheckboxField
        label="Proposer « Se connecter avec … » sur la page de connexion"
        checked={request.enabled}
        onChange={(event) => set({ enabled: event.target.checked })}
      />
      <TextField
        label="Nom affiché"
        hint="Sur le bouton : « Se connecter avec <nom> »."
        placeholder="le compte du groupe"
        value={request.displayName}
        onChange={(event) => set({ displayName: event.target.value })}
      />
      <TextField
        label="Émetteur (issuer)"
        type="url"
        inputMode="url"
        hint="Entra ID : https://login.microsoftonline.com/<locataire>/v2.0 — Keycloak : https://<serveur>/realms/<royaume>"
        value={request.issuer}
        onChange={(event) => set({ issuer: event.target.value })}
      />
      <TextField
        label="Identifiant du client"
        autoComplete="off"
        value={request.clientId}
        onChange={(event) => set({ clientId: event.target.value })}
      />
      <TextField
        label="Secret du client"
        type="password"
        autoComplete="new-password"
        hint={secretHint}
        value={request.clientSecret ?? ''}
        disabled={form.clearSecret}
        onChange={(event) => set({ clientSecret: event.target.value })}
      />
      {settings.hasSecret && (
        <CheckboxField
          label="Effacer le secret du client"
          checked={form.clearSecret}
          onChange={(event) =>
            setForm((current) => ({ ...current, clearSecret: event.target.checked }))
          }
        />
      )}
      <TextField
        label="Revendication des groupes"
        hint={`Le nom du champ du jeton qui porte les groupes (« ${SSO_DEFAULT_GROUPS_CLAIM} » en général).`}
        value={request.groupsClaim}
        onChange={(event) => set({ groupsClaim: event.target.value })}
      />
      <TextField
        label="Portées demandées"
        hint="Séparées par des espaces ; « openid » est obligatoire. Entra ID : ajouter offline_access."
        value={request.scopes}
        onChange={(event) => set({ scopes: event.target.value })}
      />
      <TextField
        label="Adresse publique du back-office"
        type="url"
        inputMode="url"
        placeholder="https://totems.usine.example"
        hint="L’adresse par laquelle les utilisateurs ouvrent le back-office, sans /admin."
        value={request.publicBaseUrl}
        onChange={(event) => set({ publicBaseUrl: event.target.value })}
      />
      <div className="field">
        <span id="sso-redirect-label">Adresse de retour à déclarer chez le fournisseur</span>
        <p aria-labelledby="sso-redirect-label">
          {settings.redirectUri ? (
            <code>{settings.redirectUri}</code>
          ) : (
            <span className="muted">Enregistrez d’abord l’adresse publique.</span>
          )}
        </p>
      </div>
      <div className="inline-actions">
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Enregistrement…' : 'Enregistrer'}
        </button>
        <button
          type="button"
          className="button"
          disabled={testing || settings.issuer === ''}
          onClick={() => void runTest()}
        >
          {testing ? 'Test…' : 'Tester la connexion'}
        </button>
      </div>
      {test && (
        <Notice tone={test.ok ? 'success' : 'error'} onClose={() => setTest(null)}>
          {test.text}
        </Notice>
      )}
    </form>
  );
}

const ROLE_OPTIONS = [
  { value: 'editor', label: 'Éditeur' },
  { value: 'admin', label: 'Administrateur' },
];

function RightsTable({
  rules: saved,
  developments,
  onSaved,
}: {
  rules: SsoGroupRule[];
  developments: AdminDevelopment[];
  onSaved: (rules: SsoGroupRule[]) => void;
}) {
  const [rules, setRules] = useState<SsoGroupRule[]>(saved);
  const [result, setResult] = useState<Result>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setRules(saved), [saved]);

  const change = (index: number, update: Partial<SsoGroupRule>) =>
    setRules((current) => current.map((rule, i) => (i === index ? { ...rule, ...update } : rule)));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const body = { rules: rules.map((rule) => ({ ...rule, group: rule.group.trim() })) };
    const problem = validateSsoGroupRights(body);
    if (problem) {
      setResult({ ok: false, text: problem });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      const { data, message } = await callWithMessage('adminSaveSsoGroupRights', { body });
      onSaved(data.rules);
      setResult({ ok: true, text: message || 'Correspondance des groupes enregistrée.' });
    } catch (failure) {
      setResult({ ok: false, text: errorMessage(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack" onSubmit={save} aria-label="Droits par groupe">
      <p className="muted">
        Un utilisateur reçoit les droits de tous ses groupes listés ici (administrateur l’emporte,
        les développements s’ajoutent). Sans aucun groupe listé, il ne peut pas se connecter.
      </p>
      {result && (
        <Notice tone={result.ok ? 'success' : 'error'} onClose={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
      {rules.length === 0 && <p className="muted">Aucun groupe pour l’instant.</p>}
      {rules.map((rule, index) => (
        <fieldset key={index} className="card stack">
          <legend>{rule.group.trim() === '' ? `Groupe ${index + 1}` : rule.group}</legend>
          <TextField
            label="Nom du groupe"
            hint="Tel que le fournisseur l’envoie (Entra ID : l’identifiant d’objet du groupe)."
            value={rule.group}
            onChange={(event) => change(index, { group: event.target.value })}
          />
          <SelectField
            label="Rôle"
            value={rule.role}
            options={ROLE_OPTIONS}
            onChange={(event) =>
              change(index, {
                role: event.target.value as SsoGroupRule['role'],
                ...(event.target.value === 'admin' ? { developments: 'all' } : {}),
              })
            }
          />
          {rule.role === 'editor' && (
            <fieldset className="stack">
              <legend>Développements</legend>
              <CheckboxField
                label="Tous les développements"
                checked={rule.developments === 'all'}
                onChange={(event) =>
                  change(index, { developments: event.target.checked ? 'all' : [] })
                }
              />
              {rule.developments !== 'all' &&
                developments.map((development) => {
                  const list = rule.developments === 'all' ? [] : rule.developments;
                  return (
                    <CheckboxField
                      key={development.devid}
                      label={development.devname}
                      checked={list.includes(development.devid)}
                      onChange={(event) =>
                        change(index, {
                          developments: event.target.checked
                            ? [...list, development.devid]
                            : list.filter((devid) => devid !== development.devid),
                        })
                      }
                    />
                  );
                })}
            </fieldset>
          )}
          {rule.role === 'editor' && (
            <>
              <CheckboxField
                label="Peut publier"
                checked={rule.canPublish}
                onChange={(event) => change(index, { canPublish: event.target.checked })}
              />
              <CheckboxField
                label="Peut déclencher une alerte"
                checked={rule.canAlert}
                onChange={(event) => change(index, { canAlert: event.target.checked })}
              />
            </>
          )}
          <div>
            <button
              type="button"
              className="button"
              onClick={() => setRules((current) => current.filter((_, i) => i !== index))}
            >
              Retirer ce groupe
            </button>
          </div>
        </fieldset>
      ))}
      <div className="inline-actions">
        <button
          type="button"
          className="button"
          onClick={() =>
            setRules((current) => [
              ...current,
              { group: '', role: 'editor', developments: [], canPublish: false, canAlert: false },
            ])
          }
        >
          Ajouter un groupe
        </button>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Enregistrement…' : 'Enregistrer les droits'}
        </button>
      </div>
    </form>
  );
}
