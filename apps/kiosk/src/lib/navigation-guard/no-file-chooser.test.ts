/**
 * The operating system's file chooser is a classic way out of a kiosk (its "Open" dialog browses
 * the totem's disk, opens other programs' files, types paths): no kiosk source may open one
 * (issue 41). ESLint refuses the same constructs as they are typed (eslint.config.js); this test
 * reads every source of the kiosk as the build will, so nothing slips past a disabled lint line.
 * The totem's Chromium also forbids file dialogs by policy (deploy/totem/chromium-policy.json).
 */
import { describe, expect, it } from 'vitest';

const sources = import.meta.glob<string>(
  ['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}', '!../../**/testing/**'],
  { query: '?raw', import: 'default', eager: true },
);

/** Every way a web page can ask the browser for a file chooser. */
const FILE_CHOOSERS: [string, RegExp][] = [
  ['an <input type="file">', /<input\b[^>]*\btype\s*=\s*\{?\s*["'`]file["'`]/i],
  ['an input made a file input', /\.type\s*=\s*["'`]file["'`]/i],
  ['a file type set as an attribute', /setAttribute\(\s*["'`]type["'`]\s*,\s*["'`]file["'`]/i],
  ['the File System Access pickers', /\bshow(Open|Save)FilePicker\b|\bshowDirectoryPicker\b/],
  ['a directory input', /\bwebkitdirectory\b/i],
];

describe('no file chooser anywhere in the kiosk', () => {
  it('reads the kiosk sources (not an empty glob)', () => {
    const paths = Object.keys(sources);
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toContain('../../components/pdf-reader/pdf-reader-view.tsx');
  });

  it.each(FILE_CHOOSERS)('no source opens %s', (_what, pattern) => {
    const offenders = Object.entries(sources)
      .filter(([, text]) => pattern.test(text))
      .map(([path]) => path);
    expect(offenders).toEqual([]);
  });

  it('would catch the PDF reader’s former file input', () => {
    const former = `<input ref={fileInputRef} type="file" accept={STAMP_ACCEPT} />`;
    expect(FILE_CHOOSERS.some(([, pattern]) => pattern.test(former))).toBe(true);
  });
});
