import React from 'react';
import {render, screen, within} from '@testing-library/react';
import {CodedFieldTable, EstadoTable, OperationCodeTable, PaymentCodeTable, RejectedAuthorizationTable} from '..';
import {CARD_VARIANT_RESPONSE_CODES, ESTADO_CARD, ESTADO_REFERENCED_PSE, OPERATION_RESULT_CODES, PAYMENT_RESPONSE_CODES} from '../../../../core/data/resultCodes';
import {setTestLocale} from '../../../../tests/support/translate';

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('result code tables', () => {
  afterEach(() => setTestLocale('es'));

  it('lists every CodigoRespuesta of payments, with 2 pending for wallets', () => {
    render(<PaymentCodeTable />);
    expect(rows().map((r) => r[0])).toEqual(PAYMENT_RESPONSE_CODES.map((c) => c.code));
    expect(rows().find((r) => r[0] === '2')?.[1]).toBe('Pendiente (billeteras)');
  });

  it('lists the card variant with 99 as the question validation', () => {
    render(<PaymentCodeTable variant="card" />);
    expect(rows().map((r) => r[0])).toEqual(CARD_VARIANT_RESPONSE_CODES.map((c) => c.code));
    expect(rows().find((r) => r[0] === '99')?.[1]).toMatch(/preguntas/);
  });

  it('lists the states of each kind of payment', () => {
    const {unmount} = render(<EstadoTable method="card" />);
    expect(rows().map((r) => r[0])).toEqual([...ESTADO_CARD]);
    unmount();
    render(<EstadoTable method="referencedPse" />);
    expect(rows().map((r) => r[0])).toEqual([...ESTADO_REFERENCED_PSE]);
  });

  it('lists every operation code and the true/false estado of delete, reverse and e-mail payment', () => {
    render(<OperationCodeTable />);
    const count = Object.values(OPERATION_RESULT_CODES).reduce((n, o) => n + o.codes.length, 0);
    expect(rows()).toHaveLength(count + 6);
    expect(rows()).toContainEqual(['/reversarTransaccionTarjeta', 'estado', 'true', 'Hecho']);
  });

  it('gives the rejected authorization codes by brand, and coded fields', () => {
    render(<RejectedAuthorizationTable />);
    expect(rows()).toEqual([
      ['00000', 'Visa, American Express, Diners, Tarjeta propia, Si'],
      ['00', 'Mastercard'],
    ]);
  });

  it('speaks English on the English site', () => {
    setTestLocale('en');
    render(<CodedFieldTable field="tipoBorrado" />);
    expect(rows()).toEqual([
      ['1', 'Deletes the recurrence'],
      ['0', 'Deletes the token'],
    ]);
  });
});
