/**
 * Worked examples of the POST channel's security values, shown on
 * /vpost/integracion and recomputed by a unit test with core/signatures.ts.
 * Inputs are made-up test values; a real key is given by support with the terminal.
 */

export type SecurityExampleId = 'firma' | 'checksum' | 'tokenSeguridad' | 'md5ValidacionValor';

export interface SecurityExample {
  readonly id: SecurityExampleId;
  readonly algorithm: 'MD5' | 'SHA-512';
  /** Inputs in the order they are concatenated. */
  readonly inputs: readonly {readonly name: string; readonly value: string}[];
  readonly output: string;
}

export const EXAMPLE_KEY = 'LlaveDePrueba123';
/** The instant of the tokenSeguridad example: 14:30 UTC is 09:30 in UTC-05:00. */
export const EXAMPLE_INSTANT = '2026-03-15T14:30:00Z';

export const SECURITY_EXAMPLES: Readonly<Record<SecurityExampleId, SecurityExample>> = {
  firma: {
    id: 'firma',
    algorithm: 'MD5',
    inputs: [
      {name: 'llave', value: EXAMPLE_KEY},
      {name: 'codigoFactura', value: 'FAC-000123'},
      {name: 'valorFactura', value: '150000'},
      {name: 'codigoAutorizacion', value: '548712'},
    ],
    output: '0914568498bcac6dd0d1a1b099582b6a',
  },
  checksum: {
    id: 'checksum',
    algorithm: 'SHA-512',
    inputs: [
      {name: 'factura', value: 'FAC-000123'},
      {name: 'valor', value: '150000'},
      {name: 'llave', value: EXAMPLE_KEY},
    ],
    output: 'bcbbedfaedbf4c8d35f7df8534074284a060dd02e03683c27977fb8380d0bbe21bd4e18809217583f4177d5b0925362ed1a700a34f8475275d25ee4f14303961',
  },
  tokenSeguridad: {
    id: 'tokenSeguridad',
    algorithm: 'MD5',
    inputs: [
      {name: 'llave', value: EXAMPLE_KEY},
      {name: 'HH:mm', value: '09:30'},
    ],
    output: 'dc091cb31fe321db5908991e9e4d99bc',
  },
  md5ValidacionValor: {
    id: 'md5ValidacionValor',
    algorithm: 'MD5',
    inputs: [
      {name: 'llave', value: EXAMPLE_KEY},
      {name: 'valor', value: '150000'},
    ],
    output: '5893d5fe231f2f78f03f8ba7c0afef83',
  },
};
