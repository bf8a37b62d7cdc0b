/**
 * @jest-environment jsdom
 */
import React, {type ReactNode} from 'react';
import {render, screen, within} from '@testing-library/react';
import {join} from 'node:path';
import {loadSoapContract, type SoapContractData} from '@site/plugins/soap-contract';
import {setTestLocale} from '../../../../tests/support/translate';
import SoapOperationView from '../SoapOperationView';

// The tabs and the theme's code block are not what this test is about: render their content plainly.
jest.mock('@site/src/components/GuideTabs', () => ({__esModule: true, default: ({children}: {children: ReactNode}) => <div>{children}</div>}));
jest.mock('@site/src/components/GuideTabs/TabItem', () => ({
  __esModule: true,
  default: ({label, children}: {label: string; children: ReactNode}) => <section aria-label={label}>{children}</section>,
}));
jest.mock('@theme/CodeBlock', () => ({__esModule: true, default: ({title, children}: {title: string; children: string}) => <pre title={title}>{children}</pre>}), {virtual: true});

let data: SoapContractData;

beforeAll(async () => {
  data = await loadSoapContract(join(__dirname, '../../../../static'), 'Pasarela');
});

afterEach(() => setTestLocale('es'));

function show(name: string): void {
  const operation = data.contract.operations.find((o) => o.name === name)!;
  render(<SoapOperationView operation={operation} example={data.examples[name]!} />);
}

describe('SoapOperationView', () => {
  it('shows the request and response messages with every field, type, required flag and allowed values', () => {
    show('eliminarRecurrenciaToken');
    const [request, response] = screen.getAllByRole('table');
    expect(within(request!).getByText(/eliminarRecurrenciaTokenRequest/)).toBeInTheDocument();
    const names = within(request!)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(names).toEqual(['terminal', 'tipoBorrado', 'identificacion', 'tipoDocumento', 'ultimosDigitos', 'tokenSeguridad']);
    const tipoBorrado = within(request!).getByText('tipoBorrado').closest('tr')!;
    expect(
      within(tipoBorrado)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['tipoBorrado', 'texto (TipoBorrado)', 'Sí', '0, 1']);
    const estado = within(response!).getByText('estado').closest('tr')!;
    expect(
      within(estado)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['estado', 'texto (SiNo)', 'Sí', 'true, false']);
  });

  it('shows nested fields under their parent and marks lists', () => {
    show('procesarGrupoCodigoBarras');
    const [request] = screen.getAllByRole('table');
    const rows = within(request!)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
    expect(rows[0]).toBe('pago (lista)');
    expect(rows).toContain('MetodoPago');
    expect(rows).toContain('Id');
    expect(rows).toContain('FechaVcm');
  });

  it('shows the request and response examples of the operation', () => {
    show('listarBancos');
    expect(screen.getByTitle('listarBancos.solicitud.xml').textContent).toContain('<pag:idMetodoPago>41</pag:idMetodoPago>');
    expect(screen.getByTitle('listarBancos.respuesta.xml').textContent).toContain('<pag:codigoBanco>');
    expect(screen.getByText(/urn:integraciones:pagos\/listarBancos/)).toBeInTheDocument();
  });

  it('speaks English on the English site', () => {
    setTestLocale('en');
    show('consultaInfoToken');
    expect(
      screen
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
        .slice(0, 4),
    ).toEqual(['Field', 'Type', 'Required', 'Values']);
    expect(screen.getByRole('region', {name: 'Request example'})).toBeInTheDocument();
    expect(screen.getAllByText('Yes').length).toBeGreaterThan(0);
  });
});
