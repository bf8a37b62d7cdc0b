import React from 'react';
import {render, screen, within} from '@testing-library/react';
import PaymentMethodTable from '../index';

function rowOf(label: string): string[] {
  const cell = screen.getByRole('cell', {name: label});
  return within(cell.closest('tr')!)
    .getAllByRole('cell')
    .map((c) => c.textContent ?? '');
}

describe('payment-method table', () => {
  it('shows each method with its demo and production id', () => {
    render(<PaymentMethodTable />);
    expect(rowOf('Visa')).toEqual(['Visa', '37', '2']);
    expect(rowOf('Mastercard')).toEqual(['Mastercard', '38', '1']);
    expect(rowOf('American Express')).toEqual(['American Express', '39', '5']);
    expect(rowOf('Diners Club')).toEqual(['Diners Club', '40', '4']);
    expect(rowOf('Tarjeta propia (de marca del comercio)')).toEqual(['Tarjeta propia (de marca del comercio)', '—', '7']);
    expect(rowOf('Primera billetera (Daviplata)')).toEqual(['Primera billetera (Daviplata)', '71', '71']);
    expect(rowOf('Segunda billetera')).toEqual(['Segunda billetera', '72', '72']);
    expect(rowOf('PSE (transferencia bancaria)')).toEqual(['PSE (transferencia bancaria)', '41', '3']);
  });

  it('lists the referenced and barcode methods under their group, same id in both environments', () => {
    render(<PaymentMethodTable groups={['referenced', 'barcode']} />);
    expect(screen.getByRole('rowheader', {name: 'Pago referenciado'})).toHaveAttribute('rowspan', '5');
    expect(screen.getByRole('rowheader', {name: 'Código de barras'})).toHaveAttribute('rowspan', '5');
    for (const id of ['42', '43', '44', '45', '50']) {
      expect(rowOf(`Referenciado ${id}`)).toEqual([`Referenciado ${id}`, id, id]);
    }
    for (const id of ['11', '17', '35', '47', '49']) {
      expect(rowOf(`Código de barras ${id}`)).toEqual([`Código de barras ${id}`, id, id]);
    }
    expect(screen.queryByText('Visa')).not.toBeInTheDocument();
  });
});
