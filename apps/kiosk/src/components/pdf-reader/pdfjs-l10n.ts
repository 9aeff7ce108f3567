/**
 * pdf.js's own controls in the reader's language. pdf.js builds its editors' buttons, handles and
 * labels with a `data-l10n-id` (and `data-l10n-args`) and leaves the words to a localisation
 * object; its default one fetches Fluent files and, with none on a totem, falls back to English
 * ("Alt text", "Remove image"). This one translates from the kiosk's own texts
 * (i18n `pdfReader.engine`): it translates the roots it is given and keeps translating what pdf.js
 * adds to them later, as pdf.js's DOMLocalization does.
 */

/** One pdf.js message: `text` becomes the element's text, every other key an attribute. */
export type PdfJsMessage = Readonly<Record<string, string>>;
export type PdfJsMessages = Readonly<Record<string, PdfJsMessage>>;

/** The part of pdf.js's L10n interface that PDFViewer, its pages and editors call. */
export interface PdfJsL10n {
  getLanguage(): string;
  getDirection(): 'ltr';
  get(
    ids: string | string[],
    args?: Record<string, unknown> | null,
    fallback?: string,
  ): Promise<unknown>;
  translate(element: HTMLElement): Promise<void>;
  translateOnce(element: HTMLElement): Promise<void>;
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
}

const ID = 'data-l10n-id';
const ARGS = 'data-l10n-args';

function interpolate(text: string, args: Record<string, unknown> | null): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = args?.[name];
    return value === undefined || value === null ? '' : String(value);
  });
}

function argsOf(element: Element): Record<string, unknown> | null {
  const raw = element.getAttribute(ARGS);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export function createPdfJsL10n(language: string, messages: PdfJsMessages): PdfJsL10n {
  const roots = new Set<HTMLElement>();

  const translateElement = (element: Element) => {
    const id = element.getAttribute(ID);
    const message = id ? messages[id] : undefined;
    if (!message) return;
    const args = argsOf(element);
    for (const [name, value] of Object.entries(message)) {
      const text = interpolate(value, args);
      if (name === 'text') {
        // Only a leaf gets its text replaced: pdf.js puts labels on their own <span>.
        if (element.childElementCount === 0 && element.textContent !== text)
          element.textContent = text;
      } else if (element.getAttribute(name) !== text) {
        element.setAttribute(name, text);
      }
    }
  };
  const translateTree = (root: Element) => {
    if (root.hasAttribute(ID)) translateElement(root);
    for (const element of root.querySelectorAll(`[${ID}]`)) translateElement(element);
  };

  const observer =
    typeof MutationObserver === 'undefined'
      ? null
      : new MutationObserver((records) => {
          for (const record of records) {
            if (record.type === 'attributes') {
              translateElement(record.target as Element);
              continue;
            }
            for (const node of record.addedNodes) {
              if (node.nodeType === Node.ELEMENT_NODE) translateTree(node as Element);
            }
          }
        });
  const observe = (root: HTMLElement) =>
    observer?.observe(root, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: [ID, ARGS],
    });
  let paused = false;

  return {
    getLanguage: () => language,
    getDirection: () => 'ltr',
    async get(ids, args = null, fallback) {
      const one = (id: string) => {
        const message = messages[id];
        const value = message?.text;
        return value === undefined ? fallback : interpolate(value, args);
      };
      return Array.isArray(ids) ? ids.map(one) : one(ids);
    },
    async translate(element) {
      roots.add(element);
      translateTree(element);
      if (!paused) observe(element);
    },
    async translateOnce(element) {
      translateTree(element);
    },
    pause() {
      // pdf.js pauses while it builds a batch of nodes; what it added meanwhile is translated on
      // resume, from the observer's pending records.
      if (paused || !observer) return;
      paused = true;
      const pending = observer.takeRecords();
      observer.disconnect();
      for (const record of pending) {
        if (record.type === 'attributes') translateElement(record.target as Element);
        else for (const node of record.addedNodes) if (node instanceof Element) translateTree(node);
      }
    },
    resume() {
      if (!paused) return;
      paused = false;
      for (const root of roots) {
        translateTree(root);
        observe(root);
      }
    },
    async destroy() {
      observer?.disconnect();
      roots.clear();
    },
  };
}
