/**
 * Every sentence the sandbox's server-rendered pages show, in Spanish and
 * English, in one place. The rules themselves are explained on the rules page
 * (src/pages/sandbox/index.mdx); these are the pages' labels and messages.
 */
import {SANDBOX_PAGES, SANDBOX_RULES} from '../../../core/data/sandbox';
import {escapeHtml, SANDBOX_PATHS, type Lang} from './layout';

export type DeliveryStatusText = Record<'en-cola' | 'entregada' | 'respuesta-error' | 'rechazada' | 'fallida', string>;

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
  /** The firma verifies but transaccionAprobada contradicts the signed authorization code. */
  readonly returnStatusEdited: (status: string, code: string) => string;
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
  /** The purchase page's and the forms' refusals: HTML, every value escaped here. */
  readonly refusals: PageRefusalText;
  /** The JSON API's error messages (issue 42), by code. */
  readonly api: Record<ApiErrorCode, string>;
  /** The title of the page a browser gets while the sandbox is unavailable (its message is api.NO_DISPONIBLE). */
  readonly unavailableTitle: string;
  /** The title of the page a browser gets for an address of the sandbox that nothing answers. */
  readonly unknownPathTitle: string;
  /** The title of the page a browser gets for a request the sandbox refuses outside any page of its own. */
  readonly requestRefusedTitle: string;
  /** The request log's link in refusal pages. */
  readonly requestLogLink: string;
  /** The page the server answers for the inbox or the request log when the site is not built. */
  readonly openPortalPage: {readonly title: (page: string) => string; readonly body: string; readonly link: string};
  readonly browserPages: {readonly inbox: string; readonly requestLog: string};
  /** The simulated bank, pay point and payment link pages (../bank.ts). */
  readonly simulator: Record<
    | 'bankTitle'
    | 'payPointTitle'
    | 'linkTitle'
    | 'intro'
    | 'reference'
    | 'amount'
    | 'bank'
    | 'choose'
    | 'approve'
    | 'reject'
    | 'send'
    | 'notFound'
    | 'done'
    | 'decided'
    | 'approved'
    | 'rejected'
    | 'reversed'
    | 'back'
    | 'description'
    | 'range'
    | 'linkNote'
    | 'returnNote'
    | 'returnLink',
    string
  >;
}

/** The codes of the JSON API's error answers `{codigo, mensaje, registro}`. */
export type ApiErrorCode =
  | 'CREDENCIALES_INVALIDAS'
  | 'NO_ENCONTRADO'
  | 'LIMITE_CREDENCIALES'
  | 'LIMITE_FLUJOS'
  | 'LIMITE_SOLICITUDES'
  | 'LIMITE_INTENTOS'
  | 'CERTIFICACION_EN_CURSO'
  | 'LIMITE_CERTIFICACIONES'
  | 'DESTINO_NO_PERMITIDO'
  | 'CERTIFICACION_TERMINADA'
  | 'CERTIFICACION_PROPIA'
  | 'NO_PENDIENTE'
  | 'DEMO_FIJO'
  | 'SOLICITUD_INVALIDA'
  | 'JSON_INVALIDO'
  | 'TIPO_NO_ADMITIDO'
  | 'CUERPO_GRANDE'
  | 'ERROR_INTERNO'
  | 'NO_DISPONIBLE'
  | 'RUTA_DESCONOCIDA'
  | 'URL_INVALIDA';

export interface PageRefusalText {
  readonly missingMandatory: (name: string) => string;
  readonly invalid: (name: string, value: string, rule: string) => string;
  readonly rules: {
    readonly integer: string;
    readonly oneOf: (values: readonly string[]) => string;
    readonly demoMethod: string;
    readonly period: string;
  };
  readonly unknownUser: (usuario: string, demo: string) => string;
  readonly arrivedEmpty: (name: string) => string;
  /** `expected` is null where it may not be shown: it is computed with a private key (then the sentence says where its owner finds it). */
  readonly checksum: (factura: string, valor: string, expected: string | null, received: string) => string;
  readonly securityToken: (from: string, to: string, current: string, tolerance: number, expected: string | null, received: string) => string;
  readonly amountValidation: (valor: string, expected: string | null, received: string) => string;
  /** A form that names a test merchant carries no security value. */
  readonly securityRequired: string;
  readonly purchaseGone: string;
  readonly purchasePaid: string;
  readonly notTestMethod: string;
  readonly outcomeOneOf: (values: readonly string[]) => string;
  readonly returnUrl: string;
  readonly buyerMissing: (name: string) => string;
  readonly documentType: (values: readonly string[]) => string;
  readonly repeated: (name: string) => string;
  readonly required: (name: string) => string;
  readonly tooLong: (name: string, limit: string) => string;
  readonly tooManyFields: (limit: string) => string;
  readonly notAccepted: (name: string) => string;
  readonly formMissing: string;
  readonly notText: (name: string) => string;
  readonly notValid: (name: string) => string;
  readonly formTooLarge: (limit: number) => string;
  readonly formType: string;
  readonly tooMany: string;
  readonly unexpected: string;
}

const c = (text: string) => `<code>${escapeHtml(text)}</code>`;

/**
 * The expected value of a security check, or where its owner finds it: a value computed with a
 * test merchant's key is shown only in its request log (read with its credentials), never to
 * whoever posted the form.
 */
const expectedEs = (expected: string | null, at?: string) =>
  expected === null
    ? 'El valor esperado se calcula con la llave de su terminal: véalo en su registro de solicitudes, abierto con sus credenciales.'
    : `Esperado${at === undefined ? '' : ` (${c(at)})`}: ${c(expected)}.`;
const expectedEn = (expected: string | null, at?: string) =>
  expected === null
    ? "The expected value is computed with your terminal's key: see it in your request log, opened with your credentials."
    : `Expected${at === undefined ? '' : ` (${c(at)})`}: ${c(expected)}.`;

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
    unsignedSample:
      'Muestra sin firmar: llegó sin usuario, así que se tomó como una muestra del portal del comercio de demostración y no se exigieron los valores de seguridad vacíos. Los que llegaron con valor sí se comprobaron.',
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
    returnStatusEdited: (status, code) =>
      `Pero transaccionAprobada (${status}) no concuerda con el codigoAutorizacion firmado (${code || 'vacío'}): la firma no cubre el estado y alguien lo cambió. No dé este pedido por pagado (vea «Antes de entregar un pedido» en /vpost/integracion).`,
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
    status: {'en-cola': 'En cola', entregada: 'Entregada', 'respuesta-error': 'Entregada, con respuesta de error', rechazada: 'No enviada', fallida: 'Falló'},
    answer: 'Respuesta',
    answerCut: '(recortada)',
    reasons: {
      EN_COLA: () => 'El pago quedó registrado y su confirmación está por enviarse; si sigue así, reenvíela.',
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
    refusals: {
      missingMandatory: (name) => `Falta la variable obligatoria ${c(name)}.`,
      invalid: (name, value, rule) => `${c(name)} no es válida: ${escapeHtml(rule)}. Recibido: ${c(value)}.`,
      rules: {
        integer: 'un entero sin puntos ni comas',
        oneOf: (values) => `uno de ${values.join(', ')}`,
        demoMethod: 'un medio de pago de prueba del ambiente demo',
        period: 'de 0 a 364',
      },
      unknownUser: (usuario, demo) =>
        `${c('usuario')} desconocido: el entorno de pruebas conoce el comercio de demostración (${c(demo)}) y los comercios de prueba que emitió (cree los suyos en la página del entorno de pruebas; si reinició el servidor o rotó las credenciales, créelas de nuevo). Recibido: ${c(usuario)}.`,
      arrivedEmpty: (name) => `${c(name)} llegó vacía.`,
      checksum: (factura, valor, expected, received) =>
        `${c('checksum')} no coincide: debe ser SHA-512(factura + valor + llave) = SHA-512(${c(factura)} + ${c(valor)} + llave de la terminal). ${expectedEs(expected)} Recibido: ${c(received)}. Con un checksum que no coincide la transacción no se procesa.`,
      securityToken: (from, to, current, tolerance, expected, received) =>
        `${c('tokenSeguridad')} no coincide: debe ser MD5(llave + HH:mm en UTC-05:00) de un minuto entre ${c(from)} y ${c(to)} (ahora son las ${c(current)}; se aceptan ${tolerance} minutos a cada lado). ${expectedEs(expected, current)} Recibido: ${c(received)}.`,
      amountValidation: (valor, expected, received) =>
        `${c('md5ValidacionValor')} no coincide: debe ser MD5(llave + valor) con valor ${c(valor)}. ${expectedEs(expected)} Recibido: ${c(received)}.`,
      securityRequired: `Un formulario con el ${c('usuario')} de un comercio de prueba debe traer al menos un valor de seguridad hecho con su llave: ${c('checksum')}, ${c('tokenSeguridad')} o ${c('md5ValidacionValor')}. En el entorno de pruebas nadie paga de verdad: sin ese valor cualquiera podría simular pagos, con confirmaciones firmadas, a nombre de otro integrador. Sin ${c('usuario')}, el formulario se toma como muestra del comercio de demostración.`,
      purchaseGone: 'Esta compra no existe o ya expiró en el entorno de pruebas. Envíe el formulario de nuevo.',
      purchasePaid: 'Esta compra ya se pagó; envíe el formulario de nuevo para otra prueba.',
      notTestMethod: `${c('metodoPago')} no es un medio de pago de prueba.`,
      outcomeOneOf: (values) => `${c('resultado')} debe ser ${escapeHtml(values.join(', '))}.`,
      returnUrl: 'La URL de respuesta debe ser una URL http o https absoluta.',
      buyerMissing: (name) => `Falta ${c(name)} del comprador.`,
      documentType: (values) => `${c('tipoDocumento')} debe ser uno de ${escapeHtml(values.join(', '))}.`,
      repeated: (name) => `La variable ${c(name)} llegó más de una vez.`,
      required: (name) => `Falta la variable ${c(name)}.`,
      tooLong: (name, limit) => `${c(name)} supera ${escapeHtml(limit)} caracteres.`,
      tooManyFields: (limit) => `El formulario trae más de ${escapeHtml(limit)} variables.`,
      notAccepted: (name) => `No se admite ${c(name)} aquí.`,
      formMissing: 'Falta el formulario: envíelo como application/x-www-form-urlencoded.',
      notText: (name) => `${c(name)} no es texto.`,
      notValid: (name) => (name === '' ? 'El formulario no es válido: revise sus variables y envíelo de nuevo.' : `${c(name)} no es válido.`),
      formTooLarge: (limit) => `El formulario supera ${limit} bytes.`,
      formType: 'Envíe el formulario por POST como application/x-www-form-urlencoded (un formulario HTML normal).',
      tooMany: 'Demasiadas solicitudes; espere un minuto.',
      unexpected: 'Error inesperado del entorno de pruebas.',
    },
    api: {
      CREDENCIALES_INVALIDAS:
        'Credenciales no válidas: envíe el usuario y la clave de sus credenciales de prueba con HTTP Basic. Si el servidor se reinició o las rotó, cree o use las nuevas.',
      NO_ENCONTRADO: 'No existe entre los registros de su comercio.',
      LIMITE_CREDENCIALES: `Ya se crearon ${SANDBOX_RULES.merchants.perHourPerAddress} comercios de prueba en la última hora desde su dirección; espere y vuelva a intentar.`,
      LIMITE_FLUJOS: `Su comercio ya tiene ${SANDBOX_RULES.events.streamsPerMerchant} flujos de eventos abiertos; cierre uno.`,
      LIMITE_SOLICITUDES: 'Demasiadas solicitudes; espere un minuto.',
      LIMITE_INTENTOS: `Demasiadas claves equivocadas para este usuario o desde su dirección (más de ${SANDBOX_RULES.signIn.perMerchant} por usuario o ${SANDBOX_RULES.signIn.perAddress} por dirección en ${SANDBOX_RULES.signIn.windowMinutes} minutos): espere lo que dice Retry-After y use la clave correcta.`,
      CERTIFICACION_EN_CURSO: 'Su comercio ya tiene una certificación en curso: espere a que termine (su informe dice cuándo) y pida otra.',
      LIMITE_CERTIFICACIONES: `Su comercio ya pidió ${SANDBOX_RULES.certification.runsPerHour} certificaciones en la última hora: espere lo que dice Retry-After.`,
      DESTINO_NO_PERMITIDO: 'El entorno de pruebas no puede enviar a esa dirección; use via "escuchar" con escuchar.mjs en su equipo',
      CERTIFICACION_TERMINADA: 'Esa certificación ya terminó: no recibe más entregas.',
      CERTIFICACION_PROPIA: 'Se certifica una integración con sus credenciales de prueba, no con las del comercio de demostración, que son públicas: cree las suyas.',
      NO_PENDIENTE: 'La transacción no está pendiente: solo se liquida una pendiente (PSE, referenciado o código de barras, billeteras).',
      DEMO_FIJO: 'Las credenciales del comercio de demostración son públicas y fijas: no se rotan. Cree las suyas.',
      SOLICITUD_INVALIDA: 'La solicitud no es válida',
      JSON_INVALIDO: 'El cuerpo no es JSON válido: revise comillas, comas y llaves, y envíelo en UTF-8.',
      TIPO_NO_ADMITIDO: 'Envíe el cuerpo como application/json.',
      CUERPO_GRANDE: 'El cuerpo es demasiado grande.',
      ERROR_INTERNO: 'Error inesperado del entorno de pruebas.',
      NO_DISPONIBLE:
        'El entorno de pruebas no está disponible en este momento: no alcanza el almacenamiento donde guarda sus registros. Vuelva a intentar en unos segundos (Retry-After); el resto del portal sigue funcionando.',
      RUTA_DESCONOCIDA: `No hay nada en esta dirección del entorno de pruebas. La dirección de cada operación es la de su página de referencia (servidor + ruta); las del entorno de pruebas están en ${SANDBOX_PATHS.rules}.`,
      URL_INVALIDA: 'La dirección no es una URL válida: tiene un % que no codifica ningún carácter. Codifique cada parte de la ruta (encodeURIComponent).',
    },
    unavailableTitle: 'Entorno de pruebas no disponible',
    unknownPathTitle: 'Dirección desconocida del entorno de pruebas',
    requestRefusedTitle: 'Solicitud rechazada por el entorno de pruebas',
    requestLogLink: 'Registro de solicitudes',
    openPortalPage: {
      title: (page) => page,
      body: 'Esta página del portal lee sus credenciales de prueba en el navegador. Ábrala en el portal:',
      link: 'Abrir la página del portal',
    },
    browserPages: {inbox: 'Bandeja de notificaciones', requestLog: 'Registro de solicitudes'},
    simulator: {
      bankTitle: 'Banco simulado de PSE',
      payPointTitle: 'Punto de pago simulado',
      linkTitle: 'Enlace de pago del sandbox',
      intro: 'Esta página es del sandbox del portal: simula la respuesta del banco. Ningún dinero se mueve.',
      reference: 'Referencia',
      amount: 'Valor',
      bank: 'Banco',
      choose: 'Resultado del pago',
      approve: 'Aprobar el pago',
      reject: 'Rechazar el pago',
      send: 'Enviar',
      notFound: 'No hay un pago pendiente con esta dirección (venció o no existe).',
      done: 'El pago ya no está pendiente: quedó',
      decided: 'Listo: el pago quedó',
      approved: 'aprobado',
      rejected: 'rechazado',
      reversed: 'reversado',
      back: 'Volver al comercio',
      description: 'Descripción',
      range: 'Valor entre',
      linkNote: 'El sandbox guarda el botón o el cobro por correo; el comprador pagaría aquí.',
      returnNote:
        'La pasarela enviaría ahora al comprador a la URL de respuesta del comercio (campo4 del pago PSE). El entorno de pruebas no lleva a nadie fuera del portal por su cuenta: esta es la dirección, siga el enlace si es la suya.',
      returnLink: 'URL de respuesta del comercio',
    },
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
    returnStatusEdited: (status, code) =>
      `But transaccionAprobada (${status}) does not match the signed codigoAutorizacion (${code || 'empty'}): the signature does not cover the status, and someone changed it. Do not take this order as paid (see "Before you deliver an order" at /en/vpost/integracion).`,
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
    status: {'en-cola': 'Queued', entregada: 'Delivered', 'respuesta-error': 'Delivered, answered with an error', rechazada: 'Not sent', fallida: 'Failed'},
    answer: 'Answer',
    answerCut: '(cut)',
    reasons: {
      EN_COLA: () => 'The payment is recorded and its confirmation is about to be sent; if it stays like this, resend it.',
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
    refusals: {
      missingMandatory: (name) => `The mandatory variable ${c(name)} is missing.`,
      invalid: (name, value, rule) => `${c(name)} is not valid: ${escapeHtml(rule)}. Received: ${c(value)}.`,
      rules: {
        integer: 'an integer without dots or commas',
        oneOf: (values) => `one of ${values.join(', ')}`,
        demoMethod: 'a test payment method of the demo environment',
        period: 'from 0 to 364',
      },
      unknownUser: (usuario, demo) =>
        `Unknown ${c('usuario')}: the sandbox knows the demo merchant (${c(demo)}) and the test merchants it issued (create yours on the sandbox page; if the server restarted or you rotated them, create them again). Received: ${c(usuario)}.`,
      arrivedEmpty: (name) => `${c(name)} arrived empty.`,
      checksum: (factura, valor, expected, received) =>
        `${c('checksum')} does not match: it must be SHA-512(factura + valor + key) = SHA-512(${c(factura)} + ${c(valor)} + terminal key). ${expectedEn(expected)} Received: ${c(received)}. With a checksum mismatch the transaction is not processed.`,
      securityToken: (from, to, current, tolerance, expected, received) =>
        `${c('tokenSeguridad')} does not match: it must be MD5(key + HH:mm in UTC-05:00) of a minute from ${c(from)} to ${c(to)} (it is ${c(current)} now; ${tolerance} minutes either side are accepted). ${expectedEn(expected, current)} Received: ${c(received)}.`,
      amountValidation: (valor, expected, received) =>
        `${c('md5ValidacionValor')} does not match: it must be MD5(key + valor) with valor ${c(valor)}. ${expectedEn(expected)} Received: ${c(received)}.`,
      securityRequired: `A form with a test merchant's ${c('usuario')} must carry at least one security value made with its key: ${c('checksum')}, ${c('tokenSeguridad')} or ${c('md5ValidacionValor')}. Nobody really pays in the sandbox: without one, anyone could simulate payments, with signed confirmations, in another integrator's name. Without ${c('usuario')}, the form is taken as a sample of the demo merchant.`,
      purchaseGone: 'This purchase does not exist or has expired in the sandbox. Send the form again.',
      purchasePaid: 'This purchase has already been paid; send the form again for another test.',
      notTestMethod: `${c('metodoPago')} is not a test payment method.`,
      outcomeOneOf: (values) => `${c('resultado')} must be ${escapeHtml(values.join(', '))}.`,
      returnUrl: 'The response URL must be an absolute http or https URL.',
      buyerMissing: (name) => `The buyer's ${c(name)} is missing.`,
      documentType: (values) => `${c('tipoDocumento')} must be one of ${escapeHtml(values.join(', '))}.`,
      repeated: (name) => `The variable ${c(name)} arrived more than once.`,
      required: (name) => `The variable ${c(name)} is missing.`,
      tooLong: (name, limit) => `${c(name)} is longer than ${escapeHtml(limit)} characters.`,
      tooManyFields: (limit) => `The form carries more than ${escapeHtml(limit)} variables.`,
      notAccepted: (name) => `${c(name)} is not accepted here.`,
      formMissing: 'The form is missing: send it as application/x-www-form-urlencoded.',
      notText: (name) => `${c(name)} is not text.`,
      notValid: (name) => (name === '' ? 'The form is not valid: check its variables and send it again.' : `${c(name)} is not valid.`),
      formTooLarge: (limit) => `The form is larger than ${limit} bytes.`,
      formType: 'Send the form by POST as application/x-www-form-urlencoded (a plain HTML form).',
      tooMany: 'Too many requests; wait a minute.',
      unexpected: 'Unexpected sandbox error.',
    },
    api: {
      CREDENCIALES_INVALIDAS:
        'Invalid credentials: send the usuario and clave of your test credentials with HTTP Basic. If the server restarted or you rotated them, create or use the new ones.',
      NO_ENCONTRADO: "It does not exist among your merchant's records.",
      LIMITE_CREDENCIALES: `${SANDBOX_RULES.merchants.perHourPerAddress} test merchants were already created from your address in the last hour; wait and try again.`,
      LIMITE_FLUJOS: `Your merchant already has ${SANDBOX_RULES.events.streamsPerMerchant} event streams open; close one.`,
      LIMITE_SOLICITUDES: 'Too many requests; wait a minute.',
      LIMITE_INTENTOS: `Too many wrong passwords for this usuario or from your address (more than ${SANDBOX_RULES.signIn.perMerchant} per usuario or ${SANDBOX_RULES.signIn.perAddress} per address in ${SANDBOX_RULES.signIn.windowMinutes} minutes): wait as long as Retry-After says and use the right password.`,
      CERTIFICACION_EN_CURSO: 'Your merchant already has a certification running: wait until it ends (its report says when) and ask for another.',
      LIMITE_CERTIFICACIONES: `Your merchant already asked for ${SANDBOX_RULES.certification.runsPerHour} certifications in the last hour: wait as long as Retry-After says.`,
      DESTINO_NO_PERMITIDO: 'The sandbox cannot post to that address; use via "escuchar" with escuchar.mjs on your computer',
      CERTIFICACION_TERMINADA: 'That certification has ended: it takes no more deliveries.',
      CERTIFICACION_PROPIA: "An integration is certified with your test credentials, not the demo merchant's, which are public: create your own.",
      NO_PENDIENTE: 'The transaction is not pending: only a pending one (PSE, referenced or barcode, wallets) is settled.',
      DEMO_FIJO: "The demo merchant's credentials are public and fixed: they are not rotated. Create your own.",
      SOLICITUD_INVALIDA: 'The request is not valid',
      JSON_INVALIDO: 'The body is not valid JSON: check its quotes, commas and braces, and send it in UTF-8.',
      TIPO_NO_ADMITIDO: 'Send the body as application/json.',
      CUERPO_GRANDE: 'The body is too large.',
      ERROR_INTERNO: 'Unexpected sandbox error.',
      NO_DISPONIBLE:
        'The sandbox is unavailable right now: it cannot reach the storage where it keeps its records. Try again in a few seconds (Retry-After); the rest of the portal keeps working.',
      RUTA_DESCONOCIDA: `There is nothing at this address of the sandbox. Each operation's address is on its reference page (server + path); the sandbox's own are listed at ${SANDBOX_PATHS.rulesEn}.`,
      URL_INVALIDA: 'The address is not a valid URL: it has a % that encodes no character. Encode each part of the path (encodeURIComponent).',
    },
    unavailableTitle: 'Sandbox unavailable',
    unknownPathTitle: 'Unknown sandbox address',
    requestRefusedTitle: 'Request refused by the sandbox',
    requestLogLink: 'Request log',
    openPortalPage: {
      title: (page) => page,
      body: 'This portal page reads your test credentials in the browser. Open it on the portal:',
      link: 'Open the portal page',
    },
    browserPages: {inbox: 'Notifications inbox', requestLog: 'Request log'},
    simulator: {
      bankTitle: 'Simulated PSE bank',
      payPointTitle: 'Simulated pay point',
      linkTitle: 'Sandbox payment link',
      intro: "This page belongs to the portal's sandbox: it simulates the bank's answer. No money moves.",
      reference: 'Reference',
      amount: 'Amount',
      bank: 'Bank',
      choose: 'Outcome of the payment',
      approve: 'Approve the payment',
      reject: 'Reject the payment',
      send: 'Send',
      notFound: 'There is no pending payment at this address (it expired or never existed).',
      done: 'The payment is no longer pending: it was',
      decided: 'Done: the payment was',
      approved: 'approved',
      rejected: 'rejected',
      reversed: 'reversed',
      back: 'Back to the merchant',
      description: 'Description',
      range: 'Amount between',
      linkNote: 'The sandbox keeps the button or the e-mail charge; the buyer would pay here.',
      returnNote:
        "The gateway would now send the buyer to the merchant's return URL (campo4 of the PSE payment). The sandbox takes nobody off the portal on its own: here is the address; follow the link if it is yours.",
      returnLink: "The merchant's return URL",
    },
  },
};

/** The links every sandbox page ends with: the rules page and the inbox. */
export function linksLine(lang: Lang): string {
  const t = TEXT[lang];
  const rules = lang === 'en' ? SANDBOX_PATHS.rulesEn : SANDBOX_PATHS.rules;
  const prefix = lang === 'en' ? '/en' : '';
  return `<a href="${rules}">${escapeHtml(t.rulesLink)}</a> · <a href="${prefix}${SANDBOX_PATHS.inbox}">${escapeHtml(t.inboxLink)}</a> · <a href="${prefix}${SANDBOX_PATHS.requestLog}">${escapeHtml(t.requestLogLink)}</a>`;
}

/** The error body every sandbox JSON answer shares, with the link to the request log. */
export function errorBody(lang: Lang, codigo: ApiErrorCode, detail?: string): {codigo: ApiErrorCode; mensaje: string; registro: string} {
  const mensaje = TEXT[lang].api[codigo] + (detail === undefined ? '' : `: ${detail}`);
  return {codigo, mensaje, registro: SANDBOX_PAGES.requestLog};
}
