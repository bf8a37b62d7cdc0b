import React, {Fragment, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import CodeBlock from '@theme/CodeBlock';
import Tabs from '@site/src/components/GuideTabs';
import TabItem from '@site/src/components/GuideTabs/TabItem';
import type {SoapField, SoapMessage, SoapOperation} from '@site/plugins/soap-contract/contract';
import type {SoapExample} from '@site/plugins/soap-contract';
import {cellLabel, stackedTable} from '@site/src/lib/stackedTables';
import styles from './styles.module.css';

function typeLabel(field: SoapField): ReactNode {
  if (field.fields) {
    return field.open ? (
      translate({id: 'soapContract.type.open', message: 'contenido abierto', description: 'Type cell: a complex type whose content the contract leaves open (xsd:any)'})
    ) : (
      <code>{field.type}</code>
    );
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

interface Head {
  readonly field: string;
  readonly type: string;
  readonly required: string;
  readonly values: string;
}

function rows(fields: readonly SoapField[], parent: string, depth: number, head: Head): ReactNode[] {
  return fields.flatMap((field) => {
    const path = parent === '' ? field.name : `${parent}/${field.name}`;
    const row = (
      <tr key={path} role="row">
        <td style={{paddingLeft: `${0.75 + depth * 1.25}rem`}} {...cellLabel(head.field)}>
          <code>{field.name}</code>
          {field.list && (
            <span className={styles.list}> {translate({id: 'soapContract.list', message: '(lista)', description: 'After a field name: the element may repeat'})}</span>
          )}
        </td>
        <td {...cellLabel(head.type)}>{typeLabel(field)}</td>
        <td {...cellLabel(head.required)}>
          {field.required
            ? translate({id: 'soapContract.required.yes', message: 'Sí', description: 'Required cell: yes'})
            : translate({id: 'soapContract.required.no', message: 'No', description: 'Required cell: no'})}
        </td>
        <td {...cellLabel(head.values)}>{values(field)}</td>
      </tr>
    );
    return [row, ...(field.fields ? rows(field.fields, path, depth + 1, head) : [])];
  });
}

function MessageTable({message, caption}: {readonly message: SoapMessage; readonly caption: string}): ReactNode {
  const head: Head = {
    field: translate({id: 'soapContract.column.field', message: 'Campo', description: 'Column header: element name'}),
    type: translate({id: 'soapContract.column.type', message: 'Tipo', description: 'Column header: data type'}),
    required: translate({id: 'soapContract.column.required', message: 'Obligatorio', description: 'Column header: whether the element is required'}),
    values: translate({id: 'soapContract.column.values', message: 'Valores', description: 'Column header: allowed values or pattern'}),
  };
  return (
    <div className={styles.tableWrap}>
      <table {...stackedTable(styles.table)}>
        <caption>
          {caption}: <code>{message.name}</code>, {translate({id: 'soapContract.element', message: 'elemento', description: 'Before the name of the XML element of a message'})}{' '}
          <code>{message.element}</code>
        </caption>
        <colgroup>
          <col className={styles.colField} />
          <col className={styles.colType} />
          <col className={styles.colRequired} />
          <col className={styles.colValues} />
        </colgroup>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {head.field}
            </th>
            <th scope="col" role="columnheader">
              {head.type}
            </th>
            <th scope="col" role="columnheader">
              {head.required}
            </th>
            <th scope="col" role="columnheader">
              {head.values}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">{rows(message.fields, '', 0, head)}</tbody>
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
