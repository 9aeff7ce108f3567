/**
 * A navigation tile (docs/product.md#screens): up to three lines of title, a background colour or image, an
 * optional icon and the finger (tap) pictogram that tells people it is touchable. A tap navigates
 * and appends the tile's first title to the breadcrumb.
 *
 * Colours come as named tones whose text colour is chosen for WCAG AA contrast (white text on the
 * palette's corail or bleu is not AA, so those tones use dark text or the darker shade).
 */
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useUiStore } from '../../lib/ui-store/ui-store';
import './route-button.css';

export type RouteButtonTone =
  'gris' | 'corail' | 'bleu' | 'bleu-fonce' | 'vert' | 'rouge' | 'sable' | 'blanc';

export interface RouteButtonProps {
  /** Route path, e.g. "/accueil/hse". */
  to: string;
  /** One to three lines; the first is the main title and the breadcrumb label. */
  titles: readonly [string, string?, string?];
  /** Named palette tone (default 'gris'); ignored when `background` is given. */
  tone?: RouteButtonTone;
  /** Any CSS background colour, with `textColor` for its text (you own the contrast then). */
  background?: string;
  textColor?: string;
  /** Background image URL (a dark veil keeps the titles readable). */
  image?: string;
  /** Optional pictogram shown before the titles. */
  icon?: ReactNode;
  /** Breadcrumb label when it differs from the first title. */
  crumbLabel?: string;
  /** Hide the finger pictogram (e.g. very small tiles). */
  hideFinger?: boolean;
  /** Tile size: 'large' for the home's main rows, 'medium' default, 'wide' spans a grid row. */
  size?: 'medium' | 'large' | 'wide';
  className?: string;
  onNavigate?(): void;
}

export function RouteButton({
  to,
  titles,
  tone = 'gris',
  background,
  textColor,
  image,
  icon,
  crumbLabel,
  hideFinger = false,
  size = 'medium',
  className,
  onNavigate,
}: RouteButtonProps) {
  const { t } = useTranslation();
  const pushCrumb = useUiStore((state) => state.pushCrumb);
  const [title, subtitle, detail] = titles;

  const style: CSSProperties = {};
  if (background) style.background = background;
  if (textColor) style.color = textColor;
  if (image) {
    style.backgroundImage = `linear-gradient(rgba(35, 35, 36, 0.25), rgba(35, 35, 36, 0.7)), url("${image}")`;
  }

  return (
    <Link
      to={to}
      className={[
        'route-button',
        `route-button--${size}`,
        background || image ? '' : `route-button--${tone}`,
        image ? 'route-button--image' : '',
        className ?? '',
      ]
        .filter(Boolean)
        .join(' ')}
      style={style}
      onClick={() => {
        pushCrumb({ label: crumbLabel ?? title, path: to });
        onNavigate?.();
      }}
    >
      {icon && (
        <span className="route-button__icon" aria-hidden="true">
          {icon}
        </span>
      )}
      <span className="route-button__titles">
        <span className="route-button__title">{title}</span>
        {subtitle && <span className="route-button__subtitle">{subtitle}</span>}
        {detail && <span className="route-button__detail">{detail}</span>}
      </span>
      {!hideFinger && (
        <span className="route-button__finger" title={t('routeButton.tap')}>
          <FingerIcon />
        </span>
      )}
    </Link>
  );
}

/** A hand with the index finger touching a surface, with two tap ripples. */
export function FingerIcon({ size = 44 }: { size?: number }) {
  return (
    <svg
      viewBox="0 0 48 48"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
      className="finger-icon"
    >
      <path
        d="M12.5 12.5a8.5 8.5 0 0 1 13 -7.2M8 9.5a13.5 13.5 0 0 1 20.5 -6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.4"
        strokeLinecap="round"
        opacity="0.75"
      />
      <path
        d="M18 13.5a3 3 0 0 1 6 0V25l2.2-.9a3 3 0 0 1 2.3 0l.6.3V24a3 3 0 0 1 5.7-1.2l.4.8a3 3 0 0 1 5.8 1.1v9.8c0 6.6-5 11.5-11.4 11.5h-2.2c-3.8 0-6.9-1.7-9-4.8l-5.6-8.4a3 3 0 0 1 4.6-3.8l2.6 2.8Z"
        fill="currentColor"
      />
    </svg>
  );
}
