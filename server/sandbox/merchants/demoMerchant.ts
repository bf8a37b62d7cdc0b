/**
 * The sandbox's one demo merchant: the credentials the docs show, read from
 * where they are written once. The REST user, password and terminal are the
 * contracts' authentication example (openapi/comunes.yaml,
 * SolicitudAutenticacion), so try-it's default body authenticates; the
 * terminal key is the one the worked security examples use
 * (core/data/securityExamples.ts), so the docs' signatures verify.
 */
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {parse} from 'yaml';
import {EXAMPLE_KEY} from '../../../core/data/securityExamples';

export interface DemoMerchant {
  /** REST / SOAP user (`usuario`), also the POST form's `usuario`. */
  readonly usuario: string;
  /** REST / SOAP password (`clave`). */
  readonly clave: string;
  /** The merchant's terminal id. */
  readonly terminal: string;
  /** The terminal key (llave) behind firma, checksum, tokenSeguridad and md5ValidacionValor. */
  readonly llave: string;
}

/** Where the contracts live, from the project folder the server runs in. */
export const CONTRACTS_DIR = 'openapi';
const AUTH_EXAMPLE = 'SolicitudAutenticacion';

export function loadDemoMerchant(projectDir: string = process.cwd()): DemoMerchant {
  const file = join(projectDir, CONTRACTS_DIR, 'comunes.yaml');
  const contract = parse(readFileSync(file, 'utf8')) as {components?: {examples?: Record<string, {value?: Record<string, unknown>}>}};
  const value = contract.components?.examples?.[AUTH_EXAMPLE]?.value;
  const text = (name: string): string => {
    const field = value?.[name];
    if (typeof field !== 'string' || field === '') {
      throw new Error(`${file}: components.examples.${AUTH_EXAMPLE}.value.${name} must be a non-empty string (the sandbox's demo merchant reads it).`);
    }
    return field;
  };
  return {usuario: text('usuario'), clave: text('clave'), terminal: text('terminal'), llave: EXAMPLE_KEY};
}
