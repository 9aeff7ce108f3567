/**
 * A small XML well-formedness check for the seed's tests (no XML parser is a server dependency):
 * balanced tags, one root, no duplicate attribute, and no raw `<` or stray `&` in text or values.
 * It covers what our generators emit (elements, attributes, text, comments), not all of XML.
 */
const TOKEN =
  /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/g;
const ATTRIBUTE = /([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const BAD_AMPERSAND = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  let roots = 0;
  let last = 0;
  const checkText = (chunk: string, where: number) => {
    if (chunk.includes('<')) problems.push(`unparsed markup near offset ${where}`);
    if (BAD_AMPERSAND.test(chunk)) problems.push(`unescaped & near offset ${where}`);
  };
  for (const match of xml.matchAll(TOKEN)) {
    const index = match.index;
    checkText(xml.slice(last, index), last);
    last = index + match[0].length;
    const [, closing, name, attributes = '', selfClosing] = match;
    if (!name) continue; // comment or processing instruction
    if (closing) {
      const open = stack.pop();
      if (open !== name)
        problems.push(`</${name}> closes <${open ?? 'nothing'}> at offset ${index}`);
      continue;
    }
    if (stack.length === 0) roots++;
    const seen = new Set<string>();
    for (const attribute of attributes.matchAll(ATTRIBUTE)) {
      const attributeName = attribute[1] ?? '';
      if (seen.has(attributeName))
        problems.push(`duplicate attribute ${attributeName} on <${name}> at offset ${index}`);
      seen.add(attributeName);
      checkText(attribute[2] ?? attribute[3] ?? '', index);
    }
    if (!selfClosing) stack.push(name);
  }
  checkText(xml.slice(last), last);
  if (stack.length > 0) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
