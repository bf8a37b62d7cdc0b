import React, {type ReactNode} from 'react';
import labels from '@portal/labels/paymentMethods.json';
import {PAYMENT_GROUPS, methodsOf, type PaymentGroup, type PaymentMethod} from '@site/core/data/paymentMethods';
import {cellLabel, stackedTable} from '@site/src/lib/stackedTables';
import styles from './styles.module.css';

/** Labels in core/data/labels/paymentMethods.json, in English in i18n/en/portal-labels (plugins/labels). */
function methodLabel(method: PaymentMethod): string {
  if (method.variant !== undefined) return labels.method[method.variant];
  // Referenced and barcode methods are known by id only, so the id names them.
  if (method.group === 'referenced' || method.group === 'barcode') return labels.method[method.group].replace('{id}', String(method.demo));
  return labels.group[method.group];
}

function Id({value}: {readonly value: number | null}): ReactNode {
  if (value === null) {
    return <span title={labels.notAvailable}>—</span>;
  }
  return <code>{value}</code>;
}

/** The payment methods with their demo and production ids (core/data/paymentMethods.ts). */
export default function PaymentMethodTable({groups = PAYMENT_GROUPS}: {readonly groups?: readonly PaymentGroup[]}): ReactNode {
  const head = {
    group: labels.column.group,
    method: labels.column.method,
    demo: labels.column.demo,
    production: labels.column.production,
  };
  return (
    <div className={styles.wrapper}>
      <table {...stackedTable(styles.table)}>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              {head.group}
            </th>
            <th scope="col" role="columnheader">
              {head.method}
            </th>
            <th scope="col" role="columnheader">
              {head.demo}
            </th>
            <th scope="col" role="columnheader">
              {head.production}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {groups.flatMap((group) =>
            methodsOf(group).map((method, index) => (
              <tr key={`${group}-${method.demo ?? 'x'}-${method.production ?? 'x'}`} role="row">
                {index === 0 && (
                  <th scope="rowgroup" role="rowheader" rowSpan={methodsOf(group).length}>
                    {labels.group[group]}
                  </th>
                )}
                <td {...cellLabel(head.method)}>{methodLabel(method)}</td>
                <td {...cellLabel(head.demo)}>
                  <Id value={method.demo} />
                </td>
                <td {...cellLabel(head.production)}>
                  <Id value={method.production} />
                </td>
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
