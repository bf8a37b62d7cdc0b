import React, {useId, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {failureText, reasonText} from '../reasons';
import type {SendState} from '../useSendManuals';
import styles from './styles.module.css';

/**
 * What the last sending did, kept on the page after the toast has gone: who
 * got the manual, and which addresses to fix and why. Only button: "Cerrar".
 */
export default function SendResult({state, onClose}: {readonly state: SendState; readonly onClose: () => void}): ReactNode {
  const titleId = useId();
  if (state.phase !== 'sent' && state.phase !== 'failed') {
    return null;
  }
  const close = (
    <button type="button" className="button button--sm button--secondary" onClick={onClose}>
      {translate({id: 'enviomanuales.close', message: 'Cerrar', description: 'The only button of the result notice'})}
    </button>
  );
  if (state.phase === 'sent') {
    return (
      <div className={clsx('alert alert--success', styles.result)} role="status" aria-labelledby={titleId}>
        <p id={titleId} className={styles.title}>
          {translate({id: 'enviomanuales.success', message: 'Manuales Enviados a los Correos ingresados.', description: 'Success notice after the manuals are sent'})}
        </p>
        <ul className={styles.list}>
          {state.sent.map((address) => (
            <li key={address}>{address}</li>
          ))}
        </ul>
        {close}
      </div>
    );
  }
  const {failure} = state;
  return (
    <div className={clsx('alert alert--danger', styles.result)} role="alert" aria-labelledby={titleId}>
      <p id={titleId} className={styles.title}>
        {translate({id: 'enviomanuales.error', message: 'Error enviando manuales.', description: 'Error notice when the manuals could not be sent'})}
      </p>
      <p>{failureText(failure)}</p>
      {failure.kind === 'invalid' && (
        <ul className={styles.list}>
          {failure.refused.map((entry) => (
            <li key={entry.indice}>
              <code className={styles.address}>{entry.correo === '' ? ' ' : entry.correo}</code> {reasonText(entry.motivo)}
            </li>
          ))}
        </ul>
      )}
      {failure.kind === 'delivery' && (
        <>
          <ul className={styles.list}>
            {failure.failed.map((entry) => (
              <li key={entry.correo}>
                <code className={styles.address}>{entry.correo}</code> {reasonText(entry.motivo)}
              </li>
            ))}
          </ul>
          {failure.sent.length > 0 && (
            <>
              <p>
                {translate({id: 'enviomanuales.failure.deliveredTo', message: 'Sí lo recibieron:', description: 'Above the addresses that did get the manual when others failed'})}
              </p>
              <ul className={styles.list}>
                {failure.sent.map((address) => (
                  <li key={address}>
                    <code className={styles.address}>{address}</code>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
      {close}
    </div>
  );
}
