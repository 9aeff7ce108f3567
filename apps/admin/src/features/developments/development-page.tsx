/**
 * Kiosk accounts of one development: the logins totems use to connect. Create one, change a
 * password, and revoke every token at once (a stolen totem, a leaked password).
 */
import {
  CreateKioskAccountRequest,
  ResetKioskPasswordRequest,
  type KioskAccount,
} from '@plant-kiosk/contract';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ConfirmDialog, Dialog } from '../../components/dialog';
import { TextField } from '../../components/field';
import { FormCard } from '../../components/form-scaffold';
import { FeedbackNotice } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { validate } from '../../lib/api/validate';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { useCreateForm } from '../../lib/use-create-form';
import { useDevelopments } from '../../lib/use-developments';
import { useResource } from '../../lib/use-resource';
import { FourEyesSection } from '../revisions';

const HINTS = { login: 'L’identifiant ne doit ni commencer ni finir par une espace.' };

export function DevelopmentPage() {
  const devid = Number(useParams().devid);
  const { timeZone } = usePlantZone(devid);
  const developments = useDevelopments();
  const accounts = useResource(
    () => call('adminAccounts', { params: { devid } }),
    `accounts-${devid}`,
  );
  const development = developments.data?.find((d) => d.devid === devid);
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const { errors, feedback, setFeedback, submit } = useCreateForm();
  const [resetting, setResetting] = useState<KioskAccount | null>(null);
  const [newPassword, setNewPassword] = useState('');
  const [resetError, setResetError] = useState<string | undefined>();
  const [revoking, setRevoking] = useState(false);

  const create = async () => {
    const body = { login: login.trim(), password };
    await submit({
      schema: CreateKioskAccountRequest,
      body,
      hints: HINTS,
      send: (valid) => callWithMessage('adminCreateAccount', { params: { devid }, body: valid }),
      onCreated: (data) => {
        accounts.setData((list) => [...(list ?? []), data]);
        setLogin('');
        setPassword('');
      },
      success: 'Compte créé.',
    });
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    if (!resetting) return;
    const found = validate(ResetKioskPasswordRequest, { password: newPassword });
    setResetError(found.password);
    if (found.password) return;
    try {
      const { message } = await callWithMessage('adminAccountPassword', {
        params: { devid, accountid: resetting.accountid },
        body: { password: newPassword },
      });
      setFeedback({ tone: 'success', text: message || 'Mot de passe changé.' });
      setResetting(null);
      setNewPassword('');
    } catch (failure) {
      setResetError(errorMessage(failure));
    }
  };

  const revoke = async () => {
    try {
      const { message } = await callWithMessage('adminRevokeTokens', { params: { devid } });
      setFeedback({ tone: 'success', text: message || 'Jetons révoqués.' });
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
    } finally {
      setRevoking(false);
    }
  };

  return (
    <Page
      title={`Comptes des totems${development ? ` — ${development.devname}` : ''}`}
      actions={
        <Link className="button" to="/developpements">
          ← Tous les développements
        </Link>
      }
    >
      <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      {accounts.loading && !accounts.data && <Loading />}
      {accounts.error && <LoadError message={accounts.error} onRetry={accounts.reload} />}
      {accounts.data && (
        <div className="card">
          {accounts.data.length === 0 ? (
            <p className="muted">Aucun compte : créez-en un pour connecter les totems.</p>
          ) : (
            <table className="table table-stack">
              <caption className="visually-hidden">Comptes des totems</caption>
              <thead>
                <tr>
                  <th scope="col">Identifiant</th>
                  <th scope="col">Créé le</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {accounts.data.map((account) => (
                  <tr key={account.accountid}>
                    <td data-label="Identifiant">
                      <strong>{account.login}</strong>
                    </td>
                    <td data-label="Créé le">{formatDate(account.createdAt, timeZone)}</td>
                    <td className="cell-actions">
                      <button
                        type="button"
                        className="button button-small"
                        onClick={() => {
                          setResetting(account);
                          setResetError(undefined);
                        }}
                      >
                        Changer le mot de passe
                        <span className="visually-hidden"> de {account.login}</span>
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
      <FormCard
        title="Nouveau compte de totem"
        layout="inline"
        onSubmit={create}
        submitLabel="Créer le compte"
      >
        <TextField
          label="Identifiant"
          value={login}
          autoComplete="off"
          onChange={(event) => setLogin(event.target.value)}
          error={errors.login}
        />
        <TextField
          label="Mot de passe"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={errors.password}
          hint="8 caractères au moins."
        />
      </FormCard>
      <FourEyesSection devid={devid} />
      <section className="card card-danger" aria-labelledby="revoke-title">
        <h2 id="revoke-title">Déconnecter tous les totems</h2>
        <p>
          Révoque les jetons de tous les totems de ce développement : chacun devra se reconnecter
          avec un identifiant et un mot de passe. À utiliser après un vol ou une fuite de mot de
          passe.
        </p>
        <button type="button" className="button button-danger" onClick={() => setRevoking(true)}>
          Révoquer tous les jetons…
        </button>
      </section>
      {revoking && (
        <ConfirmDialog
          title="Révoquer tous les jetons ?"
          confirmLabel="Révoquer tous les jetons"
          onCancel={() => setRevoking(false)}
          onConfirm={() => void revoke()}
        >
          <p>
            Tous les totems de {development?.devname ?? 'ce développement'} seront déconnectés et
            afficheront l’écran de connexion jusqu’à ce que quelqu’un les reconnecte.
          </p>
        </ConfirmDialog>
      )}
      {resetting && (
        <Dialog
          title={`Nouveau mot de passe de « ${resetting.login} »`}
          onCancel={() => setResetting(null)}
          actions={
            <>
              <button type="button" className="button" onClick={() => setResetting(null)}>
                Annuler
              </button>
              <button type="submit" form="reset-form" className="button button-primary">
                Changer le mot de passe
              </button>
            </>
          }
        >
          <form id="reset-form" onSubmit={reset} noValidate>
            <TextField
              label="Nouveau mot de passe"
              type="password"
              autoComplete="new-password"
              value={newPassword}
              onChange={(event) => setNewPassword(event.target.value)}
              error={resetError}
              hint="Les totems déjà connectés le restent : révoquez leurs jetons si besoin."
            />
          </form>
        </Dialog>
      )}
    </Page>
  );
}
