/**
 * The route schema of POST enviarManuales and how its refusals are answered.
 *
 * Fastify validates the body against `enviarManualesSchema.body` before the
 * handler runs, with the API's own Ajv (`createAjv`): no type coercion, no
 * removal of unknown fields, every error reported (so one answer names every
 * bad entry; the body is at most 16 KiB and nests at most 8 levels, which
 * bounds the work), and each error carrying the value it is about (verbose).
 * `refusalFor` is the route's schemaErrorFormatter: it turns Ajv's errors
 * into the answers server/manuals/README.md documents.
 *
 * Where each rule lives: the body's shape, that "correos" is a non-empty
 * list, that each entry is text of at most 254 characters: the schema. Why
 * a text entry is not a plain address: `addressRefusal` (./addresses.ts),
 * run by the schema's `plainAddress` keyword. At most 20 distinct addresses
 * (ignoring case): the handler, after the schema, since JSON Schema cannot
 * count distinct values ignoring case.
 */
import Ajv, {type ErrorObject, type Options} from 'ajv';
import type {EntryReason} from '../../core/manualsApi';
import {FIELD, MAX_ADDRESS_LENGTH, addressRefusal, shown} from './addresses';
import {ApiRefusal} from './errors';

/** The schema's keyword for `addressRefusal`. */
const PLAIN_ADDRESS = 'plainAddress';

export const enviarManualesSchema = {
  body: {
    type: 'object',
    required: [FIELD],
    additionalProperties: false,
    properties: {
      [FIELD]: {
        type: 'array',
        minItems: 1,
        items: {type: 'string', maxLength: MAX_ADDRESS_LENGTH, [PLAIN_ADDRESS]: true},
      },
    },
  },
  response: {
    200: {
      type: 'object',
      required: ['enviados'],
      additionalProperties: false,
      properties: {enviados: {type: 'array', items: {type: 'string'}}},
    },
  },
} as const;

export const AJV_OPTIONS: Options = {
  allErrors: true,
  verbose: true,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
};

/** The API's Ajv, with the `plainAddress` keyword. */
export function createAjv(): Ajv {
  const ajv = new Ajv(AJV_OPTIONS);
  // Ajv reads the errors of a keyword's `validate` from the function itself.
  const plainAddress: ((enabled: boolean, entry: string) => boolean) & {errors?: Partial<ErrorObject>[]} = (enabled, entry) => {
    const motivo = enabled ? addressRefusal(entry) : null;
    plainAddress.errors = motivo === null ? [] : [{keyword: PLAIN_ADDRESS, message: motivo, params: {motivo}}];
    return motivo === null;
  };
  ajv.addKeyword({keyword: PLAIN_ADDRESS, type: 'string', schemaType: 'boolean', errors: true, validate: plainAddress});
  return ajv;
}

/** An entry's reason from the errors about it, the schema's own first. */
function entryReason(errors: readonly ErrorObject[]): EntryReason {
  if (errors.some((e) => e.keyword === 'type')) {
    return 'NO_ES_TEXTO';
  }
  if (errors.some((e) => e.keyword === 'maxLength')) {
    return 'DEMASIADO_LARGO';
  }
  const own = errors.find((e) => e.keyword === PLAIN_ADDRESS);
  return (own?.params as {motivo?: EntryReason} | undefined)?.motivo ?? 'FORMATO';
}

const ENTRY_PATH = new RegExp(`^/${FIELD}/(\\d+)$`);

/**
 * The answer for the schema's errors (the route's schemaErrorFormatter), in
 * the order a person fixes things: the body's shape, its fields, "correos"
 * itself, then every bad entry with its position.
 */
export function refusalFor(errors: readonly ErrorObject[]): ApiRefusal {
  const at = (path: string) => errors.filter((e) => e.instancePath === path);
  const root = at('');
  const list = at(`/${FIELD}`);
  if (root.some((e) => e.keyword === 'type')) {
    return new ApiRefusal(400, 'CUERPO_INVALIDO', {id: 'manuals.bodyNotObject', values: {field: FIELD}});
  }
  const unknown = root.filter((e) => e.keyword === 'additionalProperties').map((e) => String(e.params.additionalProperty));
  if (unknown.length > 0) {
    return new ApiRefusal(400, 'CUERPO_INVALIDO', {id: 'manuals.unknownFields', values: {fields: unknown.join(', '), field: FIELD}}, {campos: unknown});
  }
  if (root.some((e) => e.keyword === 'required') || list.some((e) => e.keyword === 'type')) {
    return new ApiRefusal(400, 'CUERPO_INVALIDO', {id: 'manuals.notList', values: {field: FIELD}}, {campos: [FIELD]});
  }
  if (list.some((e) => e.keyword === 'minItems')) {
    return new ApiRefusal(400, 'SIN_CORREOS', {id: 'manuals.emptyList'});
  }
  const byEntry = new Map<number, ErrorObject[]>();
  for (const error of errors) {
    const match = ENTRY_PATH.exec(error.instancePath);
    if (match !== null) {
      const indice = Number(match[1]);
      byEntry.set(indice, [...(byEntry.get(indice) ?? []), error]);
    }
  }
  if (byEntry.size === 0) {
    // Not reached with the schema above; a rule added to it without a case here still answers 400.
    return new ApiRefusal(400, 'CUERPO_INVALIDO', {id: 'manuals.schemaOther', values: {detail: errors.map((e) => `${e.instancePath} ${e.message}`).join('; ')}});
  }
  const rechazados = [...byEntry.entries()]
    .sort(([a], [b]) => a - b)
    .map(([indice, entryErrors]) => ({indice, correo: shown(entryErrors[0]!.data), motivo: entryReason(entryErrors)}));
  return new ApiRefusal(400, 'CORREOS_INVALIDOS', {id: 'manuals.invalidEntries', values: {emails: rechazados.map((r) => r.correo).join(', ')}}, {rechazados});
}
