import React, {useEffect, useState, type FormEvent, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {sampleFields, type SampleLocale} from '@site/core/data/codeSamples';
import type {TransactionPath} from '@site/core/data/transactionTypes';
import type {ActiveCredentials} from '@site/src/lib/sandboxCredentials';

type Signing = typeof import('@site/core/data/signedSample');

/**
 * "Probar en el entorno de pruebas": posts the sample to the
 * sandbox's purchase page in a new tab, as the merchant whose credentials are
 * in use (the reader's, or the public demo merchant's), signed in this
 * browser with that merchant's terminal key by core/signatures.ts through
 * core/data/signedSample.ts: checksum, tokenSeguridad (this minute) and
 * md5ValidacionValor. The signing code (node-forge's MD5 and SHA-512) loads
 * when the dialog shows the button, and the values are written into the form
 * as it is submitted, so the browser opens the tab for the click itself.
 */
export default function TryInSandbox({
  path,
  locale,
  endpoint,
  credentials,
  describedBy,
}: {
  readonly path: TransactionPath;
  readonly locale: SampleLocale;
  /** The sandbox's purchase page on this portal. */
  readonly endpoint: string;
  readonly credentials: ActiveCredentials;
  /** The id of the text that says whose key signs (TryNote). */
  readonly describedBy?: string;
}): ReactNode {
  const [signing, setSigning] = useState<Signing | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    import('@site/core/data/signedSample').then(
      (module) => current && setSigning(module),
      () => current && setSigning('failed'),
    );
    return () => {
      current = false;
    };
  }, []);

  // The form holds the sample's variables and the signed ones; their values are set on submit.
  const names = [...sampleFields(path, locale).map((f) => f.name)];
  if (signing !== null && signing !== 'failed') {
    for (const name of signing.SIGNED_FIELDS) if (!names.includes(name)) names.push(name);
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>): void => {
    if (signing === null || signing === 'failed') {
      event.preventDefault();
      return;
    }
    const element = event.currentTarget;
    for (const field of signing.signedSampleFields(path, locale, credentials, new Date())) {
      const input = element.elements.namedItem(field.name);
      if (input instanceof HTMLInputElement) input.value = field.value;
    }
  };

  const label = translate({
    id: 'codeDialog.trySandbox',
    message: 'Probar en el entorno de pruebas',
    description: 'Code dialog: button that posts the sample, signed, to the sandbox purchase page in a new tab',
  });

  return (
    <form action={endpoint} method="post" acceptCharset="utf-8" target="_blank" onSubmit={onSubmit} data-testid="try-sandbox-form" className="margin--none">
      {names.map((name) => (
        <input key={name} type="hidden" name={name} defaultValue="" />
      ))}
      <button type="submit" className="button button--success button--sm" disabled={signing === null || signing === 'failed'} aria-describedby={describedBy}>
        {label}
      </button>
    </form>
  );
}

/** Says whose key signs the form and that it opens a new tab. */
export function TryNote({id, credentials}: {readonly id: string; readonly credentials: ActiveCredentials}): ReactNode {
  return (
    <p id={id} className="margin--none">
      {credentials.publico
        ? translate(
            {
              id: 'codeDialog.trySandbox.demo',
              message:
                '«Probar en el entorno de pruebas» envía esta muestra a la página de compra en una pestaña nueva, firmada en su navegador con la llave del comercio de demostración ({usuario}, público).',
              description: 'Code dialog: what the try button does, without own credentials',
            },
            {usuario: credentials.usuario},
          )
        : translate(
            {
              id: 'codeDialog.trySandbox.own',
              message:
                '«Probar en el entorno de pruebas» envía esta muestra a la página de compra en una pestaña nueva, con su usuario ({usuario}) y firmada en su navegador con la llave de sus credenciales de prueba.',
              description: 'Code dialog: what the try button does, with the reader credentials',
            },
            {usuario: credentials.usuario},
          )}
    </p>
  );
}
