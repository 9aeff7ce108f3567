/**
 * /accueil/visiteur/groupe: the parent group and its beauty division (plant-tour catalogue), with
 * the group's looping muted video (content zone "Vidéo groupe").
 */
import { CONTENT_ZONES } from '@plant-kiosk/contract';
import { useVisitorPage } from './use-visitor-page';
import { KeyFigures, Paragraphs, VisitorSection } from './visitor-section';
import { ZoneVideo } from './zone-video';
import './visitor-pages.css';

export default function VisitorGroupPage() {
  const { catalogue } = useVisitorPage('groupe');
  const { group } = catalogue;
  return (
    <div className="visitor-page">
      <p className="visitor-lead">{group.intro}</p>
      <ZoneVideo
        zonename={CONTENT_ZONES.groupVideo}
        title={group.title}
        caption={group.videoCaption}
      />
      <VisitorSection title={group.parentGroup.title} tone="corail">
        <Paragraphs paragraphs={group.parentGroup.paragraphs} />
        <KeyFigures figures={group.parentGroup.figures} />
      </VisitorSection>
      <VisitorSection title={group.beautyDivision.title} tone="bleu">
        <Paragraphs paragraphs={group.beautyDivision.paragraphs} />
        <KeyFigures figures={group.beautyDivision.figures} />
      </VisitorSection>
    </div>
  );
}
