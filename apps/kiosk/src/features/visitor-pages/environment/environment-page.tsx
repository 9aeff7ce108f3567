/**
 * /accueil/visiteur/environnement: the environmental approach — the 2025 targets, the circularity
 * indicator and its 0-to-1 scale drawn as a gauge, the environment policy (zone "Politique
 * environnement", "Environment policies" in English: docs/product.md#content-model names it for visitors; it is the
 * quality page that must not show it), and the environment catalogue in a page viewer popup.
 */
import { useTranslation } from 'react-i18next';
import { useVisitorPage } from '../use-visitor-page';
import { KeyFigures, Paragraphs, VisitorSection, ZoneImages } from '../visitor-section';
import { zoneTitle } from '../zone-titles';
import { CircularityGauge } from './circularity-gauge';
import { EnvironmentCatalogue } from './environment-catalogue';
import '../visitor-pages.css';

export default function VisitorEnvironmentPage() {
  const { t } = useTranslation();
  const { catalogue, language } = useVisitorPage(
    'environnement',
    ({ environment }, translate, lang) => [
      environment.targets.title,
      environment.circularity.title,
      zoneTitle('environmentPolicy', lang, translate),
      // Short: "Environmental catalogue" does not fit an anchor button.
      translate('visitorPages.environment.catalogueAnchor'),
    ],
  );
  const { environment } = catalogue;
  const { scaleMin, scaleMax } = environment.circularity;
  const policyTitle = zoneTitle('environmentPolicy', language, t);

  return (
    <div className="visitor-page">
      <p className="visitor-lead">{environment.intro}</p>
      <VisitorSection index={0} title={environment.targets.title} tone="vert">
        <p className="visitor-text">{environment.targets.intro}</p>
        <div className="key-figures--targets">
          <KeyFigures figures={environment.targets.figures} />
        </div>
      </VisitorSection>
      <VisitorSection index={1} title={environment.circularity.title} tone="vert">
        <CircularityGauge
          min={scaleMin}
          max={scaleMax}
          language={language}
          label={t('visitorPages.environment.gauge', {
            min: scaleMin.value,
            minLabel: scaleMin.label,
            max: scaleMax.value,
            maxLabel: scaleMax.label,
          })}
        />
        <Paragraphs paragraphs={environment.circularity.paragraphs} />
      </VisitorSection>
      <VisitorSection index={2} title={policyTitle} tone="vert">
        <ZoneImages zone="environmentPolicy" label={policyTitle} />
      </VisitorSection>
      <VisitorSection index={3} title={environment.catalogue.title} tone="vert">
        <EnvironmentCatalogue
          title={environment.catalogue.title}
          openLabel={environment.catalogue.openLabel}
          closeLabel={environment.catalogue.closeLabel}
        />
      </VisitorSection>
    </div>
  );
}
