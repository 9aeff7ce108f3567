/**
 * /accueil/visiteur/siteNeubourg: the plant, section by section (introduction, molding unit,
 * assembly unit, support departments — the catalogue's texts and figures above the images of the
 * zone of the same name, titled in English for English visitors), then the plant film.
 */
import { CONTENT_ZONES } from '@plant-kiosk/contract';
import { useTranslation } from 'react-i18next';
import type { FiguresSection, PlantTourCatalogue } from '../visitor-tour';
import { useVisitorPage } from './use-visitor-page';
import { KeyFigures, Paragraphs, VisitorSection, ZoneImages } from './visitor-section';
import { ZoneVideo } from './zone-video';
import type { NamedVisitorZone } from './zone-titles';
import './visitor-pages.css';

type PlantSite = PlantTourCatalogue['plantSite'];

/** The four parts of the plant, each with the zone holding its images. */
function siteSections(site: PlantSite): { zone: NamedVisitorZone; content: FiguresSection }[] {
  return [
    { zone: 'plantIntroduction', content: site.introduction },
    { zone: 'moldingUnit', content: site.moldingUnit },
    { zone: 'assemblyUnit', content: site.assemblyUnit },
    { zone: 'supportServices', content: site.supportDepartments },
  ];
}

export default function VisitorSitePage() {
  const { t } = useTranslation();
  const { catalogue } = useVisitorPage('siteNeubourg', ({ plantSite }) => [
    ...siteSections(plantSite).map(({ content }) => content.title),
    plantSite.video.title,
  ]);
  const site = catalogue.plantSite;
  const sections = siteSections(site);

  return (
    <div className="visitor-page">
      <p className="visitor-lead">{site.intro}</p>
      {sections.map(({ zone, content }, index) => (
        <VisitorSection
          key={zone}
          index={index}
          title={content.title}
          tone={index % 2 === 0 ? 'corail' : 'bleu'}
        >
          <Paragraphs paragraphs={content.paragraphs} />
          {zone === 'supportServices' && (
            <ul className="visitor-chips" aria-label={t('visitorPages.site.departments')}>
              {site.supportDepartments.departments.map((department) => (
                <li key={department} className="visitor-chip">
                  {department}
                </li>
              ))}
            </ul>
          )}
          <KeyFigures figures={content.figures} />
          <ZoneImages zone={zone} label={content.title} />
        </VisitorSection>
      ))}
      <VisitorSection index={sections.length} title={site.video.title} tone="gris">
        <ZoneVideo
          zonename={CONTENT_ZONES.plantVideos}
          pick="last"
          title={site.video.title}
          caption={site.video.caption}
        />
      </VisitorSection>
    </div>
  );
}
