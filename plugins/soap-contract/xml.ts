/**
 * A small XML reader for the portal's own SOAP contract and its examples.
 *
 * The build reads the WSDL to render the contract page; a full XML stack
 * (the `soap` library) is only a devDependency, used by the tests that prove
 * this reader and the real library see the same contract. It handles what
 * well-formed XML documents of that kind contain: the declaration,
 * comments, CDATA, elements with attributes, text and the five predefined
 * entities plus numeric character references. Anything else is an error
 * with its position, never a silent misreading.
 */

export interface XmlElement {
  /** Qualified name as written, e.g. "xsd:element". */
  readonly name: string;
  /** Namespace URI of the element ("" when none), resolved from the xmlns declarations in scope. */
  readonly namespace: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** Concatenated text directly inside the element (not its children's). */
  readonly text: string;
}

export class XmlError extends Error {
  override name = 'XmlError';
}

const ENTITIES: Record<string, string> = {lt: '<', gt: '>', amp: '&', quot: '"', apos: "'"};
const NAME = /[A-Za-z_\u00C0-\uFFEF][\w.\-:\u00B7\u00C0-\uFFEF]*/y;

function decode(raw: string, where: () => string): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|\w+);/g, (_, ref: string) => {
    if (ref.startsWith('#x')) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith('#')) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    const value = ENTITIES[ref];
    if (value === undefined) throw new XmlError(`Unknown entity &${ref}; ${where()}`);
    return value;
  });
}

interface Mutable {
  name: string;
  namespace: string;
  scope: Record<string, string>;
  attributes: Record<string, string>;
  children: Mutable[];
  text: string;
}

/** Parses a whole document and returns its root element. */
export function parseXml(source: string): XmlElement {
  let pos = 0;
  const where = (at = pos): string => {
    const before = source.slice(0, at);
    const line = before.split('\n').length;
    return `(line ${line}, column ${at - before.lastIndexOf('\n')})`;
  };
  const fail = (message: string, at = pos): never => {
    throw new XmlError(`${message} ${where(at)}`);
  };
  const readName = (): string => {
    NAME.lastIndex = pos;
    const match = NAME.exec(source);
    if (match === null) fail('Expected a name');
    pos += match![0].length;
    return match![0];
  };
  const skipSpace = (): void => {
    while (pos < source.length && /\s/.test(source[pos]!)) pos++;
  };
  const skipUntil = (end: string, what: string): string => {
    const at = source.indexOf(end, pos);
    if (at < 0) fail(`Unclosed ${what}`);
    const body = source.slice(pos, at);
    pos = at + end.length;
    return body;
  };

  const stack: Mutable[] = [];
  let root: Mutable | null = null;
  if (source.charCodeAt(0) === 0xfeff) pos = 1;

  while (pos < source.length) {
    const lt = source.indexOf('<', pos);
    const textEnd = lt < 0 ? source.length : lt;
    if (textEnd > pos) {
      const text = source.slice(pos, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.text += decode(text, () => where());
      else if (text.trim() !== '') fail('Text outside the root element');
      pos = textEnd;
      continue;
    }
    if (source.startsWith('<?', pos)) {
      pos += 2;
      skipUntil('?>', 'processing instruction');
    } else if (source.startsWith('<!--', pos)) {
      pos += 4;
      skipUntil('-->', 'comment');
    } else if (source.startsWith('<![CDATA[', pos)) {
      pos += 9;
      const text = skipUntil(']]>', 'CDATA section');
      const top = stack[stack.length - 1];
      if (!top) fail('CDATA outside the root element');
      top!.text += text;
    } else if (source.startsWith('<!', pos)) {
      fail('Document type declarations are not supported');
    } else if (source.startsWith('</', pos)) {
      const at = pos;
      pos += 2;
      const name = readName();
      skipSpace();
      if (source[pos] !== '>') fail('Expected ">"');
      pos++;
      const open = stack.pop();
      if (!open || open.name !== name) fail(`Closing tag </${name}> does not match <${open?.name ?? '(none)'}>`, at);
    } else {
      const at = pos;
      pos++;
      const parentScope = stack[stack.length - 1]?.scope ?? {xml: 'http://www.w3.org/XML/1998/namespace'};
      const element: Mutable = {name: readName(), namespace: '', scope: parentScope, attributes: {}, children: [], text: ''};
      for (;;) {
        skipSpace();
        if (source.startsWith('/>', pos) || source[pos] === '>') break;
        const attr = readName();
        skipSpace();
        if (source[pos] !== '=') fail(`Expected "=" after attribute ${attr}`);
        pos++;
        skipSpace();
        const quote = source[pos];
        if (quote !== '"' && quote !== "'") fail(`Expected a quoted value for attribute ${attr}`);
        pos++;
        const value = skipUntil(quote!, `attribute ${attr}`);
        if (attr in element.attributes) fail(`Duplicate attribute ${attr}`);
        element.attributes[attr] = decode(value, () => where());
      }
      const declared = Object.entries(element.attributes).filter(([attr]) => attr === 'xmlns' || attr.startsWith('xmlns:'));
      if (declared.length > 0) {
        element.scope = {...parentScope};
        for (const [attr, uri] of declared) element.scope[attr === 'xmlns' ? '' : attr.slice(6)] = uri;
      }
      const colon = element.name.indexOf(':');
      const prefix = colon < 0 ? '' : element.name.slice(0, colon);
      const uri = element.scope[prefix];
      if (uri === undefined && prefix !== '') fail(`Undeclared namespace prefix "${prefix}"`, at);
      element.namespace = uri ?? '';
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(element);
      else if (root) fail('More than one root element', at);
      else root = element;
      if (source.startsWith('/>', pos)) {
        pos += 2;
      } else {
        pos++;
        stack.push(element);
      }
    }
  }
  if (stack.length > 0) fail(`Unclosed element <${stack[stack.length - 1]!.name}>`);
  if (!root) fail('The document has no root element');
  return strip(root!);
}

function strip({scope: _scope, children, ...rest}: Mutable): XmlElement {
  return {...rest, children: children.map(strip)};
}

/** Resolves a prefixed value such as type="tns:Monto" against the declarations of the document root. */
export function resolveQName(value: string, declarations: Readonly<Record<string, string>>): {namespace: string; local: string} {
  const colon = value.indexOf(':');
  const prefix = colon < 0 ? '' : value.slice(0, colon);
  const namespace = declarations[prefix === '' ? 'xmlns' : `xmlns:${prefix}`];
  if (namespace === undefined) throw new XmlError(`Undeclared namespace prefix "${prefix}" in "${value}"`);
  return {namespace, local: localName(value)};
}

/** The part of a qualified name after the prefix. */
export function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

/** Children whose local name is `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => localName(c.name) === name);
}
