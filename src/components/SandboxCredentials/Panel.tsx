import React, {useCallback, useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {copyText} from '@site/src/components/CodeSampleDialog/useClipboard';
import {checkCredentials, createCredentials, downloadPostmanFile, rotateCredentials, type SandboxFailure, type SandboxResult} from '@site/src/lib/sandboxApi';
import {DEMO_MERCHANT, forgetCredentials, saveCredentials, useSandboxCredentials, type SandboxCredentials} from '@site/src/lib/sandboxCredentials';
import {failureMessage} from './failureMessage';
import styles from './styles.module.css';

export interface PanelProps {
  /**
   * One line and a button, for places where the panel sits beside something
   * else (try-it, the code dialog, the signature workbench); the values,
   * rotate and forget open below it. The sandbox page shows it whole.
   */
  readonly compact?: boolean;
}

type Status = {readonly kind: 'info' | 'error'; readonly text: string} | null;

/**
 * Asks the sandbox once per remembered pair whether it still knows it (in
 * memory mode a restart forgets every merchant), so the panel can say so
 * before a call fails elsewhere.
 */
function useStale(credentials: SandboxCredentials | null, locale: string): boolean {
  const [stale, setStale] = useState<string | null>(null);
  const pair = credentials === null ? null : `${credentials.usuario}:${credentials.clave}`;
  useEffect(() => {
    if (credentials === null) return undefined;
    let current = true;
    void checkCredentials(credentials, {locale}).then((result) => {
      if (current) setStale(!result.ok && result.failure.kind === 'unauthorized' ? pair : null);
    });
    return () => {
      current = false;
    };
    // The pair is what the check depends on; the object changes with every storage read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pair, locale]);
  return pair !== null && stale === pair;
}

function CopyRow({name, value, onCopied}: {readonly name: string; readonly value: string; readonly onCopied: (name: string, ok: boolean) => void}): ReactNode {
  return (
    <div className={styles.row}>
      <dt>
        <code>{name}</code>
      </dt>
      <dd>
        <code className={styles.value} data-testid={`credential-${name}`}>
          {value}
        </code>
        <button
          type="button"
          className="button button--secondary button--sm"
          aria-label={translate(
            {
              id: 'sandboxCredentials.copyField',
              message: 'Copiar {name}',
              description: 'Credentials panel: accessible name of the copy button of one value (usuario, clave, terminal, llave)',
            },
            {name},
          )}
          onClick={() => {
            copyText(value).then(
              () => onCopied(name, true),
              () => onCopied(name, false),
            );
          }}
        >
          {translate({id: 'theme.CodeBlock.copy', message: 'Copy', description: 'The copy button label on code blocks'})}
        </button>
      </dd>
    </div>
  );
}

/**
 * The reader's own sandbox credentials: "Crear credenciales de
 * prueba" asks the sandbox for a new merchant and remembers it in this
 * browser (src/lib/sandboxCredentials.ts); then the four values with copy
 * buttons, rotate and forget. Without credentials it says that the portal
 * uses the public demo merchant. A chunk of its own, loaded by ./index.tsx.
 */
export default function Panel({compact = false}: PanelProps): ReactNode {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const credentials = useSandboxCredentials();
  const stale = useStale(credentials, locale);
  const [busy, setBusy] = useState<'create' | 'rotate' | 'collection' | 'environment' | null>(null);
  const [status, setStatus] = useState<Status>(null);
  const [confirmForget, setConfirmForget] = useState(false);
  const mounted = useRef(true);
  const id = useId();

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const fail = useCallback((failure: SandboxFailure) => mounted.current && setStatus({kind: 'error', text: failureMessage(failure)}), []);

  /** Creates or rotates, then keeps the new credentials in this browser and says `done`. */
  const replaceWith = async (kind: 'create' | 'rotate', request: () => Promise<SandboxResult<SandboxCredentials>>, done: string): Promise<void> => {
    setBusy(kind);
    setStatus(null);
    const result = await request();
    if (!mounted.current) return;
    setBusy(null);
    if (!result.ok) {
      fail(result.failure);
      return;
    }
    saveCredentials(result.value);
    setStatus({kind: 'info', text: done});
  };

  const create = (): Promise<void> =>
    replaceWith(
      'create',
      () => createCredentials({locale}),
      translate({
        id: 'sandboxCredentials.created',
        message: 'Credenciales creadas. Este navegador las recuerda; el portal las usa donde puede.',
        description: 'Credentials panel: after creating credentials',
      }),
    );

  const rotate = (current: SandboxCredentials): Promise<void> =>
    replaceWith(
      'rotate',
      () => rotateCredentials(current, {locale}),
      translate({
        id: 'sandboxCredentials.rotated',
        message: 'Clave y llave nuevas. La clave y la llave anteriores ya no sirven.',
        description: 'Credentials panel: after rotating',
      }),
    );

  const forget = (): void => {
    forgetCredentials();
    setConfirmForget(false);
    setStatus({
      kind: 'info',
      text: translate({
        id: 'sandboxCredentials.forgotten',
        message: 'Este navegador olvidó sus credenciales. El portal vuelve a usar el comercio de demostración.',
        description: 'Credentials panel: after forgetting',
      }),
    });
  };

  const download = async (which: 'collection' | 'environment'): Promise<void> => {
    setBusy(which);
    setStatus(null);
    const result = await downloadPostmanFile(which, credentials, {locale});
    if (!mounted.current) return;
    setBusy(null);
    if (!result.ok) fail(result.failure);
  };

  const onCopied = (name: string, ok: boolean): void =>
    setStatus(
      ok
        ? {kind: 'info', text: translate({id: 'sandboxCredentials.copied', message: '{name} copiado.', description: 'Credentials panel: a value was copied'}, {name})}
        : {
            kind: 'error',
            text: translate(
              {
                id: 'sandboxCredentials.copyFailed',
                message: 'No se pudo copiar {name}; selecciónelo y cópielo a mano.',
                description: 'Credentials panel: the browser refused to copy',
              },
              {name},
            ),
          },
    );

  const label = translate({id: 'sandboxCredentials.label', message: 'Credenciales de prueba', description: 'Credentials panel: accessible name of the panel'});

  const demoNote = (
    <p className={styles.text}>
      {translate(
        {
          id: 'sandboxCredentials.demo',
          message: 'Sin credenciales propias, el portal usa el comercio de demostración (usuario {usuario}, terminal {terminal}). Es público: cualquiera puede ver sus registros.',
          description: 'Credentials panel: no credentials remembered; the demo merchant is used and its records are public',
        },
        {usuario: DEMO_MERCHANT.usuario, terminal: DEMO_MERCHANT.terminal},
      )}
    </p>
  );

  const createButton = (
    <button type="button" className="button button--primary button--sm" disabled={busy !== null} onClick={() => void create()}>
      {busy === 'create'
        ? translate({id: 'sandboxCredentials.creating', message: 'Creando…', description: 'Credentials panel: create button while waiting'})
        : translate({id: 'sandboxCredentials.create', message: 'Crear credenciales de prueba', description: 'Credentials panel: button that creates a merchant of the sandbox'})}
    </button>
  );

  const details =
    credentials === null ? null : (
      <>
        <dl className={styles.values}>
          <CopyRow name="usuario" value={credentials.usuario} onCopied={onCopied} />
          <CopyRow name="clave" value={credentials.clave} onCopied={onCopied} />
          <CopyRow name="terminal" value={credentials.terminal} onCopied={onCopied} />
          <CopyRow name="llave" value={credentials.llave} onCopied={onCopied} />
        </dl>
        <p className={styles.hint}>
          {translate({
            id: 'sandboxCredentials.where',
            message: 'Solo este navegador las guarda. Son del entorno de pruebas: no sirven en la pasarela.',
            description: 'Credentials panel: where the credentials are kept and what they are for',
          })}
        </p>
        <div className={styles.actions}>
          <button type="button" className="button button--secondary button--sm" disabled={busy !== null} onClick={() => void rotate(credentials)}>
            {busy === 'rotate'
              ? translate({id: 'sandboxCredentials.rotating', message: 'Rotando…', description: 'Credentials panel: rotate button while waiting'})
              : translate({
                  id: 'sandboxCredentials.rotate',
                  message: 'Rotar clave y llave',
                  description: 'Credentials panel: button that asks for a new clave and llave (same usuario and terminal)',
                })}
          </button>
          {confirmForget ? (
            <span className={styles.confirm} role="group" aria-labelledby={`${id}-forget`}>
              <span id={`${id}-forget`}>
                {translate({
                  id: 'sandboxCredentials.forgetConfirm',
                  message: '¿Olvidarlas? Sin ellas no podrá volver a leer sus registros.',
                  description: 'Credentials panel: question before forgetting the credentials',
                })}
              </span>
              <button type="button" className="button button--danger button--sm" onClick={forget}>
                {translate({id: 'sandboxCredentials.forgetYes', message: 'Sí, olvidarlas', description: 'Credentials panel: confirms forgetting'})}
              </button>
              <button type="button" className="button button--secondary button--sm" onClick={() => setConfirmForget(false)}>
                {translate({id: 'sandboxCredentials.forgetNo', message: 'Cancelar', description: 'Credentials panel: keeps the credentials'})}
              </button>
            </span>
          ) : (
            <button type="button" className="button button--secondary button--sm" onClick={() => setConfirmForget(true)}>
              {translate({id: 'sandboxCredentials.forget', message: 'Olvidar', description: 'Credentials panel: button that removes the credentials from this browser'})}
            </button>
          )}
        </div>
      </>
    );

  const summary =
    credentials === null ? null : (
      <p className={styles.text}>
        {translate(
          {
            id: 'sandboxCredentials.using',
            message: 'Se usan sus credenciales de prueba: usuario {usuario}, terminal {terminal}.',
            description: 'Credentials panel: the reader own credentials are in use',
          },
          {usuario: credentials.usuario, terminal: credentials.terminal},
        )}
      </p>
    );

  return (
    <section className={clsx(styles.panel, compact && styles.compact)} aria-label={label} data-testid="sandbox-credentials">
      {!compact && <p className={styles.title}>{label}</p>}
      {credentials === null ? (
        <>
          {demoNote}
          <div className={styles.actions}>{createButton}</div>
        </>
      ) : compact ? (
        <>
          {summary}
          <details className={styles.more}>
            <summary>
              {translate({id: 'sandboxCredentials.show', message: 'Ver, copiar, rotar u olvidar', description: 'Credentials panel (compact): opens the values and actions'})}
            </summary>
            {details}
          </details>
        </>
      ) : (
        <>
          {summary}
          {details}
        </>
      )}
      {stale && (
        <p className={styles.error} role="alert">
          {failureMessage({kind: 'unauthorized'})}
        </p>
      )}
      {compact && (
        <p className={styles.hint}>
          <Link to="/sandbox">
            {translate({
              id: 'sandboxCredentials.more',
              message: 'Entorno de pruebas: Postman, bandeja y registro de solicitudes',
              description: 'Credentials panel (compact): link to the sandbox page',
            })}
          </Link>
        </p>
      )}
      {!compact && (
        <div className={styles.postman}>
          <p className={styles.text}>
            {credentials === null
              ? translate({
                  id: 'sandboxCredentials.postmanDemo',
                  message: 'Postman: la colección de las tres API REST y un entorno con la dirección del entorno de pruebas y las credenciales del comercio de demostración.',
                  description: 'Credentials panel: what the Postman downloads carry without credentials',
                })
              : translate({
                  id: 'sandboxCredentials.postman',
                  message: 'Postman: la colección de las tres API REST y un entorno con la dirección del entorno de pruebas y sus credenciales.',
                  description: 'Credentials panel: what the Postman downloads carry with the reader credentials',
                })}
          </p>
          <div className={styles.actions}>
            <button type="button" className="button button--outline button--primary button--sm" disabled={busy !== null} onClick={() => void download('collection')}>
              {translate({
                id: 'sandboxCredentials.postmanCollection',
                message: 'Descargar la colección de Postman',
                description: 'Credentials panel: downloads the Postman collection',
              })}
            </button>
            <button type="button" className="button button--outline button--primary button--sm" disabled={busy !== null} onClick={() => void download('environment')}>
              {translate({
                id: 'sandboxCredentials.postmanEnvironment',
                message: 'Descargar el entorno de Postman',
                description: 'Credentials panel: downloads the Postman environment',
              })}
            </button>
          </div>
          <p className={styles.links}>
            <Link to="/sandbox/notificaciones">
              {translate({id: 'sandboxCredentials.inbox', message: 'Bandeja de notificaciones', description: 'Credentials panel: link to the inbox page'})}
            </Link>
            {' · '}
            <Link to="/sandbox/registro">
              {translate({id: 'sandboxCredentials.log', message: 'Registro de solicitudes', description: 'Credentials panel: link to the request log page'})}
            </Link>
          </p>
        </div>
      )}
      {/* A live region without role="status": the page's toasts own that role. */}
      <p className={status?.kind === 'error' ? styles.error : styles.status} aria-live="polite" data-testid="credentials-status">
        {status?.text}
      </p>
    </section>
  );
}
