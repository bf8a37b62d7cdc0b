/**
 * Sends the confirmation of a settled payment as the gateway would (issue 42,
 * "Events"): from the inbox's "settle" and from the simulated bank and pay
 * point pages. The variables are ./rules/settle.ts's.
 */
import type {InboxEntry} from './inbox';
import type {SandboxParts} from './parts';
import {settledConfirmation} from './rules/settle';
import type {Transaction} from './state';

/** Sends the confirmation of a settled transaction as the gateway would (also from the simulated bank and pay point). */
export async function confirmSettlement(parts: Pick<SandboxParts, 'merchants' | 'inbox' | 'notifier'>, terminal: string, t: Transaction): Promise<InboxEntry> {
  const merchant = await parts.merchants.byTerminal(terminal);
  const {url, fields} = settledConfirmation(t, merchant?.llave ?? '', parts.inbox.firmaName);
  return parts.notifier.deliver({terminal, url, fields, source: 'liquidacion', transaction: t.codigoSeguimiento});
}
