/**
 * A 409 version conflict: someone saved this item after it was loaded here. The user sees the
 * values now on the server and chooses to reload them; nothing is overwritten behind their back.
 */
import { Notice } from './notice';

export const CONFLICT_TITLE =
  'Ce contenu a été modifié par quelqu’un d’autre pendant que vous le modifiiez : votre modification n’a pas été enregistrée.';

export function ConflictNotice({
  current,
  onReload,
  onDismiss,
}: {
  /** Label → value as now saved on the server. */
  current: { label: string; value: string }[];
  onReload: () => void;
  onDismiss?: () => void;
}) {
  return (
    <Notice tone="warning">
      <p className="conflict-title">
        <strong>{CONFLICT_TITLE}</strong>
      </p>
      <p>Version actuelle enregistrée :</p>
      <dl className="conflict-values">
        {current.map((entry) => (
          <div key={entry.label}>
            <dt>{entry.label}</dt>
            <dd>{entry.value || '(vide)'}</dd>
          </div>
        ))}
      </dl>
      <div className="inline-actions">
        <button type="button" className="button button-primary" onClick={onReload}>
          Recharger la version actuelle
        </button>
        {onDismiss && (
          <button type="button" className="button" onClick={onDismiss}>
            Garder mes valeurs à l’écran
          </button>
        )}
      </div>
    </Notice>
  );
}
