/** @jest-environment node */
/**
 * The downloadable SOAP contract, read by the real `soap` library as an
 * integrator's tooling would: every operation (SOAP_OPERATIONS) with its input
 * and output messages, the documented fields, and examples that a SOAP server built
 * from the same WSDL accepts.
 */
import {createServer, type Server} from 'node:http';
import type {AddressInfo} from 'node:net';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import * as soap from 'soap';
import {SOAP_OPERATIONS} from '../../../core/data/apiSidebar';
import {CURRENCIES} from '../../../core/data/enumerations';
import {checkEnvelope, parseSoapContract, renameProductElements, type SoapField} from '../contract';
import {EXAMPLES_DIR, loadSoapContract, WSDL_PATH} from '..';

const STATIC = join(__dirname, '../../../static');
const WSDL_FILE = join(STATIC, WSDL_PATH);
const wsdlText = readFileSync(WSDL_FILE, 'utf8');
const contract = parseSoapContract(wsdlText);
const example = (op: string, kind: 'solicitud' | 'respuesta') => readFileSync(join(STATIC, EXAMPLES_DIR, `${op}.${kind}.xml`), 'utf8');

type Described = Record<string, Record<string, Record<string, {input: Record<string, unknown>; output: Record<string, unknown>}>>>;

let client: soap.Client;
let described: Record<string, {input: Record<string, unknown>; output: Record<string, unknown>}>;

beforeAll(async () => {
  client = await soap.createClientAsync(WSDL_FILE);
  described = (client.describe() as Described).ServicioPagos!.ServicioPagosSoap!;
});

function fieldsOf(op: string, direction: 'input' | 'output'): readonly SoapField[] {
  const found = contract.operations.find((o) => o.name === op);
  if (!found) throw new Error(`no operation ${op}`);
  return found[direction].fields;
}
const names = (fields: readonly SoapField[]) => fields.map((f) => f.name);
const field = (fields: readonly SoapField[], name: string) => {
  const found = fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
};

/** describe() output as names: "name" for a value, "name[]" for a list, with nested objects for complex types. */
function describedShape(node: Record<string, unknown>): unknown {
  return Object.entries(node)
    .filter(([key]) => key !== 'targetNSAlias' && key !== 'targetNamespace')
    .map(([key, value]) => (typeof value === 'object' && value !== null ? {[key]: describedShape(value as Record<string, unknown>)} : key));
}
function modelShape(fields: readonly SoapField[]): unknown {
  return fields.map((f) => {
    const key = f.list ? `${f.name}[]` : f.name;
    return f.fields ? {[key]: modelShape(f.fields)} : key;
  });
}

describe('the WSDL, read with the soap library', () => {
  it('defines exactly the eight operations of the SOAP contract, in one SOAP port', () => {
    expect(Object.keys(described)).toEqual([...SOAP_OPERATIONS]);
    expect(contract.operations.map((o) => o.name)).toEqual([...SOAP_OPERATIONS]);
  });

  it.each(SOAP_OPERATIONS)('%s has an input and an output message, each with one element part', (op) => {
    const messages = client.wsdl.definitions.messages as Record<string, {element?: {$name?: string}}>;
    expect(messages[`${op}Request`]?.element?.$name).toBe(op);
    expect(messages[`${op}Response`]?.element?.$name).toBe(`${op}Response`);
    expect(Object.keys(described[op]!.input).length).toBeGreaterThan(0);
    expect(Object.keys(described[op]!.output).length).toBeGreaterThan(0);
  });

  it.each(SOAP_OPERATIONS)('the contract page shows the same fields of %s as the soap library finds', (op) => {
    expect(modelShape(fieldsOf(op, 'input'))).toEqual(describedShape(described[op]!.input));
    expect(modelShape(fieldsOf(op, 'output'))).toEqual(describedShape(described[op]!.output));
  });
});

describe('the documented fields', () => {
  it('consultaInfoToken: in documentoCliente, tokenTarjeta, terminal, tokenSeguridad; out franquicia, ultimosNumeros, estado, descripcion', () => {
    expect(names(fieldsOf('consultaInfoToken', 'input'))).toEqual(['documentoCliente', 'tokenTarjeta', 'terminal', 'tokenSeguridad']);
    expect(fieldsOf('consultaInfoToken', 'input').every((f) => f.required)).toBe(true);
    expect(names(fieldsOf('consultaInfoToken', 'output'))).toEqual(['franquicia', 'ultimosNumeros', 'estado', 'descripcion']);
    expect(field(fieldsOf('consultaInfoToken', 'output'), 'estado').enumeration).toEqual(['0', '99']);
  });

  it('reversarTransaccionTarjeta and eliminarRecurrenciaToken answer mensaje and estado "true" (done) or "false" (no change)', () => {
    expect(names(fieldsOf('reversarTransaccionTarjeta', 'input'))).toEqual(['codigoSeguimiento', 'codigoAutorizacion', 'referencia', 'valorTotal', 'terminal', 'tokenSeguridad']);
    expect(names(fieldsOf('eliminarRecurrenciaToken', 'input'))).toEqual(['terminal', 'tipoBorrado', 'identificacion', 'tipoDocumento', 'ultimosDigitos', 'tokenSeguridad']);
    expect(field(fieldsOf('eliminarRecurrenciaToken', 'input'), 'tipoBorrado').enumeration).toEqual(['0', '1']);
    expect(field(fieldsOf('eliminarRecurrenciaToken', 'input'), 'tipoDocumento').enumeration).toEqual(['0']);
    for (const op of ['reversarTransaccionTarjeta', 'eliminarRecurrenciaToken']) {
      expect(names(fieldsOf(op, 'output'))).toEqual(['mensaje', 'estado']);
      expect(field(fieldsOf(op, 'output'), 'estado').enumeration).toEqual(['true', 'false']);
    }
  });

  it('consultarEstadoTransaccion: the four required values, boolean flags, and the values back as text with codigoRespuesta', () => {
    const input = fieldsOf('consultarEstadoTransaccion', 'input');
    expect(input.filter((f) => f.required).map((f) => f.name)).toEqual(['terminal', 'referencia', 'codigoSeguimiento', 'tokenSeguridad']);
    const flags = input.filter((f) => !f.required);
    expect(flags.every((f) => f.type === 'boolean')).toBe(true);
    for (const name of [
      'serialfacturacion',
      'valorPagado',
      'numeroCoutas',
      'documentoComprador',
      'estadoPago',
      'razonRechazo',
      'valorDepositoBanco',
      'campoextra1',
      'campoextra9',
    ]) {
      expect(names(flags)).toContain(name);
    }
    const output = fieldsOf('consultarEstadoTransaccion', 'output');
    expect(names(output)).toEqual(['codigoRespuesta', 'descripcionRespuesta', ...names(flags)]);
    expect(output.slice(2).every((f) => f.type === 'string')).toBe(true);
    expect(field(output, 'codigoRespuesta').enumeration).toEqual(['0', '1', '99']);
  });

  it('confirmacionTransaccionMedioPago is the older variant: Extra8 carries the currency and Extra9 the document type', () => {
    const input = fieldsOf('confirmacionTransaccionMedioPago', 'input');
    expect(names(field(input, 'MetodoPago').fields!)).toEqual(['Id', ...Array.from({length: 10}, (_, i) => `campo${i + 1}`)]);
    expect(names(input)).toEqual(
      expect.arrayContaining(['Referencia', 'Valortotal', 'Valorbase', 'Valoriva', 'Descripcion', 'Documento', 'Terminal', 'FechaVcm', 'ip', 'tokenSeguridad']),
    );
    expect(names(input).filter((n) => n.startsWith('Extra'))).toEqual(Array.from({length: 9}, (_, i) => `Extra${i + 1}`));
    // Every currency of the gateway (core/data/enumerations.ts): only the REST documentation lists three.
    expect(field(input, 'Extra8').enumeration).toEqual([...CURRENCIES]);
    expect(field(input, 'Extra8').enumeration).toEqual(['COP', 'USD', 'EUR', 'GTQ']);
    expect(field(input, 'Extra9')).toMatchObject({required: true, enumeration: ['1', '2', '3', '4', '5']});
    expect(field(input, 'Extra8').required).toBe(false);
    expect(names(input)).not.toContain('moneda');
    expect(names(input)).not.toContain('tipoDocumento');
    expect(field(input, 'Valortotal').pattern).toBeDefined();
    expect(field(input, 'FechaVcm').pattern).toBe('[0-9]{4}-[0-9]{2}-[0-9]{2}');
    const output = fieldsOf('confirmacionTransaccionMedioPago', 'output');
    expect(names(output)).toEqual([
      'CodigoRespuesta',
      'CodigoSeguimiento',
      'Descripción',
      'estado',
      'numeroAutorizacion',
      'numeroTransaccion',
      'referencia',
      'valor',
      'tokenTarjeta',
      'urlBanco',
      'serialPasarela',
      'Cuestionario',
    ]);
    expect(field(output, 'CodigoRespuesta').enumeration).toEqual(['0', '1', '2', '3', '4', '99']);
  });

  it('listarBancos: in idMetodoPago, terminal, accessToken; out a list of codigoBanco and nombreBanco', () => {
    expect(names(fieldsOf('listarBancos', 'input'))).toEqual(['idMetodoPago', 'terminal', 'accessToken']);
    const [banco] = fieldsOf('listarBancos', 'output');
    expect(banco?.list).toBe(true);
    expect(names(banco?.fields ?? [])).toEqual(['codigoBanco', 'nombreBanco']);
  });

  it('procesarGrupoCodigoBarras takes a list of payment requests and answers one payment response each', () => {
    const [pago] = fieldsOf('procesarGrupoCodigoBarras', 'input');
    const [resultado] = fieldsOf('procesarGrupoCodigoBarras', 'output');
    expect(pago).toMatchObject({list: true, required: true, type: 'SolicitudPago'});
    expect(resultado).toMatchObject({list: true, type: 'RespuestaPago'});
    expect(pago?.fields).toEqual(fieldsOf('confirmacionTransaccionMedioPago', 'input'));
    expect(resultado?.fields).toEqual(fieldsOf('confirmacionTransaccionMedioPago', 'output'));
  });

  it('every operation but listarBancos (accessToken) carries tokenSeguridad', () => {
    for (const op of SOAP_OPERATIONS) {
      const input = fieldsOf(op, 'input');
      const all = input.flatMap((f) => [f, ...(f.fields ?? [])]).map((f) => f.name);
      expect(all).toContain(op === 'listarBancos' ? 'accessToken' : 'tokenSeguridad');
    }
  });
});

describe('the request and response examples', () => {
  let server: Server;
  let url: string;
  const received: Record<string, unknown> = {};

  beforeAll(async () => {
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    url = `http://127.0.0.1:${port}/ServicioPagos`;
    // A server generated from the same WSDL: each operation records what it received.
    const operations = Object.fromEntries(
      SOAP_OPERATIONS.map((op) => [
        op,
        (args: unknown) => {
          received[op] = args;
          return {};
        },
      ]),
    );
    soap.listen(server, '/ServicioPagos', {ServicioPagos: {ServicioPagosSoap: operations}}, wsdlText);
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(SOAP_OPERATIONS)('the %s examples follow the contract', (op) => {
    expect(checkEnvelope(example(op, 'solicitud'), contract, op, 'input')).toEqual([]);
    expect(checkEnvelope(example(op, 'respuesta'), contract, op, 'output')).toEqual([]);
  });

  it.each(SOAP_OPERATIONS)('a SOAP server built from the WSDL accepts the %s request example', async (op) => {
    const response = await fetch(url, {
      method: 'POST',
      headers: {'content-type': 'text/xml; charset=utf-8', SOAPAction: `"urn:integraciones:pagos/${op}"`},
      body: example(op, 'solicitud'),
    });
    expect(response.status).toBe(200);
    const args = received[op] as Record<string, unknown>;
    expect(args).toBeDefined();
    const required = fieldsOf(op, 'input')
      .filter((f) => f.required)
      .map((f) => f.name);
    expect(Object.keys(args)).toEqual(expect.arrayContaining(required));
  });

  it.each(SOAP_OPERATIONS)('the soap client reads the %s response example into its output element', (op) => {
    const parsed = client.wsdl.xmlToObject(example(op, 'respuesta')) as {Body: Record<string, unknown>};
    const body = parsed.Body[`${op}Response`];
    expect(body).toBeDefined();
  });

  it('the card payment example sends campo1 to campo4 RSA-2048 encrypted, as hex', () => {
    const args = client.wsdl.xmlToObject(example('confirmacionTransaccionMedioPago', 'solicitud')) as {
      Body: {confirmacionTransaccionMedioPago: {MetodoPago: Record<string, string>}};
    };
    const method = args.Body.confirmacionTransaccionMedioPago.MetodoPago;
    for (const campo of ['campo1', 'campo2', 'campo3', 'campo4']) {
      expect(method[campo]).toMatch(/^[0-9a-f]{512}$/);
    }
  });
});

describe('checking an example against the contract', () => {
  const valid = example('listarBancos', 'solicitud');

  it('reports a missing required field, a value outside its pattern, an unknown field and a field out of order', () => {
    expect(checkEnvelope(valid.replace(/<pag:terminal>.*<\/pag:terminal>\s*/, ''), contract, 'listarBancos', 'input')).toEqual(['listarBancos/terminal is required.']);
    expect(checkEnvelope(valid.replace('<pag:idMetodoPago>41<', '<pag:idMetodoPago>4.1<'), contract, 'listarBancos', 'input')).toEqual([
      'listarBancos/idMetodoPago is "4.1", which does not match [0-9]+.',
    ]);
    expect(checkEnvelope(valid.replace('<pag:terminal>', '<pag:clave>x</pag:clave><pag:terminal>'), contract, 'listarBancos', 'input')).toEqual([
      'listarBancos/clave is not in the contract.',
    ]);
    const swapped = valid.replace(/(<pag:terminal>.*<\/pag:terminal>)(\s*)(<pag:accessToken>.*<\/pag:accessToken>)/, '$3$2$1');
    expect(swapped).not.toBe(valid);
    expect(checkEnvelope(swapped, contract, 'listarBancos', 'input')).toEqual(['listarBancos/terminal is out of order.']);
  });

  it('reports an enumeration value the contract does not allow', () => {
    const bad = example('eliminarRecurrenciaToken', 'solicitud').replace('<pag:tipoBorrado>0<', '<pag:tipoBorrado>2<');
    expect(checkEnvelope(bad, contract, 'eliminarRecurrenciaToken', 'input')).toEqual(['eliminarRecurrenciaToken/tipoBorrado is "2"; allowed: 0, 1.']);
  });

  it('refuses an envelope whose body is another operation', () => {
    expect(checkEnvelope(valid, contract, 'consultaSaldoSi', 'input')).toEqual([`The Body holds pag:listarBancos, not consultaSaldoSi of ${contract.targetNamespace}.`]);
  });

  it('stops the build with every problem when an example is missing', async () => {
    const {mkdtempSync, cpSync, rmSync} = await import('node:fs');
    const {tmpdir} = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'soap-contract-'));
    try {
      cpSync(join(STATIC, 'soap'), join(dir, 'soap'), {recursive: true});
      rmSync(join(dir, EXAMPLES_DIR, 'consultaSaldoSi.respuesta.xml'));
      await expect(loadSoapContract(dir, 'Pasarela')).rejects.toThrow(
        'consultaSaldoSi: soap/ejemplos/consultaSaldoSi.solicitud.xml and soap/ejemplos/consultaSaldoSi.respuesta.xml must both exist.',
      );
    } finally {
      rmSync(dir, {recursive: true, force: true});
    }
  });
});

describe('the product name', () => {
  it('names serial{product} after the configured product in the contract and the examples', async () => {
    const data = await loadSoapContract(STATIC, 'Acme');
    const output = data.contract.operations.find((o) => o.name === 'confirmacionTransaccionMedioPago')!.output.fields;
    expect(names(output)).toContain('serialAcme');
    expect(names(output)).not.toContain('serialPasarela');
    expect(renameProductElements('<serialPasarela/><serialPasarelaX/>', 'Pasarela', 'Acme')).toBe('<serialAcme/><serialPasarelaX/>');
  });
});
