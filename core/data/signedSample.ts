/**
 * A sample form of the code dialog as "Probar en el entorno de pruebas" posts
 * it: the sample's variables with the merchant's `usuario`, signed
 * with the merchant's terminal key by core/signatures.ts (the code the
 * signature workbench runs and the worked examples are checked with):
 * checksum, tokenSeguridad (for the minute `at`, UTC-05:00) and
 * md5ValidacionValor. The sandbox's purchase page checks each one.
 *
 * On a merchant's site these values are computed on its server; the portal
 * computes them in the reader's browser only with sandbox keys.
 */
import {amountValidation, checksum, postSecurityToken} from '../signatures';
import {sampleFields, type FormField, type SampleLocale} from './codeSamples';
import type {TransactionPath} from './transactionTypes';

/** The values the purchase page checks against the terminal key, in the order they are appended. */
export const SIGNED_FIELDS = ['checksum', 'tokenSeguridad', 'md5ValidacionValor'] as const;

export interface SigningMerchant {
  readonly usuario: string;
  readonly llave: string;
}

/** The sample's variables, `usuario` filled in and the three security values computed. */
export function signedSampleFields(path: TransactionPath, locale: SampleLocale, merchant: SigningMerchant, at: Date): readonly FormField[] {
  const fields = sampleFields(path, locale);
  const value = (name: string): string => {
    const field = fields.find((f) => f.name === name);
    if (field === undefined) throw new Error(`The ${path} sample has no ${name}.`);
    return field.value;
  };
  const factura = value('factura');
  const valor = value('valor');
  const signed: Readonly<Record<(typeof SIGNED_FIELDS)[number], string>> = {
    checksum: checksum(factura, valor, merchant.llave),
    tokenSeguridad: postSecurityToken(merchant.llave, at),
    md5ValidacionValor: amountValidation(merchant.llave, valor),
  };
  const filled = fields.map((field): FormField => {
    if (field.name === 'usuario') return {...field, value: merchant.usuario};
    if (field.name in signed) return {...field, value: signed[field.name as keyof typeof signed]};
    return field;
  });
  const appended = SIGNED_FIELDS.filter((name) => !fields.some((f) => f.name === name)).map((name): FormField => ({name, value: signed[name], hidden: true}));
  return [...filled, ...appended];
}
