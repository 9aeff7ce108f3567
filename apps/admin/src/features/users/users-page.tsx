/**
 * Back-office users: create an editor or an admin, choose an editor's developments, disable an
 * account (which also ends its open sessions). Admins only.
 */
import {
  CreateAdminUserRequest,
  type AdminRole,
  type AdminUser,
  type UpdateAdminUserRequest,
} from '@plant-kiosk/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/dialog';
import { SelectField, TextField } from '../../components/field';
import { FormCard } from '../../components/form-scaffold';
import { FeedbackNotice, type Feedback } from '../../components/notice';
import { LoadError, Loading, Page } from '../../components/page';
import { call, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { FALLBACK_PLANT_ZONE } from '../../lib/plant-zone';
import { useUser } from '../../lib/session/session-context';
import { useCreateForm } from '../../lib/use-create-form';
import { useDevelopments } from '../../lib/use-developments';
import { useResource } from '../../lib/use-resource';

const HINTS = {
  username:
    'Minuscules sans accent, chiffres et « . _ @ - » seulement, en commençant par une lettre ou un chiffre.',
};

function DevelopmentChecks({
  legend,
  selected,
  onChange,
}: {
  legend: string;
  selected: number[];
  onChange: (devids: number[]) => void;
}) {
  const developments = useDevelopments();
  return (
    <fieldset className="checks">
      <legend>{legend}</legend>
      {(developments.data ?? []).map((development) => (
        <label key={development.devid}>
          <input
            type="checkbox"
            checked={selected.includes(development.devid)}
            onChange={(event) =>
              onChange(
                event.target.checked
                  ? [...selected, development.devid]
                  : selected.filter((id) => id !== development.devid),
              )
            }
          />{' '}
          {development.devname}
        </label>
      ))}
    </fieldset>
  );
}

/** One right of a user (publish, alert): admins hold them all; others get a checkbox. */
function RightToggle({
  user,
  granted,
  what,
  onToggle,
}: {
  user: AdminUser;
  granted: boolean;
  /** What the right allows, for a screen reader: "peut publier…". */
  what: string;
  onToggle: (granted: boolean) => void;
}) {
  if (user.role === 'admin') return <>Oui</>;
  return (
    <label className="checkbox">
      <input
        type="checkbox"
        checked={granted}
        onChange={(event) => onToggle(event.target.checked)}
      />
      <span>
        {granted ? 'Oui' : 'Non'}
        <span className="visually-hidden">
          {' '}
          : {user.username} {what}
        </span>
      </span>
    </label>
  );
}

function UserRow({ user, onChange }: { user: AdminUser; onChange: (user: AdminUser) => void }) {
  const me = useUser();
  const developments = useDevelopments();
  const [editing, setEditing] = useState(false);
  const [devids, setDevids] = useState(user.devids);
  const [confirm, setConfirm] = useState(false);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const names = (developments.data ?? [])
    .filter((d) => user.devids.includes(d.devid))
    .map((d) => d.devname);

  const update = async (body: UpdateAdminUserRequest) => {
    try {
      onChange(await call('adminUpdateUser', { params: { userid: user.userid }, body }));
      setFeedback({ tone: 'success', text: 'Enregistré.' });
      setEditing(false);
    } catch (failure) {
      setFeedback({ tone: 'error', text: errorMessage(failure) });
    }
  };

  return (
    <tr className={user.disabled ? 'row-muted' : undefined}>
      <td data-label="Utilisateur">
        <strong>{user.username}</strong>
        {user.disabled && <span className="badge badge-muted">désactivé</span>}
        <FeedbackNotice feedback={feedback} onClose={() => setFeedback(null)} />
      </td>
      <td data-label="Rôle">{user.role === 'admin' ? 'Administrateur' : 'Éditeur'}</td>
      <td data-label="Développements">
        {user.role === 'admin' ? (
          'Tous'
        ) : editing ? (
          <div className="stack">
            <DevelopmentChecks
              legend={`Développements de ${user.username}`}
              selected={devids}
              onChange={setDevids}
            />
            <div className="inline-actions">
              <button
                type="button"
                className="button button-small button-primary"
                onClick={() => void update({ devids })}
              >
                Enregistrer
              </button>
              <button
                type="button"
                className="button button-small"
                onClick={() => setEditing(false)}
              >
                Annuler
              </button>
            </div>
          </div>
        ) : (
          <>
            {names.join(', ') || 'Aucun'}{' '}
            <button type="button" className="button-link" onClick={() => setEditing(true)}>
              Modifier
              <span className="visually-hidden"> les développements de {user.username}</span>
            </button>
          </>
        )}
      </td>
      <td data-label="Peut publier">
        <RightToggle
          user={user}
          granted={user.canPublish}
          what="peut publier, revenir à une version et annuler des modifications"
          onToggle={(canPublish) => void update({ canPublish })}
        />
      </td>
      <td data-label="Peut déclencher une alerte">
        <RightToggle
          user={user}
          granted={user.canAlert}
          what="peut déclencher et terminer une alerte"
          onToggle={(canAlert) => void update({ canAlert })}
        />
      </td>
      {/* A user belongs to no one development (they may have several): Paris, the default zone. */}
      <td data-label="Créé le">{formatDate(user.createdAt, FALLBACK_PLANT_ZONE)}</td>
      <td className="cell-actions">
        {user.userid !== me.userid &&
          (user.disabled ? (
            <button
              type="button"
              className="button button-small"
              onClick={() => void update({ disabled: false })}
            >
              Réactiver<span className="visually-hidden"> {user.username}</span>
            </button>
          ) : (
            <button
              type="button"
              className="button button-small button-danger-outline"
              onClick={() => setConfirm(true)}
            >
              Désactiver<span className="visually-hidden"> {user.username}</span>
            </button>
          ))}
        {confirm && (
          <ConfirmDialog
            title={`Désactiver « ${user.username} » ?`}
            confirmLabel="Désactiver"
            onCancel={() => setConfirm(false)}
            onConfirm={() => {
              setConfirm(false);
              void update({ disabled: true });
            }}
          >
            <p>Cette personne ne pourra plus se connecter et ses sessions ouvertes prennent fin.</p>
          </ConfirmDialog>
        )}
      </td>
    </tr>
  );
}

export function UsersPage() {
  const users = useResource(() => call('adminUsers'), 'users');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<AdminRole>('editor');
  const [devids, setDevids] = useState<number[]>([]);
  const { errors, feedback, setFeedback, submit } = useCreateForm();

  const create = async () => {
    const body: CreateAdminUserRequest = {
      username: username.trim(),
      password,
      role,
      ...(role === 'editor' ? { devids } : {}),
    };
    await submit({
      schema: CreateAdminUserRequest,
      body,
      hints: HINTS,
      send: (valid) => callWithMessage('adminCreateUser', { body: valid }),
      onCreated: (data) => {
        users.setData((list) => [...(list ?? []), data]);
        setUsername('');
        setPassword('');
        setDevids([]);
      },
      success: 'Utilisateur créé.',
    });
  };

  return (
    <Page title="Utilisateurs du back-office">
      <p className="muted">
        Les membres du groupe peuvent aussi se connecter avec leur compte habituel : voir{' '}
        <Link to="/connexion-sso">Connexion SSO</Link>.
      </p>
      {users.loading && !users.data && <Loading />}
      {users.error && <LoadError message={users.error} onRetry={users.reload} />}
      {users.data && (
        <div className="card">
          <table className="table table-stack">
            <caption className="visually-hidden">Utilisateurs</caption>
            <thead>
              <tr>
                <th scope="col">Utilisateur</th>
                <th scope="col">Rôle</th>
                <th scope="col">Développements</th>
                <th scope="col">Peut publier</th>
                <th scope="col">Peut déclencher une alerte</th>
                <th scope="col">Créé le</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {users.data.map((user) => (
                <UserRow
                  key={user.userid}
                  user={user}
                  onChange={(next) =>
                    users.setData((list) =>
                      (list ?? []).map((u) => (u.userid === next.userid ? next : u)),
                    )
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormCard
        title="Nouvel utilisateur"
        onSubmit={create}
        submitLabel="Créer l’utilisateur"
        feedback={feedback}
        onCloseFeedback={() => setFeedback(null)}
      >
        <div className="form-grid">
          <TextField
            label="Identifiant"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            error={errors.username}
          />
          <TextField
            label="Mot de passe"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
            hint="10 caractères au moins."
          />
          <SelectField
            label="Rôle"
            value={role}
            options={[
              { value: 'editor', label: 'Éditeur (contenu de ses développements)' },
              { value: 'admin', label: 'Administrateur (tout)' },
            ]}
            onChange={(event) => setRole(event.target.value as AdminRole)}
          />
        </div>
        {role === 'editor' && (
          <DevelopmentChecks
            legend="Développements qu’il peut modifier"
            selected={devids}
            onChange={setDevids}
          />
        )}
      </FormCard>
    </Page>
  );
}
