/**
 * Sends the list to the utils service (POST {utils base}/enviarManuales) and
 * turns its answer into a state the screen can show. The request goes through
 * the site's fetch helper, which adds the X-XSRF-TOKEN header.
 */
import {useCallback, useEffect, useRef, useState} from 'react';
import {joinUrl, postJson} from '@site/src/lib/http';
import {ENVIAR_MANUALES, type DeliveryReason, type EntryReason} from '@site/core/manualsApi';

/** Why the server refused an entry or a delivery (the API's "motivo"): one list for server and screen. */
export type {DeliveryReason, EntryReason};

export interface RefusedEntry {
  readonly indice: number;
  readonly correo: string;
  readonly motivo: EntryReason;
}

export interface FailedDelivery {
  readonly correo: string;
  readonly motivo: DeliveryReason;
}

export type Failure =
  | {readonly kind: 'invalid'; readonly refused: readonly RefusedEntry[]}
  | {readonly kind: 'delivery'; readonly sent: readonly string[]; readonly failed: readonly FailedDelivery[]}
  | {readonly kind: 'empty'}
  | {readonly kind: 'tooMany'; readonly limit: number; readonly count: number}
  | {readonly kind: 'expired'}
  | {readonly kind: 'rateLimited'}
  /** This address asked for more recipients in the last hour than the form sends to. */
  | {readonly kind: 'addressLimit'; readonly limit: number}
  /** These recipients already got as many manuals today as the form sends to one. */
  | {readonly kind: 'recipientLimit'; readonly limit: number; readonly recipients: readonly string[]}
  | {readonly kind: 'tooLarge'}
  | {readonly kind: 'network'}
  | {readonly kind: 'server'; readonly status: number};

export type SendState =
  {readonly phase: 'idle'} | {readonly phase: 'sending'} | {readonly phase: 'sent'; readonly sent: readonly string[]} | {readonly phase: 'failed'; readonly failure: Failure};

interface ErrorBody {
  readonly error?: string;
  readonly rechazados?: readonly RefusedEntry[];
  readonly enviados?: readonly string[];
  readonly fallidos?: readonly FailedDelivery[];
  readonly limite?: number;
  readonly cantidad?: number;
  readonly correos?: readonly string[];
}

/** What an error answer of the API means for the person. */
export function failureOf(status: number, body: ErrorBody | null): Failure {
  switch (body?.error) {
    case 'CORREOS_INVALIDOS':
      return {kind: 'invalid', refused: body.rechazados ?? []};
    case 'ENVIO_FALLIDO':
      return {kind: 'delivery', sent: body.enviados ?? [], failed: body.fallidos ?? []};
    case 'SIN_CORREOS':
      return {kind: 'empty'};
    case 'DEMASIADOS_CORREOS':
      return {kind: 'tooMany', limit: body.limite ?? 20, count: body.cantidad ?? 0};
    case 'XSRF_INVALIDO':
    case 'ORIGEN_CRUZADO':
      return {kind: 'expired'};
    case 'DEMASIADAS_SOLICITUDES':
      return {kind: 'rateLimited'};
    case 'LIMITE_DIRECCION':
      return {kind: 'addressLimit', limit: body.limite ?? 0};
    case 'LIMITE_DESTINATARIO':
      return {kind: 'recipientLimit', limit: body.limite ?? 0, recipients: body.correos ?? []};
    case 'CUERPO_DEMASIADO_GRANDE':
      return {kind: 'tooLarge'};
    default:
      return status === 429 ? {kind: 'rateLimited'} : {kind: 'server', status};
  }
}

export default function useSendManuals(
  utilsBase: string,
  locale: string,
): {
  readonly state: SendState;
  readonly send: (correos: readonly string[]) => Promise<SendState>;
  readonly reset: () => void;
} {
  const [state, setState] = useState<SendState>({phase: 'idle'});
  const busy = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const finish = useCallback((next: SendState) => {
    busy.current = false;
    if (mounted.current) {
      setState(next);
    }
    return next;
  }, []);

  const send = useCallback(
    async (correos: readonly string[]): Promise<SendState> => {
      if (busy.current) {
        return {phase: 'sending'};
      }
      // Nothing to send: say so on the screen; the server would only refuse it.
      if (correos.length === 0) {
        return finish({phase: 'failed', failure: {kind: 'empty'}});
      }
      busy.current = true;
      setState({phase: 'sending'});
      let response: Response;
      try {
        // The message goes out in the language of the screen.
        response = await postJson(joinUrl(utilsBase, ENVIAR_MANUALES), {correos}, {headers: {'Accept-Language': locale}});
      } catch {
        return finish({phase: 'failed', failure: {kind: 'network'}});
      }
      const body = (await response.json().catch(() => null)) as (ErrorBody & {enviados?: readonly string[]}) | null;
      if (response.ok) {
        return finish({phase: 'sent', sent: body?.enviados ?? [...correos]});
      }
      return finish({phase: 'failed', failure: failureOf(response.status, body)});
    },
    [utilsBase, locale, finish],
  );

  const reset = useCallback(() => setState({phase: 'idle'}), []);
  return {state, send, reset};
}
