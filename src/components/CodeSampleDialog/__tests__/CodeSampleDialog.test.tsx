import React from 'react';
import {MemoryRouter, Route} from 'react-router-dom';
import {act, render, screen, waitFor, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type {Location} from 'history';
import {ToastProvider, TOAST_DURATION_MS} from '@site/src/components/Toasts';
import SampleButton from '@site/src/components/SampleButton';
import TransactionTypesTable from '@site/src/components/SampleButton/TransactionTypesTable';
import {buildSample} from '@site/core/data/codeSamples';
import {samplePurchaseEndpoint, SANDBOX_BASE} from '@site/core/config';
import {amountValidation, checksum, postSecurityToken} from '@site/core/signatures';
import {sampleFields} from '@site/core/data/codeSamples';
import {EXAMPLE_KEY} from '@site/core/data/securityExamples';
import {DEMO_MERCHANT, saveCredentials} from '@site/src/lib/sandboxCredentials';
import {testPortalConfig} from '../../../../tests/support/useDocusaurusContext';
import {fakeSandbox} from '../../../../tests/support/fakeSandbox';
import {CodeSampleProvider} from '../CodeSampleProvider';

let currentLocation: Location | undefined;

function renderPage(ui: React.ReactNode, initialEntry = '/vpost/integracion?tab=pruebas-vpost') {
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  Object.defineProperty(navigator, 'clipboard', {value: {writeText}, configurable: true});
  render(
    <MemoryRouter initialEntries={[initialEntry]}>
      <ToastProvider>
        <CodeSampleProvider>{ui}</CodeSampleProvider>
      </ToastProvider>
      <Route
        path="*"
        render={({location}) => {
          currentLocation = location;
          return null;
        }}
      />
    </MemoryRouter>,
  );
  return {user, writeText};
}

/** The sandbox is on in the test config: samples post to its purchase page on the portal being read. */
const endpoint = () => samplePurchaseEndpoint(testPortalConfig, window.location.origin);
const expected = (key: Parameters<typeof buildSample>[0], title: string) => buildSample(key, endpoint(), 'es', title).code;

describe('code sample dialog', () => {
  it('opens a sample from its button with title, format label and the code', async () => {
    const {user} = renderPage(<SampleButton sample="pagotoken" />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', {name: 'Ver código: Pago con token'}));

    const dialog = await screen.findByRole('dialog', {name: 'Pago con token'});
    expect(within(dialog).getByTitle('Formato')).toHaveTextContent(/^html$/);
    expect(within(dialog).getByTestId('code-sample').textContent).toBe(expected('pagotoken', 'Pago con token').replace(/\n$/, '').split('\n').join(''));
    expect(within(dialog).getByTestId('code-sample')).toHaveTextContent(`url: '${window.location.origin}${SANDBOX_BASE}/pagos'`);
    // The open sample is in the address, so it can be shared; other parameters stay.
    expect(currentLocation?.search).toBe('?tab=pruebas-vpost&muestra=pagotoken');
  });

  it('copies exactly the code and shows "Texto copiado" top-right for 3000 ms', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({advanceTimers: jest.advanceTimersByTime});
      const writeText = jest.fn().mockResolvedValue(undefined);
      Object.defineProperty(navigator, 'clipboard', {value: {writeText}, configurable: true});
      render(
        <MemoryRouter initialEntries={['/vpost/integracion?muestra=pagorecurrente']}>
          <ToastProvider>
            <CodeSampleProvider>
              <p>page</p>
            </CodeSampleProvider>
          </ToastProvider>
        </MemoryRouter>,
      );
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', {name: 'Copiar'}));
      expect(writeText).toHaveBeenCalledTimes(1);
      expect(writeText).toHaveBeenCalledWith(expected('pagorecurrente', 'Pago recurrente'));
      expect(await screen.findByRole('status')).toHaveTextContent('Texto copiado');

      act(() => jest.advanceTimersByTime(TOAST_DURATION_MS - 100));
      expect(screen.getByText('Texto copiado')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByText('Texto copiado')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('tells the person when the browser refuses to copy', async () => {
    const {user} = renderPage(<p>page</p>, '/vpost?muestra=pagonormal');
    (navigator.clipboard.writeText as jest.Mock).mockRejectedValueOnce(new Error('denied'));
    await user.click(screen.getByRole('button', {name: 'Copiar'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo copiar');
    expect(screen.queryByText('Texto copiado')).not.toBeInTheDocument();
  });

  it('opens straight from a link of its own (?muestra=key)', async () => {
    renderPage(<p>page</p>, '/vpost/integracion?muestra=cifrado');
    const dialog = await screen.findByRole('dialog', {name: 'Cifrado RSA de 2048 bits'});
    expect(within(dialog).getByTitle('Formato')).toHaveTextContent(/^javascript$/);
    expect(within(dialog).getByTestId('code-sample')).toHaveTextContent('forge.pki.publicKeyFromPem');
  });

  it('ignores an unknown sample key', async () => {
    renderPage(<p>page</p>, '/vpost?muestra=desconocida');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with "Cerrar" and with Escape, clearing the sample from the address', async () => {
    const {user} = renderPage(<SampleButton sample="pagonormal" />);
    await user.click(screen.getByRole('button', {name: 'Ver código: Pago normal'}));
    await user.click(screen.getByRole('button', {name: 'Cerrar'}));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(currentLocation?.search).toBe('?tab=pruebas-vpost');

    await user.click(screen.getByRole('button', {name: 'Ver código: Pago normal'}));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is modal, starts 70vw wide and can be maximized and restored', async () => {
    const {user} = renderPage(<p>page</p>, '/vpost?muestra=generatoken');
    const dialog = await screen.findByRole('dialog', {name: 'Generación de token'});
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', {name: 'Copiar'})).toHaveFocus();
    const maximize = screen.getByRole('button', {name: 'Maximizar'});
    expect(maximize).toHaveAttribute('aria-pressed', 'false');
    await user.click(maximize);
    expect(screen.getByRole('button', {name: 'Restaurar'})).toHaveAttribute('aria-pressed', 'true');
    expect(dialog.className).toMatch(/maximized/);
    await user.click(screen.getByRole('button', {name: 'Restaurar'}));
    expect(dialog.className).not.toMatch(/maximized/);
  });

  it('lists the six transaction types, each with a button and a link of its own', async () => {
    const {user} = renderPage(<TransactionTypesTable />);
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]!.textContent)).toEqual(['0', '1', '2', '3', '4', '5']);
    const link = screen.getByRole('link', {name: 'Enlace a la muestra Pago general'});
    expect(link).toHaveAttribute('href', '/vpost/integracion?tab=pruebas-vpost&muestra=pagogeneral');
    await user.click(link);
    expect(await screen.findByRole('dialog', {name: 'Pago general'})).toBeInTheDocument();
  });

  describe('with the sandbox credentials', () => {
    const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};
    let sandbox: ReturnType<typeof fakeSandbox>;
    beforeEach(() => {
      sandbox = fakeSandbox({'GET /sandbox/credenciales': {status: 200, body: {usuario: MINE.usuario, terminal: MINE.terminal, publico: false}}});
    });
    afterEach(() => {
      sandbox.restore();
      localStorage.clear();
      jest.useRealTimers();
    });

    /** Presses "Probar" and returns the variables its form posts; the submission itself is left to the browser (stopped here). */
    async function tryIt(user: ReturnType<typeof userEvent.setup>): Promise<{form: HTMLFormElement; fields: Record<string, string>}> {
      const button = await screen.findByRole('button', {name: 'Probar en el entorno de pruebas'});
      await waitFor(() => expect(button).toBeEnabled());
      const form = button.closest('form')!;
      form.addEventListener('submit', (event) => event.preventDefault());
      await user.click(button);
      const fields = Object.fromEntries(Array.from(form.querySelectorAll('input')).map((input) => [input.name, input.value]));
      return {form, fields};
    }

    it("writes the reader's usuario into the sample and offers the credentials panel", async () => {
      saveCredentials(MINE);
      renderPage(<p>page</p>, '/vpost?muestra=pagonormal');
      const dialog = await screen.findByRole('dialog', {name: 'Pago normal'});
      expect(within(dialog).getByTestId('code-sample').textContent).toBe(
        buildSample('pagonormal', endpoint(), 'es', 'Pago normal', MINE.usuario).code.replace(/\n$/, '').split('\n').join(''),
      );
      expect(await within(dialog).findByRole('region', {name: 'Credenciales de prueba'})).toHaveTextContent(`usuario ${MINE.usuario}`);
    });

    it('"Probar" posts the sample to the purchase page in a new tab, signed with the remembered key (the values of core/signatures)', async () => {
      jest.useFakeTimers({now: new Date('2026-03-15T14:30:20Z'), advanceTimers: true});
      saveCredentials(MINE);
      renderPage(<p>page</p>, '/vpost?muestra=pagogeneral');
      const user = userEvent.setup({advanceTimers: jest.advanceTimersByTime});
      const {form, fields} = await tryIt(user);
      expect([form.getAttribute('action'), form.getAttribute('method'), form.getAttribute('target'), form.getAttribute('accept-charset')]).toEqual([
        endpoint(),
        'post',
        '_blank',
        'utf-8',
      ]);
      const sample = Object.fromEntries(sampleFields('pagogeneral', 'es').map((f) => [f.name, f.value]));
      expect(fields).toEqual({
        ...sample,
        usuario: MINE.usuario,
        tokenSeguridad: postSecurityToken(MINE.llave, new Date()),
        checksum: checksum(sample.factura!, sample.valor!, MINE.llave),
        md5ValidacionValor: amountValidation(MINE.llave, sample.valor!),
      });
      expect(screen.getByText(/con su usuario \(comercio\.k3x9\)/)).toBeInTheDocument();
    });

    it('without credentials, "Probar" signs as the public demo merchant', async () => {
      renderPage(<p>page</p>, '/vpost?muestra=pagonormal');
      const {fields} = await tryIt(userEvent.setup());
      expect(fields.usuario).toBe(DEMO_MERCHANT.usuario);
      expect(fields.checksum).toBe(checksum(fields.factura!, fields.valor!, EXAMPLE_KEY));
      expect(fields.md5ValidacionValor).toBe(amountValidation(EXAMPLE_KEY, fields.valor!));
      expect(screen.getByText(/comercio de demostración \(comercio\.demo, público\)/)).toBeInTheDocument();
      // The sample to copy keeps usuario empty (the demo merchant's unsigned sample).
      expect(screen.getByTestId('code-sample')).toHaveTextContent('name="usuario" value=""');
    });

    it('offers no "Probar" for the encryption sample, which is not a form', async () => {
      renderPage(<p>page</p>, '/vpost?muestra=cifrado');
      await screen.findByRole('dialog');
      expect(await screen.findByRole('region', {name: 'Credenciales de prueba'})).toBeInTheDocument();
      expect(screen.queryByRole('button', {name: 'Probar en el entorno de pruebas'})).toBeNull();
    });
  });
});
