/**
 * Payment-method ids of the gateway, by group and environment.
 * Every table, sample and test reads them from here.
 */

export type PaymentGroup = 'referenced' | 'barcode' | 'pse' | 'card' | 'wallet';

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'store';

export interface PaymentMethod {
  readonly group: PaymentGroup;
  /** A brand for cards, the wallet's order for wallets; absent otherwise. */
  readonly variant?: CardBrand | 'first' | 'second';
  /** Id in the demo environment; null where the method has no demo id. */
  readonly demo: number | null;
  /** Id in production; null where the method has no production id. */
  readonly production: number | null;
}

const same = (group: PaymentGroup, id: number): PaymentMethod => ({group, demo: id, production: id});

export const PAYMENT_METHODS: readonly PaymentMethod[] = [
  same('referenced', 42),
  same('referenced', 43),
  same('referenced', 44),
  same('referenced', 45),
  same('referenced', 50),
  same('barcode', 11),
  same('barcode', 17),
  same('barcode', 35),
  same('barcode', 47),
  same('barcode', 49),
  {group: 'pse', demo: 41, production: 3},
  {group: 'card', variant: 'visa', demo: 37, production: 2},
  {group: 'card', variant: 'mastercard', demo: 38, production: 1},
  {group: 'card', variant: 'amex', demo: 39, production: 5},
  {group: 'card', variant: 'diners', demo: 40, production: 4},
  {group: 'card', variant: 'store', demo: null, production: 7},
  {group: 'wallet', variant: 'first', demo: 71, production: 71},
  {group: 'wallet', variant: 'second', demo: 72, production: 72},
];

export const PAYMENT_GROUPS: readonly PaymentGroup[] = ['referenced', 'barcode', 'pse', 'card', 'wallet'];

/** Demo card ids used by the sample forms' metodoPago. */
export const DEMO_CARD_IDS = {visa: 37, mastercard: 38, amex: 39, diners: 40} as const;

export function methodsOf(group: PaymentGroup): readonly PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => m.group === group);
}

export type PaymentEnvironment = 'demo' | 'production';

/**
 * The payment method of an id as a request carries it (a number or its
 * digits), in one environment or, without one, in either: no id names two
 * methods across the environments (core/data/__tests__ checks).
 */
export function paymentMethodById(id: string | number | null | undefined, environment?: PaymentEnvironment): PaymentMethod | undefined {
  const wanted = String(id ?? '');
  if (wanted === '') return undefined;
  const environments: readonly PaymentEnvironment[] = environment === undefined ? ['demo', 'production'] : [environment];
  return PAYMENT_METHODS.find((method) => environments.some((env) => method[env] !== null && String(method[env]) === wanted));
}

/** The demo environment's ids, as requests carry them. */
export const DEMO_METHOD_IDS: readonly string[] = PAYMENT_METHODS.flatMap((method) => (method.demo === null ? [] : [String(method.demo)]));
