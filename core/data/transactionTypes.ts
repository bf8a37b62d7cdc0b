/** Transaction types of the POST channel, each with its code sample. */

export const TRANSACTION_TYPES = [
  {id: 0, name: 'normal payment', path: 'pagonormal'},
  {id: 1, name: 'single payment', path: 'pagounico'},
  {id: 2, name: 'recurring', path: 'pagorecurrente'},
  {id: 3, name: 'generate token', path: 'generatoken'},
  {id: 4, name: 'token payment', path: 'pagotoken'},
  {id: 5, name: 'general payment', path: 'pagogeneral'},
] as const;

export type TransactionPath = (typeof TRANSACTION_TYPES)[number]['path'];
