/**
 * A certification run as it is kept (in the sandbox's store, so any server
 * reads it), and its report as it is served: JSON for a client, a page for a
 * browser, in the reader's language, signed with the sandbox's secret so that
 * the gateway's team can tell an edited report from a real one
 * (POST /sandbox/certificaciones/verificar).
 */
import {createHmac, timingSafeEqual} from 'node:crypto';
import type {Locale} from '../../../core/locale';
import {textsOf} from '../../texts';
import {layout, linksLine} from '../pages/layout';
import {pageText} from '../words';
import type {CheckName, Received, Sent} from './suite';
import {escapeHtml} from '../../../core/texts';

/** The report's words in `lang`: the topic `certification` (core/data/labels, English in i18n/en/portal-labels). */
const wordsOf = (lang: Locale) => textsOf('certification', lang);

export type RunState = 'en-curso' | 'aprobada' | 'fallida' | 'incompleta';

/** One check's result as the run keeps it: language-free (a reason key and its values). */
export interface CheckResult {
  readonly nombre: CheckName;
  readonly resultado: 'ok' | 'falla';
  readonly motivo: string;
  readonly valores: Readonly<Record<string, string>>;
  /** The request the result is about, and what came back. */
  readonly solicitud: {readonly destino: Sent['destino']; readonly url: string; readonly cuerpo: Readonly<Record<string, string>>; readonly caso: string};
  readonly respuesta: Pick<Received, 'estado' | 'ms' | 'error'> & {readonly extracto: string};
}

export interface Run {
  readonly id: string;
  readonly terminal: string;
  estado: RunState;
  /** When it started (ISO). */
  readonly fecha: string;
  readonly via: 'directa' | 'escuchar';
  readonly rest: boolean;
  readonly endpoints: {readonly urlConfirmacion: string; readonly urlRespuesta?: string};
  /** The documentation version the handler was tested against. */
  readonly version: string;
  pruebas: CheckResult[];
  /** Why it ended incomplete (a key of the texts' `incomplete`, with its values). */
  incompleta?: {readonly motivo: string; readonly valores: Readonly<Record<string, string>>};
  /** Last time the server running it said it was still at it (ms). */
  vivo: number;
  revocado?: boolean;
}

/** The guide's section that explains each check. */
const GUIDE: Readonly<Record<CheckName, string>> = {
  estados: '/vpost/integracion?tab=sonda#receptor-de-la-confirmación',
  firma: '/vpost/integracion?tab=sonda#antes-de-entregar-un-pedido',
  'estado-editado': '/vpost/integracion?tab=sonda#qué-cubre-la-firma-y-qué-no',
  reenvios: '/vpost/integracion?tab=sonda#antes-de-entregar-un-pedido',
  extras: '/vpost/integracion?tab=sonda#receptor-de-la-confirmación',
  rafaga: '/vpost/integracion?tab=sonda#receptor-de-la-confirmación',
  retorno: '/vpost/integracion?tab=sonda#página-de-respuesta',
  'retorno-falsificado': '/vpost/integracion?tab=sonda#página-de-respuesta',
  'cliente-rest': '/sandbox#certificar-su-integración',
};

/** A curl command that sends the same request. */
export function curlOf(url: string, fields: Readonly<Record<string, string>>): string {
  const body = new URLSearchParams(Object.entries(fields)).toString();
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  return `curl -i -X POST ${quote(url)} -H 'Content-Type: application/x-www-form-urlencoded; charset=utf-8' --data-raw ${quote(body)}`;
}

export interface ReportJson {
  readonly id: string;
  readonly estado: RunState;
  readonly terminal: string;
  readonly endpoints: Run['endpoints'];
  readonly via: Run['via'];
  readonly version: string;
  readonly fecha: string;
  readonly pruebas: readonly {
    readonly nombre: CheckName;
    readonly titulo: string;
    readonly resultado: 'ok' | 'falla';
    readonly detalle: string;
    readonly curl: string;
    readonly guia: string;
  }[];
  readonly incompleta?: string;
  readonly firma: string;
}

/** JSON with its keys in one order at every depth: what is signed. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Signs and checks reports with a key of their own, made from the sandbox's secret. */
export function reportSigner(secret: () => Buffer) {
  const key = () => createHmac('sha256', secret()).update('certificaciones').digest();
  const sign = (report: Omit<ReportJson, 'firma'>) => createHmac('sha256', key()).update(canonical(report)).digest('base64url');
  return {
    sign,
    verify(report: unknown): boolean {
      if (report === null || typeof report !== 'object' || Array.isArray(report)) return false;
      const {firma, ...rest} = report as Record<string, unknown>;
      if (typeof firma !== 'string') return false;
      const expected = Buffer.from(sign(rest as Omit<ReportJson, 'firma'>));
      const given = Buffer.from(firma);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** The report of a run in `lang`, signed. */
export function reportJson(run: Run, lang: Locale, sign: (report: Omit<ReportJson, 'firma'>) => string): ReportJson {
  const t = wordsOf(lang);
  const prefix = lang === 'en' ? '/en' : '';
  /** A case's words (the cases' keys are the suite's). */
  const caseOf = (caso: string) => {
    const id = `cases.${caso}`;
    return t.has(id) ? t.text(id) : caso;
  };
  const pruebas = run.pruebas.map((p) => {
    const valores = p.valores.caso === undefined ? p.valores : {...p.valores, caso: caseOf(p.valores.caso)};
    const reasonId = `reasons.${p.motivo}`;
    const reason = t.has(reasonId) ? t.text(reasonId, valores) : p.motivo;
    const answer = p.respuesta.estado === null ? t.text('noAnswer', {error: p.respuesta.error ?? '-'}) : t.text('answer', {estado: p.respuesta.estado, ms: p.respuesta.ms});
    const sent = t.text(p.solicitud.destino === 'retorno' ? 'sent.retorno' : 'sent.confirmacion', {caso: caseOf(p.solicitud.caso)});
    return {
      nombre: p.nombre,
      titulo: t.text(`checks.${p.nombre}`),
      resultado: p.resultado,
      detalle: p.resultado === 'ok' ? `${sent} ${answer}` : `${reason} ${sent} ${answer}`,
      curl: p.solicitud.url === '' ? '' : curlOf(p.solicitud.url, p.solicitud.cuerpo),
      guia: `${prefix}${GUIDE[p.nombre]}`,
    };
  });
  const incomplete = run.incompleta === undefined ? undefined : `incomplete.${run.incompleta.motivo}`;
  const unsigned: Omit<ReportJson, 'firma'> = {
    id: run.id,
    estado: run.estado,
    terminal: run.terminal,
    endpoints: run.endpoints,
    via: run.via,
    version: run.version,
    fecha: run.fecha,
    pruebas,
    ...(run.incompleta === undefined || incomplete === undefined ? {} : {incompleta: t.has(incomplete) ? t.text(incomplete, run.incompleta.valores) : run.incompleta.motivo}),
  };
  return {...unsigned, firma: sign(unsigned)};
}

/** The report as a page of the sandbox's layout (it refreshes itself while the run goes on). */
export function reportPage(report: ReportJson, lang: Locale, shareUrl: string): string {
  const t = wordsOf(lang);
  const e = escapeHtml;
  const rows = report.pruebas
    .map(
      (check) =>
        `<tr><th scope="row">${e(check.titulo)}</th><td class="${check.resultado === 'ok' ? 'ok' : 'refused'}">${t.html(`results.${check.resultado}`)}</td><td>${e(check.detalle)}${
          check.resultado === 'falla' ? ` <a href="${e(check.guia)}">${t.html('labels.guide')}</a>` : ''
        }${check.curl === '' ? '' : `<details><summary>${t.html('labels.reproduce')}</summary><code>${e(check.curl)}</code></details>`}</td></tr>`,
    )
    .join('\n');
  const body = `<p>${t.html('intro')}</p>
<p class="banner ${report.estado === 'aprobada' ? 'ok' : report.estado === 'en-curso' ? '' : 'refused'}" role="status"><strong>${t.html(`states.${report.estado}`)}</strong>${
    report.estado === 'en-curso' ? ` ${t.html('running')}` : ''
  }${report.incompleta === undefined ? '' : ` ${e(report.incompleta)}`}</p>
<dl>
<dt>${t.html('labels.terminal')}</dt><dd><code>${e(report.terminal)}</code></dd>
<dt>${t.html('labels.endpoints')}</dt><dd><code>${e(report.endpoints.urlConfirmacion)}</code>${report.endpoints.urlRespuesta === undefined ? '' : `<br><code>${e(report.endpoints.urlRespuesta)}</code>`}</dd>
<dt>${t.html('labels.via')}</dt><dd>${t.html(`vias.${report.via}`)}</dd>
<dt>${t.html('labels.version')}</dt><dd>${e(report.version)}</dd>
<dt>${t.html('labels.date')}</dt><dd><time datetime="${e(report.fecha)}">${e(report.fecha)}</time></dd>
<dt>${t.html('labels.share')}</dt><dd><code>${e(shareUrl)}</code></dd>
</dl>
<table><thead><tr><th scope="col">${t.html('labels.check')}</th><th scope="col">${t.html('labels.result')}</th><th scope="col">${t.html('labels.detail')}</th></tr></thead><tbody>
${rows}
</tbody></table>`;
  const page = layout({lang, title: t.text('title'), body, notice: pageText(lang).html('notice'), links: linksLine(lang)});
  return report.estado === 'en-curso'
    ? page.replace('<meta name="robots" content="noindex">', '<meta name="robots" content="noindex">\n<meta http-equiv="refresh" content="3">')
    : page;
}
