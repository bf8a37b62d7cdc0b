import React, {type ReactNode} from 'react';
import Layout from '@theme/Layout';
import {translate} from '@docusaurus/Translate';
import RequestLog from './_components/RequestLog';

/**
 * /sandbox/registro: the sandbox's request log, read with the
 * credentials this browser remembers. The server serves this page for a
 * browser's GET and the JSON list for `Accept: application/json`; every
 * sandbox error answer links here.
 */
export default function Registro(): ReactNode {
  const title = translate({id: 'sandboxLog.title', message: 'Registro de solicitudes', description: 'Title of the sandbox request log page'});
  return (
    <Layout
      title={title}
      description={translate({
        id: 'sandboxLog.description',
        message: 'Las últimas solicitudes que el entorno de pruebas recibió de su comercio de pruebas, con sus errores tal como los recibió el cliente.',
        description: 'Meta description of the sandbox request log page',
      })}
    >
      <main className="container margin-vert--lg">
        <h1>{title}</h1>
        <RequestLog />
      </main>
    </Layout>
  );
}
