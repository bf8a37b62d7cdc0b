/**
 * Try-it's request bodies with the reader's sandbox credentials.
 * The contracts' examples authenticate as the public demo merchant
 * (openapi/comunes.yaml: usuario, clave, terminal); wherever an example,
 * a schema's example or the body example the generator wrote holds one of
 * those demo values under its own name (`usuario`, `clave`, `terminal` or
 * `Terminal`), it becomes the reader's. Nothing else changes: other values,
 * schema keywords (a property *named* usuario holds a schema, not a value)
 * and the operation object itself, which is copied, never modified.
 */
import type {SandboxCredentials} from '@site/src/lib/sandboxCredentials';
import {DEMO_MERCHANT} from '@site/src/lib/sandboxCredentials';

type Field = 'usuario' | 'clave' | 'terminal';

const FIELD_OF: Readonly<Record<string, Field>> = {usuario: 'usuario', clave: 'clave', terminal: 'terminal', Terminal: 'terminal'};

function replaced(field: Field, value: unknown, credentials: SandboxCredentials): unknown {
  const demo = DEMO_MERCHANT[field];
  if (value === demo) return credentials[field];
  // A terminal written as a number in an example stays a number when the reader's is one.
  if (field === 'terminal' && typeof value === 'number' && String(value) === demo) {
    return /^\d+$/.test(credentials.terminal) ? Number(credentials.terminal) : credentials.terminal;
  }
  return value;
}

/** `value` with the demo merchant's credentials replaced by `credentials` wherever they are example values. */
export function withSandboxCredentials<T>(value: T, credentials: SandboxCredentials): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withSandboxCredentials(item, credentials)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
    const field = FIELD_OF[key];
    copy[key] = field !== undefined && (typeof item === 'string' || typeof item === 'number') ? replaced(field, item, credentials) : withSandboxCredentials(item, credentials);
  }
  return copy as T;
}

/** The body example as the generator wrote it: an object, or its JSON text. */
export function exampleWithSandboxCredentials(example: unknown, credentials: SandboxCredentials): unknown {
  if (typeof example !== 'string') return withSandboxCredentials(example, credentials);
  try {
    return JSON.stringify(withSandboxCredentials(JSON.parse(example) as unknown, credentials));
  } catch {
    return example;
  }
}
