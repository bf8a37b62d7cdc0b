import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {TRANSACTION_TYPES} from '@site/core/data/transactionTypes';
import {sampleTitle} from '@site/src/components/CodeSampleDialog/sampleTitles';
import {cellLabel, stackedTable} from '@site/src/lib/stackedTables';
import SampleButton from './index';

/** Transaction types 0-5 (core/data/transactionTypes.ts) with their sample forms. */
export default function TransactionTypesTable(): ReactNode {
  const head = {
    id: translate({id: 'transactionTypes.column.id', message: 'Id', description: 'Column header: transaction type id'}),
    name: translate({id: 'transactionTypes.column.name', message: 'Tipo de transacción', description: 'Column header: transaction type name'}),
    sample: translate({id: 'transactionTypes.column.sample', message: 'Muestra', description: 'Column header: the code sample of a transaction type'}),
  };
  return (
    <div style={{overflowX: 'auto'}}>
      <table style={{display: 'table', width: '100%'}} {...stackedTable()}>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {head.id}
            </th>
            <th scope="col" role="columnheader">
              {head.name}
            </th>
            <th scope="col" role="columnheader">
              {head.sample}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {TRANSACTION_TYPES.map((type) => (
            <tr key={type.id} role="row">
              <td {...cellLabel(head.id)}>
                <code>{type.id}</code>
              </td>
              <td {...cellLabel(head.name)}>{sampleTitle(type.path)}</td>
              <td {...cellLabel(head.sample)}>
                <SampleButton sample={type.path} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
