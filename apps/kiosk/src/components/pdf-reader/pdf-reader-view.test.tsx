import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  EditorMode,
  PdfLoadOptions,
  PdfViewerAdapter,
  PdfViewerCallbacks,
  PdfViewerElements,
} from './pdf-adapter';
import { PdfReaderView, type PdfReaderProps } from './pdf-reader-view';
import { STAMP_REFUSED_MESSAGE } from './image-type';

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
  destroyed = false;
  private settle: {
    resolve: (v: { numPages: number }) => void;
    reject: (e: unknown) => void;
  } | null = null;

  constructor(
    readonly elements: PdfViewerElements,
    readonly callbacks: PdfViewerCallbacks,
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
  async addStamp(file: File) {
    this.stamps.push(file);
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

const createAdapter = (elements: PdfViewerElements, callbacks: PdfViewerCallbacks) =>
  new ScriptedAdapter(elements, callbacks);

function openReader(props: Partial<PdfReaderProps> = {}) {
  const onClose = vi.fn();
  const view = render(
    <PdfReaderView file="guide.pdf" onClose={onClose} createAdapter={createAdapter} {...props} />,
  );
  const adapter = ScriptedAdapter.last;
  if (!adapter) throw new Error('no adapter created');
  return { ...view, adapter, onClose };
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

  it('turns a real image into a stamp, with its real type', async () => {
    const { adapter } = await ready();
    fireEvent.click(button('Image'));
    expect(adapter.calls).toContain('mode:stamp');
    const input = screen.getByTestId('pdf-reader-image-input');
    // A PNG named .jpg: accepted, and handed over as the PNG it is.
    const renamed = new File([pngBytes], 'photo.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [renamed] } });
    await waitFor(() => expect(adapter.stamps).toHaveLength(1));
    expect(adapter.stamps[0]?.type).toBe('image/png');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refuses a text file renamed .png with a French message', async () => {
    const { adapter } = await ready();
    fireEvent.click(button('Image'));
    const fake = new File(['Ceci est un texte, pas une image.'], 'image.png', {
      type: 'image/png',
    });
    fireEvent.change(screen.getByTestId('pdf-reader-image-input'), { target: { files: [fake] } });
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain(STAMP_REFUSED_MESSAGE),
    );
    expect(adapter.stamps).toHaveLength(0);
    fireEvent.click(button('OK'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

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
