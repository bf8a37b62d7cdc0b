#!/usr/bin/env node
// escuchar.mjs: the sandbox's confirmations, forwarded to a server on your computer.
// Node.js 18 or newer, no dependencies. Downloaded from the portal's sandbox (/sandbox/escuchar.mjs).
//
//   node escuchar.mjs --usuario U --clave C --reenviar http://localhost:8080/confirmacion [--retorno URL] [--portal URL]
//
// It follows your merchant's event stream (GET <portal>/sandbox/eventos, Server-Sent Events) and POSTs
// each confirmation, exactly as the sandbox signed it (application/x-www-form-urlencoded, UTF-8, as the
// gateway posts it), to --reenviar. One line per delivery. It reconnects by itself with Last-Event-ID and
// receives what it missed while it was away (the last ones the sandbox keeps).
//
// During a certification of your integration (/sandbox/certificaciones, via "escuchar") it also makes the
// certification's requests: confirmations to --reenviar and responses to --retorno (your return page),
// and reports to the portal what each answered (status, time, the start of the answer).

const PORTAL = '__PORTAL__';
// The language of the download: the portal answers the reports in it.
const IDIOMA = '__IDIOMA__';

// The portal writes in its messages, in the language of the download (its text topic sandboxListener).
const TEXTOS = '__TEXTOS__';
/** A message, with its values put in. */
const t = (id, valores = {}) => String(TEXTOS[id] ?? id).replace(/\{(\w+)\}/g, (todo, nombre) => (nombre in valores ? String(valores[nombre]) : todo));

function argumentos(argv) {
  const opciones = {};
  for (let i = 0; i < argv.length; i++) {
    const nombre = argv[i];
    if (!nombre.startsWith('--')) continue;
    const [clave, enLinea] = nombre.slice(2).split('=', 2);
    opciones[clave] = enLinea ?? argv[++i];
  }
  return opciones;
}

const opciones = argumentos(process.argv.slice(2));
if (!opciones.usuario || !opciones.clave || !opciones.reenviar) {
  console.error(t('uso'));
  process.exit(2);
}
const portal = String(opciones.portal ?? PORTAL).replace(/\/+$/, '');
const destino = String(opciones.reenviar);
const autorizacion = `Basic ${Buffer.from(`${opciones.usuario}:${opciones.clave}`, 'utf8').toString('base64')}`;
const hora = () => new Date().toISOString().slice(11, 19);
const linea = (texto) => console.log(`[${hora()}] ${texto}`);

function destinoHttp() {
  try {
    const url = new URL(destino);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

async function reenviar(evento) {
  const datos = JSON.parse(evento.data);
  const factura = datos.cuerpo?.codigoFactura ?? '';
  const url = destinoHttp();
  if (url === null) return linea(t('noHttp', {destino}));
  // The same body the sandbox posts: the signed variables, in their order, URL-encoded in UTF-8.
  const cuerpo = new URLSearchParams(Object.entries(datos.cuerpo ?? {})).toString();
  try {
    const respuesta = await fetch(url, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded; charset=utf-8'},
      body: cuerpo,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const texto = (await respuesta.text()).replace(/\s+/g, ' ').slice(0, 120);
    linea(t('entregada', {id: datos.id ?? evento.id, factura, estado: respuesta.status, respuesta: texto}));
  } catch (error) {
    linea(t('rechazada', {id: datos.id ?? evento.id, destino, error: error?.cause?.code ?? error?.message ?? String(error)}));
  }
}

/** A certification's request: made on this computer, its answer reported to the portal. */
async function certificar(evento) {
  const datos = JSON.parse(evento.data);
  const base = datos.destino === 'retorno' ? opciones.retorno : destino;
  let informe;
  const inicio = Date.now();
  try {
    if (!base) throw new Error(t('sinRetorno'));
    const url = new URL(base);
    if (datos.query) url.search = url.search ? `${url.search}&${datos.query}` : `?${datos.query}`;
    const respuesta = await fetch(url, {
      method: 'POST',
      headers: {'content-type': 'application/x-www-form-urlencoded; charset=utf-8'},
      body: new URLSearchParams(Object.entries(datos.cuerpo ?? {})).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    const texto = await respuesta.text();
    informe = {paso: datos.paso, estado: respuesta.status, ms: Date.now() - inicio, cuerpo: texto.slice(0, 16 * 1024)};
  } catch (error) {
    informe = {paso: datos.paso, estado: null, ms: Date.now() - inicio, cuerpo: '', error: String(error?.cause?.code ?? error?.message ?? error).slice(0, 500)};
  }
  linea(t('certificacion', {id: datos.certificacion, paso: datos.paso, destino: datos.destino, estado: informe.estado ?? informe.error}));
  await informar(datos, informe);
}

/** Tells the portal what a certification's request answered; waits and tries again when it asks to (429, 503). */
async function informar(datos, informe) {
  let motivo = '';
  // The certification waits for each result a few seconds only: three tries, then the reason on screen.
  for (let intento = 0; intento < 3; intento++) {
    try {
      const respuesta = await fetch(`${portal}/sandbox/certificaciones/${encodeURIComponent(datos.certificacion)}/entregas`, {
        method: 'POST',
        headers: {authorization: autorizacion, 'content-type': 'application/json', accept: 'application/json', 'accept-language': IDIOMA},
        body: JSON.stringify(informe),
        signal: AbortSignal.timeout(10_000),
      });
      if (respuesta.ok) return;
      const texto = await respuesta.text();
      motivo = `${respuesta.status} ${texto.slice(0, 200)}`;
      if (respuesta.status !== 429 && respuesta.status !== 503) break;
      const segundos = Math.min(Number(respuesta.headers.get('retry-after')) || 1, 4);
      await new Promise((listo) => setTimeout(listo, segundos * 1000));
    } catch (error) {
      motivo = String(error?.cause?.code ?? error?.message ?? error);
      await new Promise((listo) => setTimeout(listo, 1000));
    }
  }
  linea(t('informeRechazado', {id: datos.certificacion, paso: datos.paso, motivo}));
}

let ultimoId;
let espera = 1;

/** Reads one Server-Sent Events stream until it ends. */
async function escuchar() {
  const cabeceras = {authorization: autorizacion, accept: 'text/event-stream'};
  if (ultimoId !== undefined) cabeceras['last-event-id'] = ultimoId;
  const respuesta = await fetch(`${portal}/sandbox/eventos`, {headers: cabeceras});
  if (respuesta.status === 401) {
    console.error(t('credenciales'));
    process.exit(1);
  }
  if (respuesta.status === 429) throw new Error(t('limite'));
  if (!respuesta.ok || respuesta.body === null) throw new Error(`HTTP ${respuesta.status}`);
  linea(t('conectado'));
  espera = 1;
  const decodificador = new TextDecoder();
  let resto = '';
  let evento = {data: ''};
  let cola = Promise.resolve();
  for await (const trozo of respuesta.body) {
    resto += decodificador.decode(trozo, {stream: true});
    let fin;
    while ((fin = resto.search(/\r?\n/)) >= 0) {
      const renglon = resto.slice(0, fin);
      resto = resto.slice(fin + (resto[fin] === '\r' ? 2 : 1));
      if (renglon === '') {
        if (evento.event === 'confirmacion' && evento.data !== '') {
          const listo = evento;
          if (listo.id !== undefined) ultimoId = listo.id;
          // One delivery at a time, in the order they came.
          cola = cola.then(() => reenviar(listo));
        } else if (evento.event === 'certificacion' && evento.data !== '') {
          // A certification sends some of its requests at once: each is made when it comes.
          void certificar(evento);
        }
        evento = {data: ''};
      } else if (!renglon.startsWith(':')) {
        const dosPuntos = renglon.indexOf(':');
        const campo = dosPuntos < 0 ? renglon : renglon.slice(0, dosPuntos);
        const valor = dosPuntos < 0 ? '' : renglon.slice(dosPuntos + 1).replace(/^ /, '');
        if (campo === 'data') evento.data = evento.data === '' ? valor : `${evento.data}\n${valor}`;
        else if (campo === 'event') evento.event = valor;
        else if (campo === 'id') evento.id = valor;
      }
    }
  }
  await cola;
  throw new Error('EOF');
}

linea(t('escuchando', {portal, destino}));
if (destinoHttp() === null) linea(t('noHttp', {destino}));
for (;;) {
  try {
    await escuchar();
  } catch (error) {
    linea(t('reconexion', {segundos: espera, motivo: error?.cause?.code ?? error?.message ?? String(error)}));
    await new Promise((resolve) => setTimeout(resolve, espera * 1000));
    espera = Math.min(espera * 2, 30);
  }
}
