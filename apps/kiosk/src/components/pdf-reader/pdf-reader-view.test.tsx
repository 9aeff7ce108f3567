import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en';
import { fr } from '../../i18n/fr';
import { i18nFor, type Language } from '../../i18n/i18n';
import type { HeldImage, HeldImageSource } from '../../lib/media/held-images';
import { subscribeUsage, type DocumentUsageEvent } from '../../lib/usage-sink/usage-sink';
import type {
  EditorMode,
  PdfLoadOptions,
  PdfViewerAdapter,
  PdfViewerCallbacks,
  PdfViewerElements,
  PdfViewerOptions,
} from './pdf-adapter';
import { PdfReaderView, type PdfReaderViewProps } from './pdf-reader-view';

const STAMP_REFUSED_MESSAGE = fr.pdfReader.stampRefused;

/**
 * A scripted implementation of the reader's adapter interface: the test decides when the document
 * loads, fails, asks for a password or changes page, and sees every call the reader makes.
 */
class ScriptedAdapter implements PdfViewerAdapter {
  static last: ScriptedAdapter | null = null;
  calls: string[] = [];
  url = '';
  options: PdfLoadOptions = {};
  stamps: File[] = [];
  stampNames: (string | undefined)[] = [];
  destroyed = false;
  private settle: {
    resolve: (v: { numPages: number }) => void;
    reject: (e: unknown) => void;
  } | null = null;

  constructor(
    readonly elements: PdfViewerElements,
    readonly callbacks: PdfViewerCallbacks,
    readonly viewerOptions: PdfViewerOptions,
  ) {
    ScriptedAdapter.last = this;
  }
  load(url: string, options: PdfLoadOptions = {}) {
    this.url = url;
    this.options = options;
    return new Promise<{ numPages: number }>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
  }
  // --- what the test does ---
  async finishLoading(numPages: number, page = 1) {
    await act(async () => {
      this.callbacks.onPageChange(page);
      this.settle?.resolve({ numPages });
    });
  }
  async fail(error: unknown) {
    await act(async () => this.settle?.reject(error));
  }
  askPassword(reason: 'need' | 'incorrect') {
    act(() => this.callbacks.onPassword(reason));
  }
  showPage(page: number) {
    act(() => this.callbacks.onPageChange(page));
  }
  // --- what the reader does ---
  submitPassword(password: string) {
    this.calls.push(`password:${password}`);
  }
  goToPage(page: number) {
    this.calls.push(`goto:${page}`);
  }
  async setMode(mode: EditorMode) {
    this.calls.push(`mode:${mode}`);
  }
  async addStamp(file: File, name?: string) {
    this.stamps.push(file);
    this.stampNames.push(name);
  }
  undo() {
    this.calls.push('undo');
  }
  redo() {
    this.calls.push('redo');
  }
  deleteSelected() {
    this.calls.push('delete');
  }
  async destroy() {
    this.destroyed = true;
  }
}

const createAdapter = (
  elements: PdfViewerElements,
  callbacks: PdfViewerCallbacks,
  options: PdfViewerOptions,
) => new ScriptedAdapter(elements, callbacks, options);

/** The reader as a page in `language` shows it (the frame provides its i18n instance). */
function inLanguage(ui: ReactElement, language: Language = 'fr') {
  return <I18nextProvider i18n={i18nFor(language)}>{ui}</I18nextProvider>;
}

function openReader(
  props: Partial<Omit<PdfReaderViewProps, 'createAdapter'>> = {},
  language: Language = 'fr',
) {
  const onClose = vi.fn();
  const view = render(
    inLanguage(
      <PdfReaderView file="guide.pdf" onClose={onClose} createAdapter={createAdapter} {...props} />,
      language,
    ),
  );
  const adapter = ScriptedAdapter.last;
  if (!adapter) throw new Error('no adapter created');
  const rerender = (ui: ReactElement) => view.rerender(inLanguage(ui, language));
  return { ...view, rerender, adapter, onClose };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

afterEach(() => {
  ScriptedAdapter.last = null;
  vi.restoreAllMocks();
});

describe('PdfReaderView: loading and messages', () => {
  it('shows "Chargement en cours" while loading, without controls or tools', () => {
    openReader();
    expect(screen.getByRole('status').textContent).toContain('Chargement en cours');
    expect(screen.queryByRole('button', { name: /Précédent/ })).toBeNull();
    expect(screen.queryByRole('toolbar')).toBeNull();
  });

  it('shows "Impossible de charger le PDF" on failure and logs the error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { adapter } = openReader();
    const failure = new Error('Missing PDF');
    await adapter.fail(failure);
    expect(screen.getByRole('alert').textContent).toBe('Impossible de charger le PDF');
    expect(logged).toHaveBeenCalledWith(expect.stringContaining('pdf/guide.pdf'), failure);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('gives the viewer an absolutely positioned container and its page element', () => {
    const { adapter } = openReader();
    expect(adapter.elements.container.contains(adapter.elements.viewer)).toBe(true);
    expect(adapter.elements.viewer.className).toBe('pdfViewer');
  });
});

describe('PdfReaderView: file URL', () => {
  it.each([
    [{ file: 'guide.pdf' }, 'pdf/guide.pdf'],
    [{ file: 'guide-rh', drive: true }, 'pdf/guide-rh.pdf'],
    [{ file: 'guide-rh.pdf', drive: true }, 'pdf/guide-rh.pdf'],
    [{ file: 'pdf/guide.pdf' }, 'pdf/guide.pdf'],
    [{ file: 'https://kiosk.example/pdf/guide.pdf' }, 'https://kiosk.example/pdf/guide.pdf'],
  ])('%o loads %s', (props, url) => {
    const { adapter } = openReader(props);
    expect(adapter.url).toBe(url);
  });

  it('passes initialPage to the viewer', () => {
    const { adapter } = openReader({ initialPage: 7 });
    expect(adapter.options.initialPage).toBe(7);
  });
});

describe('PdfReaderView: page controls', () => {
  it('disables previous on page 1 and next on the last page', async () => {
    const { adapter } = openReader();
    await adapter.finishLoading(3);
    expect(screen.getByText('Page 1 / 3')).toBeTruthy();
    expect(button(/Précédent/)).toHaveProperty('disabled', true);
    expect(button(/Suivant/)).toHaveProperty('disabled', false);
    fireEvent.click(button(/Suivant/));
    expect(adapter.calls).toContain('goto:2');
    adapter.showPage(2);
    expect(button(/Précédent/)).toHaveProperty('disabled', false);
    expect(button(/Suivant/)).toHaveProperty('disabled', false);
    fireEvent.click(button(/Précédent/));
    expect(adapter.calls).toContain('goto:1');
    adapter.showPage(3);
    expect(button(/Suivant/)).toHaveProperty('disabled', true);
    expect(screen.getByText('Page 3 / 3')).toBeTruthy();
  });

  it('hides the controls for a single-page document', async () => {
    const { adapter } = openReader();
    await adapter.finishLoading(1);
    expect(screen.queryByRole('button', { name: /Précédent/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Suivant/ })).toBeNull();
    expect(screen.getByRole('toolbar', { name: "Outils d'annotation" })).toBeTruthy();
  });

  it('opens on the page the viewer reports for initialPage', async () => {
    const { adapter } = openReader({ initialPage: 4 });
    await adapter.finishLoading(10, 4);
    expect(screen.getByText('Page 4 / 10')).toBeTruthy();
  });
});

describe('PdfReaderView: usage events (issue 49)', () => {
  let events: DocumentUsageEvent[] = [];
  let stop: () => void = () => {};
  beforeEach(() => {
    events = [];
    stop = subscribeUsage((event) => events.push(event));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });
  const wait = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });

  it('says the document opened once loaded, by its file name, and each page shown for 1 s', async () => {
    const { adapter, unmount } = openReader({ file: 'docs/guide%20rh.pdf', title: 'Guide RH' });
    wait(2000);
    expect(events).toEqual([]);
    await adapter.finishLoading(5);
    expect(events).toEqual([{ kind: 'document_open', target: 'guide rh.pdf' }]);
    wait(1000);
    adapter.showPage(2);
    wait(400);
    adapter.showPage(3);
    wait(1000);
    adapter.showPage(1);
    wait(3000);
    adapter.showPage(4);
    unmount();
    wait(3000);
    expect(events).toEqual([
      { kind: 'document_open', target: 'guide rh.pdf' },
      { kind: 'page_read', target: 'guide rh.pdf', page: 1 },
      { kind: 'page_read', target: 'guide rh.pdf', page: 3 },
    ]);
  });

  it('names the document by the id it is given', async () => {
    const { adapter } = openReader({ documentId: 'element-7', initialPage: 4 });
    await adapter.finishLoading(10, 4);
    wait(1000);
    expect(events).toEqual([
      { kind: 'document_open', target: 'element-7' },
      { kind: 'page_read', target: 'element-7', page: 4 },
    ]);
  });

  it('says nothing of a document that could not be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { adapter } = openReader();
    await adapter.fail(new Error('404'));
    wait(2000);
    expect(events).toEqual([]);
  });
});

describe('PdfReaderView: password', () => {
  it('asks for the password, then says when it is wrong', async () => {
    const { adapter } = openReader();
    adapter.askPassword('need');
    const input = screen.getByLabelText('Enter the password to open this PDF file.');
    fireEvent.change(input, { target: { value: 'mauvais' } });
    fireEvent.click(button('OK'));
    expect(adapter.calls).toContain('password:mauvais');
    expect(screen.getByRole('status').textContent).toContain('Chargement en cours');
    adapter.askPassword('incorrect');
    const retry = screen.getByLabelText('Invalid password. Please try again.');
    expect((retry as HTMLInputElement).value).toBe('');
    fireEvent.change(retry, { target: { value: 'kiosque' } });
    fireEvent.submit(retry);
    expect(adapter.calls).toContain('password:kiosque');
    await adapter.finishLoading(2);
    expect(screen.queryByLabelText(/password/i)).toBeNull();
    expect(screen.getByText('Page 1 / 2')).toBeTruthy();
  });
});

describe('PdfReaderView: popup, QR tile and memory', () => {
  it('closes with Fermer and Escape, and destroys the viewer on unmount', () => {
    const { adapter, onClose, unmount } = openReader();
    fireEvent.click(button('Fermer'));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(adapter.destroyed).toBe(false);
    unmount();
    expect(adapter.destroyed).toBe(true);
  });

  it('starts over with a fresh viewer when the file changes', async () => {
    const { adapter, rerender, onClose } = openReader();
    await adapter.finishLoading(2);
    rerender(<PdfReaderView file="autre.pdf" onClose={onClose} createAdapter={createAdapter} />);
    expect(adapter.destroyed).toBe(true);
    expect(ScriptedAdapter.last?.url).toBe('pdf/autre.pdf');
    expect(screen.getByRole('status').textContent).toContain('Chargement en cours');
  });

  it('shows a QR tile beside the reader only when a link is given', () => {
    const first = openReader();
    expect(screen.queryByText('Téléchargez le document')).toBeNull();
    first.unmount();
    openReader({ qrCodeLink: 'https://kiosk.example/pdf/guide.pdf' });
    expect(screen.getByText('Téléchargez le document')).toBeTruthy();
    expect(screen.getByRole('img', { name: /kiosk\.example\/pdf\/guide\.pdf/ })).toBeTruthy();
  });
});

describe('PdfReaderView: annotation tools', () => {
  async function ready() {
    const opened = openReader();
    await opened.adapter.finishLoading(3);
    return opened;
  }

  it('offers big labelled tools and switches the editor mode', async () => {
    const { adapter } = await ready();
    for (const label of ['Aucun', 'Texte', 'Dessin', 'Surligner', 'Image']) {
      expect(button(label)).toBeTruthy();
    }
    expect(button('Aucun').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(button('Texte'));
    expect(adapter.calls).toContain('mode:freetext');
    expect(button('Texte').getAttribute('aria-pressed')).toBe('true');
    expect(button('Aucun').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(button('Dessin'));
    fireEvent.click(button('Surligner'));
    fireEvent.click(button('Aucun'));
    expect(adapter.calls.filter((call) => call.startsWith('mode:'))).toEqual([
      'mode:freetext',
      'mode:ink',
      'mode:highlight',
      'mode:none',
    ]);
  });

  it('follows a tool switch made by the editor itself', async () => {
    const { adapter } = await ready();
    act(() => adapter.callbacks.onModeChange?.('ink'));
    expect(button('Dessin').getAttribute('aria-pressed')).toBe('true');
  });

  it('enables undo, redo and delete from the editor state', async () => {
    const { adapter } = await ready();
    expect(button('Annuler')).toHaveProperty('disabled', true);
    expect(button('Rétablir')).toHaveProperty('disabled', true);
    expect(button('Supprimer')).toHaveProperty('disabled', true);
    act(() =>
      adapter.callbacks.onEditorState({
        canUndo: true,
        canRedo: true,
        hasSelection: true,
        isEmpty: false,
      }),
    );
    fireEvent.click(button('Annuler'));
    fireEvent.click(button('Rétablir'));
    fireEvent.click(button('Supprimer'));
    expect(adapter.calls).toEqual(expect.arrayContaining(['undo', 'redo', 'delete']));
  });

  const pngBytes = new Uint8Array([
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
  ]);
  const png = () => new File([pngBytes], 'logo.png', { type: 'image/png' });

  it('checks images dropped or pasted on the viewer too', async () => {
    const { adapter } = await ready();
    act(() => adapter.callbacks.onImageOffered?.(new File(['<html></html>'], 'x.svg')));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(STAMP_REFUSED_MESSAGE),
    );
    act(() => adapter.callbacks.onImageOffered?.(png()));
    await waitFor(() => expect(adapter.stamps).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('PdfReaderView: stamp alt text', () => {
  it('asks for the description of an image and saves it', async () => {
    const { adapter } = openReader();
    await adapter.finishLoading(1);
    const save = vi.fn();
    act(() => adapter.callbacks.onAltTextRequest?.('', save));
    const field = screen.getByLabelText("Description de l'image (texte alternatif)");
    fireEvent.change(field, { target: { value: ' Logo de l’équipe ' } });
    fireEvent.click(button('Enregistrer'));
    expect(save).toHaveBeenCalledWith('Logo de l’équipe');
    expect(screen.queryByLabelText("Description de l'image (texte alternatif)")).toBeNull();
  });

  it('keeps the description unchanged on Abandonner', async () => {
    const { adapter } = openReader();
    await adapter.finishLoading(1);
    const save = vi.fn();
    act(() => adapter.callbacks.onAltTextRequest?.('Ancien texte', save));
    expect(
      (screen.getByLabelText("Description de l'image (texte alternatif)") as HTMLTextAreaElement)
        .value,
    ).toBe('Ancien texte');
    fireEvent.click(button('Abandonner'));
    expect(save).not.toHaveBeenCalled();
  });
});

/** A picture source as the totem's: the held pictures, and their files by URL. */
function heldImages(
  files: Record<string, File | null>,
  zone = 'Plan du site',
): HeldImageSource & {
  loaded: string[];
} {
  const loaded: string[] = [];
  const images: HeldImage[] = Object.keys(files).map((url, i) => ({ url, zone, index: i + 1 }));
  return {
    loaded,
    list: () => Promise.resolve(images),
    load: (url) => {
      loaded.push(url);
      return Promise.resolve(files[url] ?? null);
    },
  };
}

const PNG_BYTES = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
]);
const PLAN = 'https://kiosk.example/media/images/plan.svg';
const MENU = 'https://kiosk.example/media/images/menu.png';
const BROKEN = 'https://kiosk.example/media/images/broken.png';

describe('PdfReaderView: the Image tool picks among the site’s pictures', () => {
  async function readyWith(source: HeldImageSource, language: Language = 'fr') {
    const opened = openReader({ stampImages: source }, language);
    await opened.adapter.finishLoading(3);
    return opened;
  }

  it('lists the pictures the totem holds and stamps the chosen one, with its real type', async () => {
    // A PNG named .jpg is handed over as the PNG it is.
    const source = heldImages({
      [PLAN]: new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'plan.svg'),
      [MENU]: new File([PNG_BYTES], 'menu.jpg', { type: 'image/jpeg' }),
    });
    const { adapter } = await readyWith(source);
    fireEvent.click(button('Image'));
    expect(adapter.calls).toContain('mode:stamp');
    const picker = await screen.findByRole('dialog', { name: 'Choisir une image du site' });
    const tiles = await within(picker).findAllByRole('button', { name: /Plan du site, image/ });
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      'Plan du site, image 1',
      'Plan du site, image 2',
    ]);
    expect(tiles.map((tile) => tile.querySelector('img')?.getAttribute('src'))).toEqual([
      PLAN,
      MENU,
    ]);
    fireEvent.click(tiles[1] as HTMLElement);
    await waitFor(() => expect(adapter.stamps).toHaveLength(1));
    expect(source.loaded).toEqual([MENU]);
    expect(adapter.stamps[0]?.type).toBe('image/png');
    // The stamp is named after the picture (pdf.js draws it in an unnamed canvas otherwise).
    expect(adapter.stampNames).toEqual(['Plan du site, image 2']);
    expect(screen.queryByTestId('stamp-picker')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says so when the totem holds no picture yet, and closes without stamping', async () => {
    const { adapter } = await readyWith(heldImages({}));
    fireEvent.click(button('Image'));
    expect(
      await screen.findByText(/Aucune image du site n’est encore enregistrée sur ce totem/),
    ).toBeTruthy();
    fireEvent.click(
      within(screen.getByTestId('stamp-picker')).getByRole('button', {
        name: 'Revenir au document',
      }),
    );
    expect(screen.queryByTestId('stamp-picker')).toBeNull();
    expect(adapter.stamps).toHaveLength(0);
  });

  it('closes the picker alone on Escape, the reader staying open', async () => {
    const { onClose } = await readyWith(heldImages({ [PLAN]: null }));
    fireEvent.click(button('Image'));
    const picker = await screen.findByTestId('stamp-picker');
    fireEvent.keyDown(picker, { key: 'Escape' });
    expect(screen.queryByTestId('stamp-picker')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('says when a picture is gone from the totem, or is not an image', async () => {
    const source = heldImages({
      [PLAN]: null,
      [BROKEN]: new File(['Ceci est un texte, pas une image.'], 'broken.png', {
        type: 'image/png',
      }),
    });
    const { adapter } = await readyWith(source);
    fireEvent.click(button('Image'));
    fireEvent.click(await screen.findByRole('button', { name: 'Plan du site, image 1' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(
        'Cette image n’est plus disponible sur ce totem',
      ),
    );
    fireEvent.click(button('OK'));
    fireEvent.click(button('Image'));
    fireEvent.click(await screen.findByRole('button', { name: 'Plan du site, image 2' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(STAMP_REFUSED_MESSAGE),
    );
    expect(adapter.stamps).toHaveLength(0);
  });

  it('opens the picker when the editor asks for an image from the keyboard', async () => {
    const { adapter } = await readyWith(heldImages({ [PLAN]: null }));
    act(() => adapter.callbacks.onImageOffered?.());
    expect(await screen.findByRole('dialog', { name: 'Choisir une image du site' })).toBeTruthy();
  });
});

describe('PdfReaderView: never a file input (a kiosk must not open the file chooser)', () => {
  it('renders no <input type="file">, whatever it shows', async () => {
    const fileInputs = () => document.querySelectorAll('input[type="file" i]').length;
    const { adapter } = openReader({ stampImages: heldImages({ [PLAN]: null }) });
    expect(fileInputs()).toBe(0);
    adapter.askPassword('need');
    expect(fileInputs()).toBe(0);
    await adapter.finishLoading(3);
    fireEvent.click(button('Image'));
    await screen.findByRole('button', { name: 'Plan du site, image 1' });
    expect(fileInputs()).toBe(0);
    fireEvent.click(button('Plan du site, image 1'));
    await screen.findByRole('alert');
    act(() => adapter.callbacks.onAltTextRequest?.('', () => undefined));
    expect(fileInputs()).toBe(0);
    // Every control the reader drew is a button, a text field or a password field.
    const inputTypes = [...document.querySelectorAll('input')].map((input) => input.type);
    expect(inputTypes.filter((type) => type !== 'password' && type !== 'text')).toEqual([]);
  });
});

describe('PdfReaderView: in the language of the page it was opened from', () => {
  const labels = (language: Language) => {
    const texts = language === 'en' ? en.pdfReader : fr.pdfReader;
    return [
      texts.tools.none,
      texts.tools.freetext,
      texts.tools.ink,
      texts.tools.highlight,
      texts.tools.stamp,
      texts.undo,
      texts.redo,
      texts.delete,
      texts.previous,
      texts.next,
      texts.close,
    ];
  };

  it('labels every control in French on a French page', async () => {
    const { adapter } = openReader({ stampImages: heldImages({ [PLAN]: null }) }, 'fr');
    await adapter.finishLoading(3);
    expect(labels('fr')).toEqual([
      'Aucun',
      'Texte',
      'Dessin',
      'Surligner',
      'Image',
      'Annuler',
      'Rétablir',
      'Supprimer',
      'Précédent',
      'Suivant',
      'Fermer',
    ]);
    for (const label of labels('fr')) expect(button(new RegExp(`^\\W*${label}\\W*$`))).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: "Outils d'annotation" })).toBeTruthy();
    expect(screen.getByText('Page 1 / 3')).toBeTruthy();
    expect(adapter.viewerOptions.language).toBe('fr');
    expect(adapter.viewerOptions.engineMessages['pdfjs-editor-remove-stamp-button']).toEqual({
      title: 'Supprimer l’image',
    });
  });

  it('labels every control in English on an English page, the picker too', async () => {
    const { adapter } = openReader(
      { stampImages: heldImages({ [PLAN]: null }, 'Product range') },
      'en',
    );
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await adapter.finishLoading(3);
    expect(labels('en')).toEqual([
      'None',
      'Text',
      'Draw',
      'Highlight',
      'Image',
      'Undo',
      'Redo',
      'Delete',
      'Previous',
      'Next',
      'Close',
    ]);
    for (const label of labels('en')) expect(button(new RegExp(`^\\W*${label}\\W*$`))).toBeTruthy();
    expect(screen.getByRole('toolbar', { name: 'Annotation tools' })).toBeTruthy();
    expect(screen.queryByText(/Aucun|Dessin|Surligner|Annuler|Fermer/)).toBeNull();
    expect(adapter.viewerOptions.language).toBe('en');
    expect(adapter.viewerOptions.engineMessages['pdfjs-editor-remove-stamp-button']).toEqual({
      title: 'Remove the image',
    });
    fireEvent.click(button('Image'));
    const picker = await screen.findByRole('dialog', { name: 'Choose a picture of the site' });
    expect(
      await within(picker).findByRole('button', { name: 'Product range, picture 1' }),
    ).toBeTruthy();
    expect(within(picker).getByRole('button', { name: 'Back to the document' })).toBeTruthy();
  });
});
