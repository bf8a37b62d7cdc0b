import React from 'react';
import {cleanup, fireEvent, render as draw, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {MemoryRouter} from 'react-router-dom';
import {SignatureGenerator, SignatureVerifier} from '..';
import {amountValidation, checksum, hourMinuteUtcMinus5, integerValue, postSecurityToken, responseSignature} from '../../../../core/signatures';
import {EXAMPLE_KEY, SECURITY_EXAMPLES} from '../../../../core/data/securityExamples';
import {REJECTED_AUTHORIZATION_CODES} from '../../../../core/data/resultCodes';
import {generatedCases} from '../../../../tests/support/signatureCases';
import {testPortalConfig} from '../../../../tests/support/useDocusaurusContext';
import {setTestLocale} from '../../../../tests/support/translate';
import {fakeSandbox} from '../../../../tests/support/fakeSandbox';
import {forgetCredentials, saveCredentials} from '../../../lib/sandboxCredentials';

/** The workbench sits on a page of the site, inside its router (the credentials panel links to the sandbox page). */
const render = (ui: React.ReactElement) => draw(ui, {wrapper: MemoryRouter});

const FIRMA = `firma${testPortalConfig.productName}`;
const example = (name: string): string => SECURITY_EXAMPLES.firma.inputs.find((input) => input.name === name)?.value ?? '';

/** A confirmation as the gateway posts it (/vpost/integracion?tab=sonda): the response variables plus the confirmation's own. */
function confirmation(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    codigoFactura: example('codigoFactura'),
    valorFactura: example('valorFactura'),
    transaccionAprobada: '1',
    codigoAutorizacion: example('codigoAutorizacion'),
    [FIRMA]: SECURITY_EXAMPLES.firma.output,
    numeroTransaccion: '7700123',
    metodoPago: '37',
    nombreMetodo: 'Visa',
    campoExtra1: 'pedido 42 & más',
    ...overrides,
  };
}
const urlencoded = (fields: Record<string, string>): string => new URLSearchParams(fields).toString();

function result(name: string): string {
  return screen.getByTestId(`${name}-result`).textContent ?? '';
}
/** The hashing code loads after the page is drawn (it cannot run in the server bundle). */
async function loaded(): Promise<void> {
  await waitFor(() => expect(result(FIRMA)).toMatch(/^[0-9a-f]{32}$/));
}
function text(name: string): string {
  return screen.getByTestId(`${name}-text`).textContent ?? '';
}

describe('SignatureGenerator', () => {
  afterEach(() => {
    setTestLocale('es');
    jest.useRealTimers();
  });

  it('opens on the worked example and shows its results with the exact concatenated text', async () => {
    render(<SignatureGenerator />);
    await loaded();
    expect(result(FIRMA)).toBe(SECURITY_EXAMPLES.firma.output);
    expect(text(FIRMA)).toBe(SECURITY_EXAMPLES.firma.inputs.map((input) => input.value).join(''));
    expect(result('checksum')).toBe(SECURITY_EXAMPLES.checksum.output);
    expect(result('md5ValidacionValor')).toBe(SECURITY_EXAMPLES.md5ValidacionValor.output);
  });

  it('gives the same values as core/signatures.ts for many generated inputs', async () => {
    jest.useFakeTimers({now: new Date('2026-03-15T14:30:00Z')});
    render(<SignatureGenerator />);
    await loaded();
    const now = new Date();
    for (const c of generatedCases(60, 17)) {
      fireEvent.change(screen.getByLabelText('Llave de la terminal'), {target: {value: c.key}});
      fireEvent.change(screen.getByLabelText('Factura (factura / codigoFactura)'), {target: {value: c.invoice}});
      fireEvent.change(screen.getByLabelText('Valor (valor / valorFactura)'), {target: {value: c.amount}});
      fireEvent.change(screen.getByLabelText('Código de autorización (codigoAutorizacion)'), {target: {value: c.authorization}});
      expect(result(FIRMA)).toBe(responseSignature(c.key, c.invoice, c.amount, c.authorization));
      expect(text(FIRMA)).toBe(`${c.key}${c.invoice}${c.amount}${c.authorization}`);
      expect(result('checksum')).toBe(checksum(c.invoice, c.amount, c.key));
      expect(text('checksum')).toBe(`${c.invoice}${integerValue(c.amount)}${c.key}`);
      expect(result('tokenSeguridad')).toBe(postSecurityToken(c.key, now));
      expect(text('tokenSeguridad')).toBe(`${c.key}${hourMinuteUtcMinus5(now)}`);
      expect(result('md5ValidacionValor')).toBe(amountValidation(c.key, c.amount));
      expect(text('md5ValidacionValor')).toBe(`${c.key}${c.amount}`);
    }
  });

  it('shows the UTC-05:00 clock it used for tokenSeguridad and follows it', async () => {
    jest.useFakeTimers({now: new Date('2026-03-15T14:30:59Z')});
    render(<SignatureGenerator />);
    await loaded();
    expect(screen.getByTestId('clock')).toHaveTextContent('Hora usada: 09:30 en UTC-05:00');
    expect(result('tokenSeguridad')).toBe(SECURITY_EXAMPLES.tokenSeguridad.output);
    React.act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getByTestId('clock')).toHaveTextContent('Hora usada: 09:31 en UTC-05:00');
    expect(result('tokenSeguridad')).toBe(postSecurityToken(EXAMPLE_KEY, new Date('2026-03-15T14:31:00Z')));
  });

  it('says why checksum cannot be computed from an amount that is not a number', async () => {
    render(<SignatureGenerator />);
    await loaded();
    fireEvent.change(screen.getByLabelText('Valor (valor / valorFactura)'), {target: {value: '150.000,00'}});
    expect(result('checksum')).toContain('El valor debe ser un número');
  });

  it('speaks English on the English site', async () => {
    setTestLocale('en');
    render(<SignatureGenerator />);
    await loaded();
    expect(screen.getByLabelText('Terminal key')).toHaveValue(EXAMPLE_KEY);
    expect(screen.getAllByText('Concatenated text').length).toBeGreaterThan(0);
  });
});

describe('SignatureVerifier', () => {
  afterEach(() => setTestLocale('es'));

  async function verify(body: string, key = EXAMPLE_KEY): Promise<HTMLElement> {
    cleanup(); // one verifier on the page, also when a test verifies twice
    const user = userEvent.setup();
    render(<SignatureVerifier />);
    fireEvent.change(screen.getByLabelText('Confirmación recibida (cuerpo del POST)'), {target: {value: body}});
    if (key !== '') await user.type(screen.getByLabelText('Llave de la terminal'), key);
    await user.click(screen.getByRole('button', {name: 'Verificar'}));
    const region = screen.getByTestId('verification');
    await waitFor(() => expect(region).not.toBeEmptyDOMElement());
    return region;
  }

  it('says "valid" for a urlencoded confirmation signed with the key', async () => {
    const region = await verify(urlencoded(confirmation()));
    expect(region).toHaveTextContent(`Válida: ${FIRMA} coincide`);
  });

  it('says "valid" for the same confirmation as JSON, with a numeric amount', async () => {
    const region = await verify(JSON.stringify({...confirmation(), valorFactura: Number(example('valorFactura'))}));
    expect(region).toHaveTextContent('Válida');
  });

  it('says "invalid" when one digit of the amount changed, and shows the inputs it used', async () => {
    const changed = `${example('valorFactura').slice(0, -1)}${(Number(example('valorFactura').slice(-1)) + 1) % 10}`;
    const region = await verify(urlencoded(confirmation({valorFactura: changed})));
    expect(region).toHaveTextContent(`No válida: ${FIRMA} no coincide`);
    expect(within(region).getByText(changed)).toBeInTheDocument();
    expect(within(region).getByText(`${EXAMPLE_KEY}${example('codigoFactura')}${changed}${example('codigoAutorizacion')}`)).toBeInTheDocument();
    expect(within(region).getByText(responseSignature(EXAMPLE_KEY, example('codigoFactura'), changed, example('codigoAutorizacion')))).toBeInTheDocument();
  });

  it('says "invalid" when one digit of the signature changed or the key is another', async () => {
    const output = SECURITY_EXAMPLES.firma.output;
    const flipped = `${output.slice(0, -1)}${output.endsWith('0') ? '1' : '0'}`;
    expect(await verify(urlencoded(confirmation({[FIRMA]: flipped})))).toHaveTextContent('No válida');
  });

  it('says "invalid" with another key', async () => {
    expect(await verify(urlencoded(confirmation()), `${EXAMPLE_KEY}x`)).toHaveTextContent('No válida');
  });

  it.each([
    ['', 'Pegue el cuerpo de la confirmación'],
    ['{"codigoFactura": ', 'no es JSON válido'],
    ['["a"]', 'El JSON debe ser un objeto'],
    ['esto no es una confirmación', 'No se reconoce el formato'],
    [urlencoded(confirmation()) + '&codigoFactura=X', 'La variable codigoFactura aparece más de una vez'],
    [urlencoded({codigoFactura: 'A', valorFactura: '1', codigoAutorizacion: '2'}), `no trae la variable ${FIRMA}`],
    [urlencoded({codigoFactura: 'A', [FIRMA]: 'abc'}), 'Faltan variables que entran en la firma: valorFactura, codigoAutorizacion'],
  ])('explains malformed input %j', async (body, message) => {
    const region = await verify(body);
    expect(within(region).getByRole('alert')).toHaveTextContent(message);
    expect(region).not.toHaveTextContent('Válida');
  });

  /** Types the reader's stored order into the two optional fields. */
  async function verifyWithOrder(body: string, factura: string, valor: string): Promise<HTMLElement> {
    cleanup();
    const user = userEvent.setup();
    render(<SignatureVerifier />);
    fireEvent.change(screen.getByLabelText('Confirmación recibida (cuerpo del POST)'), {target: {value: body}});
    await user.type(screen.getByLabelText('Llave de la terminal'), EXAMPLE_KEY);
    if (factura !== '') await user.type(screen.getByLabelText('Factura de su pedido (opcional)'), factura);
    if (valor !== '') await user.type(screen.getByLabelText('Valor de su pedido (opcional)'), valor);
    await user.click(screen.getByRole('button', {name: 'Verificar'}));
    const region = screen.getByTestId('verification');
    await waitFor(() => expect(region).not.toBeEmptyDOMElement());
    return region;
  }

  /** A rejected card payment as the gateway signs it: the rejected code of the brand (00000, or 00 with Mastercard) in the signature. */
  function rejected(code: string): Record<string, string> {
    return confirmation({transaccionAprobada: '-1', codigoAutorizacion: code, [FIRMA]: responseSignature(EXAMPLE_KEY, example('codigoFactura'), example('valorFactura'), code)});
  }

  it.each(REJECTED_AUTHORIZATION_CODES.map((c) => c.code))(
    'refuses a rejected confirmation (code %s) edited to transaccionAprobada 1, though its signature matches',
    async (code) => {
      expect(await verify(urlencoded(rejected(code)))).toHaveTextContent(`Válida: ${FIRMA} coincide con la firma calculada y transaccionAprobada (rechazada)`);
      const region = await verify(urlencoded({...rejected(code), transaccionAprobada: '1'}));
      expect(region).toHaveTextContent(`Rechácela: ${FIRMA} coincide, pero la confirmación no es creíble. No dé por pagado el pedido.`);
      expect(within(region).getByTestId('problems')).toHaveTextContent(`transaccionAprobada dice 1 (aprobada), pero codigoAutorizacion es «${code}»`);
      expect(region).not.toHaveTextContent('Válida');
    },
  );

  it('refuses a pending confirmation (no code) edited to 1, and an approved one edited to rejected', async () => {
    const pending = confirmation({
      transaccionAprobada: '0',
      codigoAutorizacion: '',
      [FIRMA]: responseSignature(EXAMPLE_KEY, example('codigoFactura'), example('valorFactura'), ''),
    });
    expect(await verify(urlencoded({...pending, transaccionAprobada: '1'}))).toHaveTextContent('codigoAutorizacion es «»');
    const region = await verify(urlencoded(confirmation({transaccionAprobada: '-1'})));
    expect(within(region).getByTestId('problems')).toHaveTextContent(
      `transaccionAprobada dice rechazada, pero codigoAutorizacion «${example('codigoAutorizacion')}» es una autorización real`,
    );
  });

  it('without the stored order, says to compare it before delivering; with it, says whether to deliver', async () => {
    const alone = await verify(urlencoded(confirmation()));
    expect(within(alone).getByTestId('next-step')).toHaveTextContent('Antes de entregar, compare codigoFactura y valorFactura con el pedido que guardó');
    const matching = await verifyWithOrder(urlencoded(confirmation()), example('codigoFactura'), example('valorFactura'));
    expect(within(matching).getByTestId('next-step')).toHaveTextContent('Coincide con su pedido: márquelo como aprobado y entréguelo, una sola vez');
  });

  it('refuses an approval whose amount and authorization code were shifted by a digit: same signature, not the stored amount', async () => {
    const code = example('codigoAutorizacion');
    const shifted = confirmation({valorFactura: `${example('valorFactura')}${code[0]}`, codigoAutorizacion: code.slice(1)});
    expect(shifted[FIRMA]).toBe(responseSignature(EXAMPLE_KEY, example('codigoFactura'), shifted.valorFactura!, shifted.codigoAutorizacion!));
    const region = await verifyWithOrder(urlencoded(shifted), example('codigoFactura'), example('valorFactura'));
    expect(region).toHaveTextContent('Rechácela');
    expect(within(region).getByTestId('problems')).toHaveTextContent(`valorFactura es «${shifted.valorFactura}», no el valor de su pedido («${example('valorFactura')}»)`);
  });

  it('asks for both order values when only one is given', async () => {
    const region = await verifyWithOrder(urlencoded(confirmation()), example('codigoFactura'), '');
    expect(within(region).getByRole('alert')).toHaveTextContent('Escriba la factura y el valor de su pedido, o deje los dos vacíos.');
  });

  it('asks for the key when it is empty', async () => {
    const region = await verify(urlencoded(confirmation()), '');
    expect(within(region).getByRole('alert')).toHaveTextContent('Escriba la llave de la terminal.');
  });
});

describe('the workbench with sandbox credentials', () => {
  const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};
  let sandbox: ReturnType<typeof fakeSandbox>;
  beforeEach(() => {
    sandbox = fakeSandbox({'GET /sandbox/credenciales': {status: 200, body: {usuario: MINE.usuario, terminal: MINE.terminal, publico: false}}});
  });
  afterEach(() => {
    sandbox.restore();
    localStorage.clear();
  });

  it('offers the credentials panel and computes with the remembered key until the reader types another', async () => {
    saveCredentials(MINE);
    render(<SignatureGenerator />);
    await loaded();
    expect(await screen.findByRole('region', {name: 'Credenciales de prueba'})).toBeInTheDocument();
    const field = screen.getByLabelText('Llave de la terminal');
    expect(field).toHaveValue(MINE.llave);
    expect(field).toHaveAccessibleDescription('La llave de sus credenciales de prueba.');
    expect(result('md5ValidacionValor')).toBe(amountValidation(MINE.llave, example('valorFactura')));
    fireEvent.change(field, {target: {value: 'OtraLlave'}});
    React.act(() => forgetCredentials());
    expect(field).toHaveValue('OtraLlave');
    expect(field).not.toHaveAccessibleDescription();
  });

  it('follows the credentials as they are created or forgotten while the field is untouched', async () => {
    render(<SignatureGenerator />);
    await loaded();
    expect(screen.getByLabelText('Llave de la terminal')).toHaveValue(EXAMPLE_KEY);
    React.act(() => saveCredentials(MINE));
    expect(screen.getByLabelText('Llave de la terminal')).toHaveValue(MINE.llave);
    React.act(() => forgetCredentials());
    expect(screen.getByLabelText('Llave de la terminal')).toHaveValue(EXAMPLE_KEY);
  });

  it('the verifier checks with the remembered key', async () => {
    saveCredentials(MINE);
    const user = userEvent.setup();
    render(<SignatureVerifier />);
    const body = urlencoded(confirmation({[FIRMA]: responseSignature(MINE.llave, example('codigoFactura'), example('valorFactura'), example('codigoAutorizacion'))}));
    fireEvent.change(screen.getByLabelText('Confirmación recibida (cuerpo del POST)'), {target: {value: body}});
    expect(screen.getByLabelText('Llave de la terminal')).toHaveValue(MINE.llave);
    await user.click(screen.getByRole('button', {name: 'Verificar'}));
    await waitFor(() => expect(screen.getByTestId('verification')).toHaveTextContent('Válida'));
  });
});
