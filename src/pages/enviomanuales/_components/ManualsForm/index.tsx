import React, {useRef, useState, type FormEvent, type ReactNode} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {translate} from '@docusaurus/Translate';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import {useToast} from '@site/src/components/Toasts';
import EmailChips from '../EmailChips';
import SendResult from '../SendResult';
import {splitEntries, type Entry} from '../entries';
import {reasonText} from '../reasons';
import useSendManuals, {type SendState} from '../useSendManuals';
import styles from './styles.module.css';

/** The server's remarks, placed on the chips that were sent (by position, or by address). */
function remarksFor(state: SendState, sent: readonly Entry[]): Map<number, string> {
  const remarks = new Map<number, string>();
  if (state.phase !== 'failed') {
    return remarks;
  }
  const {failure} = state;
  if (failure.kind === 'invalid') {
    for (const refused of failure.refused) {
      const entry = sent[refused.indice];
      if (entry !== undefined) remarks.set(entry.id, reasonText(refused.motivo));
    }
  } else if (failure.kind === 'delivery') {
    for (const failed of failure.failed) {
      for (const entry of sent.filter((e) => e.text.toLowerCase() === failed.correo.toLowerCase())) {
        remarks.set(entry.id, reasonText(failed.motivo));
      }
    }
  }
  return remarks;
}

/** The "Envío Manuales" screen: the address list and "Enviar", then a loading notice and the outcome. */
export default function ManualsForm(): ReactNode {
  const {apiBases, productName, production} = usePortalConfig();
  const {i18n} = useDocusaurusContext();
  const toast = useToast();
  const {state, send, reset} = useSendManuals(apiBases.utils, i18n.currentLocale);
  const [entries, setEntries] = useState<readonly Entry[]>([]);
  const [draft, setDraft] = useState('');
  const [remarks, setRemarks] = useState<ReadonlyMap<number, string>>(new Map());
  const nextId = useRef(1);
  const sending = state.phase === 'sending';

  const toEntries = (texts: readonly string[]): Entry[] => texts.map((text) => ({id: nextId.current++, text}));

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    // What is still in the input counts too.
    const list = [...entries, ...toEntries(splitEntries(draft))];
    setEntries(list);
    setDraft('');
    setRemarks(new Map());
    const result = await send(list.map((entry) => entry.text));
    // The result panel below (role status / alert) speaks the outcome with its
    // details; the toast shows the same notice without a second announcement.
    if (result.phase === 'sent') {
      toast.show(
        translate({id: 'enviomanuales.success', message: 'Manuales Enviados a los Correos ingresados.', description: 'Success notice after the manuals are sent'}),
        'success',
        {
          announce: false,
        },
      );
      setEntries([]);
    } else if (result.phase === 'failed') {
      // The list stays, with the server's remarks on the chips to fix.
      toast.show(translate({id: 'enviomanuales.error', message: 'Error enviando manuales.', description: 'Error notice when the manuals could not be sent'}), 'error', {
        announce: false,
      });
      setRemarks(remarksFor(result, list));
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h1>{translate({id: 'enviomanuales.heading', message: 'Listado Correos.', description: 'Heading of the manuals-sending screen'})}</h1>
      {/* What the screen sends and what happens to a bad list: the screen's own texts above and below (heading, button, notices) keep their wording. */}
      <p>
        {translate(
          {
            id: 'enviomanuales.intro',
            message:
              'Cada dirección recibe un correo con el manual de integración de {product} en PDF (las páginas de todos los canales: variables POST, REST, REST tarjetas, SOAP y plugins), en el idioma de esta pantalla, con enlaces a cada canal. Si una dirección no es válida o la lista es demasiado larga, no se envía a ninguna: la pantalla marca qué corregir.',
            description: 'Manuals screen: what each address receives and that one bad address stops the whole send',
          },
          {product: productName},
        )}
      </p>
      {!production && (
        <p className={styles.note}>
          {translate({
            id: 'enviomanuales.devOutbox',
            message:
              'Este portal corre en modo de desarrollo: si su servidor no tiene configurado un servidor de correo (SMTP_URL), los mensajes no salen a internet; quedan como archivos .eml en la carpeta outbox/ del servidor del portal.',
            description: 'Manuals screen, outside production mode: where the messages go without a mail server',
          })}
        </p>
      )}
      <EmailChips
        entries={entries}
        draft={draft}
        remarks={remarks}
        disabled={sending}
        onDraftChange={setDraft}
        onAdd={(texts) => setEntries((current) => [...current, ...toEntries(texts)])}
        onRemove={(id) => setEntries((current) => current.filter((entry) => entry.id !== id))}
      />
      <div className={styles.actions}>
        <button type="submit" className="button button--primary" disabled={sending} aria-busy={sending}>
          {translate({id: 'enviomanuales.send', message: 'Enviar', description: 'Button that sends the manuals'})}
        </button>
        {/* Always present, so assistive technology announces the change. */}
        <span className={styles.status} role="status" aria-live="polite">
          {sending && (
            <>
              <span className={styles.spinner} aria-hidden="true" />
              {translate({id: 'enviomanuales.sending', message: 'Enviando Manuales', description: 'Loading notice while the manuals are sent'})}
            </>
          )}
        </span>
      </div>
      <SendResult state={state} onClose={reset} />
    </form>
  );
}
