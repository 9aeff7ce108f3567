/**
 * `/accueil/siteNeubourg` (docs/product.md#screens): the plant presentation with its two videos (the 60-year video
 * and the plant film), then the molding unit, assembly unit and support services.
 */
import { CONTENT_ZONES, IMAGE_ZONES } from '@plant-kiosk/contract';
import { useTranslation } from 'react-i18next';
import { useZone, useZoneImages } from '../content';
import { usePageFrame } from '../layout';
import { StaffSection, ZoneSection } from './staff-section';
import { StaffVideo } from './staff-video';
import { ZoneGallery } from '../../components/zone-gallery';
import { STAFF_TEXT } from './staff-texts';
import { useMedia } from './use-media';
import { SITE_ANCHORS } from './zone-sections';
import './staff-pages.css';

/** The zone holds the 60-year video, then the plant film (see CONTENT_ZONES.plantVideos). */
export const PLANT_VIDEO_CAPTIONS = ['Le Neubourg fête ses 60 ans', 'Le film de l’usine'] as const;

export function PlantVideos() {
  const media = useMedia();
  const { elements, loading } = useZone(CONTENT_ZONES.plantVideos);
  const videos = elements.filter((element) => element.type === 'video' && element.value.trim());
  if (loading) return null;
  if (videos.length === 0) return null;
  return (
    <div className="plant-videos">
      {videos.map((video, index) => (
        <StaffVideo
          key={video.elementid}
          src={media(video.value)}
          caption={PLANT_VIDEO_CAPTIONS[index] ?? `Vidéo ${index + 1}`}
        />
      ))}
    </div>
  );
}

function PresentationSection() {
  const { items, loading } = useZoneImages(IMAGE_ZONES.plantIntroduction.fr, {
    altPrefix: SITE_ANCHORS[0],
  });
  return (
    <StaffSection anchorIndex={0} title={SITE_ANCHORS[0]}>
      <PlantVideos />
      <ZoneGallery
        items={items}
        loading={loading}
        emptyMessage={STAFF_TEXT.empty}
        label={SITE_ANCHORS[0]}
      />
    </StaffSection>
  );
}

export default function SitePage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.siteNeubourg'), anchors: SITE_ANCHORS });
  return (
    <div className="staff-page staff-page--site">
      <PresentationSection />
      <ZoneSection anchorIndex={1} title={SITE_ANCHORS[1]} zonename={IMAGE_ZONES.moldingUnit.fr} />
      <ZoneSection anchorIndex={2} title={SITE_ANCHORS[2]} zonename={IMAGE_ZONES.assemblyUnit.fr} />
      <ZoneSection
        anchorIndex={3}
        title={SITE_ANCHORS[3]}
        zonename={IMAGE_ZONES.supportServices.fr}
      />
    </div>
  );
}
