/**
 * « Commandes… » (issue 47): a remote command to one totem, or to a group or all the totems of a
 * development — reload the page, resynchronise, rebuild the local copy, identify, change the mode
 * — or take a thumbnail of its page now (issue 48: after a publish, « Prendre une vignette » on all
 * the totems shows at a glance what each one displays) — with how long it may wait for an offline
 * totem. One request (`adminSendKioskCommand`, send-command.ts) makes one command per totem aimed;
 * the confirmation says how many, and that the offline ones get it when they reconnect (until it
 * expires). The server's refusal (an unknown group, a forgotten totem, a development not the
 * user's) is shown in the dialog as it says it.
 */
import {
  KIOSK_COMMAND_DEFAULT_EXPIRY_MINUTES,
  KIOSK_COMMAND_KINDS,
  KIOSK_COMMAND_LABELS,
  KIOSK_COMMAND_MODES,
  type KioskCommandBatch,
  type KioskCommandKind,
  type KioskCommandMode,
  type KioskCommandRequest,
  type KioskCommandTarget,
  type KioskStatus,
} from '@plant-kiosk/contract';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api/client';
import { EXPIRY_CHOICES, MODE_LABELS } from './command-text';
import { groupsOf } from './fleet-groups';
import { sendCommand } from './send-command';

/** What a command is for: one totem, or a choice among the developments' groups and totems. */
export type CommandScope =
  | { kind: 'kiosk'; kiosk: KioskStatus }
  | {
      kind: 'fleet';
      /** The totems the user may command (the development and group lists come from them). */
      rows: readonly KioskStatus[];
      /** The group chosen first ('' for all the totems of the development). */
      group: string;
    };

/** What each command does, under its name. */
const KIND_HINTS: Record<KioskCommandKind, string> = {
  reload: 'La page du totem se recharge (une alerte en cours reste affichée).',
  resync: 'Le totem vérifie tout de suite s’il a la dernière révision publiée.',
  rebuild:
    'Le totem télécharge tout le contenu, puis remplace sa copie locale d’un coup : il ne reste jamais vide.',
  identify: 'Le totem affiche en grand son nom, son lieu et son identifiant pendant 10 secondes.',
  'set-mode': 'Le totem passe au mode choisi.',
  thumbnail:
    'Le totem dessine sa page tout de suite et l’envoie : la vignette apparaît dans le parc et sur sa page.',
  'restart-browser':
    'Le chien de garde du totem ferme le navigateur et le relance (quelques secondes d’écran noir). Sans chien de garde, la commande échoue.',
  reboot:
    'Le chien de garde redémarre la machine du totem (une à deux minutes sans affichage). Au plus une fois toutes les six heures par lui-même ; une commande passe toujours.',
  'screen-off':
    'L’écran s’éteint jusqu’à un toucher, une alerte ou « Allumer l’écran » ; le totem reste synchronisé.',
  'screen-on':
    'L’écran s’allume ; hors des heures d’ouverture il s’éteint à nouveau deux minutes après le dernier toucher.',
};

const labelOf = (kiosk: KioskStatus) => kiosk.name ?? kiosk.kioskId.slice(0, 8);

const totems = (count: number) => `${count} ${count > 1 ? 'totems' : 'totem'}`;

/** The confirmation: how many totems, and the offline ones' turn at their reconnection. */
export function sentMessage(
  batch: KioskCommandBatch,
  kind: KioskCommandKind,
  expiry: string,
  known: readonly KioskStatus[],
): string {
  const sent = batch.commands.length;
  const offline = batch.commands.filter((command) => {
    const kiosk = known.find(
      (row) => row.devid === command.devid && row.kioskId === command.kioskId,
    );
    return kiosk === undefined || kiosk.state !== 'online';
  }).length;
  const head = `« ${KIOSK_COMMAND_LABELS[kind]} » envoyée à ${totems(sent)}`;
  if (offline === 0) return `${head}, ${sent > 1 ? 'tous en ligne' : 'en ligne'}.`;
  const which =
    offline === 1
      ? 'Le totem hors ligne la recevra à sa reconnexion'
      : `Les ${offline} totems hors ligne la recevront à leur reconnexion`;
  return `${head}. ${which}, si elle a lieu avant l’expiration (${expiry}).`;
}

export function CommandDialog({
  scope,
  onClose,
  onSent,
}: {
  scope: CommandScope;
  onClose: () => void;
  /** The request went through: the confirmation to show, and the commands made. */
  onSent: (message: string, batch: KioskCommandBatch) => void;
}) {
  const id = useId();
  const rows = useMemo(() => (scope.kind === 'kiosk' ? [scope.kiosk] : scope.rows), [scope]);
  const developments = useMemo(() => {
    const byDev = new Map<number, string>();
    for (const kiosk of rows) byDev.set(kiosk.devid, kiosk.devname);
    return [...byDev].sort((a, b) => a[1].localeCompare(b[1], 'fr'));
  }, [rows]);
  const first = scope.kind === 'fleet' ? scope.group : '';
  // The first development holding the group asked, if any.
  const [devid, setDevid] = useState(
    () =>
      rows.find((kiosk) => first !== '' && kiosk.groups?.includes(first))?.devid ??
      developments[0]?.[0] ??
      0,
  );
  // '' aims every totem of the development.
  const [group, setGroup] = useState(first);
  const [kind, setKind] = useState<KioskCommandKind>('identify');
  const [mode, setMode] = useState<KioskCommandMode>(KIOSK_COMMAND_MODES[0]);
  const [expiresInMinutes, setExpiry] = useState<number>(KIOSK_COMMAND_DEFAULT_EXPIRY_MINUTES);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const devRows = rows.filter((kiosk) => kiosk.devid === devid);
  const groups = groupsOf(devRows);
  const aimed =
    scope.kind === 'kiosk'
      ? 1
      : group === ''
        ? devRows.length
        : devRows.filter((kiosk) =>
            kiosk.groups?.some((name) => name.toLowerCase() === group.toLowerCase()),
          ).length;

  const target: KioskCommandTarget =
    scope.kind === 'kiosk'
      ? { kind: 'kiosk', kioskId: scope.kiosk.kioskId }
      : group === ''
        ? { kind: 'all' }
        : { kind: 'group', group };
  const expiry = EXPIRY_CHOICES.find((choice) => choice.minutes === expiresInMinutes)?.label;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const body: KioskCommandRequest = {
      kind,
      ...(kind === 'set-mode' ? { mode } : {}),
      target,
      expiresInMinutes,
    };
    try {
      const batch = await sendCommand(devid, body);
      onSent(sentMessage(batch, kind, expiry ?? `${expiresInMinutes} min`, rows), batch);
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const title =
    scope.kind === 'kiosk'
      ? `Commande au totem ${labelOf(scope.kiosk)}`
      : group === ''
        ? 'Commande à tous les totems'
        : `Commande au groupe « ${group} »`;
  const formId = `${id}-form`;

  return (
    <Dialog
      title={title}
      onCancel={onClose}
      className="command-dialog"
      actions={
        <>
          <button type="button" className="button" onClick={onClose}>
            Annuler
          </button>
          <button
            type="submit"
            className="button button-primary"
            form={formId}
            disabled={busy || aimed === 0}
          >
            {busy ? 'Envoi…' : 'Envoyer'}
          </button>
        </>
      }
    >
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        {failure && <Notice tone="error">{failure}</Notice>}
        {scope.kind === 'kiosk' ? (
          <p className="muted small">
            Identifiant : <span className="mono">{scope.kiosk.kioskId}</span> ({scope.kiosk.devname}
            {scope.kiosk.state === 'online'
              ? ', en ligne'
              : ', hors ligne : il la recevra à sa reconnexion'}
            ).
          </p>
        ) : (
          <>
            {developments.length > 1 && (
              <div className="field">
                <label htmlFor={`${id}-dev`}>Développement</label>
                <select
                  id={`${id}-dev`}
                  value={devid}
                  onChange={(event) => {
                    setDevid(Number(event.target.value));
                    setGroup('');
                  }}
                >
                  {developments.map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="field">
              <label htmlFor={`${id}-target`}>Totems visés</label>
              <select
                id={`${id}-target`}
                value={group}
                onChange={(event) => setGroup(event.target.value)}
                aria-describedby={`${id}-aimed`}
                data-autofocus
              >
                <option value="">
                  Tous les totems
                  {developments.length > 1
                    ? ` de ${developments.find(([value]) => value === devid)?.[1] ?? ''}`
                    : ''}
                </option>
                {groups.map((name) => (
                  <option key={name} value={name}>
                    Groupe « {name} »
                  </option>
                ))}
              </select>
              <p className="field-hint" id={`${id}-aimed`} role="status">
                {aimed === 0
                  ? 'Aucun totem visé.'
                  : `${totems(aimed)} visé${aimed > 1 ? 's' : ''}.`}
              </p>
            </div>
          </>
        )}
        <fieldset className="command-choices">
          <legend>Commande</legend>
          {KIOSK_COMMAND_KINDS.map((value) => (
            <div key={value} className="command-choice">
              <label>
                <input
                  type="radio"
                  name={`${id}-kind`}
                  value={value}
                  checked={kind === value}
                  onChange={() => setKind(value)}
                  aria-describedby={`${id}-${value}-hint`}
                  {...(scope.kind === 'kiosk' && value === 'identify'
                    ? { 'data-autofocus': '' }
                    : {})}
                />
                {KIOSK_COMMAND_LABELS[value]}
              </label>
              <span className="field-hint" id={`${id}-${value}-hint`}>
                {KIND_HINTS[value]}
              </span>
            </div>
          ))}
        </fieldset>
        {kind === 'set-mode' && (
          <fieldset className="command-choices command-choices-row">
            <legend>Mode</legend>
            {KIOSK_COMMAND_MODES.map((value) => (
              <label key={value}>
                <input
                  type="radio"
                  name={`${id}-mode`}
                  value={value}
                  checked={mode === value}
                  onChange={() => setMode(value)}
                />
                {MODE_LABELS[value]}
              </label>
            ))}
          </fieldset>
        )}
        <div className="field">
          <label htmlFor={`${id}-expiry`}>Expire dans</label>
          <select
            id={`${id}-expiry`}
            value={expiresInMinutes}
            onChange={(event) => setExpiry(Number(event.target.value))}
            aria-describedby={`${id}-expiry-hint`}
          >
            {EXPIRY_CHOICES.map((choice) => (
              <option key={choice.minutes} value={choice.minutes}>
                {choice.label}
              </option>
            ))}
          </select>
          <p className="field-hint" id={`${id}-expiry-hint`}>
            Un totem hors ligne la reçoit à sa reconnexion ; passé ce délai, elle n’est plus
            exécutée.
          </p>
        </div>
      </form>
    </Dialog>
  );
}
