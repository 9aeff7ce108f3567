/**
 * `/accueil/formulaire` (spec §2): the external suggestion form in its 980×1050 frame. It lives on
 * the Internet, so without the network the page says so plainly instead of leaving a browser
 * error inside the frame; the frame comes back by itself when the network does.
 */
import { useTranslation } from 'react-i18next';
import { usePageFrame } from '../layout/page-frame';
import { useConnectionStore } from '../network/network-monitor';
import {
  SUGGESTION_FORM_URL,
  SUGGESTION_FRAME_SANDBOX,
  SUGGESTION_FRAME_SIZE,
} from './suggestion-form';
import './staff-pages.css';

export const SUGGESTION_TEXT = {
  intro: 'Une idée pour améliorer notre quotidien, la sécurité ou la qualité ? Partagez-la ici.',
  frameTitle: 'Formulaire de suggestion',
  offlineTitle: 'Le formulaire a besoin du réseau',
  offline:
    'La borne n’est pas connectée pour le moment. Le formulaire réapparaîtra dès que la connexion sera rétablie ; vous pouvez aussi confier votre idée à votre responsable.',
  checking: 'Vérification de la connexion…',
} as const;

export default function SuggestionFormPage({ url = SUGGESTION_FORM_URL }: { url?: string }) {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.formulaire') });
  const online = useConnectionStore((state) => state.online);
  const checked = useConnectionStore((state) => state.lastPingAt !== null);

  return (
    <div className="staff-page staff-page--formulaire">
      <p className="staff-page__intro">{SUGGESTION_TEXT.intro}</p>
      {online ? (
        <iframe
          className="suggestion-frame"
          src={url}
          title={SUGGESTION_TEXT.frameTitle}
          width={SUGGESTION_FRAME_SIZE.width}
          height={SUGGESTION_FRAME_SIZE.height}
          sandbox={SUGGESTION_FRAME_SANDBOX}
          referrerPolicy="no-referrer"
        />
      ) : checked ? (
        <div className="suggestion-offline" role="alert">
          <h2>{SUGGESTION_TEXT.offlineTitle}</h2>
          <p>{SUGGESTION_TEXT.offline}</p>
        </div>
      ) : (
        <p className="suggestion-checking" role="status">
          {SUGGESTION_TEXT.checking}
        </p>
      )}
    </div>
  );
}
