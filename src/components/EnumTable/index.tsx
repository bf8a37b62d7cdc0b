import React, {type ReactNode} from 'react';
import labels from '@portal/labels/enumerations.json';
import {CURRENCIES, DOCUMENT_TYPE_CODES, LANGUAGES, POST_DOCUMENT_TYPES, REST_CURRENCIES, TEST_CARD, TRANSACTION_APPROVED_CODES} from '@site/core/data/enumerations';
import {DEMO_CARD_IDS} from '@site/core/data/paymentMethods';
import {cellLabel, stackedTable} from '@site/src/lib/stackedTables';

/*
 * The tables of the gateway's enumerations (core/data/enumerations.ts). Their labels (in Spanish) are in
 * core/data/labels/enumerations.json, in English in
 * i18n/en/portal-labels/enumerations.json (plugins/labels).
 */

/** A plain data table; other table components reuse it. */
export function Table({head, rows}: {readonly head: readonly string[]; readonly rows: readonly (readonly ReactNode[])[]}): ReactNode {
  return (
    <div style={{overflowX: 'auto'}}>
      <table style={{display: 'table', width: '100%'}} {...stackedTable()}>
        <thead role="rowgroup">
          <tr role="row">
            {head.map((h) => (
              <th key={h} scope="col" role="columnheader">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">
          {rows.map((cells, i) => (
            <tr key={i} role="row">
              {cells.map((cell, j) => (
                <td key={j} {...cellLabel(head[j] ?? '')}>
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** tipoMoneda: four currencies in the POST form, three in the REST documentation. */
export function CurrencyTable(): ReactNode {
  return (
    <Table
      head={[labels.column.value, labels.currency.post, labels.currency.rest]}
      rows={CURRENCIES.map((c) => [<code key={c}>{c}</code>, labels.yes, REST_CURRENCIES.includes(c) ? labels.yes : labels.no])}
    />
  );
}

export function LanguageTable(): ReactNode {
  return <Table head={[labels.column.value, labels.column.meaning]} rows={LANGUAGES.map((l) => [<code key={l}>{l}</code>, labels.language[l]])} />;
}

export function PostDocumentTypeTable(): ReactNode {
  return <Table head={[labels.column.value, labels.column.meaning]} rows={POST_DOCUMENT_TYPES.map((t) => [<code key={t}>{t}</code>, labels.postDocument[t]])} />;
}

/** Codes of Extra9 (older variant) and of tipoDocumento in REST. */
export function DocumentCodeTable(): ReactNode {
  return <Table head={[labels.column.code, labels.column.meaning]} rows={DOCUMENT_TYPE_CODES.map((d) => [<code key={d.code}>{d.code}</code>, labels.documentCode[d.kind]])} />;
}

/** transaccionAprobada, with where each code can arrive. */
export function ApprovalCodeTable(): ReactNode {
  const both = labels.approval.both;
  const confirmation = labels.approval.confirmationOnly;
  return (
    <Table
      head={[labels.column.value, labels.column.meaning, labels.approval.where]}
      rows={TRANSACTION_APPROVED_CODES.map((c) => [<code key={c.code}>{c.code}</code>, labels.approval[c.meaning], c.confirmationOnly ? confirmation : both])}
    />
  );
}

/** metodoPago values used in the samples (demo cards), with the test-card data (TEST_CARD). */
export function TestCardTable(): ReactNode {
  const brands = [
    ['Visa', DEMO_CARD_IDS.visa],
    ['MasterCard', DEMO_CARD_IDS.mastercard],
    ['American Express', DEMO_CARD_IDS.amex],
    ['Diners Club', DEMO_CARD_IDS.diners],
  ] as const;
  return (
    <Table
      head={[labels.card.brand, 'metodoPago', labels.card.expiry, labels.card.cvc]}
      rows={brands.map(([brand, id]) => [
        brand,
        <code key={id}>{id}</code>,
        <code key="e">{`${TEST_CARD.expiryYear}-${TEST_CARD.expiryMonth}`}</code>,
        <code key="c">{TEST_CARD.cvc}</code>,
      ])}
    />
  );
}
