/**
 * The practical HR guide (docs/product.md#screens "HR page"): its cover opens the PDF reader, and each entry of
 * its table of contents — a whole row, easy to hit — opens the reader at that entry's page.
 * PDF.js stays out of this page's chunk: the reader is the lazy one.
 */
import { CONTENT_ZONES, MODEL_LABELS } from '@plant-kiosk/contract';
import { useState } from 'react';
import { LazyPdfReader } from '../../components/pdf-reader';
import { useSubgroups, useZone } from '../content';
import { readPdfDocument } from './pdf-document';
import { STAFF_TEXT } from './staff-texts';
import { useMedia } from './use-media';

const DEFAULT_TITLE = 'Guide pratique RH';

export function HrGuide() {
  const media = useMedia();
  const { elements, loading } = useZone(CONTENT_ZONES.hrGuide);
  const element = elements[0];
  const { subgroups, loading: groupsLoading } = useSubgroups(
    element?.elementid,
    MODEL_LABELS.pdfDocument,
  );
  const guide = readPdfDocument(subgroups[0], element?.value ?? DEFAULT_TITLE);
  const [readerPage, setReaderPage] = useState<number | null>(null);

  if (loading || (element && groupsLoading)) return null;
  if (!guide.pdf && guide.pages.length === 0)
    return <p className="staff-empty">{STAFF_TEXT.empty}</p>;

  const pdf = guide.pdf ? media(guide.pdf) : undefined;
  const cover = guide.pages[0] ? media(guide.pages[0].value) : undefined;
  return (
    <div className="hr-guide">
      <button
        type="button"
        className="hr-guide__cover"
        disabled={!pdf}
        onClick={() => setReaderPage(1)}
      >
        {cover && <img src={cover} alt="" width={380} height={537} draggable={false} />}
        <span className="hr-guide__title">{guide.title}</span>
        <span className="document-cover__action">{STAFF_TEXT.openDocument}</span>
      </button>
      {guide.toc.length > 0 && (
        <nav className="hr-guide__toc" aria-label={`Sommaire — ${guide.title}`}>
          <h3 className="staff-subsection__title">Sommaire</h3>
          <ol>
            {guide.toc.map((entry) => (
              <li key={`${entry.page}-${entry.title}`}>
                <button
                  type="button"
                  className="hr-guide__entry"
                  disabled={!pdf}
                  onClick={() => setReaderPage(entry.page)}
                >
                  <span className="hr-guide__entry-title">{entry.title}</span>
                  <span className="hr-guide__entry-page">p. {entry.page}</span>
                </button>
              </li>
            ))}
          </ol>
        </nav>
      )}
      {readerPage !== null && pdf && (
        <LazyPdfReader
          file={pdf}
          title={guide.title}
          initialPage={readerPage}
          onClose={() => setReaderPage(null)}
        />
      )}
    </div>
  );
}
