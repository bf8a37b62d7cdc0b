import {cellLabel, stackedTable} from '@site/src/lib/stackedTables';
import React, {useId, useState, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {SANDBOX_API} from '@site/src/lib/sandboxApi';
import MerchantBanner from './MerchantBanner';
import {Moment, ReadFailure} from './parts';
import useSandboxRead from './useSandboxRead';
import styles from './styles.module.css';

/** One request the sandbox received for the merchant, as GET /sandbox/registro lists it. */
export interface LoggedRequest {
  readonly id: string;
  readonly fecha: string;
  readonly canal: string;
  readonly operacion: string;
  /** The HTTP status the client got. */
  readonly estado: number | null;
  /** The errors exactly as the client got them (null when none). */
  readonly errores: unknown;
  /** The request's body, with card fields, passwords, keys and tokens masked by the sandbox. */
  readonly cuerpo: unknown;
  /** False for a call that named the merchant without proving to be it (anyone may have sent it). */
  readonly comprobada: boolean;
}

/**
 * The sandbox masks the log's bodies before it keeps them (passwords, keys and
 * the card fields of MetodoPago entirely, tokens but for their last 4
 * characters). The page applies the same rules once more as a second line, so
 * a secret cannot reach the screen through a gap there; a value already masked
 * (it holds •) is left as it is.
 */
const MASK = '••••';
const SECRET = new Set(['clave', 'llave', 'password', 'contrasena', 'contraseña']);
const TOKENS = new Set(['tokenseguridad', 'accesstoken', 'authorization', 'tokentarjeta', 'token']);
const CARD_FIELDS = new Set(['campo1', 'campo2', 'campo3', 'campo4']);
/** MetodoPago's campo7: the card token of a token payment. */
const CARD_TOKEN_FIELD = 'campo7';

function maskValue(name: string, value: unknown, inCard: boolean): unknown {
  const key = name.toLowerCase();
  if (typeof value === 'string' || typeof value === 'number') {
    const shown = String(value);
    if (shown === '' || shown.includes('•')) return value;
    if (SECRET.has(key) || (inCard && CARD_FIELDS.has(key))) return MASK;
    if (TOKENS.has(key) || (inCard && key === CARD_TOKEN_FIELD)) return shown.length > 8 ? `${MASK}${shown.slice(-4)}` : MASK;
    return value;
  }
  return maskSecrets(value, key === 'metodopago');
}

/** `value` with every secret still in clear masked as the sandbox masks it. */
export function maskSecrets(value: unknown, inCard = false): unknown {
  if (Array.isArray(value)) return value.map((item: unknown) => maskSecrets(item, inCard));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([name, item]) => [name, maskValue(name, item, inCard)]));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** The answer's list, newest first whatever order it came in; broken entries are left out. */
export function readLog(body: unknown): readonly LoggedRequest[] | null {
  const list = (body as {solicitudes?: unknown} | null)?.solicitudes;
  if (!Array.isArray(list)) return null;
  const entries = list.flatMap((item: unknown): LoggedRequest[] => {
    if (item === null || typeof item !== 'object') return [];
    const r = item as Record<string, unknown>;
    const id = text(r.id);
    if (id === '') return [];
    const estado = typeof r.estado === 'number' ? r.estado : Number.isFinite(Number(r.estado)) && text(r.estado) !== '' ? Number(r.estado) : null;
    return [
      {
        id,
        fecha: text(r.fecha),
        canal: text(r.canal),
        operacion: text(r.operacion),
        estado,
        errores: maskSecrets(r.errores ?? null),
        cuerpo: maskSecrets(r.cuerpo ?? null),
        comprobada: r.comprobada !== false,
      },
    ];
  });
  const time = (entry: LoggedRequest): number => {
    const t = Date.parse(entry.fecha);
    return Number.isNaN(t) ? -Infinity : t;
  };
  // A stable sort: entries of the same instant keep the sandbox's order.
  return entries
    .map((entry, index) => ({entry, index}))
    .sort((a, b) => time(b.entry) - time(a.entry) || a.index - b.index)
    .map(({entry}) => entry);
}

const hasErrors = (entry: LoggedRequest): boolean =>
  (entry.estado !== null && entry.estado >= 400) || (entry.errores !== null && !(Array.isArray(entry.errores) && entry.errores.length === 0) && entry.errores !== '');

function channelName(canal: string): string {
  switch (canal) {
    case 'rest':
      return 'REST';
    case 'soap':
      return 'SOAP';
    case 'post':
      return translate({id: 'sandboxLog.channel.post', message: 'Página de compra', description: 'Request log: the POST purchase page channel'});
    case 'sandbox':
      return translate({id: 'sandboxLog.channel.sandbox', message: 'API del entorno de pruebas', description: 'Request log: the sandbox own API channel'});
    default:
      return canal;
  }
}

const json = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/**
 * The request log: the last requests the sandbox received for the
 * merchant whose credentials this browser remembers, on any channel, newest
 * first: time, channel, operation, HTTP status, the errors as the client got
 * them, and the body with its secrets masked. "Solo errores" asks the sandbox
 * for the failed ones only.
 */
export default function RequestLog(): ReactNode {
  const [errorsOnly, setErrorsOnly] = useState(false);
  const id = useId();
  const {state, credentials, reload} = useSandboxRead(errorsOnly ? `${SANDBOX_API.log}?errores=1` : SANDBOX_API.log, readLog);
  // The sandbox filters (?errores=1): it also counts answers that carry a gateway error code under HTTP 200.
  const entries = state.status === 'ok' ? state.value : [];
  const caption = translate({id: 'sandboxLog.caption', message: 'Solicitudes recibidas, la más reciente primero', description: 'Request log: caption of the table'});

  const column = {
    time: translate({id: 'sandboxLog.time', message: 'Fecha', description: 'Request log: column of the time'}),
    channel: translate({id: 'sandboxLog.channel', message: 'Canal', description: 'Request log: column of the channel'}),
    operation: translate({id: 'sandboxLog.operation', message: 'Operación', description: 'Request log: column of the operation'}),
    status: translate({id: 'sandboxLog.status', message: 'Estado HTTP', description: 'Request log: column of the HTTP status'}),
    details: translate({id: 'sandboxLog.details', message: 'Errores y cuerpo', description: 'Request log: column of the errors and the masked body'}),
  };
  return (
    <div className={styles.page}>
      <MerchantBanner credentials={credentials} />
      <div className={styles.actions}>
        <label htmlFor={`${id}-errors`} className={styles.actions}>
          <input id={`${id}-errors`} type="checkbox" checked={errorsOnly} onChange={(event) => setErrorsOnly(event.target.checked)} />
          {translate({id: 'sandboxLog.errorsOnly', message: 'Solo errores', description: 'Request log: filter that shows only failed requests'})}
        </label>
        <button type="button" className="button button--secondary button--sm" onClick={reload}>
          {translate({id: 'sandboxPages.reload', message: 'Actualizar', description: 'Sandbox pages: reloads the list'})}
        </button>
      </div>
      {state.status === 'loading' && <p aria-busy="true">{translate({id: 'sandboxPages.loading', message: 'Cargando…', description: 'Sandbox pages: while the list loads'})}</p>}
      {state.status === 'failed' && <ReadFailure failure={state.failure} />}
      {state.status === 'ok' && entries.length === 0 && (
        <p>
          {errorsOnly
            ? translate({id: 'sandboxLog.noErrors', message: 'Ninguna solicitud con errores.', description: 'Request log: the errors-only filter found nothing'})
            : translate({id: 'sandboxLog.empty', message: 'El entorno de pruebas aún no recibió solicitudes de este comercio.', description: 'Request log: no requests yet'})}
        </p>
      )}
      {state.status === 'ok' && entries.length > 0 && (
        <table {...stackedTable(styles.log)}>
          <caption className="text--left">{caption}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                {column.time}
              </th>
              <th scope="col" role="columnheader">
                {column.channel}
              </th>
              <th scope="col" role="columnheader">
                {column.operation}
              </th>
              <th scope="col" role="columnheader">
                {column.status}
              </th>
              <th scope="col" role="columnheader">
                {column.details}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {entries.map((entry) => (
              <tr key={entry.id} data-testid="logged-request" role="row">
                <td {...cellLabel(column.time)}>
                  <Moment value={entry.fecha} />
                </td>
                <td {...cellLabel(column.channel)}>{channelName(entry.canal)}</td>
                <td {...cellLabel(column.operation)}>
                  <code>{entry.operacion}</code>
                  {!entry.comprobada && (
                    <>
                      {' '}
                      <span className="badge badge--warning">
                        {translate({
                          id: 'sandboxLog.unproven',
                          message: 'Sin comprobar: nombró su comercio sin demostrar que era él; pudo enviarla cualquiera',
                          description: 'Request log: mark of a request that named the merchant with a wrong password, wrong security values or a rotated token',
                        })}
                      </span>
                    </>
                  )}
                </td>
                <td {...cellLabel(column.status)} className={hasErrors(entry) ? styles.failed : styles.status}>
                  {entry.estado ?? '—'}
                </td>
                <td {...cellLabel(column.details)}>
                  {entry.errores !== null && (
                    <details open>
                      <summary>{translate({id: 'sandboxLog.errors', message: 'Errores', description: 'Request log: the errors as the client got them'})}</summary>
                      <pre className={styles.pre}>{json(entry.errores)}</pre>
                    </details>
                  )}
                  <details>
                    <summary>
                      {translate({id: 'sandboxLog.body', message: 'Cuerpo (datos sensibles ocultos)', description: 'Request log: the request body, with secrets masked'})}
                    </summary>
                    <pre className={styles.pre}>{json(entry.cuerpo)}</pre>
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
