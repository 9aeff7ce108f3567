/**
 * A document shown by its cover page (operator manual, house rules, magazine issue, catalogue):
 * one large button — cover, title, page count and an explicit "open" cue — since on a totem the
 * whole card must be the touch target. Without a cover yet it says the content is coming.
 */
import { STAFF_TEXT } from './staff-texts';

export interface DocumentCoverProps {
  title: string;
  /** URL of the cover image (the first page); none shows the friendly empty message. */
  cover: string | undefined;
  /** Shown under the title, e.g. "Octobre 2024" or "6 pages". */
  details?: readonly string[];
  /** Text of the open cue (default "Ouvrir le document"). */
  action?: string;
  /** Width of the cover image in px (default 420). */
  coverWidth?: number;
  onOpen: () => void;
  className?: string;
}

export function DocumentCover({
  title,
  cover,
  details = [],
  action = STAFF_TEXT.openDocument,
  coverWidth = 420,
  onOpen,
  className,
}: DocumentCoverProps) {
  if (!cover) return <p className="staff-empty">{STAFF_TEXT.empty}</p>;
  return (
    <button
      type="button"
      className={['document-cover', className ?? ''].filter(Boolean).join(' ')}
      onClick={onOpen}
    >
      <img
        className="document-cover__image"
        src={cover}
        alt=""
        width={coverWidth}
        height={Math.round((coverWidth * 1528) / 1080)}
        draggable={false}
      />
      <span className="document-cover__text">
        <span className="document-cover__title">{title}</span>
        {details.map((detail) => (
          <span key={detail} className="document-cover__detail">
            {detail}
          </span>
        ))}
        <span className="document-cover__action">
          {action}
          <span aria-hidden="true">›</span>
        </span>
      </span>
    </button>
  );
}
