import React from 'react';
import {act, render, screen, within} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {ToastProvider} from '@site/src/components/Toasts';
import {setTestLocale} from '@site/tests/support/translate';
import ManualsForm from '../_components/ManualsForm';

interface FakeAnswer {
  readonly status: number;
  readonly body: unknown;
}

/** A fetch that records requests and answers what the test says, when it says. */
function fakeFetch() {
  const calls: {url: string; init: RequestInit}[] = [];
  let answer: (a: FakeAnswer | Error) => void = () => undefined;
  const fetch = jest.fn((url: string, init: RequestInit) => {
    calls.push({url, init});
    return new Promise((resolve, reject) => {
      answer = (a) => {
        if (a instanceof Error) {
          reject(a);
          return;
        }
        resolve({ok: a.status >= 200 && a.status < 300, status: a.status, json: async () => a.body});
      };
    });
  });
  return {fetch, calls, answer: (a: FakeAnswer | Error) => act(async () => answer(a))};
}

function setup(inputLabel = 'Correos') {
  const fake = fakeFetch();
  globalThis.fetch = fake.fetch as unknown as typeof globalThis.fetch;
  const user = userEvent.setup();
  render(
    <ToastProvider>
      <ManualsForm />
    </ToastProvider>,
  );
  const input = screen.getByLabelText(inputLabel);
  const chips = () => {
    const list = screen.queryByRole('list', {name: 'Correos ingresados'});
    return list === null
      ? []
      : within(list)
          .getAllByRole('listitem')
          .map((li) => li.firstChild?.textContent);
  };
  return {user, input, chips, ...fake};
}

beforeEach(() => {
  setTestLocale('es');
  document.cookie = 'XSRF-TOKEN=token-de-la-cookie';
});

describe('the address list', () => {
  it('turns each comma-separated address into a chip, ignoring blank entries and keeping duplicates', async () => {
    const {user, input, chips} = setup();
    await user.type(input, ' , ana@empresa.co,  , luis@tienda.example,ana@empresa.co,');
    expect(chips()).toEqual(['ana@empresa.co', 'luis@tienda.example', 'ana@empresa.co']);
    expect(input).toHaveValue('');
  });

  it('adds the typed address on Enter and removes chips with their button or Backspace', async () => {
    const {user, input, chips} = setup();
    await user.type(input, 'ana@empresa.co{Enter}luis@tienda.example{Enter}   ,');
    expect(chips()).toEqual(['ana@empresa.co', 'luis@tienda.example']);
    await user.click(screen.getByRole('button', {name: 'Quitar ana@empresa.co'}));
    expect(chips()).toEqual(['luis@tienda.example']);
    await user.clear(input);
    await user.type(input, '{Backspace}');
    expect(chips()).toEqual([]);
  });
});

describe('sending', () => {
  it('posts the list, with what is still typed, as JSON with the XSRF header, then says so', async () => {
    const {user, input, chips, calls, answer} = setup();
    await user.type(input, 'ana@empresa.co, luis@tienda.example');
    await user.click(screen.getByRole('button', {name: 'Enviar'}));

    expect(screen.getByText('Enviando Manuales')).toBeInTheDocument();
    expect(screen.getByRole('button', {name: 'Enviar'})).toBeDisabled();

    expect(calls).toHaveLength(1);
    const {url, init} = calls[0]!;
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/utils/enviarManuales');
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(headers.get('X-XSRF-TOKEN')).toBe('token-de-la-cookie');
    expect(headers.get('Accept-Language')).toBe('es');
    expect(JSON.parse(String(init.body))).toEqual({correos: ['ana@empresa.co', 'luis@tienda.example']});

    await answer({status: 200, body: {enviados: ['ana@empresa.co', 'luis@tienda.example']}});
    expect(screen.queryByText('Enviando Manuales')).not.toBeInTheDocument();
    // The toast, top-right, and the notice on the page.
    expect(screen.getAllByText('Manuales Enviados a los Correos ingresados.')).toHaveLength(2);
    expect(chips()).toEqual([]);
    await user.click(screen.getByRole('button', {name: 'Cerrar'}));
    expect(screen.getAllByText('Manuales Enviados a los Correos ingresados.')).toHaveLength(1);
  });

  it('names the addresses the server refused, on the page and on their chips, and keeps the list', async () => {
    const {user, input, chips, answer} = setup();
    await user.type(input, 'bien@empresa.co,Ana <ana@empresa.co>,sin-arroba,');
    await user.click(screen.getByRole('button', {name: 'Enviar'}));
    await answer({
      status: 400,
      body: {
        error: 'CORREOS_INVALIDOS',
        mensaje: 'Correos no válidos',
        rechazados: [
          {indice: 1, correo: 'Ana <ana@empresa.co>', motivo: 'NOMBRE_VISIBLE'},
          {indice: 2, correo: 'sin-arroba', motivo: 'FORMATO'},
        ],
      },
    });
    expect(screen.getAllByText('Error enviando manuales.')).toHaveLength(2);
    const alert = screen.getByRole('alert', {name: 'Error enviando manuales.'});
    expect(alert).toHaveTextContent('Corrija estos correos y vuelva a enviar:');
    expect(alert).toHaveTextContent('Ana <ana@empresa.co> lleva un nombre; escriba solo la dirección');
    expect(alert).toHaveTextContent('sin-arroba no es una dirección de correo válida');
    expect(chips()).toEqual(['bien@empresa.co', 'Ana <ana@empresa.co>', 'sin-arroba']);
    const list = screen.getByRole('list', {name: 'Correos ingresados'});
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).not.toHaveTextContent('no es una dirección');
    expect(items[2]).toHaveTextContent('no es una dirección de correo válida');

    // Fixing one keeps the remark on the other.
    await user.click(screen.getByRole('button', {name: 'Quitar Ana <ana@empresa.co>'}));
    expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('no es una dirección de correo válida');
  });

  it('says who got the manual and who did not when sending fails part way', async () => {
    const {user, input, chips, answer} = setup();
    await user.type(input, 'ana@empresa.co,nadie@empresa.co,');
    await user.click(screen.getByRole('button', {name: 'Enviar'}));
    await answer({
      status: 502,
      body: {error: 'ENVIO_FALLIDO', enviados: ['ana@empresa.co'], fallidos: [{correo: 'nadie@empresa.co', motivo: 'ENVIO_RECHAZADO', codigo: 550}]},
    });
    const alert = screen.getByRole('alert', {name: 'Error enviando manuales.'});
    const [failed, delivered] = within(alert).getAllByRole('list');
    expect(alert).toHaveTextContent('No se pudo enviar el manual a:');
    expect(failed).toHaveTextContent(/^nadie@empresa\.co el servidor de correo la rechazó$/);
    expect(alert).toHaveTextContent('Sí lo recibieron:');
    expect(delivered).toHaveTextContent(/^ana@empresa\.co$/);
    expect(chips()).toEqual(['ana@empresa.co', 'nadie@empresa.co']);
  });

  it.each([
    [{status: 400, body: {error: 'SIN_CORREOS'}}, 'Escriba al menos un correo.'],
    [{status: 403, body: {error: 'XSRF_INVALIDO'}}, 'La página caducó: recárguela e intente de nuevo.'],
    [{status: 429, body: {error: 'DEMASIADAS_SOLICITUDES'}}, 'Demasiados envíos seguidos: espere un minuto e intente de nuevo.'],
    [{status: 400, body: {error: 'DEMASIADOS_CORREOS', limite: 20, cantidad: 21}}, 'Se admiten hasta 20 correos distintos por envío; la lista tiene 21.'],
    [
      {status: 429, body: {error: 'LIMITE_DIRECCION', limite: 50, cantidad: 45}},
      'Desde su conexión ya se pidieron manuales para 50 correos en la última hora, el máximo: intente más tarde.',
    ],
    [
      {status: 429, body: {error: 'LIMITE_DESTINATARIO', limite: 3, correos: ['ana@empresa.co']}},
      'Estos correos ya recibieron 3 manuales hoy, el máximo; quítelos de la lista o intente mañana: ana@empresa.co',
    ],
    [{status: 500, body: null}, 'El servidor respondió con un error (500); intente más tarde.'],
    [new Error('offline'), 'No hubo respuesta del servidor: revise la conexión e intente de nuevo.'],
  ])('shows the error notice and why for %p', async (reply, why) => {
    const {user, input, chips, answer} = setup();
    await user.type(input, 'ana@empresa.co,');
    await user.click(screen.getByRole('button', {name: 'Enviar'}));
    await answer(reply);
    expect(screen.getByRole('alert', {name: 'Error enviando manuales.'})).toHaveTextContent(why);
    expect(screen.getAllByText('Error enviando manuales.').length).toBe(2);
    // The toast shows the notice; only the result panel speaks it.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(chips()).toEqual(['ana@empresa.co']);
    expect(screen.getByRole('button', {name: 'Enviar'})).toBeEnabled();
  });
});

describe('an empty list', () => {
  it('says the list is empty without calling the server, in one alert', async () => {
    const {user, calls} = setup();
    await user.click(screen.getByRole('button', {name: 'Enviar'}));
    expect(calls).toHaveLength(0);
    expect(screen.queryByText('Enviando Manuales')).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.getByRole('alert', {name: 'Error enviando manuales.'})).toHaveTextContent('Escriba al menos un correo.');
    expect(screen.getByRole('button', {name: 'Enviar'})).toBeEnabled();
  });

  it('counts only blank text as empty: an address left in the input is sent', async () => {
    const {user, input, calls} = setup();
    await user.type(input, '   ');
    await user.click(screen.getByRole('button', {name: 'Enviar'}));
    expect(calls).toHaveLength(0);
    await user.type(input, 'ana@empresa.co');
    await user.click(screen.getByRole('button', {name: 'Enviar'}));
    expect(calls).toHaveLength(1);
  });
});

describe('a delivery that ran out of time', () => {
  it('names the addresses the mail server did not answer for in time', async () => {
    const {user, input, answer} = setup();
    await user.type(input, 'ana@empresa.co,lento@empresa.co,');
    await user.click(screen.getByRole('button', {name: 'Enviar'}));
    await answer({status: 502, body: {error: 'ENVIO_FALLIDO', enviados: ['ana@empresa.co'], fallidos: [{correo: 'lento@empresa.co', motivo: 'TIEMPO_AGOTADO'}]}});
    const alert = screen.getByRole('alert', {name: 'Error enviando manuales.'});
    expect(within(alert).getAllByRole('list')[0]).toHaveTextContent(/^lento@empresa\.co el servidor de correo no respondió a tiempo$/);
  });
});

describe('in English', () => {
  afterEach(() => setTestLocale('es'));

  it('speaks English and asks for the message in English', async () => {
    setTestLocale('en');
    const {user, input, calls, answer} = setup('E-mail addresses');
    expect(screen.getByRole('heading', {name: 'E-mail list.'})).toBeInTheDocument();
    await user.type(input, 'ana@empresa.co,');
    expect(screen.getByRole('button', {name: 'Remove ana@empresa.co'})).toBeInTheDocument();
    await user.click(screen.getByRole('button', {name: 'Send'}));
    expect(screen.getByText('Sending manuals')).toBeInTheDocument();
    expect(new Headers(calls[0]!.init.headers).get('Accept-Language')).toBe('en');
    await answer({status: 200, body: {enviados: ['ana@empresa.co']}});
    expect(screen.getAllByText('Manuals sent to the e-mail addresses entered.')).toHaveLength(2);
  });
});
