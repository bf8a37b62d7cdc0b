/**
 * The words of the certification's report, in both languages: each check's
 * name, what each case sent, and why a check failed, with what to do.
 */
import type {Locale} from '../../../core/locale';
import type {CheckName} from './suite';

type Values = Readonly<Record<string, string>>;

interface CertificationText {
  readonly title: string;
  readonly intro: string;
  readonly states: Readonly<Record<'en-curso' | 'aprobada' | 'fallida' | 'incompleta', string>>;
  readonly running: string;
  readonly checks: Readonly<Record<CheckName, string>>;
  readonly cases: Readonly<Record<string, string>>;
  readonly reasons: Readonly<Record<string, (v: Values) => string>>;
  readonly incomplete: Readonly<Record<string, (v: Values) => string>>;
  readonly sent: (destino: string, caso: string) => string;
  readonly answer: (estado: string, ms: string) => string;
  readonly noAnswer: (error: string) => string;
  readonly labels: Readonly<Record<'terminal' | 'endpoints' | 'via' | 'date' | 'version' | 'check' | 'result' | 'detail' | 'reproduce' | 'guide' | 'share', string>>;
  readonly vias: Readonly<Record<'directa' | 'escuchar', string>>;
  readonly results: Readonly<Record<'ok' | 'falla', string>>;
}

const TEXTS: Readonly<Record<Locale, CertificationText>> = {
  es: {
    title: 'Certificación de la integración',
    intro:
      'El entorno de pruebas del portal probó el receptor de confirmaciones, la página de respuesta y, si se pidió, el cliente REST de este comercio contra los ataques y fallas que importan. Es una prueba del entorno de pruebas, no una aprobación de la pasarela.',
    states: {'en-curso': 'En curso', aprobada: 'Aprobada', fallida: 'Fallida', incompleta: 'Incompleta'},
    running: 'La certificación sigue en curso: esta página se actualiza sola.',
    checks: {
      estados: 'Cada estado de una confirmación firmada se acusa (2xx) a tiempo',
      firma: 'Una confirmación alterada o sin firma válida se rechaza (4xx)',
      'estado-editado': 'Una confirmación rechazada o pendiente con el estado cambiado a aprobado se rechaza',
      reenvios: 'La misma confirmación, tres veces y dos a la vez, recibe la misma respuesta',
      extras: 'Una confirmación con tildes y variables desconocidas se acepta',
      rafaga: 'Una ráfaga de confirmaciones se responde a tiempo',
      retorno: 'La página de respuesta se muestra para cada estado, con la factura y sin trazas de error',
      'retorno-falsificado': 'Una respuesta falsificada no se muestra como un pago aprobado',
      'cliente-rest': 'El cliente REST se autentica de nuevo y respeta Retry-After',
    },
    cases: {
      aprobada: 'aprobada (transaccionAprobada 1)',
      pendiente: 'pendiente (0)',
      rechazada: 'rechazada (-1, codigoAutorizacion 00000)',
      abortada: 'abortada (2)',
      reversada: 'reversada (3)',
      facturaAlterada: 'aprobada con otro codigoFactura y la firma original',
      montoAlterado: 'aprobada con otro valorFactura y la firma original',
      autorizacionAlterada: 'aprobada con otro codigoAutorizacion y la firma original',
      firmaAlterada: 'aprobada con la firma cambiada en un carácter',
      sinFirma: 'aprobada sin la variable de firma',
      otraLlave: 'aprobada firmada con la llave de otra terminal',
      rechazadaEditada: 'rechazada (00000) con transaccionAprobada cambiado a 1',
      pendienteEditada: 'pendiente (sin código) con transaccionAprobada cambiado a 1',
      repetida: 'aprobada, la misma cada vez',
      acentosYExtras: 'aprobada con tildes y eñes en campoExtra1 y dos variables que la pasarela no documenta',
      rafaga: 'una de una ráfaga de confirmaciones aprobadas distintas',
      direccionEditada: 'rechazada, con transaccionAprobada=1 agregado a la dirección',
    },
    reasons: {
      ok: () => 'Pasó.',
      noAcusada: (v) =>
        `La confirmación ${v.caso} recibió ${v.estado}: una confirmación auténtica, de cualquier estado y aunque no sea de un pedido suyo, se acusa con un 2xx; si no, la pasarela la reintenta.`,
      lenta: (v) => `La confirmación ${v.caso} tardó ${v.ms} ms; la pasarela espera ${v.max} ms. Responda primero y haga el trabajo lento después.`,
      aceptada: (v) =>
        `La confirmación ${v.caso} recibió ${v.estado}: debía rechazarse con un 4xx. Calcule la firma con su llave y compárela; revise que transaccionAprobada concuerde con el codigoAutorizacion firmado.`,
      distinta: (v) => `La misma confirmación recibió ${v.primera} y después ${v.otra}: un reenvío se responde igual que la primera vez, sin aplicar nada dos veces.`,
      lentaEnRafaga: (v) => `En una ráfaga de ${v.total}, la confirmación ${v.n} tardó ${v.ms} ms (máximo ${v.max} ms): atienda varias a la vez, o responda antes de procesarlas.`,
      retornoNo200: (v) => `La página de respuesta para una compra ${v.caso} respondió ${v.estado}; debía mostrarse (200), sin redirigir.`,
      retornoTraza: (v) => `La página de respuesta para una compra ${v.caso} muestra una traza de error: «${v.traza}».`,
      retornoSinFactura: (v) => `La página de respuesta para una compra ${v.caso} no muestra la factura ${v.factura}.`,
      falsificadoPagado: (v) => `La respuesta ${v.caso} se ve igual que la de un pago aprobado: verifique la firma y el codigoAutorizacion antes de decirle al comprador que pagó.`,
      restSinLlamadas: () =>
        'No llegó ninguna llamada REST de este comercio mientras duró la prueba: tenga su cliente llamando al entorno de pruebas durante la certificación, o pídala sin el cliente REST.',
      restSin503: () => 'Ninguna llamada llegó después de que el entorno de pruebas respondiera 503: el cliente debe reintentar, una vez pasado Retry-After.',
      restNoEspero: (v) => `Tras el 503 con Retry-After: ${v.espera}, el cliente reintentó a los ${v.segundos} s: debe esperar lo que dice Retry-After.`,
      restDemasiados: (v) => `Tras el 503, el cliente reintentó ${v.veces} veces (máximo ${v.max}): limite los reintentos.`,
      restSinAutenticar: () => 'El token venció durante la prueba y el cliente no volvió a pedir uno en /autenticar.',
      restAutenticaDeMas: (v) => `El cliente pidió ${v.veces} tokens tras el vencimiento: pida uno y reutilícelo hasta que venza.`,
    },
    incomplete: {
      escuchar: (v) => `escuchar.mjs no informó la entrega ${v.paso} en ${v.ms} ms: ¿está en marcha con --reenviar (y --retorno para la página de respuesta)?`,
      servidor: () => 'El servidor que hacía la certificación dejó de hacerla (se reinició o se detuvo): vuelva a pedirla.',
      destino: (v) => `El entorno de pruebas no puede enviar a ${v.url}: ${v.motivo}. Use via «escuchar» con escuchar.mjs.`,
    },
    sent: (destino, caso) => `${destino === 'retorno' ? 'Respuesta' : 'Confirmación'} ${caso}.`,
    answer: (estado, ms) => `Respuesta: HTTP ${estado} en ${ms} ms.`,
    noAnswer: (error) => `Sin respuesta: ${error}.`,
    labels: {
      terminal: 'Terminal',
      endpoints: 'Direcciones probadas',
      via: 'Vía',
      date: 'Fecha',
      version: 'Versión',
      check: 'Prueba',
      result: 'Resultado',
      detail: 'Detalle',
      reproduce: 'Reproducir',
      guide: 'Qué hacer',
      share: 'Enlace para compartir',
    },
    vias: {directa: 'directa (el entorno de pruebas envía a la URL)', escuchar: 'escuchar.mjs (en el equipo del integrador)'},
    results: {ok: 'pasó', falla: 'falló'},
  },
  en: {
    title: 'Certification of the integration',
    intro:
      "The portal's sandbox tested this merchant's confirmation handler, return page and, when asked, REST client against the attacks and faults that matter. It is a test of the sandbox, not the gateway's approval.",
    states: {'en-curso': 'Running', aprobada: 'Passed', fallida: 'Failed', incompleta: 'Incomplete'},
    running: 'The certification is still running: this page refreshes by itself.',
    checks: {
      estados: 'Each state of a signed confirmation is acknowledged (2xx) in time',
      firma: 'A tampered confirmation, or one without a valid signature, is refused (4xx)',
      'estado-editado': 'A rejected or pending confirmation with its status changed to approved is refused',
      reenvios: 'The same confirmation, three times and twice at once, gets the same answer',
      extras: 'A confirmation with accents and unknown variables is accepted',
      rafaga: 'A burst of confirmations is answered in time',
      retorno: 'The return page renders for each state, with the invoice and no stack trace',
      'retorno-falsificado': 'A forged response is not shown as an approved payment',
      'cliente-rest': 'The REST client authenticates again and honours Retry-After',
    },
    cases: {
      aprobada: 'approved (transaccionAprobada 1)',
      pendiente: 'pending (0)',
      rechazada: 'rejected (-1, codigoAutorizacion 00000)',
      abortada: 'aborted (2)',
      reversada: 'reversed (3)',
      facturaAlterada: 'approved with another codigoFactura and the original signature',
      montoAlterado: 'approved with another valorFactura and the original signature',
      autorizacionAlterada: 'approved with another codigoAutorizacion and the original signature',
      firmaAlterada: 'approved with one character of the signature changed',
      sinFirma: 'approved without the signature variable',
      otraLlave: "approved, signed with another terminal's key",
      rechazadaEditada: 'rejected (00000) with transaccionAprobada changed to 1',
      pendienteEditada: 'pending (no code) with transaccionAprobada changed to 1',
      repetida: 'approved, the same one each time',
      acentosYExtras: "approved with accents in campoExtra1 and two variables the gateway's documentation does not list",
      rafaga: 'one of a burst of distinct approved confirmations',
      direccionEditada: 'rejected, with transaccionAprobada=1 added to the address',
    },
    reasons: {
      ok: () => 'Passed.',
      noAcusada: (v) =>
        `The ${v.caso} confirmation got ${v.estado}: an authentic confirmation, of any state and even of an order that is not yours, is acknowledged with a 2xx; otherwise the gateway retries it.`,
      lenta: (v) => `The ${v.caso} confirmation took ${v.ms} ms; the gateway waits ${v.max} ms. Answer first and do the slow work afterwards.`,
      aceptada: (v) =>
        `The ${v.caso} confirmation got ${v.estado}: it had to be refused with a 4xx. Compute the signature with your key and compare; check that transaccionAprobada agrees with the signed codigoAutorizacion.`,
      distinta: (v) => `The same confirmation got ${v.primera} and then ${v.otra}: a resend is answered as the first time, applying nothing twice.`,
      lentaEnRafaga: (v) => `In a burst of ${v.total}, confirmation ${v.n} took ${v.ms} ms (at most ${v.max} ms): serve several at once, or answer before processing them.`,
      retornoNo200: (v) => `The return page of a ${v.caso} purchase answered ${v.estado}; it had to render (200), without redirecting.`,
      retornoTraza: (v) => `The return page of a ${v.caso} purchase shows a stack trace: "${v.traza}".`,
      retornoSinFactura: (v) => `The return page of a ${v.caso} purchase does not show invoice ${v.factura}.`,
      falsificadoPagado: (v) => `The ${v.caso} response looks just like an approved payment's: check the signature and the authorization code before telling the buyer they paid.`,
      restSinLlamadas: () =>
        'No REST call of this merchant arrived while the check lasted: keep your client calling the sandbox during the certification, or ask for it without the REST client.',
      restSin503: () => 'No call came after the sandbox answered 503: the client must retry, once Retry-After has passed.',
      restNoEspero: (v) => `After the 503 with Retry-After: ${v.espera}, the client retried after ${v.segundos} s: it must wait as long as Retry-After says.`,
      restDemasiados: (v) => `After the 503, the client retried ${v.veces} times (at most ${v.max}): bound the retries.`,
      restSinAutenticar: () => 'The token expired during the check and the client did not ask /autenticar for a new one.',
      restAutenticaDeMas: (v) => `The client asked for ${v.veces} tokens after the expiry: ask for one and reuse it until it expires.`,
    },
    incomplete: {
      escuchar: (v) => `escuchar.mjs did not report delivery ${v.paso} within ${v.ms} ms: is it running with --reenviar (and --retorno for the return page)?`,
      servidor: () => 'The server that ran the certification stopped running it (it restarted or stopped): ask for it again.',
      destino: (v) => `The sandbox cannot post to ${v.url}: ${v.motivo}. Use via "escuchar" with escuchar.mjs.`,
    },
    sent: (destino, caso) => `${destino === 'retorno' ? 'Response' : 'Confirmation'} ${caso}.`,
    answer: (estado, ms) => `Answer: HTTP ${estado} in ${ms} ms.`,
    noAnswer: (error) => `No answer: ${error}.`,
    labels: {
      terminal: 'Terminal',
      endpoints: 'Addresses tested',
      via: 'Via',
      date: 'Date',
      version: 'Version',
      check: 'Check',
      result: 'Result',
      detail: 'Detail',
      reproduce: 'Reproduce',
      guide: 'What to do',
      share: 'Link to share',
    },
    vias: {directa: 'direct (the sandbox posts to the URL)', escuchar: "escuchar.mjs (on the integrator's computer)"},
    results: {ok: 'passed', falla: 'failed'},
  },
};

export const certificationText = (lang: Locale): CertificationText => TEXTS[lang];
