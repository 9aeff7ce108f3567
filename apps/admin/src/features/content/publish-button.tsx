/**
 * "Publier sur les totems": opens the publish dialog (the unpublished changes, an optional note),
 * which publishes the development's draft as a new numbered revision and tells every kiosk to
 * synchronise. Edits are saved to the draft as they are made and reach the totems only through
 * here (the server serves kiosks the published content only), so the team decides when a set of
 * changes goes live.
 */
import { useState } from 'react';
import { Notice } from '../../components/notice';
import { PublishDialog, useCanPublish, useFourEyes } from '../revisions';

export function PublishButton({ devid, devname }: { devid: number; devname: string }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  // Editors without the publish right prepare only (decision 014).
  const mayPublish = useCanPublish();
  // Under four-eyes (issue 51) every editor may ask; who may publish approves the request.
  const fourEyes = useFourEyes(devid);
  if (!mayPublish && !fourEyes.enabled) return null;

  return (
    <div className="publish">
      <button
        type="button"
        className="button button-publish"
        onClick={() => {
          setResult(null);
          setOpen(true);
        }}
        aria-describedby={`publish-help-${devid}`}
      >
        {fourEyes.enabled ? 'Demander une publication' : 'Publier sur les totems'}
      </button>
      <span id={`publish-help-${devid}`} className="visually-hidden">
        Montre les modifications enregistrées puis les envoie aux totems de {devname}.
      </span>
      {open && (
        <PublishDialog
          devid={devid}
          devname={devname}
          onClose={() => setOpen(false)}
          onPublished={(_result, text) => setResult(text)}
        />
      )}
      {result && !open && (
        <Notice tone="success" onClose={() => setResult(null)}>
          {result}
        </Notice>
      )}
    </div>
  );
}
