import {DEMO_METHOD_IDS, PAYMENT_METHODS, paymentMethodById} from '../paymentMethods';

describe('paymentMethodById', () => {
  it('finds no id that names two methods, within or across the environments', () => {
    const owners = new Map<string, Set<number>>();
    PAYMENT_METHODS.forEach((method, index) => {
      for (const id of [method.demo, method.production]) {
        if (id === null) continue;
        owners.set(String(id), (owners.get(String(id)) ?? new Set()).add(index));
      }
    });
    expect([...owners].filter(([, methods]) => methods.size > 1)).toEqual([]);
  });

  it('finds a card by its demo and its production id, as a request carries them', () => {
    expect(paymentMethodById('37')).toMatchObject({group: 'card', variant: 'visa'});
    expect(paymentMethodById(2)).toMatchObject({group: 'card', variant: 'visa'});
    expect(paymentMethodById('2', 'demo')).toBeUndefined();
    expect(paymentMethodById('37', 'production')).toBeUndefined();
  });

  it('finds nothing for an empty, unknown or null id', () => {
    expect(paymentMethodById('')).toBeUndefined();
    expect(paymentMethodById('null')).toBeUndefined();
    expect(paymentMethodById(undefined)).toBeUndefined();
    expect(paymentMethodById('999')).toBeUndefined();
  });

  it('lists the demo ids of every method that has one', () => {
    expect(DEMO_METHOD_IDS).toEqual(PAYMENT_METHODS.filter((m) => m.demo !== null).map((m) => String(m.demo)));
    expect(DEMO_METHOD_IDS).toContain('41');
  });
});
