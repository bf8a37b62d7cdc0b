import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import {translate} from '@docusaurus/Translate';
import Inbox from './_components/Inbox';

/**
 * /sandbox/notificaciones: the sandbox's inbox, read with the
 * credentials this browser remembers. The server serves this page for a
 * browser's GET and the JSON list for `Accept: application/json`.
 */
export default function Notificaciones(): ReactNode {
  const title = translate({id: 'sandboxInbox.title', message: 'Bandeja de notificaciones', description: 'Title of the sandbox inbox page'});
  return (
    <Layout
      title={title}
      description={translate({
        id: 'sandboxInbox.description',
        message: 'Las confirmaciones que el entorno de pruebas envió para su comercio de pruebas: reenviarlas y liquidar las transacciones pendientes.',
        description: 'Meta description of the sandbox inbox page',
      })}
    >
      <main className="container margin-vert--lg">
        <h1>{title}</h1>
        <Inbox />
      </main>
    </Layout>
  );
}
