/**
 * @jest-environment jsdom
 */
// What an English reader sees from the portal's own components, with the
// translators' real i18n/en/code.json: English labels, and no Spanish one.
import React from 'react';
import {MemoryRouter} from 'react-router-dom';
import {render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {setTestLocale} from '../support/translate';
import {setTestPortalConfig} from '../support/useDocusaurusContext';
import {loadPortalConfig} from '../../core/config';
import {ToastProvider} from '@site/src/components/Toasts';
import {CodeSampleProvider} from '@site/src/components/CodeSampleDialog/CodeSampleProvider';
import TransactionTypesTable from '@site/src/components/SampleButton/TransactionTypesTable';
import SampleButton from '@site/src/components/SampleButton';
import PaymentMethodTable from '@site/src/components/PaymentMethodTable';
import SecurityExample from '@site/src/components/SecurityExample';
import {PluginDownloadCards, TerminalCards} from '@site/src/components/ChannelCards';
import {ApprovalCodeTable, CurrencyTable, DocumentCodeTable, LanguageTable, PostDocumentTypeTable, TestCardTable} from '@site/src/components/EnumTable';

/** Spanish labels of these components; none may reach the English screen. */
const SPANISH = [
  'Ver código',
  'Copiar',
  'Cerrar',
  'Maximizar',
  'Restaurar',
  'Formato',
  'Texto copiado',
  'Enlace a la muestra',
  'Pago normal',
  'Pago con token',
  'Tipo de transacción',
  'Muestra',
  'Medio de pago',
  'Id en demo',
  'Id en producción',
  'Grupo',
  'Pago referenciado',
  'Código de barras',
  'Tarjeta de crédito',
  'Billetera',
  'Texto concatenado',
  'Abrir terminal',
  'Terminal de pruebas',
  'Descargar',
  'Significado',
  'Valor',
  'Exitosa',
  'Rechazada',
  'Pendiente',
  'Solo confirmación',
  'Llega en',
  'Franquicia',
  'Vencimiento',
  'Código de seguridad',
  'Pasaporte',
  'Inglés',
  'Formulario POST',
  'Documentación REST',
  'Sí',
];

/** Spanish labels in the visible text, aria-labels and titles; the code itself keeps Spanish identifiers (cifrarValor). */
function spanishOnScreen(): string[] {
  const page = document.body.cloneNode(true) as HTMLElement;
  page.querySelectorAll('[data-testid="code-sample"]').forEach((code) => code.remove());
  const labels = [...page.querySelectorAll('[aria-label],[title]')].flatMap((el) => [el.getAttribute('aria-label') ?? '', el.getAttribute('title') ?? '']);
  const text = [page.textContent ?? '', ...labels].join('\n');
  return SPANISH.filter((s) => new RegExp(`(?<!\\p{L})${s}(?!\\p{L})`, 'u').test(text));
}

function renderAt(url: string, children: React.ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <ToastProvider>
        <CodeSampleProvider>{children}</CodeSampleProvider>
      </ToastProvider>
    </MemoryRouter>,
  );
}

beforeAll(() => setTestLocale('en'));
afterAll(() => setTestLocale('es'));

describe('the code dialog in English', () => {
  it('opens from its own link with English labels, copies the English sample and says so in English', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderAt('/en/vpost/integracion?muestra=pagotoken', null);

    const dialog = await screen.findByRole('dialog', {name: 'Token payment'});
    expect(within(dialog).getByTitle('Format')).toHaveTextContent('html');
    expect(within(dialog).getByRole('button', {name: 'Maximize'})).toBeInTheDocument();
    expect(within(dialog).getByRole('button', {name: 'Close'})).toBeInTheDocument();
    const code = within(dialog).getByTestId('code-sample').textContent ?? '';
    expect(code).toContain('Payment helper');
    expect(code).not.toContain('Ayudante de pago');

    await user.click(within(dialog).getByRole('button', {name: 'Copy'}));
    expect(writeText).toHaveBeenCalledWith(expect.stringContaining('name="tokenTarjeta"'));
    expect(await screen.findByRole('status')).toHaveTextContent('Text copied');

    await user.click(within(dialog).getByRole('button', {name: 'Maximize'}));
    expect(within(dialog).getByRole('button', {name: 'Restore'})).toBeInTheDocument();
    expect(spanishOnScreen()).toEqual([]);
  });

  it('lists the samples with English names, buttons and links', async () => {
    const user = userEvent.setup();
    renderAt(
      '/en/vpost/integracion?tab=pruebas-vpost',
      <>
        <TransactionTypesTable />
        <SampleButton sample="cifrado" />
      </>,
    );
    expect(screen.getByRole('columnheader', {name: 'Transaction type'})).toBeInTheDocument();
    expect(screen.getByRole('columnheader', {name: 'Sample'})).toBeInTheDocument();
    expect(screen.getByRole('link', {name: 'Link to the Normal payment sample'})).toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'View code: Recurring payment'}));
    expect(await screen.findByRole('dialog', {name: 'Recurring payment'})).toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Close'}));
    await user.click(screen.getByRole('button', {name: 'View code: 2048-bit RSA encryption'}));
    const dialog = await screen.findByRole('dialog', {name: '2048-bit RSA encryption'});
    expect(within(dialog).getByTitle('Format')).toHaveTextContent('javascript');
    expect(within(dialog).getByTestId('code-sample')).toHaveTextContent('Encrypts a value');
    expect(spanishOnScreen()).toEqual([]);
  });
});

describe('the tables and cards in English', () => {
  it('shows payment methods, enumerations, worked examples and cards with English labels', async () => {
    renderAt(
      '/en/vpost/informacion',
      <>
        <PaymentMethodTable />
        <CurrencyTable />
        <LanguageTable />
        <PostDocumentTypeTable />
        <DocumentCodeTable />
        <ApprovalCodeTable />
        <TestCardTable />
        <SecurityExample id="firma" />
        <TerminalCards />
        <PluginDownloadCards />
      </>,
    );
    for (const header of ['Group', 'Payment method', 'Demo id', 'Production id', 'Meaning', 'Arrives in', 'Card brand', 'Expiry', 'Security code']) {
      expect(screen.getAllByRole('columnheader', {name: header}).length).toBeGreaterThan(0);
    }
    expect(screen.getAllByText('Second wallet').length).toBeGreaterThan(0);
    expect(screen.getByText('Confirmation only')).toBeInTheDocument();
    expect(screen.getByText('Concatenated text')).toBeInTheDocument();
    // The default addresses are example ones: each card says so, in English.
    expect(screen.getAllByText('Not available on this portal.')).toHaveLength(4);
    expect(spanishOnScreen()).toEqual([]);
  });

  it('labels the cards of published addresses in English', () => {
    setTestPortalConfig(
      loadPortalConfig({
        PLUGIN_URL_WOOCOMMERCE: 'https://d.pasarela.co/w.zip',
        PLUGIN_URL_PRESTASHOP: 'https://d.pasarela.co/p.zip',
        TERMINAL_URL_DEMO: 'https://demo.pasarela.co/t/',
        TERMINAL_URL_PRODUCTION: 'https://www.pasarela.co/t/',
      }),
    );
    try {
      renderAt(
        '/en/plugins',
        <>
          <TerminalCards />
          <PluginDownloadCards />
        </>,
      );
      expect(screen.getAllByRole('link', {name: 'Open terminal'})).toHaveLength(2);
      expect(screen.getAllByRole('link', {name: 'Download'})).toHaveLength(2);
      expect(spanishOnScreen()).toEqual([]);
    } finally {
      setTestPortalConfig();
    }
  });
});
