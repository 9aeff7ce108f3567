/**
 * The clone's SVG as a data URL, written in slices. XMLSerializer writes a whole tree in one call,
 * and encodeURIComponent then walks the whole text: on the demo's home that was one 40–170 ms task
 * (bench/suites/thumbnail-draw.ts). Here a subtree small enough is serialised whole; a bigger one
 * is written as its start tag, its children one by one, its end tag — and the page gets its turn
 * whenever a slice has run `sliceMs`. The text is the same XML as one call would give, except that
 * each piece written on its own repeats its namespace declaration (`xmlns="…"`), which changes
 * nothing to an XML reader.
 *
 * Each piece is cleaned and URL-encoded as it comes: pieces end on tag boundaries, so no
 * character (nor surrogate pair) is ever cut in two, and the encoded pieces joined are the
 * encoding of the whole text.
 */

/** A subtree of at most this many nodes is serialised in one call (a few ms at most). */
const WHOLE_SUBTREE_NODES = 150;

/**
 * Control characters are not XML: one in a text would make the whole SVG unreadable (the library
 * strips them the same way).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\v\f\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/gu;

/** Nodes in each subtree (the node itself included), for the elements that have children. */
function subtreeSizes(root: Node): Map<Node, number> {
  const sizes = new Map<Node, number>();
  const count = (node: Node): number => {
    let size = 1;
    for (let child = node.firstChild; child; child = child.nextSibling) size += count(child);
    if (node.firstChild) sizes.set(node, size);
    return size;
  };
  count(root);
  return sizes;
}

/** An element's start and end tags as the serializer writes them (its children left out). */
function tags(element: Element, serializer: XMLSerializer): [string, string] {
  const shell = serializer.serializeToString(element.cloneNode(false));
  // An empty SVG element is written `<g …/>` (an HTML one always gets its end tag).
  if (shell.endsWith('/>')) {
    const name = element.prefix ? `${element.prefix}:${element.localName}` : element.localName;
    return [`${shell.slice(0, -2)}>`, `</${name}>`];
  }
  const end = shell.lastIndexOf('</');
  return [shell.slice(0, end), shell.slice(end)];
}

export async function slicedSvgDataUrl(
  svg: Element,
  turn: () => Promise<void>,
  sliceMs: number,
): Promise<string> {
  const serializer = new XMLSerializer();
  const sizes = subtreeSizes(svg);
  const parts: string[] = ['data:image/svg+xml;charset=utf-8,'];
  const write = (text: string) => parts.push(encodeURIComponent(text.replace(NOT_XML, '')));
  let sliceStart = performance.now();
  const visit = async (node: Node): Promise<void> => {
    if (performance.now() - sliceStart >= sliceMs) {
      await turn();
      sliceStart = performance.now();
    }
    const size = sizes.get(node) ?? 1;
    if (!(node instanceof Element) || size <= WHOLE_SUBTREE_NODES) {
      write(serializer.serializeToString(node));
      return;
    }
    const [start, end] = tags(node, serializer);
    write(start);
    for (let child = node.firstChild; child; child = child.nextSibling) await visit(child);
    write(end);
  };
  await visit(svg);
  return parts.join('');
}
