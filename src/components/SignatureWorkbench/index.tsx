import React, {useEffect, useId, useMemo, useState, useSyncExternalStore, type FormEvent, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {useSandboxCredentials} from '@site/src/lib/sandboxCredentials';
import SandboxCredentials from '@site/src/components/SandboxCredentials';
import {EXAMPLE_KEY, SECURITY_EXAMPLES} from '@site/core/data/securityExamples';
import type {ConfirmationCheck, ConfirmationProblem, ConfirmationStatus, ParseError, VerifyError} from '@site/core/confirmation';
import styles from './styles.module.css';

type Signatures = typeof import('@site/core/signatures');

/**
 * core/signatures.ts, loaded in the browser after the page starts: its
 * digests (node-forge's MD5 and SHA-512) cannot run in the server bundle that
 * draws the static page, and the page is drawn (labels, inputs) before they arrive.
 */
function useSignatures(): Signatures | 'failed' | null {
  const [signatures, setSignatures] = useState<Signatures | 'failed' | null>(null);
  useEffect(() => {
    let current = true;
    import('@site/core/signatures').then(
      (module) => current && setSignatures(module),
      () => current && setSignatures('failed'),
    );
    return () => {
      current = false;
    };
  }, []);
  return signatures;
}

const loadFailed = (): string =>
  translate({
    id: 'signatureWorkbench.error.load',
    message: 'No se pudo cargar el cálculo; revise su conexión y recargue la página.',
    description: 'Signature workbench: the hashing code could not be loaded',
  });

/** The worked example's value of an input (core/data/securityExamples.ts): the workbench opens on it. */
function exampleInput(name: string): string {
  return SECURITY_EXAMPLES.firma.inputs.find((input) => input.name === name)?.value ?? '';
}

interface ComputedValue {
  readonly name: string;
  readonly algorithm: 'MD5' | 'SHA-512';
  readonly inputs: readonly {readonly name: string; readonly value: string}[];
  /** The digest, or why it cannot be computed from these inputs. */
  readonly result: {readonly ok: true; readonly value: string} | {readonly ok: false; readonly message: string};
  readonly note?: ReactNode;
}

function Computed({value}: {readonly value: ComputedValue}): ReactNode {
  const concatenated = value.inputs.map((input) => input.value).join('');
  return (
    <section className={styles.value} aria-label={value.name}>
      <h3 className={styles.valueName}>
        <code>{value.name}</code> <span className={styles.algorithm}>{value.algorithm}</span>
      </h3>
      {value.note}
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{translate({id: 'signatureWorkbench.order', message: 'Orden', description: 'Signature workbench: label of the order in which inputs are concatenated'})}</dt>
          <dd>{value.inputs.map((input) => input.name).join(' + ')}</dd>
        </div>
        <div className={styles.row}>
          <dt>{translate({id: 'signatureWorkbench.concatenated', message: 'Texto concatenado', description: 'Signature workbench: label of the exact text that is hashed'})}</dt>
          <dd>
            <code data-testid={`${value.name}-text`}>{concatenated}</code>
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{translate({id: 'signatureWorkbench.result', message: 'Resultado', description: 'Signature workbench: label of a computed security value'})}</dt>
          <dd>
            {value.result.ok ? (
              <code className={styles.digest} data-testid={`${value.name}-result`}>
                {value.result.value}
              </code>
            ) : (
              <span className={styles.error} data-testid={`${value.name}-result`}>
                {value.result.message}
              </span>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The reader's clock as a store that changes every second. */
function subscribeToClock(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, 1000);
  return () => window.clearInterval(timer);
}
const clockSecond = (): number => Math.floor(Date.now() / 1000);
const noClock = (): null => null;

/** The current instant to the second, or null on the server and while the page hydrates (the server has no reader's clock). */
function useClock(): Date | null {
  const second = useSyncExternalStore(subscribeToClock, clockSecond, noClock);
  return useMemo(() => (second === null ? null : new Date(second * 1000)), [second]);
}

function Field({
  id,
  label,
  value,
  onChange,
  hint,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
  readonly hint?: string;
}): ReactNode {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        type="text"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
      />
      {hint !== undefined && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}

/**
 * The key field's value: what the reader typed, else the key of the sandbox
 * credentials this browser remembers, else `fallback`. Until the
 * reader types, it follows the credentials as they are created, rotated or
 * forgotten.
 */
function useKeyField(fallback: string): {readonly key: string; readonly setKey: (value: string) => void; readonly fromCredentials: boolean} {
  const {sandbox} = usePortalConfig();
  const remembered = useSandboxCredentials();
  const [typed, setKey] = useState<string | null>(null);
  const fromCredentials = typed === null && sandbox && remembered !== null;
  return {key: typed ?? (fromCredentials ? remembered.llave : fallback), setKey, fromCredentials};
}

const keyFromCredentials = (): string =>
  translate({
    id: 'signatureWorkbench.keyFromCredentials',
    message: 'La llave de sus credenciales de prueba.',
    description: 'Signature workbench: hint under the key field when it holds the key of the remembered sandbox credentials',
  });

/**
 * Computes the four security values of the POST channel from what the
 * integrator types, with core/signatures.ts, as they type. Nothing is sent
 * anywhere: there is no request in this component (the sandbox credentials
 * panel above it only creates, checks and rotates credentials).
 */
export function SignatureGenerator(): ReactNode {
  const id = useId();
  const {productName} = usePortalConfig();
  const {key, setKey, fromCredentials} = useKeyField(EXAMPLE_KEY);
  const [invoice, setInvoice] = useState(exampleInput('codigoFactura'));
  const [amount, setAmount] = useState(exampleInput('valorFactura'));
  const [authorization, setAuthorization] = useState(exampleInput('codigoAutorizacion'));
  const now = useClock();
  const signatures = useSignatures();
  const pending = translate({id: 'signatureWorkbench.pending', message: 'Calculando…', description: 'Signature workbench: a value while the hashing code loads'});
  const compute = (run: (module: Signatures) => string): ComputedValue['result'] =>
    signatures === null ? {ok: false, message: pending} : signatures === 'failed' ? {ok: false, message: loadFailed()} : {ok: true, value: run(signatures)};

  let integerAmount: {readonly ok: true; readonly value: string} | {readonly ok: false; readonly message: string};
  // The same rule as signatures.ts's integerValue, which may not be loaded yet: digits, optionally decimals.
  const integerMatch = /^(\d+)(?:[.,]\d+)?$/.exec(amount.trim());
  if (integerMatch?.[1] !== undefined) {
    integerAmount = {ok: true, value: integerMatch[1]};
  } else {
    integerAmount = {
      ok: false,
      message: translate({
        id: 'signatureWorkbench.error.amount',
        message: 'El valor debe ser un número: dígitos, con decimales opcionales tras un punto o una coma (150000 o 150000.50).',
        description: 'Signature workbench: the amount cannot be read as a number',
      }),
    };
  }
  const hourMinute = now === null || signatures === null || signatures === 'failed' ? null : signatures.hourMinuteUtcMinus5(now);

  const values: ComputedValue[] = [
    {
      name: `firma${productName}`,
      algorithm: 'MD5',
      inputs: [
        {name: 'llave', value: key},
        {name: 'codigoFactura', value: invoice},
        {name: 'valorFactura', value: amount},
        {name: 'codigoAutorizacion', value: authorization},
      ],
      result: compute((m) => m.responseSignature(key, invoice, amount, authorization)),
    },
    {
      name: 'checksum',
      algorithm: 'SHA-512',
      inputs: [
        {name: 'factura', value: invoice},
        {
          name: translate({
            id: 'signatureWorkbench.integerAmount',
            message: 'valor (entero, sin decimales)',
            description: 'Signature workbench: name of the integer amount input of checksum',
          }),
          value: integerAmount.ok ? integerAmount.value : amount,
        },
        {name: 'llave', value: key},
      ],
      result: integerAmount.ok ? compute((m) => m.checksum(invoice, amount, key)) : integerAmount,
    },
    {
      name: 'tokenSeguridad',
      algorithm: 'MD5',
      inputs: [
        {name: 'llave', value: key},
        {name: 'HH:mm (UTC-05:00)', value: hourMinute ?? ''},
      ],
      result:
        now === null
          ? {
              ok: false,
              message: translate({
                id: 'signatureWorkbench.clockPending',
                message: 'Se calcula con el reloj de su equipo cuando la página termina de cargar.',
                description: 'Signature workbench: tokenSeguridad before the page runs in the browser',
              }),
            }
          : compute((m) => m.postSecurityToken(key, now)),
      note: (
        <p className={styles.hint} data-testid="clock">
          {now === null || hourMinute === null
            ? translate({
                id: 'signatureWorkbench.clockUnknown',
                message: 'Reloj: aún no disponible.',
                description: 'Signature workbench: the clock before the page runs in the browser',
              })
            : translate(
                {
                  id: 'signatureWorkbench.clock',
                  message:
                    'Hora usada: {hourMinute} en UTC-05:00, del reloj de este equipo ({utc} UTC). El valor cambia cada minuto; si el reloj del equipo está mal, el token también.',
                  description: 'Signature workbench: the clock used for tokenSeguridad',
                },
                {hourMinute: hourMinute ?? '', utc: now.toISOString().slice(11, 16)},
              )}
        </p>
      ),
    },
    {
      name: 'md5ValidacionValor',
      algorithm: 'MD5',
      inputs: [
        {name: 'llave', value: key},
        {name: 'valor', value: amount},
      ],
      result: compute((m) => m.amountValidation(key, amount)),
    },
  ];

  return (
    <form
      className={styles.workbench}
      onSubmit={(event) => event.preventDefault()}
      aria-label={translate({id: 'signatureWorkbench.generator', message: 'Calcular los valores de seguridad', description: 'Signature workbench: name of the generator form'})}
    >
      <SandboxCredentials compact />
      <div className={styles.fields}>
        <Field
          id={`${id}-key`}
          label={translate({id: 'signatureWorkbench.key', message: 'Llave de la terminal', description: 'Signature workbench: label of the encryption key'})}
          value={key}
          onChange={setKey}
          hint={fromCredentials ? keyFromCredentials() : undefined}
        />
        <Field
          id={`${id}-invoice`}
          label={translate({id: 'signatureWorkbench.invoice', message: 'Factura (factura / codigoFactura)', description: 'Signature workbench: label of the invoice number'})}
          value={invoice}
          onChange={setInvoice}
        />
        <Field
          id={`${id}-amount`}
          label={translate({id: 'signatureWorkbench.amount', message: 'Valor (valor / valorFactura)', description: 'Signature workbench: label of the amount'})}
          value={amount}
          onChange={setAmount}
        />
        <Field
          id={`${id}-authorization`}
          label={translate({
            id: 'signatureWorkbench.authorization',
            message: 'Código de autorización (codigoAutorizacion)',
            description: 'Signature workbench: label of the authorization code',
          })}
          value={authorization}
          onChange={setAuthorization}
          hint={translate({
            id: 'signatureWorkbench.authorizationHint',
            message: 'Solo entra en la firma de la respuesta y de la confirmación.',
            description: 'Signature workbench: hint under the authorization code',
          })}
        />
      </div>
      <div aria-live="off">
        {values.map((value) => (
          <Computed key={value.name} value={value} />
        ))}
      </div>
    </form>
  );
}

function parseErrorMessage(error: ParseError): string {
  switch (error.kind) {
    case 'empty':
      return translate({
        id: 'signatureWorkbench.error.empty',
        message: 'Pegue el cuerpo de la confirmación que recibió.',
        description: 'Signature verifier: the confirmation is empty',
      });
    case 'badJson':
      return translate(
        {
          id: 'signatureWorkbench.error.badJson',
          message: 'El texto empieza como JSON pero no es JSON válido: {detail}',
          description: 'Signature verifier: the confirmation is broken JSON',
        },
        {detail: error.detail},
      );
    case 'notAnObject':
      return translate({
        id: 'signatureWorkbench.error.notAnObject',
        message: 'El JSON debe ser un objeto cuyas propiedades son las variables de la confirmación.',
        description: 'Signature verifier: the JSON is not an object',
      });
    case 'notUrlencoded':
      return translate({
        id: 'signatureWorkbench.error.notUrlencoded',
        message: 'No se reconoce el formato: pegue el cuerpo urlencoded (codigoFactura=…&valorFactura=…) o un objeto JSON.',
        description: 'Signature verifier: the confirmation is neither urlencoded nor JSON',
      });
    case 'duplicateField':
      return translate(
        {
          id: 'signatureWorkbench.error.duplicateField',
          message: 'La variable {name} aparece más de una vez; deje solo la que recibió.',
          description: 'Signature verifier: a variable is given twice',
        },
        {name: error.name},
      );
  }
}

function verifyErrorMessage(error: VerifyError): string {
  switch (error.kind) {
    case 'emptyKey':
      return translate({id: 'signatureWorkbench.error.emptyKey', message: 'Escriba la llave de la terminal.', description: 'Signature verifier: the key is empty'});
    case 'noSignature':
      return translate(
        {
          id: 'signatureWorkbench.error.noSignature',
          message: 'La confirmación no trae la variable {name}.',
          description: 'Signature verifier: the confirmation has no signature field',
        },
        {name: error.expectedName},
      );
    case 'missingFields':
      return translate(
        {
          id: 'signatureWorkbench.error.missingFields',
          message: 'Faltan variables que entran en la firma: {names}.',
          description: 'Signature verifier: fields of the signature are missing',
        },
        {names: error.names.join(', ')},
      );
  }
}

type VerifierState = {readonly status: 'idle'} | {readonly status: 'failed'; readonly message: string} | {readonly status: 'done'; readonly check: ConfirmationCheck};

function statusName(status: ConfirmationStatus): string {
  switch (status) {
    case 'successful':
      return translate({id: 'signatureWorkbench.status.successful', message: 'aprobada', description: 'Signature verifier: transaccionAprobada 1'});
    case 'pending':
      return translate({id: 'signatureWorkbench.status.pending', message: 'pendiente', description: 'Signature verifier: transaccionAprobada 0'});
    case 'rejected':
      return translate({id: 'signatureWorkbench.status.rejected', message: 'rechazada', description: 'Signature verifier: transaccionAprobada -1'});
    case 'aborted':
      return translate({id: 'signatureWorkbench.status.aborted', message: 'abortada', description: 'Signature verifier: transaccionAprobada 2'});
    case 'reversed':
      return translate({id: 'signatureWorkbench.status.reversed', message: 'reversada', description: 'Signature verifier: transaccionAprobada 3'});
  }
}

/** Why a correctly signed confirmation is still not to be believed (the page's recipe, core/confirmation.ts). */
function problemMessage(problem: ConfirmationProblem): string {
  switch (problem.kind) {
    case 'badSignature':
      return '';
    case 'noStatus':
      return translate({id: 'signatureWorkbench.problem.noStatus', message: 'Falta transaccionAprobada.', description: 'Signature verifier: the body has no status'});
    case 'unknownStatus':
      return translate(
        {
          id: 'signatureWorkbench.problem.unknownStatus',
          message: 'transaccionAprobada es «{value}»; solo puede ser 1, 0, -1, 2 o 3.',
          description: 'Signature verifier: the status is none of the five values',
        },
        {value: problem.value},
      );
    case 'approvedWithoutAuthorization':
      return translate(
        {
          id: 'signatureWorkbench.problem.approvedWithoutAuthorization',
          message:
            'transaccionAprobada dice 1 (aprobada), pero codigoAutorizacion es «{code}»: vacío, o el código de una tarjeta rechazada (00000, 00 con Mastercard). La firma no cubre transaccionAprobada y solo un pago aprobado trae un código de autorización real: es una confirmación rechazada, pendiente o abortada a la que le cambiaron el estado.',
          description: 'Signature verifier: status 1 with no real authorization code (a tampered status)',
        },
        {code: problem.code},
      );
    case 'authorizationWithoutApproval':
      return translate(
        {
          id: 'signatureWorkbench.problem.authorizationWithoutApproval',
          message: 'transaccionAprobada dice {status}, pero codigoAutorizacion «{code}» es una autorización real: es una confirmación aprobada a la que le cambiaron el estado.',
          description: 'Signature verifier: a not-approved status with a real authorization code',
        },
        {status: statusName(problem.status), code: problem.code},
      );
    case 'otherInvoice':
      return translate(
        {
          id: 'signatureWorkbench.problem.otherInvoice',
          message: 'codigoFactura es «{received}», no la factura de su pedido («{stored}»).',
          description: 'Signature verifier: the invoice is not the stored order',
        },
        {received: problem.received, stored: problem.stored},
      );
    case 'otherAmount':
      return translate(
        {
          id: 'signatureWorkbench.problem.otherAmount',
          message:
            'valorFactura es «{received}», no el valor de su pedido («{stored}»). La firma une sus partes sin separador: un dígito puede pasar del código de autorización al valor sin cambiar la firma.',
          description: 'Signature verifier: the amount is not the stored order',
        },
        {received: problem.received, stored: problem.stored},
      );
    case 'backwards':
      return '';
  }
}

function VerificationResult({check}: {readonly check: ConfirmationCheck}): ReactNode {
  const {verification} = check;
  // Only a valid signature makes the rest worth checking; then every other problem is listed.
  const problems = verification.valid ? check.problems.map(problemMessage).filter((message) => message !== '') : [];
  const believable = verification.valid && problems.length === 0;
  return (
    <div className={believable ? styles.valid : styles.invalid}>
      <p className={styles.verdict}>
        {!verification.valid
          ? translate(
              {
                id: 'signatureWorkbench.invalid',
                message: 'No válida: {field} no coincide con la firma calculada con estas entradas.',
                description: 'Signature verifier: the signature does not match',
              },
              {field: verification.signatureField},
            )
          : problems.length > 0
            ? translate(
                {
                  id: 'signatureWorkbench.refused',
                  message: 'Rechácela: {field} coincide, pero la confirmación no es creíble. No dé por pagado el pedido.',
                  description: 'Signature verifier: the signature matches but the status or the order does not',
                },
                {field: verification.signatureField},
              )
            : translate(
                {
                  id: 'signatureWorkbench.valid',
                  message: 'Válida: {field} coincide con la firma calculada y transaccionAprobada ({status}) concuerda con codigoAutorizacion.',
                  description: 'Signature verifier: the signature matches and the status agrees with the authorization code',
                },
                {field: verification.signatureField, status: check.status === null ? '' : statusName(check.status)},
              )}
      </p>
      {problems.length > 0 && (
        <ul data-testid="problems">
          {problems.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {believable && (
        <p data-testid="next-step">
          {!check.orderChecked
            ? translate({
                id: 'signatureWorkbench.compareOrder',
                message:
                  'Antes de entregar, compare codigoFactura y valorFactura con el pedido que guardó (escríbalos arriba para compararlos aquí) y aplique el cambio de estado una sola vez, solo hacia adelante.',
                description: 'Signature verifier: the order was not given; what to check before delivering',
              })
            : check.status === 'successful'
              ? translate({
                  id: 'signatureWorkbench.deliver',
                  message: 'Coincide con su pedido: márquelo como aprobado y entréguelo, una sola vez, si aún no lo estaba y no fue reversado.',
                  description: 'Signature verifier: everything matches an approved order',
                })
              : translate(
                  {
                    id: 'signatureWorkbench.doNotDeliver',
                    message: 'Coincide con su pedido, que queda {status}: no lo entregue.',
                    description: 'Signature verifier: everything matches, but the payment is not approved',
                  },
                  {status: check.status === null ? '' : statusName(check.status)},
                )}
        </p>
      )}
      <dl className={styles.rows}>
        {verification.inputs.map((input) => (
          <div key={input.name} className={styles.row}>
            <dt>
              <code>{input.name}</code>
            </dt>
            <dd>
              <code>{input.value}</code>
            </dd>
          </div>
        ))}
        <div className={styles.row}>
          <dt>{translate({id: 'signatureWorkbench.concatenated', message: 'Texto concatenado', description: 'Signature workbench: label of the exact text that is hashed'})}</dt>
          <dd>
            <code>{verification.concatenated}</code>
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{translate({id: 'signatureWorkbench.expected', message: 'Firma calculada (MD5)', description: 'Signature verifier: label of the recomputed signature'})}</dt>
          <dd>
            <code className={styles.digest}>{verification.expected}</code>
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{translate({id: 'signatureWorkbench.received', message: 'Firma recibida', description: 'Signature verifier: label of the received signature'})}</dt>
          <dd>
            <code className={styles.digest}>{verification.received}</code>
          </dd>
        </div>
      </dl>
    </div>
  );
}

/**
 * Checks a pasted return or confirmation body as the page's recipe does
 * (core/confirmation.ts): firma{product} with the key, transaccionAprobada
 * against the signed codigoAutorizacion, and, when the reader gives it, the
 * stored order's invoice and amount. In the browser; nothing is sent anywhere.
 */
export function SignatureVerifier(): ReactNode {
  const id = useId();
  const {productName} = usePortalConfig();
  const [body, setBody] = useState('');
  const {key, setKey, fromCredentials} = useKeyField('');
  const [orderInvoice, setOrderInvoice] = useState('');
  const [orderAmount, setOrderAmount] = useState('');
  const [state, setState] = useState<VerifierState>({status: 'idle'});

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    let parseConfirmation: typeof import('@site/core/confirmation').parseConfirmation;
    let checkConfirmation: typeof import('@site/core/confirmation').checkConfirmation;
    try {
      ({parseConfirmation, checkConfirmation} = await import('@site/core/confirmation'));
    } catch {
      setState({status: 'failed', message: loadFailed()});
      return;
    }
    const parsed = parseConfirmation(body);
    if (!parsed.ok) {
      setState({status: 'failed', message: parseErrorMessage(parsed.error)});
      return;
    }
    // The order is compared only when both of its values are given; one alone would compare half of it.
    const order = orderInvoice.trim() !== '' && orderAmount.trim() !== '' ? {factura: orderInvoice, valor: orderAmount} : undefined;
    if (order === undefined && (orderInvoice.trim() !== '' || orderAmount.trim() !== '')) {
      setState({
        status: 'failed',
        message: translate({
          id: 'signatureWorkbench.error.halfOrder',
          message: 'Escriba la factura y el valor de su pedido, o deje los dos vacíos.',
          description: 'Signature verifier: only one of the two order fields is filled',
        }),
      });
      return;
    }
    const result = checkConfirmation(parsed.fields, key, productName, order);
    setState(result.ok ? {status: 'done', check: result.check} : {status: 'failed', message: verifyErrorMessage(result.error)});
  };

  return (
    <form
      className={styles.workbench}
      onSubmit={(event) => void onSubmit(event)}
      aria-label={translate({id: 'signatureWorkbench.verifier', message: 'Verificar una confirmación', description: 'Signature workbench: name of the verifier form'})}
    >
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-body`}>
          {translate({id: 'signatureWorkbench.body', message: 'Confirmación recibida (cuerpo del POST)', description: 'Signature verifier: label of the pasted confirmation'})}
        </label>
        <textarea
          id={`${id}-body`}
          className={styles.input}
          rows={6}
          spellCheck={false}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-describedby={`${id}-body-hint`}
        />
        <p id={`${id}-body-hint`} className={styles.hint}>
          {translate(
            {
              id: 'signatureWorkbench.bodyHint',
              message: 'Urlencoded (codigoFactura=…&valorFactura=…&firma{productName}=…) o JSON.',
              description: 'Signature verifier: hint under the pasted confirmation',
            },
            {productName},
          )}
        </p>
      </div>
      <Field
        id={`${id}-key`}
        label={translate({id: 'signatureWorkbench.key', message: 'Llave de la terminal', description: 'Signature workbench: label of the encryption key'})}
        value={key}
        onChange={setKey}
        hint={fromCredentials ? keyFromCredentials() : undefined}
      />
      <div className={styles.fields}>
        <Field
          id={`${id}-order-invoice`}
          label={translate({
            id: 'signatureWorkbench.orderInvoice',
            message: 'Factura de su pedido (opcional)',
            description: 'Signature verifier: label of the stored order invoice',
          })}
          value={orderInvoice}
          onChange={setOrderInvoice}
        />
        <Field
          id={`${id}-order-amount`}
          label={translate({id: 'signatureWorkbench.orderAmount', message: 'Valor de su pedido (opcional)', description: 'Signature verifier: label of the stored order amount'})}
          value={orderAmount}
          onChange={setOrderAmount}
          hint={translate({
            id: 'signatureWorkbench.orderHint',
            message: 'Lo que usted guardó al crear el pedido y envió en factura y valor.',
            description: 'Signature verifier: hint under the stored order amount',
          })}
        />
      </div>
      <div>
        <button type="submit" className="button button--primary">
          {translate({id: 'signatureWorkbench.verify', message: 'Verificar', description: 'Signature verifier: button that checks the signature'})}
        </button>
      </div>
      <div aria-live="polite" data-testid="verification">
        {state.status === 'failed' && (
          <p role="alert" className={styles.error}>
            {state.message}
          </p>
        )}
        {state.status === 'done' && <VerificationResult check={state.check} />}
      </div>
    </form>
  );
}
