/**
 * The SOAP contract as data: operations, their messages and the fields of
 * each message, read from the WSDL (static/soap/pagos.wsdl). The contract
 * page renders this model, and the build checks every request and response
 * example against it, so the page, the examples and the downloadable file
 * cannot disagree.
 */
import {childrenNamed, localName, parseXml, resolveQName, type XmlElement} from './xml';

export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
export const SOAP_ENVELOPE_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

export interface SoapField {
  readonly name: string;
  /** Local name of the type: "string", "boolean", or a type of the contract such as "Monto". */
  readonly type: string;
  readonly required: boolean;
  /** True when the element may repeat (maxOccurs > 1). */
  readonly list: boolean;
  readonly enumeration?: readonly string[];
  readonly pattern?: string;
  /** Fields of a complex type, in order. */
  readonly fields?: readonly SoapField[];
  /** True for a complex type whose content the contract leaves open (xsd:any). */
  readonly open?: boolean;
}

export interface SoapMessage {
  /** The wsdl:message name, e.g. "listarBancosRequest". */
  readonly name: string;
  /** The element of the message's part: the first element inside soap:Body. */
  readonly element: string;
  readonly fields: readonly SoapField[];
}

export interface SoapOperation {
  readonly name: string;
  /** The operation's wsdl:documentation (Spanish), for the downloadable file's readers. */
  readonly documentation: string;
  readonly soapAction: string;
  readonly input: SoapMessage;
  readonly output: SoapMessage;
}

export interface SoapContract {
  readonly service: string;
  readonly targetNamespace: string;
  readonly address: string;
  readonly operations: readonly SoapOperation[];
}

export class ContractError extends Error {
  override name = 'ContractError';
}

function only(parent: XmlElement, name: string, what: string): XmlElement {
  const found = childrenNamed(parent, name);
  if (found.length !== 1) {
    throw new ContractError(`Expected one <${name}> in ${what}, found ${found.length}.`);
  }
  return found[0]!;
}

function attr(element: XmlElement, name: string, what: string): string {
  const value = element.attributes[name];
  if (value === undefined || value === '') {
    throw new ContractError(`${what} has no ${name} attribute.`);
  }
  return value;
}

/** Reads the WSDL text into the contract model; throws ContractError on anything it cannot resolve. */
export function parseSoapContract(wsdlText: string): SoapContract {
  const root = parseXml(wsdlText);
  if (localName(root.name) !== 'definitions') {
    throw new ContractError(`The root element is <${root.name}>, not wsdl:definitions.`);
  }
  const declarations = root.attributes;
  const targetNamespace = attr(root, 'targetNamespace', 'wsdl:definitions');
  const schema = only(only(root, 'types', 'wsdl:definitions'), 'schema', 'wsdl:types');
  if (schema.attributes.targetNamespace !== targetNamespace) {
    throw new ContractError('The schema and the WSDL must share one targetNamespace.');
  }
  const byName = (kind: string): Map<string, XmlElement> => new Map(childrenNamed(schema, kind).map((e) => [attr(e, 'name', `a top-level xsd:${kind}`), e]));
  const simpleTypes = byName('simpleType');
  const complexTypes = byName('complexType');
  const elements = byName('element');

  const ownName = (qname: string, what: string): string => {
    const {namespace, local} = resolveQName(qname, declarations);
    if (namespace !== targetNamespace) {
      throw new ContractError(`${what} refers to ${qname}, outside the contract's namespace.`);
    }
    return local;
  };

  const fieldsOfComplex = (complex: XmlElement, trail: readonly string[]): {fields: SoapField[]; open: boolean} => {
    const sequences = childrenNamed(complex, 'sequence');
    if (sequences.length === 0) {
      return {fields: [], open: false};
    }
    const sequence = only(complex, 'sequence', `complex type ${trail.join('/')}`);
    const fields: SoapField[] = [];
    let open = false;
    for (const child of sequence.children) {
      const kind = localName(child.name);
      if (kind === 'any') {
        open = true;
      } else if (kind === 'element') {
        fields.push(readField(child, trail));
      } else if (kind !== 'annotation') {
        throw new ContractError(`Unsupported <${child.name}> in ${trail.join('/')}.`);
      }
    }
    return {fields, open};
  };

  const readField = (element: XmlElement, trail: readonly string[]): SoapField => {
    const name = attr(element, 'name', `an element of ${trail.join('/')}`);
    const path = [...trail, name];
    const min = element.attributes.minOccurs ?? '1';
    const max = element.attributes.maxOccurs ?? '1';
    const base = {name, required: min !== '0', list: max === 'unbounded' || Number(max) > 1};
    const typeName = element.attributes.type;
    if (typeName === undefined) {
      const inline = only(element, 'complexType', `element ${path.join('/')}`);
      const {fields, open} = fieldsOfComplex(inline, path);
      return {...base, type: name, fields, ...(open ? {open} : {})};
    }
    const {namespace, local} = resolveQName(typeName, declarations);
    if (namespace === XSD_NS) {
      return {...base, type: local};
    }
    if (namespace !== targetNamespace) {
      throw new ContractError(`${path.join('/')} has type ${typeName} from an unknown namespace.`);
    }
    const simple = simpleTypes.get(local);
    if (simple) {
      const restriction = only(simple, 'restriction', `simple type ${local}`);
      const enumeration = childrenNamed(restriction, 'enumeration').map((e) => attr(e, 'value', `an enumeration of ${local}`));
      const patterns = childrenNamed(restriction, 'pattern').map((e) => attr(e, 'value', `a pattern of ${local}`));
      return {
        ...base,
        type: local,
        ...(enumeration.length > 0 ? {enumeration} : {}),
        ...(patterns.length > 0 ? {pattern: patterns.join('|')} : {}),
      };
    }
    const complex = complexTypes.get(local);
    if (complex) {
      if (trail.includes(local)) {
        throw new ContractError(`Type ${local} contains itself (${path.join('/')}).`);
      }
      const {fields, open} = fieldsOfComplex(complex, path);
      return {...base, type: local, fields, ...(open ? {open} : {})};
    }
    throw new ContractError(`${path.join('/')} has type ${typeName}, which the schema does not define.`);
  };

  const messages = new Map(
    childrenNamed(root, 'message').map((message) => {
      const name = attr(message, 'name', 'a wsdl:message');
      const part = only(message, 'part', `message ${name}`);
      const element = ownName(attr(part, 'element', `the part of message ${name}`), `message ${name}`);
      const declaration = elements.get(element);
      if (!declaration) {
        throw new ContractError(`Message ${name} uses element ${element}, which the schema does not declare.`);
      }
      const field = readField(declaration, []);
      if (!field.fields) {
        throw new ContractError(`Element ${element} of message ${name} must be a complex type.`);
      }
      return [name, {name, element, fields: field.fields}] as const;
    }),
  );
  const message = (operation: XmlElement, direction: 'input' | 'output', op: string): SoapMessage => {
    const ref = ownName(attr(only(operation, direction, `operation ${op}`), 'message', `the ${direction} of ${op}`), `operation ${op}`);
    const found = messages.get(ref);
    if (!found) {
      throw new ContractError(`Operation ${op} uses message ${ref}, which is not defined.`);
    }
    return found;
  };

  const portType = only(root, 'portType', 'wsdl:definitions');
  const binding = only(root, 'binding', 'wsdl:definitions');
  const port = only(only(root, 'service', 'wsdl:definitions'), 'port', 'wsdl:service');
  const actions = new Map(
    childrenNamed(binding, 'operation').map((op) => [
      attr(op, 'name', 'a binding operation'),
      only(op, 'operation', `binding operation ${op.attributes.name}`).attributes.soapAction ?? '',
    ]),
  );
  const operations = childrenNamed(portType, 'operation').map((operation): SoapOperation => {
    const name = attr(operation, 'name', 'a portType operation');
    const soapAction = actions.get(name);
    if (soapAction === undefined) {
      throw new ContractError(`Operation ${name} has no SOAP binding.`);
    }
    return {
      name,
      documentation: childrenNamed(operation, 'documentation')[0]?.text.trim() ?? '',
      soapAction,
      input: message(operation, 'input', name),
      output: message(operation, 'output', name),
    };
  });
  return {
    service: attr(only(root, 'service', 'wsdl:definitions'), 'name', 'wsdl:service'),
    targetNamespace,
    address: attr(only(port, 'address', 'wsdl:port'), 'location', 'soap:address'),
    operations,
  };
}

/** Does `value` match an XSD pattern? The contract's patterns use the syntax both languages share. */
function matchesPattern(value: string, pattern: string): boolean {
  return new RegExp(`^(?:${pattern})$`, 'u').test(value);
}

function checkValue(field: SoapField, element: XmlElement, path: string, errors: string[]): void {
  if (element.children.length > 0) {
    errors.push(`${path} must hold text, not elements.`);
    return;
  }
  const value = element.text;
  if (field.enumeration && !field.enumeration.includes(value)) {
    errors.push(`${path} is "${value}"; allowed: ${field.enumeration.join(', ')}.`);
  }
  if (field.pattern !== undefined && !matchesPattern(value, field.pattern)) {
    errors.push(`${path} is "${value}", which does not match ${field.pattern}.`);
  }
  if (field.type === 'boolean' && !['true', 'false', '1', '0'].includes(value)) {
    errors.push(`${path} is "${value}", not a boolean.`);
  }
}

/** Checks the children of `parent` against a sequence of fields: order, repetitions, required fields, values. */
function checkSequence(parent: XmlElement, fields: readonly SoapField[], namespace: string, path: string, errors: string[]): void {
  const names = new Set(fields.map((f) => f.name));
  for (const extra of parent.children.filter((c) => !names.has(localName(c.name)))) {
    errors.push(`${path}/${localName(extra.name)} is not in the contract.`);
  }
  const children = parent.children.filter((c) => names.has(localName(c.name)));
  let index = 0;
  for (const field of fields) {
    let count = 0;
    while (index < children.length && localName(children[index]!.name) === field.name) {
      const child = children[index]!;
      const childPath = `${path}/${field.name}`;
      if (child.namespace !== namespace) {
        errors.push(`${childPath} must be in the namespace ${namespace}.`);
      }
      if (field.fields) {
        if (!field.open) {
          checkSequence(child, field.fields, namespace, childPath, errors);
        }
      } else {
        checkValue(field, child, childPath, errors);
      }
      count++;
      index++;
    }
    // A field that is present but out of place is reported once, below, as out of order.
    if (count === 0 && field.required && !children.some((c) => localName(c.name) === field.name)) {
      errors.push(`${path}/${field.name} is required.`);
    }
    if (count > 1 && !field.list) {
      errors.push(`${path}/${field.name} appears ${count} times; it may appear once.`);
    }
  }
  for (const name of new Set(children.slice(index).map((c) => localName(c.name)))) {
    errors.push(`${path}/${name} is out of order.`);
  }
}

/**
 * Checks a SOAP 1.1 envelope against the message of an operation; returns the
 * problems found (none means the example is valid).
 */
export function checkEnvelope(xml: string, contract: SoapContract, operation: string, direction: 'input' | 'output'): string[] {
  const op = contract.operations.find((o) => o.name === operation);
  if (!op) {
    return [`The contract has no operation ${operation}.`];
  }
  let envelope: XmlElement;
  try {
    envelope = parseXml(xml);
  } catch (error) {
    return [(error as Error).message];
  }
  if (localName(envelope.name) !== 'Envelope' || envelope.namespace !== SOAP_ENVELOPE_NS) {
    return ['The root must be a SOAP 1.1 Envelope.'];
  }
  const bodies = envelope.children.filter((c) => localName(c.name) === 'Body' && c.namespace === SOAP_ENVELOPE_NS);
  if (bodies.length !== 1 || bodies[0]!.children.length !== 1) {
    return ['The Envelope must have one Body with one element.'];
  }
  const content = bodies[0]!.children[0]!;
  const message = op[direction];
  if (localName(content.name) !== message.element || content.namespace !== contract.targetNamespace) {
    return [`The Body holds ${content.name}, not ${message.element} of ${contract.targetNamespace}.`];
  }
  const errors: string[] = [];
  checkSequence(content, message.fields, contract.targetNamespace, message.element, errors);
  return errors;
}

/**
 * serial{product} is an element of the payment response, named after the
 * product. The WSDL in static/ is written for the default product name; the
 * build renames the element when the portal is configured with another one.
 */
export function renameProductElements(text: string, defaultName: string, productName: string): string {
  if (defaultName === productName) {
    return text;
  }
  return text.replace(new RegExp(`\\bserial${defaultName}\\b`, 'g'), `serial${productName}`);
}
