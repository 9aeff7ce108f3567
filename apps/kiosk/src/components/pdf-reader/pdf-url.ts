/**
 * Where a PDF reader input points (docs/product.md#calls): a bare file name lives under the relative `pdf/`
 * folder, and the drive flag means the stored name lacks its `.pdf` suffix. A URL (the pages pass
 * resolved media URLs, blob: or data: URLs) is used as given; a path keeps its folder.
 */
export function resolvePdfUrl(file: string, drive = false): string {
  const trimmed = file.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed)) return trimmed;
  const named = drive && !/\.pdf$/i.test(trimmed) ? `${trimmed}.pdf` : trimmed;
  return named.includes('/') ? named : `pdf/${named}`;
}
