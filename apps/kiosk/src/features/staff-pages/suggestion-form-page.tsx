/**
 * `/accueil/formulaire` (docs/product.md#screens): the external suggestion form in its 980×1050 frame, at the
 * address the development publishes (published settings, decision 017). It lives on the Internet,
 * so without the network, without an address, or when the page cannot be framed, the frame's place
 * says so plainly (components/external-frame); the frame comes back by itself when the cause goes.
 */
import { useTranslation } from 'react-i18next';
import {
  ExternalFrame,
  type ExternalFrameTexts,
} from '../../components/external-frame/external-frame';
import { useSettingsStore } from '../../lib/settings/settings-store';
import { useFrameCheck } from '../../lib/settings/use-frame-check';
import { usePageFrame } from '../layout';
import { useConnectionStore } from '../network';
import { SUGGESTION_FRAME_SANDBOX, SUGGESTION_FRAME_SIZE } from './suggestion-form';
import './staff-pages.css';

export const SUGGESTION_TEXT = {
  intro: 'Une idée pour améliorer notre quotidien, la sécurité ou la qualité ? Partagez-la ici.',
  title: 'Formulaire de suggestion',
  unsetTitle: 'Le formulaire n’est pas encore configuré',
  unset:
    'L’adresse du formulaire de suggestion n’a pas été renseignée pour ce site. En attendant, vous pouvez confier votre idée à votre responsable.',
  offlineTitle: 'Le formulaire n’est pas disponible hors ligne',
  offline:
    'La borne n’est pas connectée pour le moment. Le formulaire réapparaîtra dès que la connexion sera rétablie ; vous pouvez aussi confier votre idée à votre responsable.',
  blockedTitle: 'Le formulaire sera disponible dans un instant',
  blocked:
    'Sa nouvelle adresse vient d’être publiée : la borne se met à jour dès qu’elle n’est plus utilisée. Vous pouvez aussi confier votre idée à votre responsable.',
  refusedTitle: 'Le formulaire ne peut pas s’afficher sur la borne',
  refused:
    'Le site du formulaire refuse d’être affiché dans une autre page. Le service informatique peut le configurer ; en attendant, confiez votre idée à votre responsable.',
  timeoutTitle: 'Le formulaire ne répond pas',
  timeout:
    'Le site du formulaire ne répond pas pour le moment. Réessayez plus tard, ou confiez votre idée à votre responsable.',
  checking: 'Vérification de la connexion…',
} as const satisfies ExternalFrameTexts & { intro: string };

/** The frame's place keeps its size whatever it shows, so the page does not jump. */
const MESSAGE_STYLE = { width: SUGGESTION_FRAME_SIZE.width, minHeight: 360 } as const;

export default function SuggestionFormPage() {
  const { t } = useTranslation();
  usePageFrame({ title: t('pages.formulaire') });
  const url = useSettingsStore((state) => state.settings.suggestionFormUrl);
  const online = useConnectionStore((state) => state.online);
  const checked = useConnectionStore((state) => state.lastPingAt !== null);
  const check = useFrameCheck('suggestionFormUrl', url, online);

  return (
    <div className="staff-page staff-page--formulaire">
      <p className="staff-page__intro">{SUGGESTION_TEXT.intro}</p>
      <ExternalFrame
        url={url}
        online={online}
        checked={checked}
        texts={SUGGESTION_TEXT}
        sandbox={SUGGESTION_FRAME_SANDBOX}
        className="suggestion-frame"
        width={SUGGESTION_FRAME_SIZE.width}
        height={SUGGESTION_FRAME_SIZE.height}
        messageStyle={MESSAGE_STYLE}
        check={check}
      />
    </div>
  );
}
