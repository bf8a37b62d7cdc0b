import React from 'react';
import {act, render, screen} from '@testing-library/react';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import {DEMO_MERCHANT, forgetCredentials, saveCredentials} from '../../../lib/sandboxCredentials';
import {exampleWithSandboxCredentials, withSandboxCredentials} from '../credentialsInBody';

// The API theme's body editor: shows the body it would start from (its schema's example) and how often it started.
let mounts = 0;
jest.mock(
  '@theme-original/ApiExplorer/Body',
  () => ({
    __esModule: true,
    default: function Body(props: {requestBodyMetadata?: {content: Record<string, {schema: {example: unknown}}>}; jsonRequestBodyExample: unknown}) {
      React.useEffect(() => {
        mounts += 1;
      }, []);
      return <pre data-testid="body">{JSON.stringify(props.requestBodyMetadata?.content['application/json']?.schema.example)}</pre>;
    },
  }),
  {virtual: true},
);

import Body from '../Body';

const MINE = {usuario: 'comercio.k3x9', clave: 'Cl4ve-secreta', terminal: '900123', llave: 'LlaveDeMiTerminal'};

/** The authentication operation's request body as the generated page hands it to try-it (reference/rest/gen/autenticar.api.mdx). */
function authenticationBody() {
  const contract = parse(readFileSync(join(__dirname, '../../../../openapi/comunes.yaml'), 'utf8')) as {
    components: {examples: {SolicitudAutenticacion: {value: Record<string, string>}}; schemas: {SolicitudAutenticacion: {properties: Record<string, unknown>}}};
  };
  const example = contract.components.examples.SolicitudAutenticacion.value;
  return {
    requestBodyMetadata: {
      required: true,
      content: {
        'application/json': {
          schema: {
            example,
            type: 'object',
            required: ['usuario', 'clave', 'terminal'],
            properties: {usuario: {type: 'string', minLength: 1}, clave: {type: 'string', format: 'password'}, terminal: {type: 'string', title: 'Terminal del comercio'}},
          },
          examples: {Solicitud: {summary: 'Autenticación de la terminal', value: example}},
        },
      },
    },
    jsonRequestBodyExample: example,
  };
}

afterEach(() => localStorage.clear());

describe("try-it's body with the sandbox credentials", () => {
  it("puts the reader's usuario, clave and terminal where the contract's example has the demo merchant's", () => {
    const body = authenticationBody();
    const adapted = withSandboxCredentials(body.requestBodyMetadata, MINE);
    const json = adapted.content['application/json'];
    expect(json.schema.example).toEqual({usuario: MINE.usuario, clave: MINE.clave, terminal: MINE.terminal});
    expect(json.examples.Solicitud.value).toEqual({usuario: MINE.usuario, clave: MINE.clave, terminal: MINE.terminal});
    // Schemas stay schemas, and the page's own object is not touched.
    expect(json.schema.properties).toEqual(body.requestBodyMetadata.content['application/json'].schema.properties);
    expect(body.requestBodyMetadata.content['application/json'].schema.example.usuario).toBe(DEMO_MERCHANT.usuario);
    expect(exampleWithSandboxCredentials(JSON.stringify(body.jsonRequestBodyExample), MINE)).toBe(
      JSON.stringify({usuario: MINE.usuario, clave: MINE.clave, terminal: MINE.terminal}),
    );
  });

  it('changes the demo terminal in any operation (Terminal, or a number), and nothing else', () => {
    const payment = {
      Terminal: DEMO_MERCHANT.terminal,
      terminal: Number(DEMO_MERCHANT.terminal),
      Referencia: DEMO_MERCHANT.terminal,
      usuario: 'otro',
      nested: [{terminal: DEMO_MERCHANT.terminal}],
    };
    expect(withSandboxCredentials(payment, MINE)).toEqual({
      Terminal: MINE.terminal,
      terminal: 900123,
      Referencia: DEMO_MERCHANT.terminal,
      usuario: 'otro',
      nested: [{terminal: MINE.terminal}],
    });
  });

  it('the editor starts from the remembered credentials, and again when they change; without them, from the example', () => {
    const body = authenticationBody();
    render(<Body {...(body as unknown as React.ComponentProps<typeof Body>)} />);
    expect(JSON.parse(screen.getByTestId('body').textContent)).toEqual({usuario: DEMO_MERCHANT.usuario, clave: DEMO_MERCHANT.clave, terminal: DEMO_MERCHANT.terminal});
    act(() => saveCredentials(MINE));
    expect(JSON.parse(screen.getByTestId('body').textContent)).toEqual({usuario: MINE.usuario, clave: MINE.clave, terminal: MINE.terminal});
    expect(mounts).toBe(2);
    act(() => forgetCredentials());
    expect(JSON.parse(screen.getByTestId('body').textContent).usuario).toBe(DEMO_MERCHANT.usuario);
  });
});
