/**
 * The red button (red button and acknowledgements, decision 018): on every back-office page, for
 * admins and the users an admin allowed. "Déclencher une alerte" opens a dialog in two steps —
 * choose the published template and "alerte réelle" or "exercice", then a second, explicit
 * confirmation naming what the totems will show — with big targets, usable on a phone (360 px): the
 * safety manager is rarely at a desk. Neither kind is preselected: with "alerte réelle" as the
 * default, a drill was one forgotten tap away from a real evacuation, so the kind is always an
 * explicit choice. After the trigger the list of totems opens, to follow who shows it. With an
 * alert in force the server's replacement rule applies (decision 027): a real alert replaces a
 * drill, a drill never replaces a real alert, and another alert of the same kind only with
 * « Remplacer l’alerte en cours » ticked — so two people pressing at once get one alert and the
 * second is told which alert is in force.
 */
import type { AdminAlertView, AdminDevelopment, AlertTemplate } from '@plant-kiosk/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api/client';
import { useUser } from '../../lib/session/session-context';
import { triggerAlert, useAlertView } from './alert-live';
import './alerts.css';

type Step = 'choose' | 'confirm';

export function TriggerAlertDialog({
  devid,
  developments,
  onDevid,
  view,
  onDone,
  onCancel,
}: {
  devid: number;
  developments: readonly AdminDevelopment[];
  onDevid: (devid: number) => void;
  view: AdminAlertView | null;
  onDone: (devid: number) => void;
  onCancel: () => void;
}) {
  const [step, setStep] = useState<Step>('choose');
  const [templateid, setTemplateid] = useState<number | null>(null);
  // null until the user picks "Alerte réelle" or "Exercice": there is no default.
  const [drill, setDrill] = useState<boolean | null>(null);
  const [replace, setReplace] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const templates: AlertTemplate[] = view?.devid === devid ? view.templates : [];
  const template = templates.find((item) => item.templateid === templateid) ?? null;
  const devname = developments.find((item) => item.devid === devid)?.devname ?? `n° ${devid}`;
  const what = drill ? 'l’exercice' : 'l’alerte';
  const inForce = view?.devid === devid ? view.alert : null;

  const next = () => {
    // Both missing choices are named at once, so one tap on "Continuer" says everything left to do.
    const missing = [
      ...(template ? [] : ['Choisissez un modèle d’alerte.']),
      ...(drill === null ? ['Choisissez alerte réelle ou exercice.'] : []),
    ];
    if (missing.length > 0) {
      setProblem(missing.join(' '));
      return;
    }
    setProblem(null);
    setStep('confirm');
  };

  const confirm = async () => {
    if (!template || drill === null) return;
    setBusy(true);
    setProblem(null);
    try {
      await triggerAlert(devid, {
        templateid: template.templateid,
        drill,
        ...(inForce && replace ? { replace: true } : {}),
      });
      onDone(devid);
    } catch (failure) {
      setProblem(errorMessage(failure));
      setBusy(false);
    }
  };

  if (step === 'confirm' && template && drill !== null) {
    return (
      <Dialog
        key="confirm"
        title={drill ? 'Confirmer l’exercice' : 'Confirmer l’alerte'}
        onCancel={onCancel}
        actions={
          <>
            <button type="button" className="button alert-target" onClick={() => setStep('choose')}>
              Retour
            </button>
            <button
              type="button"
              className="button button-danger alert-target"
              onClick={() => void confirm()}
              disabled={busy}
              data-autofocus
            >
              {drill ? 'Oui, lancer l’exercice' : 'Oui, déclencher l’alerte'}
            </button>
          </>
        }
      >
        <div className={`alert-confirm ${drill ? 'alert-confirm-drill' : ''}`}>
          <p className="alert-confirm-kind">{drill ? 'EXERCICE' : 'ALERTE RÉELLE'}</p>
          <p className="alert-confirm-title">
            « {template.name} » — {template.titleFr}
          </p>
        </div>
        <p>
          Tous les totems de <strong>{devname}</strong> afficheront {what} immédiatement, par-dessus
          tout ce qu’ils montrent, jusqu’à la fin d’alerte.
          {drill && ' Ils indiqueront « EXERCICE / DRILL ».'}
        </p>
        {inForce && (
          <p>
            {inForce.drill && !drill
              ? `L’exercice « ${inForce.templateName} » en cours sera remplacé.`
              : replace
                ? `${inForce.drill ? 'L’exercice' : 'L’alerte'} « ${inForce.templateName} » en cours sera remplacé${inForce.drill ? '' : 'e'}.`
                : `${inForce.drill ? 'L’exercice' : 'L’alerte'} « ${inForce.templateName} » est en cours.`}
          </p>
        )}
        {problem && <Notice tone="error">{problem}</Notice>}
      </Dialog>
    );
  }

  return (
    <Dialog
      key="choose"
      title="Déclencher une alerte"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="button alert-target" onClick={onCancel}>
            Annuler
          </button>
          <button type="button" className="button button-danger alert-target" onClick={next}>
            Continuer
          </button>
        </>
      }
    >
      {developments.length > 1 && (
        <label className="field">
          <span className="field-label">Développement</span>
          <select
            className="alert-target"
            value={devid}
            onChange={(event) => {
              setTemplateid(null);
              onDevid(Number(event.target.value));
            }}
          >
            {developments.map((item) => (
              <option key={item.devid} value={item.devid}>
                {item.devname}
              </option>
            ))}
          </select>
        </label>
      )}
      <fieldset className="alert-choices">
        <legend>Modèle d’alerte</legend>
        {view?.devid !== devid ? (
          <p role="status">Chargement des modèles…</p>
        ) : templates.length === 0 ? (
          <p>
            Aucun modèle d’alerte n’est publié pour ce développement : publiez-en un avant de
            pouvoir déclencher une alerte.
          </p>
        ) : (
          templates.map((item) => (
            <label key={item.templateid} className="alert-choice">
              <input
                type="radio"
                name="alert-template"
                checked={templateid === item.templateid}
                onChange={() => setTemplateid(item.templateid)}
              />
              <span>
                <strong>{item.name}</strong>
                <span className="alert-choice-detail">{item.titleFr}</span>
              </span>
            </label>
          ))
        )}
      </fieldset>
      <fieldset className="alert-choices alert-choices-kind">
        <legend>Alerte réelle ou exercice</legend>
        <label className="alert-choice">
          <input
            type="radio"
            name="alert-drill"
            checked={drill === false}
            onChange={() => setDrill(false)}
          />
          <span>
            <strong>Alerte réelle</strong>
          </span>
        </label>
        <label className="alert-choice">
          <input
            type="radio"
            name="alert-drill"
            checked={drill === true}
            onChange={() => setDrill(true)}
          />
          <span>
            <strong>Exercice</strong>
            <span className="alert-choice-detail">Les totems indiquent « EXERCICE / DRILL »</span>
          </span>
        </label>
      </fieldset>
      {inForce && (
        <div className="alert-in-force">
          <Notice tone="warning">
            {inForce.drill
              ? `Un exercice est en cours : « ${inForce.templateName} ». Une alerte réelle le remplace ; un autre exercice seulement si vous cochez « Remplacer l’alerte en cours ».`
              : `Une alerte réelle est en cours : « ${inForce.templateName} ». Un exercice ne la remplace jamais ; une autre alerte réelle seulement si vous cochez « Remplacer l’alerte en cours ».`}
          </Notice>
          <label className="alert-choice">
            <input
              type="checkbox"
              checked={replace}
              onChange={(event) => setReplace(event.target.checked)}
            />
            <span>
              <strong>Remplacer l’alerte en cours</strong>
            </span>
          </label>
        </div>
      )}
      {problem && <Notice tone="error">{problem}</Notice>}
    </Dialog>
  );
}

/** The header's red button; nothing for a user without the right. */
export function AlertButton({
  devid,
  developments,
}: {
  devid: number | null;
  developments: readonly AdminDevelopment[];
}) {
  const user = useUser();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<number | null>(null);
  const target = chosen ?? devid;
  const { view } = useAlertView(open ? target : null);
  const navigate = useNavigate();
  // The server decides for each development (canTrigger); the button follows the user's right.
  if (target === null || (user.role !== 'admin' && !user.canAlert)) return null;
  return (
    <>
      <button
        type="button"
        className="button button-danger alert-button"
        onClick={() => {
          setChosen(null);
          setOpen(true);
        }}
      >
        Déclencher une alerte
      </button>
      {open && (
        <TriggerAlertDialog
          devid={target}
          developments={developments}
          onDevid={setChosen}
          view={view}
          onCancel={() => setOpen(false)}
          onDone={(done) => {
            setOpen(false);
            void navigate(`/alerte/${done}`);
          }}
        />
      )}
    </>
  );
}
