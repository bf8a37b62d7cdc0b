import {memoryStore} from '../sandbox/store';

describe('the sandbox store', () => {
  const limits = {perTerminal: 3, terminals: 2, maxAgeMs: 1000};

  it('keeps records per terminal, newest last', () => {
    const store = memoryStore<string>(limits);
    store.put('4501', 'a', 'uno');
    store.put('4501', 'b', 'dos');
    store.put('9000', 'a', 'otra terminal');
    expect(store.get('4501', 'a')).toBe('uno');
    expect(store.get('9000', 'a')).toBe('otra terminal');
    expect(store.list('4501')).toEqual(['uno', 'dos']);
    expect(store.get('4501', 'zz')).toBeUndefined();
    expect(store.list('1234')).toEqual([]);
  });

  it('replacing a record makes it the newest', () => {
    const store = memoryStore<string>(limits);
    store.put('4501', 'a', 'uno');
    store.put('4501', 'b', 'dos');
    store.put('4501', 'a', 'uno bis');
    expect(store.list('4501')).toEqual(['dos', 'uno bis']);
  });

  it('holds at most perTerminal records: the oldest goes', () => {
    const store = memoryStore<number>(limits);
    for (let i = 1; i <= 5; i += 1) store.put('4501', `r${i}`, i);
    expect(store.list('4501')).toEqual([3, 4, 5]);
    expect(store.get('4501', 'r1')).toBeUndefined();
    expect(store.size()).toBe(3);
  });

  it('holds at most `terminals` terminals: the least recently written goes', () => {
    const store = memoryStore<number>(limits);
    store.put('A', 'x', 1);
    store.put('B', 'x', 2);
    store.put('A', 'y', 3);
    store.put('C', 'x', 4);
    expect(store.list('B')).toEqual([]);
    expect(store.list('A')).toEqual([1, 3]);
    expect(store.list('C')).toEqual([4]);
  });

  it('forgets records older than maxAgeMs', () => {
    let clock = 0;
    const store = memoryStore<string>(limits, () => clock);
    store.put('4501', 'viejo', 'v');
    clock = 600;
    store.put('4501', 'nuevo', 'n');
    clock = 1200;
    expect(store.get('4501', 'viejo')).toBeUndefined();
    expect(store.list('4501')).toEqual(['n']);
    clock = 5000;
    expect(store.size()).toBe(0);
  });

  it('deletes a record', () => {
    const store = memoryStore<string>(limits);
    store.put('4501', 'a', 'uno');
    expect(store.delete('4501', 'a')).toBe(true);
    expect(store.delete('4501', 'a')).toBe(false);
    expect(store.get('4501', 'a')).toBeUndefined();
  });

  it('refuses limits that are not positive whole numbers', () => {
    expect(() => memoryStore({perTerminal: 0, terminals: 1, maxAgeMs: 1})).toThrow('perTerminal');
    expect(() => memoryStore({perTerminal: 1, terminals: 1.5, maxAgeMs: 1})).toThrow('terminals');
  });
});
