/**
 * What a totem shows of the zone, at the totem's proportions (1080 × 1920 portrait) scaled down:
 * image lists as the full-width images the kiosk stacks, text as its paragraphs. It previews the
 * saved content, before publishing.
 */
import type { AdminElement, AdminZone } from '@plant-kiosk/contract';
import { mediaUrl } from '../../lib/api/admin-api';

const KIOSK_WIDTH = 1080;
const PREVIEW_WIDTH = 270;

export function ZonePreview({ zone, elements }: { zone: AdminZone; elements: AdminElement[] }) {
  const scale = PREVIEW_WIDTH / KIOSK_WIDTH;
  return (
    <figure className="preview">
      <div
        className="preview-screen"
        style={{ width: PREVIEW_WIDTH, height: 1920 * scale }}
        aria-label={`Aperçu de la zone ${zone.zonename} sur un totem`}
        role="region"
        // It scrolls: keyboard users must be able to reach it to scroll it.
        tabIndex={0}
      >
        <div className="preview-title">{zone.zonename}</div>
        {elements.length === 0 && <p className="preview-empty">Zone vide</p>}
        {elements.map((element, index) => {
          if (element.type === 'image') {
            return (
              <img key={element.elementid} src={mediaUrl(element.value)} alt="" loading="lazy" />
            );
          }
          if (element.type === 'video') {
            return (
              <div key={element.elementid} className="preview-block">
                ▶ {element.value.split('/').pop()}
              </div>
            );
          }
          return (
            <div key={element.elementid} className="preview-block">
              {zone.checkList && <strong>{index + 1}. </strong>}
              {element.value}
            </div>
          );
        })}
      </div>
      <figcaption className="muted small">
        Aperçu à l’échelle {Math.round(scale * 100)} % d’un totem 1080 × 1920 (contenu enregistré,
        visible sur les totems après publication).
      </figcaption>
    </figure>
  );
}
