import React, {useCallback, useId, useState, type FormEvent, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {DEMO_PUBLIC_KEY_PEM} from '@site/core/data/encryption';
import type {EncryptError} from '@site/core/rsaEncrypt';
import useClipboard from '@site/src/components/CodeSampleDialog/useClipboard';
import {useToast} from '@site/src/components/Toasts';
import styles from './styles.module.css';

type State = {readonly status: 'idle'} | {readonly status: 'working'} | {readonly status: 'done'; readonly hex: string} | {readonly status: 'failed'; readonly message: string};

function errorMessage(error: EncryptError): string {
  switch (error.kind) {
    case 'emptyValue':
      return translate({id: 'rsaDemo.error.emptyValue', message: 'Escriba el valor que quiere cifrar.', description: 'Encryption demo: the value is empty'});
    case 'invalidKey':
      return translate({
        id: 'rsaDemo.error.invalidKey',
        message: 'La llave no es una llave pública PEM válida (debe empezar con -----BEGIN PUBLIC KEY-----).',
        description: 'Encryption demo: the key cannot be read',
      });
    case 'wrongKeySize':
      return translate(
        {id: 'rsaDemo.error.wrongKeySize', message: 'La llave debe ser RSA de 2048 bits; esta tiene {bits} bits.', description: 'Encryption demo: the key is not 2048-bit RSA'},
        {bits: error.bits},
      );
    case 'valueTooLong':
      return translate(
        {
          id: 'rsaDemo.error.valueTooLong',
          message: 'El valor ocupa {bytes} bytes; con RSA de 2048 bits se cifran como máximo 245.',
          description: 'Encryption demo: the value is too long for one RSA block',
        },
        {bytes: error.bytes},
      );
  }
}

/**
 * Encrypts a value in the reader's browser the way card fields travel to the
 * gateway (RSA 2048, hex). node-forge loads on the first click, as a chunk of
 * its own, so no other page (nor this one, until used) downloads it.
 */
export default function RsaEncryptDemo(): ReactNode {
  const id = useId();
  const [key, setKey] = useState(DEMO_PUBLIC_KEY_PEM);
  const [value, setValue] = useState('');
  const [state, setState] = useState<State>({status: 'idle'});
  const toast = useToast();
  const copy = useClipboard(
    useCallback(
      () => toast.show(translate({id: 'codeDialog.copied', message: 'Texto copiado', description: 'Toast shown after the code of a sample was copied'}), 'success'),
      [toast],
    ),
    useCallback(
      () =>
        toast.show(
          translate({id: 'rsaDemo.copyFailed', message: 'No se pudo copiar; seleccione el texto y cópielo.', description: 'Encryption demo: copying the result failed'}),
          'error',
        ),
      [toast],
    ),
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setState({status: 'working'});
    try {
      const {encryptToHex} = await import('@site/core/rsaEncrypt');
      const result = encryptToHex(key, value);
      setState(result.ok ? {status: 'done', hex: result.hex} : {status: 'failed', message: errorMessage(result.error)});
    } catch {
      setState({
        status: 'failed',
        message: translate({
          id: 'rsaDemo.error.load',
          message: 'No se pudo cargar el cifrado; revise su conexión e intente de nuevo.',
          description: 'Encryption demo: the encryption code could not be loaded',
        }),
      });
    }
  };

  return (
    <form className={styles.demo} onSubmit={(event) => void onSubmit(event)} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={styles.title}>
        {translate({id: 'rsaDemo.title', message: 'Pruebe el cifrado', description: 'Encryption demo: heading'})}
      </p>
      <label className={styles.label} htmlFor={`${id}-key`}>
        {translate({id: 'rsaDemo.key', message: 'Llave pública (PEM)', description: 'Encryption demo: label of the public key'})}
      </label>
      <textarea id={`${id}-key`} className={styles.key} rows={9} spellCheck={false} value={key} onChange={(e) => setKey(e.target.value)} aria-describedby={`${id}-key-hint`} />
      <p id={`${id}-key-hint`} className={styles.hint}>
        {translate({
          id: 'rsaDemo.keyHint',
          message: 'Viene con una llave de demostración del portal; pegue la llave que le entrega la pasarela para cifrar de verdad.',
          description: 'Encryption demo: hint under the public key',
        })}
      </p>
      <label className={styles.label} htmlFor={`${id}-value`}>
        {translate({id: 'rsaDemo.value', message: 'Valor a cifrar', description: 'Encryption demo: label of the value'})}
      </label>
      <input
        id={`${id}-value`}
        className={styles.value}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        placeholder={translate({id: 'rsaDemo.valuePlaceholder', message: 'Por ejemplo, el año de vencimiento: 2027', description: 'Encryption demo: placeholder of the value'})}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={state.status === 'working'}>
          {state.status === 'working'
            ? translate({id: 'rsaDemo.working', message: 'Cifrando…', description: 'Encryption demo: button while encrypting'})
            : translate({id: 'rsaDemo.encrypt', message: 'Cifrar', description: 'Encryption demo: button that encrypts'})}
        </button>
      </div>
      <div aria-live="polite">
        {state.status === 'failed' && (
          <p role="alert" className={styles.error}>
            {state.message}
          </p>
        )}
        {state.status === 'done' && (
          <div className={styles.result}>
            <label className={styles.label} htmlFor={`${id}-result`}>
              {translate(
                {id: 'rsaDemo.result', message: 'Valor cifrado ({length} caracteres hexadecimales)', description: 'Encryption demo: label of the result'},
                {length: state.hex.length},
              )}
            </label>
            <textarea id={`${id}-result`} className={styles.key} rows={5} readOnly value={state.hex} />
            <button type="button" className="button button--secondary button--sm" onClick={() => void copy(state.hex)}>
              {translate({id: 'rsaDemo.copy', message: 'Copiar', description: 'Encryption demo: button that copies the encrypted value'})}
            </button>
          </div>
        )}
      </div>
    </form>
  );
}
