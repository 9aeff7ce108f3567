/**
 * The "latest product news" panel of the product range page. Its close button hides it for the
 * rest of the visit: it stays closed on every visitor page until the visitor home is left (see
 * visitor-area-store.ts).
 */
import { useId } from 'react';
import type { PlantTourCatalogue } from '../../visitor-tour';
import { useVisitorAreaStore } from '../visitor-area-store';

export interface NewsPanelProps {
  news: PlantTourCatalogue['productRange']['news'];
  /** Opens the product sheet the news is about. */
  onSeeProduct: () => void;
}

export function NewsPanel({ news, onSeeProduct }: NewsPanelProps) {
  const closed = useVisitorAreaStore((state) => state.newsClosed);
  const close = useVisitorAreaStore((state) => state.closeNews);
  const titleId = useId();
  if (closed) return null;
  return (
    <aside className="news-panel" aria-labelledby={titleId}>
      <div className="news-panel__body">
        <h2 id={titleId} className="news-panel__title">
          {news.title}
        </h2>
        <p className="news-panel__text">{news.text}</p>
        <button
          type="button"
          className="kiosk-button kiosk-button--accent news-panel__see"
          aria-haspopup="dialog"
          onClick={onSeeProduct}
        >
          {news.seeProductLabel}
        </button>
      </div>
      <button type="button" className="news-panel__close" onClick={close}>
        <span aria-hidden="true" className="news-panel__close-cross">
          ×
        </span>
        {news.closeLabel}
        <span className="visually-hidden"> — {news.title}</span>
      </button>
    </aside>
  );
}
