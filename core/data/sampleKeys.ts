/** The keys of the code samples: a transaction type's path, or the encryption sample. */
import {TRANSACTION_TYPES, type TransactionPath} from './transactionTypes';

export type SampleKey = TransactionPath | 'cifrado';

export const SAMPLE_KEYS: readonly SampleKey[] = [...TRANSACTION_TYPES.map((t) => t.path), 'cifrado'];

export function isSampleKey(value: string | null | undefined): value is SampleKey {
  return value !== null && value !== undefined && (SAMPLE_KEYS as readonly string[]).includes(value);
}
