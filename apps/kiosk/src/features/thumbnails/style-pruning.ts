/**
 * Thins the clone's inline styles before it is serialised. modern-screenshot writes on each
 * element every property its parent wrote (so that an inherited value is never lost), hence every
 * element carries what all its ancestors carry: ~1.4 KB of inline style per element on the demo's
 * home, most of the SVG's text — all of it parsed and cascaded by the browser when it decodes the
 * SVG, the drawing's longest task. What is dropped here changes no pixel:
 * - an inherited property whose value is the one the element inherits anyway (its nearest
 *   ancestor's), on tags the browser's own stylesheet gives no value of their own for it (form
 *   controls, links, headings… keep theirs: dropped, the browser's default would win over the
 *   inherited value);
 * - a non-inherited property at its tag's default, read in the library's sandbox frame (the same
 *   user-agent stylesheet as the SVG's); sizes and offsets excepted (their computed value there is
 *   the sandbox's 0 × 0 layout, not a default).
 */

/** Properties that inherit (in THUMBNAIL_STYLE_PROPERTIES). */
const INHERITED = new Set([
  'visibility',
  'border-collapse',
  'border-spacing',
  'list-style-type',
  'list-style-position',
  'list-style-image',
  'color',
  'fill',
  'stroke',
  'stroke-width',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-stretch',
  'line-height',
  'letter-spacing',
  'word-spacing',
  'text-align',
  'text-indent',
  'text-transform',
  'text-shadow',
  'white-space-collapse',
  'text-wrap-mode',
  'word-break',
  'overflow-wrap',
  'direction',
  'writing-mode',
]);

/** Resolved to the laid-out size where they apply: never compared with a default. */
const LAYOUT_RESOLVED = new Set([
  'width',
  'height',
  'top',
  'right',
  'bottom',
  'left',
  'transform-origin',
]);

/** Tags whose inherited properties are never dropped (the browser's stylesheet sets some). */
const OWN_INHERITED = new Set([
  'a',
  'button',
  'input',
  'select',
  'textarea',
  'option',
  'optgroup',
  'legend',
  'fieldset',
  'table',
  'th',
  'td',
  'caption',
  'marquee',
  'code',
  'pre',
  'kbd',
  'samp',
  'tt',
]);

type Defaults = Map<string, string>;

function readDefaults(sandbox: Document, element: Element, names: readonly string[]): Defaults {
  const view = sandbox.defaultView;
  const defaults: Defaults = new Map();
  if (!view) return defaults;
  const svg = element.namespaceURI === 'http://www.w3.org/2000/svg';
  const holder = svg
    ? sandbox.createElementNS('http://www.w3.org/2000/svg', 'svg')
    : sandbox.createElement('div');
  const probe = svg
    ? sandbox.createElementNS(element.namespaceURI, element.localName)
    : sandbox.createElement(element.localName);
  if (svg && element.localName !== 'svg') holder.append(probe);
  sandbox.body.append(svg && element.localName !== 'svg' ? holder : probe);
  const style = view.getComputedStyle(probe);
  for (const name of names) defaults.set(name, style.getPropertyValue(name));
  (svg && element.localName !== 'svg' ? holder : probe).remove();
  return defaults;
}

/**
 * Thins the inline styles of `root`'s descendants (the root keeps all of its own: it inherits
 * from nothing in the SVG). Yields with `turn` whenever a slice has run `sliceMs`.
 */
export async function pruneInlineStyles(
  root: Element,
  sandbox: Document,
  names: readonly string[],
  turn: () => Promise<void>,
  sliceMs: number,
): Promise<void> {
  const defaultsByTag = new Map<string, Defaults>();
  const span = readDefaults(sandbox, sandbox.createElement('span'), names);
  let sliceStart = performance.now();
  const visit = async (element: Element, inherited: Map<string, string>): Promise<void> => {
    if (performance.now() - sliceStart >= sliceMs) {
      await turn();
      sliceStart = performance.now();
    }
    const style = (element as HTMLElement | SVGElement).style as CSSStyleDeclaration | undefined;
    let passed = inherited;
    if (style && style.length > 0) {
      const key = `${element.namespaceURI ?? ''} ${element.localName}`;
      let defaults = defaultsByTag.get(key);
      if (!defaults) {
        defaults = readDefaults(sandbox, element, names);
        defaultsByTag.set(key, defaults);
      }
      const ownInherited = OWN_INHERITED.has(element.localName);
      const drop: string[] = [];
      passed = new Map(inherited);
      for (let i = 0; i < style.length; i++) {
        const name = style.item(i);
        const value = style.getPropertyValue(name);
        if (style.getPropertyPriority(name)) continue;
        if (INHERITED.has(name)) {
          passed.set(name, value);
          if (
            !ownInherited &&
            inherited.get(name) === value &&
            defaults.get(name) === span.get(name)
          )
            drop.push(name);
        } else if (
          !LAYOUT_RESOLVED.has(name) &&
          defaults.has(name) &&
          defaults.get(name) === value
        ) {
          drop.push(name);
        }
      }
      for (const name of drop) style.removeProperty(name);
    }
    for (const child of element.children) await visit(child, passed);
  };
  const rootValues = new Map<string, string>();
  const rootStyle = (root as HTMLElement).style as CSSStyleDeclaration | undefined;
  if (rootStyle) {
    for (let i = 0; i < rootStyle.length; i++) {
      const name = rootStyle.item(i);
      if (INHERITED.has(name)) rootValues.set(name, rootStyle.getPropertyValue(name));
    }
  }
  for (const child of root.children) await visit(child, rootValues);
}
