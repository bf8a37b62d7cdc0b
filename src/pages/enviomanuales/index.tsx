import React, {type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Layout from '@theme/Layout';
import {translate} from '@docusaurus/Translate';
import usePortalConfig from '@site/src/lib/usePortalConfig';
import ManualsForm from './_components/ManualsForm';

/** /enviomanuales: the screen that e-mails the integration manuals ("Envío Manuales"). */
export default function EnvioManuales(): ReactNode {
  const {productName} = usePortalConfig();
  // The title of this page is "Integración" and the product name, alone, without the site's title.
  const title = translate(
    {id: 'enviomanuales.pageTitle', message: 'Integración {product}', description: 'Document title of the manuals-sending page; {product} is the product name'},
    {product: productName},
  );
  return (
    <Layout
      description={translate({
        id: 'enviomanuales.description',
        message: 'Envíe los manuales de integración a una lista de correos.',
        description: 'Meta description of the manuals-sending page',
      })}
    >
      <Head>
        <title>{title}</title>
      </Head>
      <main className="container margin-vert--lg">
        <ManualsForm />
      </main>
    </Layout>
  );
}
