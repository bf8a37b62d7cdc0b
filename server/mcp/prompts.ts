/**
 * One prompt per integration channel: it walks an assistant through the
 * integration with the portal's own tools, from the pages to read to the
 * check in the sandbox. Spanish and English.
 */
import type {Locale} from './pages';

export interface ChannelPrompt {
  readonly name: string;
  readonly title: Record<Locale, string>;
  /** The pages to read first, in order (paths of the current version, without /en). */
  readonly pages: readonly string[];
  /** The contract channel, when the channel has operations (list_operations). */
  readonly channel?: string;
  readonly steps: Record<Locale, readonly string[]>;
}

export const CHANNEL_PROMPTS: readonly ChannelPrompt[] = [
  {
    name: 'integrate_post_form',
    title: {es: 'Integrar el formulario POST (página de compra)', en: 'Integrate the POST form (hosted purchase page)'},
    pages: ['/vpost/informacion', '/vpost/integracion', '/vpost/terminal'],
    steps: {
      es: [
        'Escriba en el servidor del comercio el formulario con las variables obligatorias y calcule checksum, tokenSeguridad y md5ValidacionValor en el servidor (nunca en el navegador); compare sus valores con compute_signature.',
        'Envíe el formulario a la página de compra del sandbox (su URL está en la página de información) con el comercio de pruebas, y pague con una tarjeta de prueba.',
        'Atienda la confirmación en su URL como el receptor de la página: firma, transaccionAprobada contra codigoAutorizacion (la firma no cubre el estado), factura y valor contra su pedido guardado, cambios de estado solo hacia adelante y una sola vez; pruébelo con verify_confirmation (con order) y revise lo que llegó con sandbox_inbox.',
      ],
      en: [
        "Write the form with the required variables on the merchant's server and compute checksum, tokenSeguridad and md5ValidacionValor there (never in the browser); check your values with compute_signature.",
        "Post the form to the sandbox's purchase page (its URL is on the information page) as the test merchant, and pay with a test card.",
        "Handle the confirmation at your URL as the page's handler does: the firma, transaccionAprobada against codigoAutorizacion (the signature does not cover the status), invoice and amount against your stored order, changes of state forward only and once; check it with verify_confirmation (with order) and see what arrived with sandbox_inbox.",
      ],
    },
  },
  {
    name: 'integrate_rest',
    title: {es: 'Integrar los servicios REST (pagos con cada medio de pago)', en: 'Integrate the REST services (payments with every method)'},
    pages: ['/rest', '/guias/flujos', '/guias/valores'],
    channel: 'rest',
    steps: {
      es: [
        'Elija el flujo del medio de pago en /guias/flujos y lea su operación con get_operation (trae el cuerpo, los ejemplos y la URL del sandbox).',
        'Autentique con autenticar y lleve el tokenSeguridad en el cuerpo de cada operación; cifre campo1 a campo4 de una tarjeta como dice /guias/cifrado.',
        'Pruebe cada llamada con sandbox_request, interprete CodigoRespuesta y estado con /guias/valores, y revise sandbox_request_log si algo falla.',
      ],
      en: [
        "Pick the payment method's flow in /guias/flujos and read its operation with get_operation (body, examples and sandbox URL).",
        "Authenticate with autenticar and carry the tokenSeguridad in the body of every operation; encrypt a card's campo1 to campo4 as /guias/cifrado says.",
        'Try every call with sandbox_request, read CodigoRespuesta and estado with /guias/valores, and check sandbox_request_log when something fails.',
      ],
    },
  },
  {
    name: 'integrate_card_rest',
    title: {es: 'Integrar REST tarjetas (tarjeta, token, recurrencia, reverso)', en: 'Integrate card REST (card, token, recurrence, reversal)'},
    pages: ['/tcrest', '/guias/flujos/tarjeta', '/guias/cifrado'],
    channel: 'tcrest',
    steps: {
      es: [
        'Lea las operaciones con list_operations (canal tcrest) y get_operation.',
        'Cifre los datos de la tarjeta con la llave RSA de /guias/cifrado; nunca los guarde.',
        'Pague, cree un token y reverse en el sandbox con sandbox_request; revise sandbox_request_log.',
      ],
      en: [
        'Read the operations with list_operations (channel tcrest) and get_operation.',
        'Encrypt the card data with the RSA key of /guias/cifrado; never store it.',
        'Pay, create a token and reverse in the sandbox with sandbox_request; check sandbox_request_log.',
      ],
    },
  },
  {
    name: 'integrate_reconciliation',
    title: {es: 'Conciliar con la API REST (transacciones por referencia)', en: 'Reconcile with the REST API (transactions by reference)'},
    pages: ['/apirest', '/apirest/transacciones-referencia'],
    channel: 'apirest',
    steps: {
      es: [
        'Autentique con autenticar de la API REST.',
        'Pida las transacciones entre dos fechas, página por página, con sandbox_request (params: fecha_inicio, fecha_fin, pagina).',
      ],
      en: [
        "Authenticate with the REST API's autenticar.",
        'Ask for the transactions between two dates, page by page, with sandbox_request (params: fecha_inicio, fecha_fin, pagina).',
      ],
    },
  },
  {
    name: 'integrate_soap',
    title: {es: 'Integrar el servicio web SOAP', en: 'Integrate the SOAP web service'},
    pages: ['/soap', '/soap/contrato', '/soap/confirmacion-transaccion'],
    steps: {
      es: [
        'Genere el cliente desde el WSDL (recurso del contrato WSDL).',
        'Use los mismos medios de pago y códigos que REST (/guias/valores); pruebe contra el servicio SOAP del sandbox (/sandbox/soap/ServicioPagos).',
      ],
      en: [
        'Generate the client from the WSDL (the WSDL contract resource).',
        "Use the same payment methods and codes as REST (/guias/valores); try against the sandbox's SOAP service (/sandbox/soap/ServicioPagos).",
      ],
    },
  },
  {
    name: 'integrate_wallet_notification',
    title: {es: 'Recibir la notificación de pago con billetera', en: 'Receive the wallet payment notification'},
    pages: ['/notificacion-billetera', '/guias/billeteras'],
    steps: {
      es: [
        'Atienda la notificación en su URL con la receta de /vpost/integracion?tab=sonda (la firma no cubre transaccionAprobada) y pruébela con verify_confirmation.',
        'Use los datos de prueba de /guias/billeteras y revise lo que llegó con sandbox_inbox.',
      ],
      en: [
        'Handle the notification at your URL with the recipe of /vpost/integracion?tab=sonda (the signature does not cover transaccionAprobada) and check it with verify_confirmation.',
        'Use the test data of /guias/billeteras and see what arrived with sandbox_inbox.',
      ],
    },
  },
  {
    name: 'install_ecommerce_plugin',
    title: {es: 'Instalar el plugin de WooCommerce o PrestaShop', en: 'Install the WooCommerce or PrestaShop plugin'},
    pages: ['/plugins'],
    steps: {
      es: [
        'Siga la instalación y la configuración del plugin de su tienda, primero con la terminal de pruebas.',
        'Haga una compra de prueba y revise la confirmación con sandbox_inbox antes del paso a producción.',
      ],
      en: [
        "Follow the installation and configuration of your shop's plugin, first with the test terminal.",
        'Make a test purchase and check its confirmation with sandbox_inbox before going live.',
      ],
    },
  },
];

/** The prompt's text, with the pages' URLs on `origin` and what the sandbox tools can do here. */
export function promptText(prompt: ChannelPrompt, locale: Locale, origin: string, sandbox: boolean): string {
  const prefix = locale === 'en' ? '/en' : '';
  const read = prompt.pages.map((page) => `- ${origin}${prefix}${page}.md`).join('\n');
  const steps = prompt.steps[locale].map((step, i) => `${i + 1}. ${step}`).join('\n');
  if (locale === 'en') {
    return [
      `You are helping a developer with: ${prompt.title.en}. Answer from the portal's docs, not from memory: its tools search_docs and get_page give the pages, list_operations and get_operation the exact contract.`,
      `Read first (get_page):\n${read}`,
      `Then:\n${steps}`,
      sandbox
        ? 'The sandbox tools act as the merchant of the credentials this connection carries (HTTP Basic usuario:clave), or as the public demo merchant without them. Never put real card data or production keys in a request.'
        : "This portal's sandbox is off: show the calls, but do not try them.",
    ].join('\n\n');
  }
  return [
    `Está ayudando a un desarrollador a: ${prompt.title.es}. Responda con la documentación del portal, no de memoria: sus herramientas search_docs y get_page dan las páginas, list_operations y get_operation el contrato exacto. Responda en español.`,
    `Lea primero (get_page):\n${read}`,
    `Después:\n${steps}`,
    sandbox
      ? 'Las herramientas del sandbox actúan como el comercio de las credenciales que lleva esta conexión (HTTP Basic usuario:clave), o como el comercio de demostración público sin ellas. Nunca ponga datos de tarjetas reales ni llaves de producción en una solicitud.'
      : 'El sandbox de este portal está apagado: muestre las llamadas, pero no las pruebe.',
  ].join('\n\n');
}
