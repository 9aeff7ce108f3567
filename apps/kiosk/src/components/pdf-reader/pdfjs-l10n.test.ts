import { describe, expect, it } from 'vitest';
import { en } from '../../i18n/en';
import { fr } from '../../i18n/fr';
import { createPdfJsL10n } from './pdfjs-l10n';

/** pdf.js's element for a message: an id, and its arguments when it has some. */
function l10nElement(tag: string, id: string, args?: object) {
  const element = document.createElement(tag);
  element.setAttribute('data-l10n-id', id);
  if (args) element.setAttribute('data-l10n-args', JSON.stringify(args));
  return element;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createPdfJsL10n: pdf.js’s own controls in the kiosk’s language', () => {
  it('translates what the root holds and what pdf.js adds to it later', async () => {
    const root = document.createElement('div');
    const page = l10nElement('div', 'pdfjs-page-landmark', { page: 3 });
    root.append(page);
    const l10n = createPdfJsL10n('fr', fr.pdfReader.engine);
    await l10n.translate(root);
    expect(page.getAttribute('aria-label')).toBe('Page 3');

    // A stamp selected later: its toolbar's delete button and describe button with its label.
    const toolbar = document.createElement('div');
    const remove = l10nElement('button', 'pdfjs-editor-remove-stamp-button');
    const describe = l10nElement('button', 'pdfjs-editor-alt-text-button');
    const label = l10nElement('span', 'pdfjs-editor-alt-text-button-label');
    describe.append(label);
    toolbar.append(remove, describe);
    root.append(toolbar);
    await settle();
    expect(remove.getAttribute('title')).toBe('Supprimer l’image');
    expect(describe.getAttribute('aria-label')).toBe('Décrire l’image');
    expect(label.textContent).toBe('Décrire');

    // An id set on an element already there (pdf.js switches the resize handles' ids).
    const handle = document.createElement('div');
    root.append(handle);
    await settle();
    handle.setAttribute('data-l10n-id', 'pdfjs-editor-resizer-top-left');
    await settle();
    expect(handle.getAttribute('aria-label')).toBe('Coin en haut à gauche — redimensionner');
    await l10n.destroy();
  });

  it('speaks English on an English page, and never leaves pdf.js’s fallback on screen', async () => {
    const root = document.createElement('div');
    const text = l10nElement('div', 'pdfjs-free-text2');
    root.append(text);
    const l10n = createPdfJsL10n('en', en.pdfReader.engine);
    await l10n.translate(root);
    expect(text.getAttribute('default-content')).toBe('Type here…');
    expect(l10n.getLanguage()).toBe('en');
    expect(await l10n.get('pdfjs-editor-stamp-added-alert')).toBe('Image added');
    expect(await l10n.get('pdfjs-unknown', null, 'fallback')).toBe('fallback');
    await l10n.destroy();
  });

  it('catches up after a pause, as pdf.js pauses while it builds', async () => {
    const root = document.createElement('div');
    const l10n = createPdfJsL10n('fr', fr.pdfReader.engine);
    await l10n.translate(root);
    l10n.pause();
    const remove = l10nElement('button', 'pdfjs-editor-remove-ink-button');
    root.append(remove);
    l10n.resume();
    expect(remove.getAttribute('title')).toBe('Supprimer le dessin');
    await l10n.destroy();
  });

  it('has a French and an English text for every pdf.js control the reader can show', () => {
    expect(Object.keys(en.pdfReader.engine).sort()).toEqual(
      Object.keys(fr.pdfReader.engine).sort(),
    );
  });
});
