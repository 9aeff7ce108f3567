/**
 * "Voir le contenu": a revision's whole content, read-only, zone by zone — what the totems showed
 * then — to look at before rolling back to it.
 */
import type { RevisionEntry } from '@plant-kiosk/contract';
import { Dialog } from '../../components/dialog';
import { LoadError, Loading } from '../../components/page';
import { call } from '../../lib/api/client';
import { useResource } from '../../lib/use-resource';

type Row = Record<string, unknown>;
const num = (value: unknown) => Number(value);

export function RevisionContentDialog({
  devid,
  entry,
  onClose,
}: {
  devid: number;
  entry: RevisionEntry;
  onClose: () => void;
}) {
  const content = useResource(
    () => call('adminRevisionContent', { params: { devid, revision: entry.revision } }),
    `revision-content-${devid}-${entry.revision}`,
  );
  const rows = (kind: string): Row[] => content.data?.content[kind] ?? [];
  const zones = [...rows('zone')].sort((a, b) =>
    String(a.zonename).localeCompare(String(b.zonename), 'fr'),
  );
  const elements = rows('element');
  const fields = rows('subelement');

  return (
    <Dialog
      title={`Contenu de la révision ${entry.revision}`}
      onCancel={onClose}
      actions={
        <button type="button" className="button button-primary" onClick={onClose} data-autofocus>
          Fermer
        </button>
      }
    >
      <div className="revision-content stack">
        <p className="muted">Lecture seule : ce que montraient les totems après cette révision.</p>
        {content.loading && !content.data && <Loading />}
        {content.error && <LoadError message={content.error} onRetry={content.reload} />}
        {content.data &&
          zones.map((zone) => {
            const items = elements
              .filter((element) => num(element.zoneid) === num(zone.zoneid))
              .sort((a, b) => num(a.order) - num(b.order));
            return (
              <section key={num(zone.zoneid)} aria-label={String(zone.zonename)}>
                <h3>
                  {String(zone.zonename)}{' '}
                  <span className="muted">
                    ({items.length} élément{items.length > 1 ? 's' : ''})
                  </span>
                </h3>
                <ol>
                  {items.map((element) => {
                    const count = fields.filter(
                      (field) => num(field.elementid) === num(element.elementid),
                    ).length;
                    return (
                      <li key={num(element.elementid)}>
                        <code>{String(element.value)}</code>
                        {count > 0 && <span className="muted"> — {count} valeur(s)</span>}
                      </li>
                    );
                  })}
                </ol>
              </section>
            );
          })}
      </div>
    </Dialog>
  );
}
