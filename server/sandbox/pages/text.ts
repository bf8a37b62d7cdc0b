/**
 * Every sentence the sandbox's server-rendered pages show, in Spanish and
 * English, in one place. The rules themselves are explained on the rules page
 * (src/pages/sandbox/index.mdx); these are the pages' labels and messages.
 */
import {escapeHtml, SANDBOX_PATHS, type Lang} from './layout';

export type DeliveryStatusText = Record<'entregada' | 'respuesta-error' | 'rechazada' | 'fallida', string>;

export interface SandboxText {
  readonly notice: string;
  readonly rulesLink: string;
  readonly inboxLink: string;
  readonly variable: string;
  readonly value: string;
  // Purchase page
  readonly purchaseTitle: string;
  readonly purchaseIntro: string;
  readonly unsignedSample: string;
  readonly signedChecked: (checked: string) => string;
  readonly signedNothing: string;
  readonly summary: string;
  readonly invoice: string;
  readonly amount: string;
  readonly description: string;
  readonly buyerMissing: string;
  readonly requested: string;
  readonly optionalHint: string;
  readonly methodLegend: string;
  readonly methodGroups: Record<'referenced' | 'barcode' | 'pse' | 'card' | 'wallet', string>;
  readonly outcomeLegend: string;
  readonly outcomes: Record<'aprobada' | 'pendiente' | 'rechazada' | 'abortada', string>;
  readonly urlsLegend: string;
  readonly confirmationUrl: string;
  readonly confirmationHint: string;
  readonly returnUrl: string;
  readonly returnHint: string;
  readonly pay: string;
  readonly postedVariables: string;
  // Refusals
  readonly refusedTitle: string;
  readonly refusedIntro: string;
  readonly received: string;
  readonly expected: string;
  readonly tryAgain: string;
  // Completion
  readonly doneTitle: string;
  readonly doneIntro: (outcome: string) => string;
  readonly confirmationSent: string;
  readonly destination: string;
  readonly result: string;
  readonly returnVariables: string;
  readonly backToMerchant: string;
  readonly backHint: string;
  // Return page
  readonly returnTitle: string;
  readonly returnIntro: string;
  readonly firmaValid: (name: string) => string;
  readonly firmaInvalid: (name: string) => string;
  readonly firmaMissing: (name: string) => string;
  readonly firmaUnknownTerminal: (name: string) => string;
  // Inbox
  readonly inboxTitle: string;
  readonly inboxIntro: (terminal: string, receiver: string) => string;
  readonly inboxEmpty: string;
  readonly inboxTerminal: string;
  readonly inboxShow: string;
  readonly entryHeading: (n: number, at: string) => string;
  readonly source: string;
  readonly sources: Record<string, string>;
  readonly status: DeliveryStatusText;
  readonly answer: string;
  readonly answerCut: string;
  readonly reasons: Record<string, (params: Readonly<Record<string, string>>) => string>;
  readonly methodNotAllowed: (allow: string) => string;
}

const p = (params: Readonly<Record<string, string>>, name: string): string => params[name] ?? '';

export const TEXT: Record<Lang, SandboxText> = {
  es: {
    notice: 'Entorno de pruebas local del portal: simula la pasarela según la documentación; no es la pasarela ni mueve dinero.',
    rulesLink: 'Reglas del entorno de pruebas',
    inboxLink: 'Bandeja de notificaciones',
    variable: 'Variable',
    value: 'Valor',
    purchaseTitle: 'Página de compra (entorno de pruebas)',
    purchaseIntro: 'El formulario llegó y pasó las comprobaciones. Elija un medio de pago de prueba y el resultado que quiere simular.',
    unsignedSample: 'Muestra sin firmar: llegó sin usuario, así que se tomó como una muestra del portal del comercio de demostración y no se exigieron los valores de seguridad vacíos. Los que llegaron con valor sí se comprobaron.',
    signedChecked: (checked) => `Comprobado con la llave de la terminal: ${checked}.`,
    signedNothing: 'El formulario no trae checksum, tokenSeguridad ni md5ValidacionValor: no hubo valores de seguridad que comprobar.',
    summary: 'Resumen de la compra',
    invoice: 'Factura',
    amount: 'Valor',
    description: 'Descripción',
    buyerMissing: 'Datos del comprador que faltan',
    requested: 'La pasarela pide aquí los datos del comprador que el formulario no trajo.',
    optionalHint: '(opcional en el pago general)',
    methodLegend: 'Medio de pago de prueba',
    methodGroups: {referenced: 'Pago referenciado', barcode: 'Código de barras', pse: 'PSE', card: 'Tarjeta de crédito', wallet: 'Billetera móvil'},
    outcomeLegend: 'Resultado que se simula',
    outcomes: {aprobada: 'Aprobada (transaccionAprobada 1)', pendiente: 'Pendiente (0)', rechazada: 'Rechazada (-1)', abortada: 'Abortada (2)'},
    urlsLegend: 'URL del comercio',
    confirmationUrl: 'URL de confirmación',
    confirmationHint: 'Recibe el POST de servidor a servidor. Por defecto, el receptor del entorno de pruebas, que lo muestra en la bandeja.',
    returnUrl: 'URL de respuesta',
    returnHint: 'A ella vuelve el comprador, con las variables de respuesta.',
    pay: 'Pagar',
    postedVariables: 'Variables recibidas',
    refusedTitle: 'Transacción rechazada',
    refusedIntro: 'La página de compra no procesa este formulario:',
    received: 'Recibido',
    expected: 'Esperado',
    tryAgain: 'Corrija el formulario y envíelo de nuevo.',
    doneTitle: 'Pago simulado',
    doneIntro: (outcome) => `Resultado: ${outcome}.`,
    confirmationSent: 'Confirmación',
    destination: 'Destino',
    result: 'Resultado',
    returnVariables: 'Variables de respuesta',
    backToMerchant: 'Volver al comercio',
    backHint: 'El botón envía por POST las variables de respuesta a la URL de respuesta.',
    returnTitle: 'URL de respuesta del entorno de pruebas',
    returnIntro: 'Estas son las variables que la página de compra envió a la URL de respuesta.',
    firmaValid: (name) => `${name} es válida: coincide con la firma calculada con la llave de la terminal.`,
    firmaInvalid: (name) => `${name} no coincide con la firma calculada con la llave de la terminal.`,
    firmaMissing: (name) => `No llegó ${name}.`,
    firmaUnknownTerminal: (name) => `${name} no se pudo comprobar: el entorno de pruebas no conoce la llave de esta terminal.`,
    inboxTitle: 'Bandeja de notificaciones',
    inboxIntro: (terminal, receiver) =>
      `Confirmaciones de la terminal ${terminal}, de la más reciente a la más antigua: las que recibió el receptor del entorno de pruebas (${receiver}) y cada intento de envío a otras URL, con su resultado.`,
    inboxEmpty: 'Todavía no hay confirmaciones para esta terminal.',
    inboxTerminal: 'Terminal',
    inboxShow: 'Ver',
    entryHeading: (n, at) => `Confirmación ${n} · ${at}`,
    source: 'Origen',
    sources: {'pagina-de-compra': 'Página de compra', receptor: 'POST recibido por el receptor'},
    status: {entregada: 'Entregada', 'respuesta-error': 'Entregada, con respuesta de error', rechazada: 'No enviada', fallida: 'Falló'},
    answer: 'Respuesta',
    answerCut: '(recortada)',
    reasons: {
      RECEPTOR: () => 'Guardada por el receptor del entorno de pruebas.',
      RECIBIDA: (x) => `POST recibido desde ${p(x, 'from')}.`,
      OK: () => 'La URL respondió con éxito.',
      HTTP_ERROR: () => 'La URL respondió con un código de error.',
      REDIRECCION_NO_SEGUIDA: (x) => `La URL respondió con una redirección a ${p(x, 'location') || '(sin Location)'}; las redirecciones no se siguen.`,
      TIEMPO_AGOTADO: (x) => `Sin respuesta completa en ${p(x, 'ms')} ms.`,
      CONEXION: (x) => `No se pudo conectar: ${p(x, 'error')}.`,
      URL_LARGA: (x) => `La URL tiene más de ${p(x, 'max')} caracteres.`,
      URL_INVALIDA: () => 'No es una URL absoluta.',
      ESQUEMA: (x) => `Solo se admiten http y https; llegó ${p(x, 'scheme')}.`,
      CREDENCIALES: () => 'No se admite usuario ni contraseña en la URL.',
      DNS: (x) => `No se pudo resolver ${p(x, 'host')}.`,
      DIRECCION_PROHIBIDA: (x) => `${p(x, 'host')} es una dirección de enlace local, sin especificar, multicast o reservada: nunca se admite.`,
      LOOPBACK_NO_LOCAL: (x) => `${p(x, 'host')} es de bucle local (loopback), que solo se admite cuando el servidor corre en local.`,
      DIRECCION_PRIVADA: (x) => `${p(x, 'host')} es una dirección privada; solo se admite si está en SANDBOX_NOTIFY_ALLOW.`,
      HOST_NO_PERMITIDO: (x) => `${p(x, 'host')} no está en SANDBOX_NOTIFY_ALLOW.`,
      CUERPO_GRANDE: (x) => `El cuerpo superaría ${p(x, 'max')} bytes.`,
      LIMITE: (x) => `Más de ${p(x, 'max')} envíos por minuto para esta terminal.`,
    },
    methodNotAllowed: (allow) => `Esta dirección solo admite ${allow}.`,
  },
  en: {
    notice: "The portal's local sandbox: it simulates the gateway as the documentation describes it; it is not the gateway and moves no money.",
    rulesLink: 'Sandbox rules',
    inboxLink: 'Notifications inbox',
    variable: 'Variable',
    value: 'Value',
    purchaseTitle: 'Purchase page (sandbox)',
    purchaseIntro: 'The form arrived and passed the checks. Pick a test payment method and the outcome to simulate.',
    unsignedSample:
      "Unsigned sample: it arrived without usuario, so it was taken as one of the portal's samples for the demo merchant and its empty security values were not required. Those that arrived with a value were checked.",
    signedChecked: (checked) => `Checked with the terminal key: ${checked}.`,
    signedNothing: 'The form carries no checksum, tokenSeguridad or md5ValidacionValor: there were no security values to check.',
    summary: 'Purchase summary',
    invoice: 'Invoice',
    amount: 'Amount',
    description: 'Description',
    buyerMissing: 'Missing buyer details',
    requested: 'The gateway asks here for the buyer details the form did not carry.',
    optionalHint: '(optional in the general payment)',
    methodLegend: 'Test payment method',
    methodGroups: {referenced: 'Referenced payment', barcode: 'Barcode', pse: 'PSE', card: 'Credit card', wallet: 'Mobile wallet'},
    outcomeLegend: 'Outcome to simulate',
    outcomes: {aprobada: 'Approved (transaccionAprobada 1)', pendiente: 'Pending (0)', rechazada: 'Rejected (-1)', abortada: 'Aborted (2)'},
    urlsLegend: "Merchant's URLs",
    confirmationUrl: 'Confirmation URL',
    confirmationHint: "Receives the server-to-server POST. By default the sandbox's receiver, which shows it in the inbox.",
    returnUrl: 'Response URL',
    returnHint: 'Where the buyer goes back to, with the response variables.',
    pay: 'Pay',
    postedVariables: 'Variables received',
    refusedTitle: 'Transaction refused',
    refusedIntro: 'The purchase page does not process this form:',
    received: 'Received',
    expected: 'Expected',
    tryAgain: 'Correct the form and send it again.',
    doneTitle: 'Payment simulated',
    doneIntro: (outcome) => `Outcome: ${outcome}.`,
    confirmationSent: 'Confirmation',
    destination: 'Destination',
    result: 'Result',
    returnVariables: 'Response variables',
    backToMerchant: 'Back to the merchant',
    backHint: 'The button POSTs the response variables to the response URL.',
    returnTitle: "The sandbox's response URL",
    returnIntro: 'These are the variables the purchase page sent to the response URL.',
    firmaValid: (name) => `${name} is valid: it matches the signature computed with the terminal key.`,
    firmaInvalid: (name) => `${name} does not match the signature computed with the terminal key.`,
    firmaMissing: (name) => `${name} did not arrive.`,
    firmaUnknownTerminal: (name) => `${name} could not be checked: the sandbox does not know this terminal's key.`,
    inboxTitle: 'Notifications inbox',
    inboxIntro: (terminal, receiver) =>
      `Confirmations of terminal ${terminal}, newest first: those the sandbox's receiver (${receiver}) got, and every attempt to send to another URL, with its result.`,
    inboxEmpty: 'No confirmations for this terminal yet.',
    inboxTerminal: 'Terminal',
    inboxShow: 'Show',
    entryHeading: (n, at) => `Confirmation ${n} · ${at}`,
    source: 'Source',
    sources: {'pagina-de-compra': 'Purchase page', receptor: 'POST received by the receiver'},
    status: {entregada: 'Delivered', 'respuesta-error': 'Delivered, answered with an error', rechazada: 'Not sent', fallida: 'Failed'},
    answer: 'Answer',
    answerCut: '(cut)',
    reasons: {
      RECEPTOR: () => "Stored by the sandbox's receiver.",
      RECIBIDA: (x) => `POST received from ${p(x, 'from')}.`,
      OK: () => 'The URL answered with success.',
      HTTP_ERROR: () => 'The URL answered with an error code.',
      REDIRECCION_NO_SEGUIDA: (x) => `The URL answered with a redirect to ${p(x, 'location') || '(no Location)'}; redirects are not followed.`,
      TIEMPO_AGOTADO: (x) => `No complete answer within ${p(x, 'ms')} ms.`,
      CONEXION: (x) => `Could not connect: ${p(x, 'error')}.`,
      URL_LARGA: (x) => `The URL is longer than ${p(x, 'max')} characters.`,
      URL_INVALIDA: () => 'Not an absolute URL.',
      ESQUEMA: (x) => `Only http and https are accepted; got ${p(x, 'scheme')}.`,
      CREDENCIALES: () => 'A user or password in the URL is not accepted.',
      DNS: (x) => `${p(x, 'host')} could not be resolved.`,
      DIRECCION_PROHIBIDA: (x) => `${p(x, 'host')} is a link-local, unspecified, multicast or reserved address: never accepted.`,
      LOOPBACK_NO_LOCAL: (x) => `${p(x, 'host')} is a loopback address, accepted only while the server runs locally.`,
      DIRECCION_PRIVADA: (x) => `${p(x, 'host')} is a private address; accepted only when listed in SANDBOX_NOTIFY_ALLOW.`,
      HOST_NO_PERMITIDO: (x) => `${p(x, 'host')} is not in SANDBOX_NOTIFY_ALLOW.`,
      CUERPO_GRANDE: (x) => `The body would be larger than ${p(x, 'max')} bytes.`,
      LIMITE: (x) => `More than ${p(x, 'max')} deliveries a minute for this terminal.`,
    },
    methodNotAllowed: (allow) => `This address only accepts ${allow}.`,
  },
};

/** The links every sandbox page ends with: the rules page and the inbox. */
export function linksLine(lang: Lang): string {
  const t = TEXT[lang];
  const rules = lang === 'en' ? SANDBOX_PATHS.rulesEn : SANDBOX_PATHS.rules;
  return `<a href="${rules}">${escapeHtml(t.rulesLink)}</a> · <a href="${SANDBOX_PATHS.inbox}${lang === 'en' ? '?lang=en' : ''}">${escapeHtml(t.inboxLink)}</a>`;
}
