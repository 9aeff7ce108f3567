/**
 * The upper part of the screen in reach mode (decision 049): no control is left above the reach
 * line, so the frame shows the header, the page's title and this notice there — what the mode is
 * and where the controls went. Nothing in it reacts to a touch. Drawn by the frame (AppFrame) and
 * placed by the reach layout of styles/modes.css; nothing outside reach mode.
 */
import { useTranslation } from 'react-i18next';
import { useAccessibilityModes } from './accessibility-modes';
import { accessibilityTexts } from './accessibility-texts';

export function ReachModeNotice() {
  const { i18n } = useTranslation();
  const reach = useAccessibilityModes((state) => state.reach);
  if (!reach) return null;
  const texts = accessibilityTexts(i18n.language);
  return (
    <div className="reach-notice" data-testid="reach-notice">
      <p className="reach-notice__title">{texts.reachNoticeTitle}</p>
      <p className="reach-notice__text">{texts.reachNotice}</p>
      <svg
        className="reach-notice__arrow"
        viewBox="0 0 48 48"
        width="96"
        height="96"
        aria-hidden="true"
        focusable="false"
      >
        <path
          d="M24 6v34m0 0-13-13m13 13 13-13"
          fill="none"
          stroke="currentColor"
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </div>
  );
}
