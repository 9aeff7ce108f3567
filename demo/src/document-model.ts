/**
 * A document of the demo plant, independent of its rendering: the same spec becomes a real PDF
 * (pdf/document-pdf.ts) and, for documents the kiosk shows as page images, one SVG per page
 * (svg/document-pages.ts). Keeping one source is what makes the thumbnails match the PDF.
 */
import type { Accent } from './svg/kit.js';
import type { Block } from './svg/page.js';

export interface DocPage {
  /** Shown in the page's header band. */
  title: string;
  /** When set, this page starts a table-of-contents section of that title. */
  section?: string;
  blocks: Block[];
}

export interface DocumentSpec {
  title: string;
  subtitle: string;
  /** Small upper-case line on the cover and in the headers, e.g. "Ressources humaines". */
  kicker: string;
  /** E.g. "Édition juillet 2023". */
  edition: string;
  accent: Accent;
  pages: DocPage[];
  toc?: boolean;
  /** Metadata date, so that regenerated files are byte-identical. */
  date: Date;
}
