import React, {type ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {translate} from '@docusaurus/Translate';
import type {ActiveCredentials} from '@site/src/lib/sandboxCredentials';
import styles from './styles.module.css';

/** Whose records the page shows: the reader's merchant, or the demo merchant, labelled public. */
export default function MerchantBanner({credentials}: {readonly credentials: ActiveCredentials}): ReactNode {
  if (credentials.publico) {
    return (
      <div className={`alert alert--warning ${styles.banner}`} data-testid="merchant">
        <strong>{translate({id: 'sandboxPages.public', message: 'Público', description: 'Sandbox pages: label of the demo merchant records'})}</strong>{' '}
        {translate(
          {
            id: 'sandboxPages.demoMerchant',
            message:
              'Registros del comercio de demostración (usuario {usuario}, terminal {terminal}): cualquiera puede verlos. Para tener los suyos, cree credenciales de prueba en',
            description: 'Sandbox pages: the page shows the public demo merchant records; followed by a link to the sandbox page',
          },
          {usuario: credentials.usuario, terminal: credentials.terminal},
        )}{' '}
        <Link to="/sandbox">
          {translate({id: 'sandboxPages.sandboxLink', message: 'la página del entorno de pruebas', description: 'Sandbox pages: link text to the sandbox page'})}
        </Link>
        .
      </div>
    );
  }
  return (
    <div className={`alert alert--info ${styles.banner}`} data-testid="merchant">
      {translate(
        {
          id: 'sandboxPages.ownMerchant',
          message: 'Registros de su comercio de pruebas: usuario {usuario}, terminal {terminal}. Solo quien tiene estas credenciales los ve.',
          description: 'Sandbox pages: the page shows the reader own merchant records',
        },
        {usuario: credentials.usuario, terminal: credentials.terminal},
      )}{' '}
      <Link to="/sandbox">
        {translate({id: 'sandboxPages.manage', message: 'Administrar credenciales', description: 'Sandbox pages: link to the sandbox page, where the credentials are managed'})}
      </Link>
    </div>
  );
}
