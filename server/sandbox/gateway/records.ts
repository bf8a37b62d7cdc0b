/**
 * The sandbox's shared state: what REST, SOAP and the sandbox's pages read and
 * write. One bounded asynchronous store per kind of record (../store/contract.ts), per
 * merchant (its terminal); ../wiring.ts makes them. Nothing here holds card
 * data beyond the last 4 digits and the brand.
 */
import {randomInt, randomUUID} from 'node:crypto';
import type {SandboxStore, StoreBackend, StoreLimits} from '../store/contract';

export type TransactionGroup = 'card' | 'referenced' | 'barcode' | 'pse' | 'wallet1' | 'wallet2';
export type TransactionStatus = 'approved' | 'rejected' | 'pending' | 'reversed';

export interface Buyer {
  readonly documento: string;
  readonly tipoDocumento: string;
  readonly nombre: string;
  readonly apellido: string;
  readonly correo: string;
  readonly telefono: string;
  readonly celular: string;
  readonly direccion: string;
}

export interface Transaction {
  readonly terminal: string;
  readonly codigoSeguimiento: string;
  readonly numeroTransaccion: string;
  readonly referencia: string;
  readonly group: TransactionGroup;
  readonly methodId: string;
  readonly valor: string;
  readonly valorBase: string;
  readonly valorIva: string;
  readonly moneda: string;
  readonly descripcion: string;
  readonly buyer: Buyer;
  /** Extra1 to Extra9 as sent ('' when absent). */
  readonly extras: readonly string[];
  readonly createdAt: number;
  status: TransactionStatus;
  codigoRespuesta: string;
  numeroAutorizacion: string;
  descripcionRespuesta: string;
  razonRechazo: string;
  paidAt?: number;
  /** Card payments: brand, last 4 digits, instalments. */
  card?: {readonly brand: string; readonly last4: string; readonly cuotas: string};
  tokenTarjeta?: string;
  /** First wallet: the OTP and the wrong attempts so far. */
  otp?: string;
  otpAttempts?: number;
  /** PSE: the bank and where it sends the buyer back. */
  bank?: {readonly code: string; readonly name: string; readonly returnUrl: string};
  /** Referenced and barcode payments: the serial the buyer pays with. */
  serial?: string;
  readonly expiresOn?: string;
  /**
   * A pending purchase of the purchase page: where its confirmation went and the
   * variables it carried, so that settling it confirms the same way.
   */
  readonly confirmation?: {readonly url: string | null; readonly fields: Readonly<Record<string, string>>};
}

export interface CardToken {
  readonly token: string;
  readonly terminal: string;
  readonly documento: string;
  readonly brand: string;
  readonly methodId: string;
  readonly last4: string;
}

export interface Recurrence {
  readonly terminal: string;
  readonly documento: string;
  readonly last4: string;
  readonly periodo: string;
  readonly cobros: string;
  readonly codigoSeguimiento: string;
}

export interface PaymentLink {
  readonly id: string;
  readonly terminal: string;
  readonly kind: 'button' | 'email';
  readonly nombre: string;
  readonly descripcion: string;
  readonly moneda: string;
  /** Fixed value, or the range of a variable-value button. */
  readonly valor?: string;
  readonly montoMinimo?: string;
  readonly montoMaximo?: string;
  readonly correo?: string;
}

export interface SandboxState {
  readonly transactions: SandboxStore<Transaction>;
  readonly tokens: SandboxStore<CardToken>;
  readonly recurrences: SandboxStore<Recurrence>;
  readonly links: SandboxStore<PaymentLink>;
  /** Short-lived references that pages use instead of a terminal (PSE bank page, pay point): id -> where. */
  readonly pointers: SandboxStore<{readonly terminal: string; readonly codigoSeguimiento: string}>;
  /** Puts records of several stores all or none (a payment with its token, a link with its pointer). */
  readonly commit: StoreBackend['commit'];
  /**
   * A new CodigoSeguimiento and numeroTransaccion for one of `terminal`'s transactions: drawn at
   * random (not counted, so that they say nothing of other merchants' volume), never one the
   * terminal already has.
   */
  nextNumbers(terminal: string): Promise<{codigoSeguimiento: string; numeroTransaccion: string}>;
  readonly now: () => number;
}

/** The pseudo-terminal of records that are looked up without one (pointers). */
export const GLOBAL = '*';

/** Makes a named bounded store with these limits in the sandbox's backend (../wiring.ts). */
export type StoreFactory = <V>(name: string, limits: StoreLimits, options?: {readonly pinned?: readonly string[]}) => SandboxStore<V>;

export function createSandboxState(backend: Pick<StoreBackend, 'commit'>, makeStore: StoreFactory, limits: StoreLimits, now: () => number = Date.now): SandboxState {
  const transactions = makeStore<Transaction>('transacciones', limits);
  return {
    transactions,
    tokens: makeStore('tokens', limits),
    recurrences: makeStore('recurrencias', limits),
    links: makeStore('enlaces', limits),
    // Pointers live in one pseudo-terminal: they may hold many more records.
    pointers: makeStore('punteros', {...limits, perTerminal: limits.perTerminal * limits.terminals}, {pinned: [GLOBAL]}),
    commit: (writes, options) => backend.commit(writes, options),
    async nextNumbers(terminal) {
      // Eight digits: a terminal keeps at most limits.perTerminal transactions, so a draw that is
      // taken (about one in 200,000) is drawn again.
      for (;;) {
        const codigoSeguimiento = String(randomInt(10_000_000, 100_000_000));
        if ((await transactions.get(terminal, codigoSeguimiento)) === undefined) {
          return {codigoSeguimiento, numeroTransaccion: String(randomInt(1_000_000_000, 10_000_000_000))};
        }
      }
    },
    now,
  };
}

/** An id nobody can guess (tokens, links, page pointers). */
export const newId = (): string => randomUUID();
