/**
 * Deletes a zone after a confirmation that says what goes with it. The version is the one shown:
 * if someone changed the zone meanwhile, the server refuses (409) and nothing is deleted.
 */
import type { AdminZone } from '@plant-kiosk/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/dialog';
import { Notice } from '../../components/notice';
import { call, errorMessage } from '../../lib/api/client';
import { draftWrite } from '../../lib/draft-events';

export function ZoneDelete({
  zone,
  elementCount,
  onDeleted,
}: {
  zone: AdminZone;
  elementCount: number;
  onDeleted: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const remove = async () => {
    setConfirming(false);
    try {
      await draftWrite(
        call('adminDeleteZone', {
          params: { zoneid: zone.zoneid },
          query: { expectedVersion: zone.version },
        }),
      );
      onDeleted();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <div className="stack">
      {error && (
        <Notice tone="error" onClose={() => setError(null)}>
          {error}
        </Notice>
      )}
      <div>
        <button
          type="button"
          className="button button-small button-danger-outline"
          onClick={() => setConfirming(true)}
        >
          Supprimer la zone…
        </button>
      </div>
      {confirming && (
        <ConfirmDialog
          title={`Supprimer la zone « ${zone.zonename} » ?`}
          confirmLabel="Supprimer la zone"
          onCancel={() => setConfirming(false)}
          onConfirm={() => void remove()}
        >
          <p>
            La zone et ses {elementCount} élément(s), avec leurs sous-éléments et sous-groupes,
            seront supprimés. Les totems ne l’afficheront plus après la prochaine publication.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
