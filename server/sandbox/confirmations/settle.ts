/**
 * Settles a pending payment and sends its confirmation as the gateway would
 * from the inbox's "settle" and from the simulated bank
 * and pay point pages. The variables are ../rules/settle.ts's.
 *
 * The settled transaction and its confirmation, queued in the inbox, are one
 * commit that happens only if the transaction is still as it was read: two
 * settlements of one payment (on one server or two) settle it once.
 */
import {settledTransaction, type Settlement} from '../gateway/operations';
import type {InboxEntry} from './inbox';
import type {SandboxParts} from '../wiring';
import {settledConfirmation} from '../rules/settle';
import type {Transaction} from '../gateway/records';
import {unchanged, write} from '../store/contract';

export type SettleResult =
  | {readonly kind: 'missing'}
  | {readonly kind: 'not-pending'; readonly transaction: Transaction}
  | {readonly kind: 'settled'; readonly transaction: Transaction; readonly entry: InboxEntry};

export async function settleAndConfirm(
  parts: Pick<SandboxParts, 'backend' | 'flows' | 'merchants' | 'inbox' | 'notifier'>,
  terminal: string,
  codigoSeguimiento: string,
  outcome: Settlement,
): Promise<SettleResult> {
  const {transactions} = parts.flows.state;
  const before = await transactions.get(terminal, codigoSeguimiento);
  if (before === undefined) return {kind: 'missing'};
  if (before.status !== 'pending') return {kind: 'not-pending', transaction: before};
  const after = settledTransaction(before, outcome, parts.flows.state.now());
  const merchant = await parts.merchants.byTerminal(terminal);
  const {url, fields} = settledConfirmation(after, merchant?.llave ?? '', parts.inbox.firmaName);
  const delivery = {terminal, url, fields, source: 'liquidacion', transaction: after.codigoSeguimiento};
  const queued = await parts.inbox.queue({...delivery, destination: url ?? parts.notifier.receiverUrl});
  const committed = await parts.backend.commit([write(transactions, terminal, after.codigoSeguimiento, after), queued.write], {
    expect: [unchanged(transactions, terminal, before.codigoSeguimiento, before)],
  });
  if (!committed) return {kind: 'not-pending', transaction: (await transactions.get(terminal, codigoSeguimiento)) ?? before};
  const entry = await parts.notifier.deliver({...delivery, id: queued.entry.id});
  return {kind: 'settled', transaction: after, entry};
}
