/**
 * An admin's way past four-eyes publishing (issue 51, decision 048): the tick and, once ticked, the
 * mandatory reason the server journals and notifies. Shared by the publish and rollback dialogs.
 */
import { useId } from 'react';

export function BypassFields({
  label,
  checked,
  onCheck,
  reason,
  onReason,
}: {
  /** « Publier sans approbation (urgence, administrateur) »… */
  label: string;
  checked: boolean;
  onCheck: (checked: boolean) => void;
  reason: string;
  onReason: (reason: string) => void;
}) {
  const reasonId = useId();
  return (
    <div className="publish-bypass stack">
      <label className="checkbox">
        <input
          type="checkbox"
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
        />{' '}
        {label}
      </label>
      {checked && (
        <label className="field" htmlFor={reasonId}>
          <span>Raison (obligatoire, inscrite au journal)</span>
          <textarea
            id={reasonId}
            maxLength={500}
            value={reason}
            placeholder="Par exemple : numéro d’urgence faux sur tous les totems"
            onChange={(event) => onReason(event.target.value)}
          />
        </label>
      )}
    </div>
  );
}
