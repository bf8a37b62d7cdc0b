import React, {useState, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {postAs, SANDBOX_API} from '@site/src/lib/sandboxApi';
import type {ActiveCredentials} from '@site/src/lib/sandboxCredentials';
import {failureMessage} from '@site/src/components/SandboxCredentials/failureMessage';
import MerchantBanner from './MerchantBanner';
import {FieldTable, Moment, ReadFailure} from './parts';
import useSandboxRead from './useSandboxRead';
import styles from './styles.module.css';

/** One confirmation the sandbox sent (or tried to send), as GET /sandbox/notificaciones lists it. */
export interface Notification {
  readonly id: string;
  readonly fecha: string;
  readonly terminal: string;
  readonly url: string;
  readonly estado: string;
  readonly motivo: string;
  readonly httpStatus?: number;
  readonly respuesta?: string;
  readonly cuerpo: Readonly<Record<string, string>>;
  readonly firmaValida: boolean;
  /** The sandbox's sentence about the signature, in the request's language. */
  readonly firmaTexto?: string;
  readonly transaccion?: string;
}

export const SETTLEMENTS = ['aprobada', 'rechazada', 'expirada'] as const;
export type Settlement = (typeof SETTLEMENTS)[number];

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The answer's list, each entry read defensively (a missing field is empty, a broken entry is left out). */
export function readNotifications(body: unknown): readonly Notification[] | null {
  const list = (body as {notificaciones?: unknown} | null)?.notificaciones;
  if (!Array.isArray(list)) return null;
  return list.flatMap((item: unknown): Notification[] => {
    if (item === null || typeof item !== 'object') return [];
    const n = item as Record<string, unknown>;
    const id = text(n.id);
    if (id === '') return [];
    const cuerpo: Record<string, string> = {};
    if (n.cuerpo !== null && typeof n.cuerpo === 'object') {
      for (const [name, value] of Object.entries(n.cuerpo as Record<string, unknown>)) cuerpo[name] = text(value);
    }
    return [
      {
        id,
        fecha: text(n.fecha),
        terminal: text(n.terminal),
        url: text(n.url),
        estado: text(n.estado),
        motivo: text(n.motivo),
        ...(typeof n.httpStatus === 'number' ? {httpStatus: n.httpStatus} : {}),
        ...(n.respuesta === undefined || n.respuesta === null ? {} : {respuesta: text(n.respuesta)}),
        cuerpo,
        firmaValida: n.firmaValida === true,
        ...(text(n.firmaTexto) === '' ? {} : {firmaTexto: text(n.firmaTexto)}),
        ...(text(n.transaccion) === '' ? {} : {transaccion: text(n.transaccion)}),
      },
    ];
  });
}

/** A transaction that can still be settled: its confirmation says pending (transaccionAprobada 0). */
export const isPending = (n: Notification): boolean => n.transaccion !== undefined && n.cuerpo.transaccionAprobada === '0';

function settlementLabel(estado: Settlement): string {
  switch (estado) {
    case 'aprobada':
      return translate({id: 'sandboxInbox.settle.approved', message: 'Aprobar', description: 'Inbox: settles a pending transaction as approved'});
    case 'rechazada':
      return translate({id: 'sandboxInbox.settle.rejected', message: 'Rechazar', description: 'Inbox: settles a pending transaction as rejected'});
    case 'expirada':
      return translate({id: 'sandboxInbox.settle.expired', message: 'Expirar', description: 'Inbox: settles a pending transaction as expired'});
  }
}

function settledMessage(estado: Settlement): string {
  switch (estado) {
    case 'aprobada':
      return translate({
        id: 'sandboxInbox.settled.approved',
        message: 'Transacción aprobada; su confirmación se envió como la enviaría la pasarela.',
        description: 'Inbox: a pending transaction was settled as approved',
      });
    case 'rechazada':
      return translate({
        id: 'sandboxInbox.settled.rejected',
        message: 'Transacción rechazada; su confirmación se envió como la enviaría la pasarela.',
        description: 'Inbox: a pending transaction was settled as rejected',
      });
    case 'expirada':
      return translate({
        id: 'sandboxInbox.settled.expired',
        message: 'Transacción expirada; su confirmación se envió como la enviaría la pasarela.',
        description: 'Inbox: a pending transaction was settled as expired',
      });
  }
}

type Outcome = {readonly kind: 'info' | 'error'; readonly text: string} | null;

function NotificationItem({
  notification,
  credentials,
  onChanged,
}: {
  readonly notification: Notification;
  readonly credentials: ActiveCredentials;
  readonly onChanged: () => void;
}): ReactNode {
  const {i18n} = useDocusaurusContext();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const n = notification;
  const invoice = n.cuerpo.codigoFactura;

  const resend = async (): Promise<void> => {
    setBusy(true);
    setOutcome(null);
    const result = await postAs(
      SANDBOX_API.resend(n.id),
      credentials,
      undefined,
      (body) => (body !== null && typeof body === 'object' ? ((body as {entrega?: Record<string, unknown>}).entrega ?? {}) : null),
      {locale: i18n.currentLocale},
    );
    setBusy(false);
    if (!result.ok) {
      setOutcome({kind: 'error', text: failureMessage(result.failure)});
      return;
    }
    const status = result.value.httpStatus;
    const reason = text(result.value.motivo) || text(result.value.estado);
    setOutcome({
      kind: 'info',
      text:
        typeof status === 'number'
          ? translate(
              {id: 'sandboxInbox.resent.status', message: 'Reenviada: la URL respondió HTTP {status}.', description: 'Inbox: the confirmation was resent and the URL answered'},
              {status},
            )
          : // The sandbox's own receiver takes it without an HTTP call: delivered, with no status to show.
            result.value.estado === 'entregada'
            ? translate(
                {
                  id: 'sandboxInbox.resent.delivered',
                  message: 'Reenviada: {reason}',
                  description: 'Inbox: the confirmation was resent and delivered without an HTTP status (the sandbox receiver); the reason the sandbox gave',
                },
                {reason},
              )
            : translate(
                {id: 'sandboxInbox.resent.reason', message: 'Reenvío intentado: {reason}', description: 'Inbox: the resend was attempted; the reason the sandbox gave'},
                {reason},
              ),
    });
    onChanged();
  };

  const settle = async (estado: Settlement): Promise<void> => {
    if (n.transaccion === undefined) return;
    setBusy(true);
    setOutcome(null);
    const result = await postAs(SANDBOX_API.settle(n.transaccion), credentials, {estado}, (body) => body, {locale: i18n.currentLocale});
    setBusy(false);
    if (!result.ok) {
      setOutcome({kind: 'error', text: failureMessage(result.failure)});
      return;
    }
    setOutcome({kind: 'info', text: settledMessage(estado)});
    onChanged();
  };

  const headingId = `notification-${n.id}`;
  return (
    <article className={styles.entry} aria-labelledby={headingId} data-testid="notification">
      <h2 id={headingId} className={styles.entryTitle}>
        {invoice === undefined || invoice === ''
          ? translate({id: 'sandboxInbox.item', message: 'Confirmación {id}', description: 'Inbox: heading of a notification without invoice'}, {id: n.id})
          : translate({id: 'sandboxInbox.itemInvoice', message: 'Factura {invoice}', description: 'Inbox: heading of a notification'}, {invoice})}{' '}
        <small>
          <Moment value={n.fecha} />
        </small>
      </h2>
      <dl className={styles.facts}>
        <div>
          <dt>{translate({id: 'sandboxInbox.url', message: 'Enviada a', description: 'Inbox: the URL the confirmation went to'})}</dt>
          <dd>
            <code>{n.url}</code>
          </dd>
        </div>
        <div>
          <dt>{translate({id: 'sandboxInbox.state', message: 'Resultado', description: 'Inbox: delivery result'})}</dt>
          <dd>
            {n.estado}
            {n.httpStatus === undefined ? '' : ` (HTTP ${n.httpStatus})`}
            {n.motivo === '' ? '' : `: ${n.motivo}`}
          </dd>
        </div>
        <div>
          <dt>{translate({id: 'sandboxInbox.signature', message: 'Firma', description: 'Inbox: whether the signature of the body is valid'})}</dt>
          <dd>
            {n.firmaValida
              ? translate({id: 'sandboxInbox.signature.valid', message: 'válida', description: 'Inbox: the signature is valid'})
              : translate({id: 'sandboxInbox.signature.invalid', message: 'no válida', description: 'Inbox: the signature is not valid'})}
            {n.firmaTexto === undefined ? '' : ` (${n.firmaTexto})`}
          </dd>
        </div>
        {n.transaccion !== undefined && (
          <div>
            <dt>{translate({id: 'sandboxInbox.transaction', message: 'Transacción', description: 'Inbox: the transaction id of the notification'})}</dt>
            <dd>
              <code>{n.transaccion}</code>
            </dd>
          </div>
        )}
      </dl>
      <details>
        <summary>{translate({id: 'sandboxInbox.body', message: 'Variables enviadas', description: 'Inbox: opens the table of the variables of the confirmation'})}</summary>
        <FieldTable fields={n.cuerpo} />
      </details>
      {n.respuesta !== undefined && n.respuesta !== '' && (
        <details>
          <summary>{translate({id: 'sandboxInbox.answer', message: 'Respuesta de la URL', description: 'Inbox: opens what the URL answered'})}</summary>
          <pre className={styles.pre}>{n.respuesta}</pre>
        </details>
      )}
      <div className={styles.actions}>
        <button type="button" className="button button--secondary button--sm" disabled={busy} onClick={() => void resend()}>
          {translate({id: 'sandboxInbox.resend', message: 'Reenviar', description: 'Inbox: resends the same signed confirmation to the same URL'})}
        </button>
        {isPending(n) && (
          <span
            role="group"
            className={styles.actions}
            aria-label={translate({
              id: 'sandboxInbox.settle',
              message: 'Liquidar la transacción pendiente',
              description: 'Inbox: group of buttons that settle a pending transaction',
            })}
          >
            {SETTLEMENTS.map((estado) => (
              <button key={estado} type="button" className="button button--outline button--primary button--sm" disabled={busy} onClick={() => void settle(estado)}>
                {settlementLabel(estado)}
              </button>
            ))}
          </span>
        )}
      </div>
      <p className={outcome?.kind === 'error' ? styles.error : styles.outcome} aria-live="polite">
        {outcome?.text}
      </p>
    </article>
  );
}

/**
 * The sandbox's notifications inbox: the confirmations sent for
 * the merchant whose credentials this browser remembers, newest first, each
 * with its variables, where it went and how it went; resend any of them, and
 * settle a pending transaction as approved, rejected or expired.
 */
export default function Inbox(): ReactNode {
  const {state, credentials, reload} = useSandboxRead(SANDBOX_API.inbox, readNotifications);
  return (
    <div className={styles.page}>
      <MerchantBanner credentials={credentials} />
      <div className={styles.actions}>
        <button type="button" className="button button--secondary button--sm" onClick={reload}>
          {translate({id: 'sandboxPages.reload', message: 'Actualizar', description: 'Sandbox pages: reloads the list'})}
        </button>
      </div>
      {state.status === 'loading' && <p aria-busy="true">{translate({id: 'sandboxPages.loading', message: 'Cargando…', description: 'Sandbox pages: while the list loads'})}</p>}
      {state.status === 'failed' && <ReadFailure failure={state.failure} />}
      {state.status === 'ok' && state.value.length === 0 && (
        <p>
          {translate({
            id: 'sandboxInbox.empty',
            message: 'Aún no hay confirmaciones. Pague una muestra con «Probar en el entorno de pruebas» y vuelva aquí.',
            description: 'Inbox: no notifications yet',
          })}
        </p>
      )}
      {state.status === 'ok' &&
        state.value.map((notification) => <NotificationItem key={notification.id} notification={notification} credentials={credentials} onChanged={reload} />)}
    </div>
  );
}
