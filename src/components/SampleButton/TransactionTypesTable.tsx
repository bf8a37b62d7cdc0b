import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {TRANSACTION_TYPES} from '@site/src/data/transactionTypes';
import {sampleTitle} from '@site/src/components/CodeSampleDialog/sampleTitles';
import SampleButton from './index';

/** Transaction types 0-5 (spec §3) with their sample forms. */
export default function TransactionTypesTable(): ReactNode {
  return (
    <div style={{overflowX: 'auto'}}>
      <table style={{display: 'table', width: '100%'}}>
        <thead>
          <tr>
            <th scope="col">{translate({id: 'transactionTypes.column.id', message: 'Id', description: 'Column header: transaction type id'})}</th>
            <th scope="col">{translate({id: 'transactionTypes.column.name', message: 'Tipo de transacción', description: 'Column header: transaction type name'})}</th>
            <th scope="col">{translate({id: 'transactionTypes.column.sample', message: 'Muestra', description: 'Column header: the code sample of a transaction type'})}</th>
          </tr>
        </thead>
        <tbody>
          {TRANSACTION_TYPES.map((type) => (
            <tr key={type.id}>
              <td>
                <code>{type.id}</code>
              </td>
              <td>{sampleTitle(type.path)}</td>
              <td>
                <SampleButton sample={type.path} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
