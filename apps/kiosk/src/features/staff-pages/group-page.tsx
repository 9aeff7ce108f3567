/**
 * `/accueil/groupe` (docs/product.md#screens): the group and its beauty division — the plant-tour catalogue's
 * French texts and key figures (docs/product.md#purpose, #constants), with the group video of the content.
 */
import { CONTENT_ZONES, type Element } from '@plant-kiosk/contract';
import { useTranslation } from 'react-i18next';
import { useZone } from '../content';
import { usePageFrame } from '../layout';
// The French catalogue alone: staff pages never need the English one.
import { catalogueFr, type FiguresSection } from '../visitor-tour';
import { StaffSection } from './staff-section';
import { StaffVideo } from './staff-video';
import { useMedia } from './use-media';
import './staff-pages.css';

function Figures({ section }: { section: FiguresSection }) {
  return (
    <>
      <div className="staff-text">
        {section.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      <ul className="staff-figures">
        {section.figures.map((figure) => (
          <li key={figure.label}>
            <span className="staff-figures__value">{figure.value}</span>
            <span className="staff-figures__label">{figure.label}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

const isVideo = (element: Element) => element.type === 'video' && element.value.trim() !== '';

export default function GroupPage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.groupe') });
  const media = useMedia();
  const group = catalogueFr.group;
  const video = useZone(CONTENT_ZONES.groupVideo).elements.find(isVideo);
  return (
    <div className="staff-page staff-page--groupe">
      <p className="staff-page__intro">{group.intro}</p>
      {video && <StaffVideo src={media(video.value)} caption={group.videoCaption} />}
      <StaffSection title={group.parentGroup.title}>
        <Figures section={group.parentGroup} />
      </StaffSection>
      <StaffSection title={group.beautyDivision.title}>
        <Figures section={group.beautyDivision} />
      </StaffSection>
    </div>
  );
}
