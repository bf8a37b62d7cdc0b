import React, {type ReactNode} from 'react';
import Translate from '@docusaurus/Translate';
import useBaseUrl from '@docusaurus/useBaseUrl';
// Written by plugins/soap-contract from static/soap/pagos.wsdl. Imported here,
// not registered in MDXComponents, so only the contract page loads it.
import data from '@generated/soap-contract/default/contrato.json';
import SoapOperationView from './SoapOperationView';
import styles from './styles.module.css';

/** The messages and examples of one operation of the SOAP contract. */
export default function SoapOperation({name}: {readonly name: string}): ReactNode {
  const operation = data.contract.operations.find((o) => o.name === name);
  const example = data.examples[name];
  if (!operation || !example) {
    // Fails the build: a page names an operation the WSDL does not define.
    throw new Error(`The SOAP contract has no operation "${name}".`);
  }
  return <SoapOperationView operation={operation} example={example} />;
}

/** The link that downloads the WSDL (served from static/, in every locale). */
export function SoapDownload(): ReactNode {
  const href = useBaseUrl(data.wsdlPath);
  const file = data.wsdlPath.split('/').pop();
  return (
    <p className={styles.download}>
      {/* eslint-disable-next-line @docusaurus/no-html-links -- a download, not a page: <Link> would route it inside the app. */}
      <a className="button button--primary" href={href} download={file}>
        <Translate id="soapContract.download" description="Button that downloads the WSDL file" values={{file}}>
          {'Descargar el contrato WSDL ({file})'}
        </Translate>
      </a>
    </p>
  );
}

/** The operations the contract defines, in its order (for pages that list them). */
export const SOAP_CONTRACT_OPERATIONS: readonly string[] = data.contract.operations.map((o) => o.name);
