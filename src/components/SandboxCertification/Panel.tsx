import React, {useCallback, useEffect, useId, useState, type FormEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {SANDBOX_PAGES, SANDBOX_RULES} from '@site/core/data/sandbox';
import {failureMessage} from '@site/src/components/SandboxCredentials/failureMessage';
import {
  listCertifications,
  readCertification,
  revokeCertification,
  startCertification,
  type CertificationReport,
  type CertificationState,
  type CertificationSummary,
} from '@site/src/lib/sandboxApi';
import {useSandboxCredentials, type SandboxCredentials} from '@site/src/lib/sandboxCredentials';
import styles from './styles.module.css';

/** How often a running certification's report is read again. */
export const POLL_MS = 2000;

type Via = 'directa' | 'escuchar';
type Status = {readonly kind: 'info' | 'error'; readonly text: string} | null;

function stateName(state: CertificationState): string {
  switch (state) {
    case 'en-curso':
      return translate({id: 'sandboxCertification.state.running', message: 'En curso', description: 'Certification: a run that has not ended'});
    case 'aprobada':
      return translate({id: 'sandboxCertification.state.passed', message: 'Aprobada', description: 'Certification: every check passed'});
    case 'fallida':
      return translate({id: 'sandboxCertification.state.failed', message: 'Fallida', description: 'Certification: at least one check failed'});
    case 'incompleta':
      return translate({
        id: 'sandboxCertification.state.incomplete',
        message: 'Incompleta',
        description: 'Certification: the run could not finish (the listener did not report, the server stopped)',
      });
  }
}

/** A portal served from this computer can post to localhost; one on a server cannot, and escuchar.mjs does it. */
function servedLocally(): boolean {
  return typeof window !== 'undefined' && /^(localhost|127\.0\.0\.1|\[::1\])$/.test(window.location.hostname);
}

/** The command that runs escuchar.mjs for this certification, with the merchant's credentials. */
function listenerCommand(credentials: SandboxCredentials, confirmation: string, response: string): string {
  const quote = (text: string) => (/^[\w:/.?=&%-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  return `node escuchar.mjs --usuario ${quote(credentials.usuario)} --clave ${quote(credentials.clave)} --reenviar ${quote(confirmation)}${
    response.trim() === '' ? '' : ` --retorno ${quote(response.trim())}`
  }`;
}

function Report({report, informe}: {readonly report: CertificationReport; readonly informe: string}): ReactNode {
  const total = report.estado === 'en-curso' ? report.pruebas.length : null;
  return (
    <div className={styles.report}>
      <p
        className={clsx(styles.verdict, report.estado === 'aprobada' && styles.passed, (report.estado === 'fallida' || report.estado === 'incompleta') && styles.failed)}
        role="status"
      >
        <strong>{stateName(report.estado)}</strong>
        {total === null
          ? null
          : ` ${translate(
              {
                id: 'sandboxCertification.progress',
                message: 'Pruebas terminadas hasta ahora: {done}.',
                description: 'Certification: how many checks have finished while the run goes on',
              },
              {done: total},
            )}`}
        {report.incompleta === undefined ? null : ` ${report.incompleta}`}
      </p>
      <ol className={styles.checks}>
        {report.pruebas.map((check) => (
          <li key={check.nombre} data-result={check.resultado}>
            <span className={check.resultado === 'ok' ? styles.ok : styles.fail}>
              {check.resultado === 'ok'
                ? translate({id: 'sandboxCertification.check.passed', message: 'Pasó', description: 'Certification: one check passed'})
                : translate({id: 'sandboxCertification.check.failed', message: 'Falló', description: 'Certification: one check failed'})}
            </span>{' '}
            {check.titulo}
            {check.resultado === 'falla' ? (
              <p className={styles.detail}>
                {check.detalle}{' '}
                <Link to={check.guia}>
                  {translate({
                    id: 'sandboxCertification.check.guide',
                    message: 'Qué hacer',
                    description: "Certification: link from a failed check to the guide's section that explains it",
                  })}
                </Link>
              </p>
            ) : null}
          </li>
        ))}
      </ol>
      <p className={styles.links}>
        {/* eslint-disable-next-line @docusaurus/no-html-links -- a page the server draws, not one of the site's: <Link> would route it inside the app. */}
        <a href={informe} target="_blank" rel="noopener">
          {translate({
            id: 'sandboxCertification.openReport',
            message: 'Abrir el informe (con el comando curl de cada prueba y el enlace para compartir)',
            description: "Certification: link to the report's page",
          })}
        </a>
      </p>
    </div>
  );
}

function History({runs, onRevoke}: {readonly runs: readonly CertificationSummary[]; readonly onRevoke: (run: CertificationSummary) => void}): ReactNode {
  const {i18n} = useDocusaurusContext();
  if (runs.length === 0) return null;
  const date = new Intl.DateTimeFormat(i18n.currentLocale === 'en' ? 'en' : 'es-CO', {dateStyle: 'medium', timeStyle: 'short'});
  return (
    <details className={styles.history}>
      <summary>
        {translate(
          {id: 'sandboxCertification.history', message: 'Sus informes ({count})', description: "Certification: the list of the merchant's reports, with how many there are"},
          {count: runs.length},
        )}
      </summary>
      <ul>
        {runs.map((run) => (
          <li key={run.id}>
            {/* eslint-disable-next-line @docusaurus/no-html-links -- a page the server draws, not one of the site's. */}
            <a href={run.informe} target="_blank" rel="noopener">
              {date.format(new Date(run.fecha))}
            </a>{' '}
            {stateName(run.estado)}{' '}
            <button type="button" className="button button--secondary button--sm" onClick={() => onRevoke(run)}>
              {translate({
                id: 'sandboxCertification.revoke',
                message: 'Revocar el enlace',
                description: 'Certification: button that deletes a report, so its shared link stops opening',
              })}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

export default function Panel(): ReactNode {
  const {i18n} = useDocusaurusContext();
  const locale = i18n.currentLocale;
  const credentials = useSandboxCredentials();
  const id = useId();
  const [confirmation, setConfirmation] = useState('http://localhost:8080/confirmacion');
  const [response, setResponse] = useState('http://localhost:8081/');
  const [via, setVia] = useState<Via>(() => (servedLocally() ? 'directa' : 'escuchar'));
  const [rest, setRest] = useState(false);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<Status>(null);
  const pair = credentials === null ? null : `${credentials.usuario}:${credentials.clave}`;
  // What is shown belongs to the credentials it was read with: other credentials (rotated, forgotten) show none of it.
  const [started, setStarted] = useState<{readonly pair: string; readonly id: string; readonly informe: string} | null>(null);
  const [read, setRead] = useState<{readonly id: string; readonly report: CertificationReport} | null>(null);
  const [listed, setListed] = useState<{readonly pair: string; readonly runs: readonly CertificationSummary[]} | null>(null);
  const current = started !== null && started.pair === pair ? started : null;
  const report = current !== null && read?.id === current.id ? read.report : null;
  const history = listed !== null && listed.pair === pair ? listed.runs : [];

  const reloadHistory = useCallback(() => {
    if (credentials === null || pair === null) return;
    void listCertifications(credentials, {locale}).then((result) => {
      if (result.ok) setListed({pair, runs: result.value});
    });
    // The pair names the credentials; the object changes with every storage read.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pair, locale]);

  useEffect(() => reloadHistory(), [reloadHistory]);

  // A running certification's report, read again until it ends.
  const runId = current?.id;
  useEffect(() => {
    if (runId === undefined) return undefined;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const again = () => {
      void readCertification(runId, {locale}).then((result) => {
        if (!alive) return;
        if (!result.ok) {
          setStatus({kind: 'error', text: failureMessage(result.failure)});
          return;
        }
        setRead({id: runId, report: result.value});
        if (result.value.estado === 'en-curso') timer = setTimeout(again, POLL_MS);
        else reloadHistory();
      });
    };
    again();
    return () => {
      alive = false;
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [runId, locale, reloadHistory]);

  if (credentials === null) {
    return (
      <section className={styles.panel} aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`} className={styles.title}>
          {translate({id: 'sandboxCertification.title', message: 'Certificar mi integración', description: 'Certification: title of the form'})}
        </h3>
        <p className={styles.text}>
          {translate({
            id: 'sandboxCertification.needsCredentials',
            message: 'Se certifica con sus credenciales de prueba, no con las del comercio de demostración: créelas en el panel de credenciales de esta página y vuelva aquí.',
            description: 'Certification: the browser remembers no credentials of its own',
          })}
        </p>
      </section>
    );
  }

  const running = busy || (current !== null && report?.estado !== 'aprobada' && report?.estado !== 'fallida' && report?.estado !== 'incompleta');
  const owner = pair ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    void startCertification(credentials, {urlConfirmacion: confirmation.trim(), ...(response.trim() === '' ? {} : {urlRespuesta: response.trim()}), via, rest}, {locale}).then(
      (result) => {
        setBusy(false);
        if (!result.ok) {
          setStatus({kind: 'error', text: failureMessage(result.failure)});
          return;
        }
        setStarted({pair: owner, id: result.value.id, informe: result.value.informe});
      },
    );
  };
  const revoke = (run: CertificationSummary) => {
    void revokeCertification(credentials, run.id, {locale}).then((result) => {
      if (!result.ok) {
        setStatus({kind: 'error', text: failureMessage(result.failure)});
        return;
      }
      if (current?.id === run.id) setStarted(null);
      setStatus({
        kind: 'info',
        text: translate({id: 'sandboxCertification.revoked', message: 'El enlace de ese informe ya no abre, para nadie.', description: 'Certification: a report was revoked'}),
      });
      reloadHistory();
    });
  };

  return (
    <section className={styles.panel} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>
        {translate({id: 'sandboxCertification.title', message: 'Certificar mi integración', description: 'Certification: title of the form'})}
      </h3>
      <form className={styles.form} onSubmit={submit}>
        <label className={styles.field}>
          {translate({id: 'sandboxCertification.confirmationUrl', message: 'URL de su receptor de confirmaciones', description: "Certification: field of the handler's URL"})}
          <input type="url" required value={confirmation} onChange={(event) => setConfirmation(event.target.value)} maxLength={SANDBOX_RULES.notify.maxUrlLength} />
        </label>
        <label className={styles.field}>
          {translate({id: 'sandboxCertification.responseUrl', message: 'URL de su página de respuesta (opcional)', description: "Certification: field of the return page's URL"})}
          <input type="url" value={response} onChange={(event) => setResponse(event.target.value)} maxLength={SANDBOX_RULES.notify.maxUrlLength} />
        </label>
        <fieldset className={styles.choices}>
          <legend>
            {translate({
              id: 'sandboxCertification.via',
              message: 'Quién hace las solicitudes',
              description: 'Certification: the choice between the sandbox posting and escuchar.mjs',
            })}
          </legend>
          <label>
            <input type="radio" name={`${id}-via`} value="directa" checked={via === 'directa'} onChange={() => setVia('directa')} />{' '}
            {translate({
              id: 'sandboxCertification.via.direct',
              message: 'El entorno de pruebas, directamente a sus URL',
              description: 'Certification: the sandbox posts to the URLs',
            })}
          </label>
          <label>
            <input type="radio" name={`${id}-via`} value="escuchar" checked={via === 'escuchar'} onChange={() => setVia('escuchar')} />{' '}
            {translate({
              id: 'sandboxCertification.via.listener',
              message: 'escuchar.mjs, en su equipo',
              description: "Certification: escuchar.mjs makes the requests on the integrator's computer",
            })}
          </label>
        </fieldset>
        {via === 'escuchar' ? (
          <div className={styles.listener}>
            <p className={styles.hint}>
              {translate({
                id: 'sandboxCertification.listenerHint',
                message: 'Antes de empezar, con sus servidores en marcha, ejecute en su equipo:',
                description: 'Certification: introduces the command that runs escuchar.mjs',
              })}{' '}
              {/* eslint-disable-next-line @docusaurus/no-html-links -- a download, not a page: <Link> would route it inside the app. */}
              <a href={`${SANDBOX_PAGES.listener}${locale === 'en' ? '?lang=en' : ''}`} download="escuchar.mjs">
                escuchar.mjs
              </a>
            </p>
            <code className={styles.command} data-testid="listener-command">
              {listenerCommand(credentials, confirmation, response)}
            </code>
          </div>
        ) : null}
        <label>
          <input type="checkbox" checked={rest} onChange={(event) => setRest(event.target.checked)} />{' '}
          {translate(
            {
              id: 'sandboxCertification.rest',
              message: 'Probar también mi cliente REST ({seconds} s, con su cliente llamando al entorno de pruebas)',
              description: "Certification: also check the merchant's REST client; seconds it lasts",
            },
            {seconds: SANDBOX_RULES.certification.rest.windowSeconds},
          )}
        </label>
        <div>
          <button type="submit" className="button button--primary" disabled={running}>
            {translate({id: 'sandboxCertification.start', message: 'Certificar mi integración', description: 'Certification: the button that starts a run'})}
          </button>
        </div>
      </form>
      {status === null ? null : (
        <p className={status.kind === 'error' ? styles.error : styles.text} role={status.kind === 'error' ? 'alert' : 'status'}>
          {status.text}
        </p>
      )}
      {report !== null && current !== null ? <Report report={report} informe={current.informe} /> : null}
      <History runs={history} onRevoke={revoke} />
    </section>
  );
}
