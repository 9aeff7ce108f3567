/**
 * « Importer un paquet de contenu » (issue 44, part 2): a content pack — another plant's content,
 * an archive, a set of zones — into a development's draft, in three steps: choose the file (sent
 * with a progress bar, then checked whole by the server), read what the pack holds and what it
 * will change, confirm. The pack lands in « Modifications non publiées », never on the totems:
 * the team publishes it from there.
 *
 * Two doors: the history page of a development (`/paquets/importer/:devid`, its draft replaced;
 * admins and its editors) and the developments list (`/paquets/nouveau`, a new development; admins
 * only, as creating one).
 */
import {
  CreateDevelopmentRequest,
  CreateKioskAccountRequest,
  type AdminDevelopment,
  type PackImportResult,
  type PackUploadSummary,
} from '@plant-kiosk/contract';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DevelopmentGate } from '../../components/development-gate';
import { TextField } from '../../components/field';
import { FormCard } from '../../components/form-scaffold';
import { Notice } from '../../components/notice';
import { Page } from '../../components/page';
import { ApiError, callWithMessage, errorMessage } from '../../lib/api/client';
import { formatBytes } from '../../lib/api/media-api';
import { validate, type FieldErrors } from '../../lib/api/validate';
import { notifyDraftChanged } from '../../lib/draft-events';
import { formatDate } from '../../lib/labels';
import { usePlantZone } from '../../lib/plant-zone';
import { refusalReasons, uploadPack, type PackUploadHandle } from './pack-api';
import './packs.css';

const TITLE = 'Importer un paquet de contenu';

const HINTS = {
  devname:
    'Lettres minuscules sans accent, chiffres, « - » et « _ » seulement, en commençant par une lettre ou un chiffre.',
};

/** Into the draft of the development of the path. */
export function ImportPackPage() {
  return (
    <DevelopmentGate base="/paquets/importer">
      {(development, switcher) => (
        <PackImport key={development.devid} development={development} switcher={switcher} />
      )}
    </DevelopmentGate>
  );
}

/** As a new development (admins; the route guards it). */
export function ImportNewDevelopmentPage() {
  return <PackImport development={null} />;
}

type Step =
  | { name: 'choose' }
  | { name: 'sending'; progress: number }
  | { name: 'summary'; summary: PackUploadSummary }
  | { name: 'done'; result: PackImportResult; message: string };

interface Failure {
  message: string;
  reasons: string[];
}

const failureOf = (error: unknown): Failure => ({
  message: errorMessage(error),
  reasons: refusalReasons(error),
});

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;

export function PackImport({
  development,
  switcher,
}: {
  /** null: a new development. */
  development: AdminDevelopment | null;
  switcher?: ReactNode;
}) {
  const [step, setStep] = useState<Step>({ name: 'choose' });
  // The times in the plant's zone of the development imported into; a new one starts with Paris.
  const { timeZone } = usePlantZone(development?.devid ?? null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [devname, setDevname] = useState('');
  const [login, setLogin] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const sending = useRef<PackUploadHandle | null>(null);

  const send = async () => {
    setFailure(null);
    const found: FieldErrors = {};
    if (development === null) {
      Object.assign(found, validate(CreateDevelopmentRequest, { devname: devname.trim() }, HINTS));
    }
    if (!file) found.file = 'Choisissez le paquet à importer (un fichier .zip).';
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setStep({ name: 'sending', progress: 0 });
    const target = development ? { into: development.devid } : { as: devname.trim() };
    const handle = uploadPack(target, file, (progress) =>
      setStep((current) => (current.name === 'sending' ? { ...current, progress } : current)),
    );
    sending.current = handle;
    try {
      const { data } = await handle.promise;
      setStep({ name: 'summary', summary: data });
    } catch (error) {
      setStep({ name: 'choose' });
      if (!(error instanceof ApiError && error.code === 'aborted')) setFailure(failureOf(error));
    } finally {
      sending.current = null;
    }
  };

  const confirm = async (summary: PackUploadSummary) => {
    setFailure(null);
    const account = login.trim() !== '' || password !== '';
    if (development === null && account) {
      const found = validate(CreateKioskAccountRequest, { login: login.trim(), password });
      setErrors(found);
      if (Object.keys(found).length > 0) return;
    }
    setBusy(true);
    try {
      const body = development
        ? { into: development.devid }
        : {
            as: summary.target.devname,
            ...(account ? { login: login.trim(), password } : {}),
          };
      const { data, message } = await callWithMessage('adminImportPack', {
        params: { token: summary.token },
        body,
      });
      notifyDraftChanged();
      setPassword('');
      setStep({ name: 'done', result: data, message });
    } catch (error) {
      const failed = failureOf(error);
      setFailure(failed);
      // An unknown or expired upload cannot be confirmed any more: back to the file.
      if (error instanceof ApiError && error.status === 404) setStep({ name: 'choose' });
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (summary: PackUploadSummary) => {
    setFailure(null);
    setStep({ name: 'choose' });
    try {
      await callWithMessage('adminDiscardPackUpload', { params: { token: summary.token } });
    } catch {
      // Gone already (expired): nothing to drop. The server removes it within the hour anyway.
    }
  };

  const again = () => {
    setFailure(null);
    setFile(null);
    setStep({ name: 'choose' });
  };

  return (
    <Page
      title={TITLE}
      actions={
        development ? (
          <>
            {switcher}
            <Link className="button" to={`/historique/${development.devid}`}>
              Historique des publications
            </Link>
          </>
        ) : (
          <Link className="button" to="/developpements">
            Développements
          </Link>
        )
      }
    >
      <p className="muted">
        {development ? (
          <>
            Le paquet remplacera les <strong>modifications non publiées</strong> de «{' '}
            {development.devname} ». Les totems ne changent pas avant que l’équipe publie.
          </>
        ) : (
          <>
            Un <strong>nouveau développement</strong> est créé avec le contenu du paquet en
            modifications non publiées ; rien n’est publié sur les totems.
          </>
        )}
      </p>
      <ol className="pack-steps" aria-label="Étapes">
        {['Choisir le fichier', 'Vérifier le résumé', 'Confirmer'].map((label, index) => {
          const position =
            step.name === 'choose' || step.name === 'sending' ? 0 : step.name === 'summary' ? 1 : 2;
          return (
            <li
              key={label}
              className={index === position ? 'pack-step-current' : undefined}
              aria-current={index === position ? 'step' : undefined}
            >
              {label}
            </li>
          );
        })}
      </ol>
      {failure && <FailureNotice failure={failure} onClose={() => setFailure(null)} />}
      {(step.name === 'choose' || step.name === 'sending') && (
        <FormCard
          title="Choisir le paquet"
          onSubmit={send}
          submitLabel="Envoyer et vérifier le paquet"
          busy={step.name === 'sending'}
          busyLabel="Envoi…"
          actions={
            step.name === 'sending' ? (
              <button type="button" className="button" onClick={() => sending.current?.abort()}>
                Annuler l’envoi
              </button>
            ) : undefined
          }
        >
          {development === null && (
            <TextField
              label="Nom du nouveau développement"
              value={devname}
              onChange={(event) => setDevname(event.target.value)}
              error={errors.devname}
              hint="Il apparaît dans l’adresse des totems, par exemple « evreux »."
              autoComplete="off"
            />
          )}
          <TextField
            label="Paquet de contenu (.zip)"
            type="file"
            accept=".zip,application/zip"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            error={errors.file}
            hint="Le fichier « Télécharger (.zip) » de l’historique des publications d’un autre serveur ou d’un autre développement."
            disabled={step.name === 'sending'}
          />
          {step.name === 'sending' && (
            <div className="pack-progress">
              <progress max={1} value={step.progress} aria-label="Envoi du paquet" />
              <span role="status">
                {step.progress < 1
                  ? `Envoi : ${Math.round(step.progress * 100)} %`
                  : 'Vérification du paquet par le serveur…'}
              </span>
            </div>
          )}
        </FormCard>
      )}
      {step.name === 'summary' && (
        <>
          <PackHolds summary={step.summary} timeZone={timeZone} />
          <PackChanges summary={step.summary} />
          <FormCard
            title="Confirmer l’import"
            onSubmit={() => confirm(step.summary)}
            submitLabel={
              development ? 'Importer dans les modifications non publiées' : 'Créer et importer'
            }
            busy={busy}
            busyLabel="Import…"
            actions={
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void cancel(step.summary)}
              >
                Annuler
              </button>
            }
          >
            {development === null && (
              <div className="form-grid">
                <TextField
                  label="Identifiant du compte kiosque (facultatif)"
                  value={login}
                  onChange={(event) => setLogin(event.target.value)}
                  error={errors.login}
                  autoComplete="off"
                />
                <TextField
                  label="Mot de passe du compte kiosque"
                  type="password"
                  value={password}
                  onChange={(event) => setPassword(event.target.value)}
                  error={errors.password}
                  hint="Au moins 8 caractères. Un paquet ne contient jamais de compte."
                  autoComplete="new-password"
                />
              </div>
            )}
            <p className="muted small">
              Ce paquet attend votre confirmation jusqu’au{' '}
              {formatDate(step.summary.expiresAt, timeZone)} ; après, il faudra l’envoyer à nouveau.
            </p>
          </FormCard>
        </>
      )}
      {step.name === 'done' && <Done result={step.result} message={step.message} onAgain={again} />}
    </Page>
  );
}

function FailureNotice({ failure, onClose }: { failure: Failure; onClose: () => void }) {
  return (
    <Notice tone="error" onClose={onClose}>
      <p className="pack-failure-message">{failure.message}</p>
      {/* One reason is already in the server's sentence; several are listed. */}
      {(failure.reasons.length > 1 ||
        (failure.reasons.length === 1 && !failure.message.includes(failure.reasons[0]!))) && (
        <ul className="pack-reasons" aria-label="Raisons du refus">
          {failure.reasons.map((reason, index) => (
            <li key={index}>{reason}</li>
          ))}
        </ul>
      )}
    </Notice>
  );
}

/** A step's heading, focused when the step appears (a screen reader hears where it is). */
function useFocusedHeading() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return heading;
}

function PackHolds({ summary, timeZone }: { summary: PackUploadSummary; timeZone: string }) {
  const heading = useFocusedHeading();
  const { pack } = summary;
  const { counts } = pack;
  const zones = pack.source.zones;
  return (
    <section className="card" aria-labelledby="pack-holds">
      <h2 id="pack-holds" tabIndex={-1} ref={heading}>
        Ce que contient le paquet
      </h2>
      <dl className="pack-facts">
        <dt>Provenance</dt>
        <dd>
          Développement « {pack.source.devname} », révision publiée {pack.source.revision}
          {zones
            ? ` — seulement ${plural(zones.length, 'la zone', 'les zones')} ${zones.map((zone) => `« ${zone} »`).join(', ')}`
            : ' — tout le contenu'}
        </dd>
        <dt>Exporté le</dt>
        <dd>{formatDate(pack.referenceTime, timeZone)}</dd>
        <dt>Contenu</dt>
        <dd>
          {[
            plural(counts.zone, 'zone', 'zones'),
            plural(counts.element, 'élément', 'éléments'),
            plural(counts.subgroup, 'sous-groupe', 'sous-groupes'),
            plural(counts.subelement, 'sous-élément', 'sous-éléments'),
          ].join(', ')}
        </dd>
        <dt>Modèles d’alerte</dt>
        <dd>{counts.alert_template.toLocaleString('fr-FR')}</dd>
        <dt>Réglages</dt>
        <dd>{counts.setting > 0 ? 'inclus' : 'aucun'}</dd>
        <dt>Fichiers (médias)</dt>
        <dd>
          {plural(pack.media.files, 'fichier', 'fichiers')}, {formatBytes(pack.media.bytes)}
        </dd>
        <dt>Paquet</dt>
        <dd>
          {summary.fileName} ({formatBytes(summary.bytes)}), format {pack.formatVersion}, écrit par{' '}
          {pack.product.name} {pack.product.version}
        </dd>
      </dl>
    </section>
  );
}

const CHANGE_LABELS = {
  added: { text: 'ajoutée', className: 'badge badge-ok' },
  replaced: { text: 'remplacée', className: 'badge badge-muted' },
  removed: { text: 'retirée du brouillon', className: 'badge badge-warn' },
} as const;

function PackChanges({ summary }: { summary: PackUploadSummary }) {
  const { changes, target } = summary;
  const removed = changes.zones.filter((zone) => zone.change === 'removed').length;
  const added = summary.pack.media.files - changes.mediaInLibrary;
  return (
    <section className="card" aria-labelledby="pack-changes">
      <h2 id="pack-changes">Ce que l’import changera</h2>
      <p>
        {target.kind === 'into'
          ? `Tout le brouillon de « ${target.devname} » (contenu, modèles d’alerte, réglages) est remplacé par le paquet. Les totems gardent la version publiée jusqu’à la prochaine publication.`
          : `Le développement « ${target.devname} » est créé ; le paquet devient son brouillon, à publier ensuite.`}
      </p>
      {removed > 0 && (
        <Notice tone="warning">
          {plural(removed, 'zone du brouillon absente', 'zones du brouillon absentes')} du paquet{' '}
          {removed > 1 ? 'seront retirées' : 'sera retirée'} du brouillon.
        </Notice>
      )}
      <div className="table-scroll">
        <table className="table table-stack">
          <caption className="visually-hidden">Zones, avant et après l’import</caption>
          <thead>
            <tr>
              <th scope="col">Zone</th>
              <th scope="col">Changement</th>
              <th scope="col">Éléments maintenant</th>
              <th scope="col">Éléments après</th>
            </tr>
          </thead>
          <tbody>
            {changes.zones.map((zone) => (
              <tr key={`${zone.change}-${zone.zonename}`}>
                <th scope="row" data-label="Zone">
                  {zone.zonename}
                </th>
                <td data-label="Changement">
                  <span className={CHANGE_LABELS[zone.change].className}>
                    {CHANGE_LABELS[zone.change].text}
                  </span>
                </td>
                <td data-label="Éléments maintenant">{zone.elementsBefore}</td>
                <td data-label="Éléments après">{zone.elementsAfter}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="pack-change-list">
        <li>
          Modèles d’alerte : {changes.alertTemplates.before} maintenant,{' '}
          {changes.alertTemplates.after} après.
        </li>
        <li>
          Réglages :{' '}
          {changes.settings === 'replaced'
            ? 'remplacés par ceux du paquet.'
            : 'remis aux valeurs par défaut (le paquet n’en contient pas).'}
        </li>
        <li>
          Fichiers : {plural(added, 'ajouté', 'ajoutés')} à la médiathèque
          {changes.mediaInLibrary > 0
            ? `, ${plural(changes.mediaInLibrary, 'déjà présent, réutilisé', 'déjà présents, réutilisés')}`
            : ''}
          .
        </li>
      </ul>
    </section>
  );
}

function Done({
  result,
  message,
  onAgain,
}: {
  result: PackImportResult;
  message: string;
  onAgain: () => void;
}) {
  const heading = useFocusedHeading();
  return (
    <section className="card" aria-labelledby="pack-done">
      <h2 id="pack-done" tabIndex={-1} ref={heading}>
        Paquet importé
      </h2>
      <Notice tone="success">{message}</Notice>
      <p>
        {result.created ? `Nouveau développement « ${result.devname} ». ` : ''}
        {plural(result.mediaAdded, 'fichier ajouté', 'fichiers ajoutés')} à la médiathèque,{' '}
        {plural(result.mediaReused, 'déjà présent', 'déjà présents')}. Rien n’est encore sur les
        totems : vérifiez les modifications, puis publiez-les.
      </p>
      <div className="inline-actions">
        <Link className="button button-primary" to={`/modifications/${result.devid}`}>
          Voir les modifications non publiées
        </Link>
        <button type="button" className="button" onClick={onAgain}>
          Importer un autre paquet
        </button>
      </div>
    </section>
  );
}
