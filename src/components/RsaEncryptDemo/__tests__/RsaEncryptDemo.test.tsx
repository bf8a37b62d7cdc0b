import React from 'react';
import {render, screen} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import RsaEncryptDemo from '..';
import {ToastProvider} from '../../Toasts';
import {setTestLocale} from '../../../../tests/support/translate';

function renderDemo() {
  return render(
    <ToastProvider>
      <RsaEncryptDemo />
    </ToastProvider>,
  );
}

describe('RsaEncryptDemo', () => {
  afterEach(() => setTestLocale('es'));

  it('encrypts the typed value with the demonstration key into 512 hexadecimal characters', async () => {
    const user = userEvent.setup();
    renderDemo();
    await user.type(screen.getByLabelText('Valor a cifrar'), '2027');
    await user.click(screen.getByRole('button', {name: 'Cifrar'}));
    const result = await screen.findByLabelText('Valor cifrado (512 caracteres hexadecimales)');
    expect((result as HTMLTextAreaElement).value).toMatch(/^[0-9a-f]{512}$/);
    expect(screen.getByRole('button', {name: 'Copiar'})).toBeInTheDocument();
  });

  it('says what is wrong with a bad key or an empty value, and encrypts nothing', async () => {
    const user = userEvent.setup();
    renderDemo();
    await user.click(screen.getByRole('button', {name: 'Cifrar'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Escriba el valor que quiere cifrar.');
    const key = screen.getByLabelText('Llave pública (PEM)');
    await user.clear(key);
    await user.type(key, 'no es una llave');
    await user.type(screen.getByLabelText('Valor a cifrar'), '123');
    await user.click(screen.getByRole('button', {name: 'Cifrar'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('La llave no es una llave pública PEM válida');
    expect(screen.queryByLabelText(/Valor cifrado/)).not.toBeInTheDocument();
  });

  it('speaks English on the English site', async () => {
    setTestLocale('en');
    const user = userEvent.setup();
    renderDemo();
    await user.click(screen.getByRole('button', {name: 'Encrypt'}));
    expect(await screen.findByRole('alert')).toHaveTextContent('Type the value you want to encrypt.');
    expect(screen.getByLabelText('Public key (PEM)')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Value to encrypt'), '12');
    await user.click(screen.getByRole('button', {name: 'Encrypt'}));
    expect(await screen.findByRole('button', {name: 'Copy'})).toBeInTheDocument();
  });
});
