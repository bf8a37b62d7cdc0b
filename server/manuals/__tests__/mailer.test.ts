/**
 * How the mailer spreads one request's recipients (server/manuals/mailer.ts,
 * deliverAll): a few at a time, in the order of the list, all under one
 * deadline. The SMTP conversation itself is in smtp.test.ts.
 */
import {deliverAll, type DeliveryLimits} from '../mailer';

const logged: string[] = [];
const limits = (deadlineMs: number, concurrency = 4): DeliveryLimits => ({concurrency, deadlineMs, log: (message) => void logged.push(message)});

function people(n: number): string[] {
  return Array.from({length: n}, (_, i) => `p${i}@empresa.co`);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

beforeEach(() => {
  logged.length = 0;
});

describe('deliverAll', () => {
  it('keeps at most `concurrency` deliveries in flight, and lists results in the order of the list', async () => {
    let inFlight = 0;
    let most = 0;
    const outcome = await deliverAll(
      people(10),
      async (_recipient, index) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        // Later entries finish first.
        await sleep(30 - index * 2);
        inFlight -= 1;
      },
      limits(5_000, 3),
    );
    expect(most).toBe(3);
    expect(outcome).toEqual({enviados: people(10), fallidos: []});
  });

  it('says why each recipient failed: refused with its code, timed out, or not possible', async () => {
    const errors: Record<string, Error> = {
      'p0@empresa.co': Object.assign(new Error('Mailbox unavailable'), {responseCode: 550}),
      'p1@empresa.co': Object.assign(new Error('Timeout'), {code: 'ETIMEDOUT'}),
      'p2@empresa.co': Object.assign(new Error('Connection closed unexpectedly'), {code: 'ECONNECTION'}),
    };
    const outcome = await deliverAll(
      people(4),
      async (recipient) => {
        if (errors[recipient]) {
          throw errors[recipient];
        }
      },
      limits(5_000),
    );
    expect(outcome).toEqual({
      enviados: ['p3@empresa.co'],
      fallidos: [
        {correo: 'p0@empresa.co', motivo: 'ENVIO_RECHAZADO', codigo: 550},
        {correo: 'p1@empresa.co', motivo: 'TIEMPO_AGOTADO'},
        {correo: 'p2@empresa.co', motivo: 'ENVIO_NO_POSIBLE'},
      ],
    });
    expect(logged).toHaveLength(3);
  });

  it('settles at the deadline: who is in flight or still waiting timed out, and their sends are aborted', async () => {
    const aborted: string[] = [];
    const started = performance.now();
    const outcome = await deliverAll(
      people(10),
      (recipient, index, signal) =>
        index < 2
          ? Promise.resolve()
          : new Promise<void>((_resolve, reject) => {
              signal.addEventListener('abort', () => {
                aborted.push(recipient);
                reject(signal.reason);
              });
            }),
      limits(200),
    );
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(outcome.enviados).toEqual(people(2));
    expect(outcome.fallidos).toEqual(
      people(10)
        .slice(2)
        .map((correo) => ({correo, motivo: 'TIEMPO_AGOTADO'})),
    );
    // The four in flight were told to stop; the other four never started.
    expect(aborted).toEqual(people(6).slice(2));
    expect(logged).toEqual(['send deadline reached']);
  });

  it('does not count a delivery that ends after the deadline', async () => {
    const outcome = await deliverAll(['tarde@empresa.co'], () => sleep(150), limits(50));
    await sleep(150);
    expect(outcome).toEqual({enviados: [], fallidos: [{correo: 'tarde@empresa.co', motivo: 'TIEMPO_AGOTADO'}]});
  });
});
