import {memoryStore} from '../sandbox/store';

describe('the sandbox store', () => {
  const limits = {perTerminal: 3, terminals: 2, maxAgeMs: 1000};

  it('keeps records per terminal, newest last', async () => {
    const store = memoryStore<string>(limits);
    await store.put('4501', 'a', 'uno');
    await store.put('4501', 'b', 'dos');
    await store.put('9000', 'a', 'otra terminal');
    expect(await store.get('4501', 'a')).toBe('uno');
    expect(await store.get('9000', 'a')).toBe('otra terminal');
    expect(await store.list('4501')).toEqual(['uno', 'dos']);
    expect(await store.get('4501', 'zz')).toBeUndefined();
    expect(await store.list('1234')).toEqual([]);
  });

  it('replacing a record makes it the newest', async () => {
    const store = memoryStore<string>(limits);
    await store.put('4501', 'a', 'uno');
    await store.put('4501', 'b', 'dos');
    await store.put('4501', 'a', 'uno bis');
    expect(await store.list('4501')).toEqual(['dos', 'uno bis']);
  });

  it('holds at most perTerminal records: the oldest goes', async () => {
    const store = memoryStore<number>(limits);
    for (let i = 1; i <= 5; i += 1) await store.put('4501', `r${i}`, i);
    expect(await store.list('4501')).toEqual([3, 4, 5]);
    expect(await store.get('4501', 'r1')).toBeUndefined();
    expect(await store.size()).toBe(3);
  });

  it('holds at most `terminals` terminals: the least recently written goes', async () => {
    const store = memoryStore<number>(limits);
    await store.put('A', 'x', 1);
    await store.put('B', 'x', 2);
    await store.put('A', 'y', 3);
    await store.put('C', 'x', 4);
    expect(await store.list('B')).toEqual([]);
    expect(await store.list('A')).toEqual([1, 3]);
    expect(await store.list('C')).toEqual([4]);
  });

  it('forgets records older than maxAgeMs', async () => {
    let clock = 0;
    const store = memoryStore<string>(limits, () => clock);
    await store.put('4501', 'viejo', 'v');
    clock = 600;
    await store.put('4501', 'nuevo', 'n');
    clock = 1200;
    expect(await store.get('4501', 'viejo')).toBeUndefined();
    expect(await store.list('4501')).toEqual(['n']);
    clock = 5000;
    expect(await store.size()).toBe(0);
  });

  it('deletes a record', async () => {
    const store = memoryStore<string>(limits);
    await store.put('4501', 'a', 'uno');
    expect(await store.delete('4501', 'a')).toBe(true);
    expect(await store.delete('4501', 'a')).toBe(false);
    expect(await store.get('4501', 'a')).toBeUndefined();
  });

  it('a read counts as a use: the least recently used partition goes, never a pinned one', async () => {
    const evicted: string[] = [];
    const store = memoryStore<number>(limits, Date.now, {pinned: ['DEMO'], onEvict: (t) => evicted.push(t)});
    const wide = memoryStore<number>({...limits, terminals: 3}, Date.now, {pinned: ['DEMO']});
    await wide.put('DEMO', 'x', 0);
    await wide.put('A', 'x', 1);
    await wide.put('B', 'x', 2);
    expect(await wide.get('A', 'x')).toBe(1);
    await wide.put('C', 'x', 3);
    expect(await wide.list('B')).toEqual([]);
    await wide.put('D', 'x', 4);
    expect(await wide.list('DEMO')).toEqual([0]);
    expect(await wide.list('A')).toEqual([]);
    await store.put('DEMO', 'x', 0);
    await store.put('A', 'x', 1);
    await store.put('B', 'x', 2);
    expect(evicted).toEqual(['A']);
    expect(await store.get('DEMO', 'x')).toBe(0);
  });

  it('hands out copies, as a shared store would: a change is kept only when it is put', async () => {
    const store = memoryStore<{n: number}>(limits);
    await store.put('4501', 'a', {n: 1});
    const read = (await store.get('4501', 'a'))!;
    read.n = 2;
    expect(await store.get('4501', 'a')).toEqual({n: 1});
    await store.put('4501', 'a', read);
    expect(await store.get('4501', 'a')).toEqual({n: 2});
  });

  it('clears a partition', async () => {
    const store = memoryStore<string>(limits);
    await store.put('4501', 'a', 'uno');
    await store.put('9000', 'a', 'otra');
    await store.clear('4501');
    expect(await store.list('4501')).toEqual([]);
    expect(await store.size()).toBe(1);
  });

  it('refuses limits that are not positive whole numbers', () => {
    expect(() => memoryStore({perTerminal: 0, terminals: 1, maxAgeMs: 1})).toThrow('perTerminal');
    expect(() => memoryStore({perTerminal: 1, terminals: 1.5, maxAgeMs: 1})).toThrow('terminals');
  });
});
