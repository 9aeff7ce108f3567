/** Developments (one per plant or site): list and creation, admins only. */
import { CreateDevelopmentRequest } from '@plant-kiosk/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/field';
import { FormCard } from '../../components/form-scaffold';
import { LoadError, Loading, Page } from '../../components/page';
import { callWithMessage } from '../../lib/api/client';
import { formatDate } from '../../lib/labels';
import { usePlantZones } from '../../lib/plant-zone';
import { useCreateForm } from '../../lib/use-create-form';
import { useDevelopments } from '../../lib/use-developments';
import { importPackPath } from '../packs';

const HINTS = {
  devname:
    'Lettres minuscules sans accent, chiffres, « - » et « _ » seulement, en commençant par une lettre ou un chiffre.',
};

export function DevelopmentsPage() {
  const developments = useDevelopments();
  // Each development's creation in its own plant's zone (Paris until its settings answer).
  const zoneOf = usePlantZones((developments.data ?? []).map((development) => development.devid));
  const [devname, setDevname] = useState('');
  const { errors, feedback, setFeedback, submit } = useCreateForm();

  const create = async () => {
    const body = { devname: devname.trim() };
    await submit({
      schema: CreateDevelopmentRequest,
      body,
      hints: HINTS,
      send: (valid) => callWithMessage('adminCreateDevelopment', { body: valid }),
      onCreated: (data) => {
        developments.setData((list) => [...(list ?? []), data]);
        setDevname('');
      },
      success: 'Développement créé.',
    });
  };

  return (
    <Page
      title="Développements"
      actions={
        <Link className="button" to={importPackPath(null)}>
          Importer un paquet comme nouveau développement
        </Link>
      }
    >
      <p className="muted">
        Un développement regroupe les totems d’un site : leur contenu, leurs comptes et leur parc.
      </p>
      {developments.loading && !developments.data && <Loading />}
      {developments.error && (
        <LoadError message={developments.error} onRetry={developments.reload} />
      )}
      {developments.data && (
        <div className="card">
          <table className="table table-stack">
            <caption className="visually-hidden">Développements</caption>
            <thead>
              <tr>
                <th scope="col">Nom</th>
                <th scope="col">Version du contenu</th>
                <th scope="col">Créé le</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {developments.data.map((development) => (
                <tr key={development.devid}>
                  <td data-label="Nom">
                    <strong>{development.devname}</strong>
                  </td>
                  <td data-label="Version du contenu">{development.contentVersion}</td>
                  <td data-label="Créé le">
                    {formatDate(development.createdAt, zoneOf(development.devid))}
                  </td>
                  <td className="cell-actions">
                    <Link
                      className="button button-small"
                      to={`/developpements/${development.devid}`}
                    >
                      Comptes des totems
                      <span className="visually-hidden"> de {development.devname}</span>
                    </Link>
                    <Link className="button button-small" to={`/contenu/${development.devid}`}>
                      Contenu<span className="visually-hidden"> de {development.devname}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <FormCard
        title="Nouveau développement"
        layout="inline"
        onSubmit={create}
        submitLabel="Créer"
        feedback={feedback}
        onCloseFeedback={() => setFeedback(null)}
      >
        <TextField
          label="Nom du développement"
          value={devname}
          onChange={(event) => setDevname(event.target.value)}
          error={errors.devname}
          hint="Il apparaît dans l’adresse des totems, par exemple « neubourg »."
        />
      </FormCard>
    </Page>
  );
}
