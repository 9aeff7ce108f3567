/**
 * What a totem shows of the zone, at the totem's proportions (1080 × 1920 portrait) scaled down:
 * image lists as the full-width images the kiosk stacks, text as its paragraphs. It previews the
 * saved content, before publishing, in one language, chosen as the kiosk chooses (decision 021):
 * in English, the English elements when the zone has any, otherwise the French ones marked "FR".
 */
import type { AdminElement, AdminZone, ContentLanguage } from '@plant-kiosk/contract';
import { mediaUrl } from '../../lib/media-url';
import { elementsIn } from './elements-panel';

const KIOSK_WIDTH = 1080;
const PREVIEW_WIDTH = 270;

export function ZonePreview({
  zone,
  elements: all,
  language = 'fr',
}: {
  zone: AdminZone;
  /** All the zone's elements, both languages. */
  elements: AdminElement[];
  language?: ContentLanguage;
}) {
  const scale = PREVIEW_WIDTH / KIOSK_WIDTH;
  const english = language === 'en' ? elementsIn(all, 'en') : [];
  const fallback = language === 'en' && english.length === 0;
  const elements = language === 'en' && !fallback ? english : elementsIn(all, 'fr');
  const languageName = language === 'en' ? 'en anglais' : 'en français';
  return (
    <figure className="preview">
      <div
        className="preview-screen"
        style={{ width: PREVIEW_WIDTH, height: 1920 * scale }}
        aria-label={`Aperçu ${languageName} de la zone ${zone.zonename} sur un totem`}
        role="region"
        // It scrolls: keyboard users must be able to reach it to scroll it.
        tabIndex={0}
      >
        <div className="preview-title">
          {zone.zonename}
          {fallback && elements.length > 0 && (
            <span className="preview-fr-mark" title="Affiché en français : pas de version anglaise">
              FR
            </span>
          )}
        </div>
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
        {fallback && (
          <>
            <strong>Pas de version anglaise</strong> : une page visiteurs en anglais montre la
            version française, marquée « FR ».{' '}
          </>
        )}
        Aperçu à l’échelle {Math.round(scale * 100)} % d’un totem 1080 × 1920 (contenu enregistré,
        visible sur les totems après publication).
      </figcaption>
    </figure>
  );
}
