import React, {Fragment, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@site/src/components/GuideTabs';
import TabItem from '@site/src/components/GuideTabs/TabItem';
import type {SoapField, SoapMessage, SoapOperation} from '@site/plugins/soap-contract/contract';
import type {SoapExample} from '@site/plugins/soap-contract';
import styles from './styles.module.css';

function typeLabel(field: SoapField): ReactNode {
  if (field.fields) {
    return field.open
      ? translate({id: 'soapContract.type.open', message: 'contenido abierto', description: 'Type cell: a complex type whose content the contract leaves open (xsd:any)'})
      : <code>{field.type}</code>;
  }
  switch (field.type) {
    case 'string':
      return translate({id: 'soapContract.type.string', message: 'texto', description: 'Type cell: xsd:string'});
    case 'boolean':
      return translate({id: 'soapContract.type.boolean', message: 'booleano', description: 'Type cell: xsd:boolean'});
    default:
      return (
        <>
          {translate({id: 'soapContract.type.string', message: 'texto', description: 'Type cell: xsd:string'})} (<code>{field.type}</code>)
        </>
      );
  }
}

function values(field: SoapField): ReactNode {
  if (field.enumeration) {
    return field.enumeration.map((value, i) => (
      <Fragment key={value}>
        {i > 0 && ', '}
        <code>{value}</code>
      </Fragment>
    ));
  }
  if (field.pattern !== undefined) {
    return (
      <>
        {translate({id: 'soapContract.values.pattern', message: 'patrón', description: 'Values cell: the value must match this regular expression'})} <code>{field.pattern}</code>
      </>
    );
  }
  return null;
}

function rows(fields: readonly SoapField[], parent: string, depth: number): ReactNode[] {
  return fields.flatMap((field) => {
    const path = parent === '' ? field.name : `${parent}/${field.name}`;
    const row = (
      <tr key={path}>
        <td style={{paddingLeft: `${0.75 + depth * 1.25}rem`}}>
          <code>{field.name}</code>
          {field.list && (
            <span className={styles.list}>
              {' '}
              {translate({id: 'soapContract.list', message: '(lista)', description: 'After a field name: the element may repeat'})}
            </span>
          )}
        </td>
        <td>{typeLabel(field)}</td>
        <td>
          {field.required
            ? translate({id: 'soapContract.required.yes', message: 'Sí', description: 'Required cell: yes'})
            : translate({id: 'soapContract.required.no', message: 'No', description: 'Required cell: no'})}
        </td>
        <td>{values(field)}</td>
      </tr>
    );
    return [row, ...(field.fields ? rows(field.fields, path, depth + 1) : [])];
  });
}

function MessageTable({message, caption}: {readonly message: SoapMessage; readonly caption: string}): ReactNode {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption>
          {caption}: <code>{message.name}</code>, {translate({id: 'soapContract.element', message: 'elemento', description: 'Before the name of the XML element of a message'})} <code>{message.element}</code>
        </caption>
        <colgroup>
          <col className={styles.colField} />
          <col className={styles.colType} />
          <col className={styles.colRequired} />
          <col className={styles.colValues} />
        </colgroup>
        <thead>
          <tr>
            <th scope="col">{translate({id: 'soapContract.column.field', message: 'Campo', description: 'Column header: element name'})}</th>
            <th scope="col">{translate({id: 'soapContract.column.type', message: 'Tipo', description: 'Column header: data type'})}</th>
            <th scope="col">{translate({id: 'soapContract.column.required', message: 'Obligatorio', description: 'Column header: whether the element is required'})}</th>
            <th scope="col">{translate({id: 'soapContract.column.values', message: 'Valores', description: 'Column header: allowed values or pattern'})}</th>
          </tr>
        </thead>
        <tbody>{rows(message.fields, '', 0)}</tbody>
      </table>
    </div>
  );
}

/** One operation of the SOAP contract: its messages as tables and its request/response examples. */
export default function SoapOperationView({operation, example}: {readonly operation: SoapOperation; readonly example: SoapExample}): ReactNode {
  const request = translate({id: 'soapContract.request', message: 'Solicitud', description: 'Label of the input message and of the request example'});
  const response = translate({id: 'soapContract.response', message: 'Respuesta', description: 'Label of the output message and of the response example'});
  return (
    <div className={styles.operation}>
      <p>
        <code>SOAPAction</code>: <code>{operation.soapAction}</code>
      </p>
      <MessageTable message={operation.input} caption={request} />
      <MessageTable message={operation.output} caption={response} />
      <Tabs>
        <TabItem value="solicitud" label={translate({id: 'soapContract.example.request', message: 'Ejemplo de solicitud', description: 'Tab with the request example'})} default>
          <CodeBlock language="xml" title={`${operation.name}.solicitud.xml`}>
            {example.request.trimEnd()}
          </CodeBlock>
        </TabItem>
        <TabItem value="respuesta" label={translate({id: 'soapContract.example.response', message: 'Ejemplo de respuesta', description: 'Tab with the response example'})}>
          <CodeBlock language="xml" title={`${operation.name}.respuesta.xml`}>
            {example.response.trimEnd()}
          </CodeBlock>
        </TabItem>
      </Tabs>
    </div>
  );
}
