import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {PAYMENT_GROUPS, methodsOf, type PaymentGroup, type PaymentMethod} from '@site/src/data/paymentMethods';
import {cellLabel, stackedTable} from '@site/src/lib/stackedTables';
import styles from './styles.module.css';

function groupLabel(group: PaymentGroup): string {
  switch (group) {
    case 'referenced':
      return translate({id: 'paymentMethods.group.referenced', message: 'Pago referenciado', description: 'Payment-method group: referenced payments'});
    case 'barcode':
      return translate({id: 'paymentMethods.group.barcode', message: 'Código de barras', description: 'Payment-method group: barcode payments'});
    case 'pse':
      return translate({id: 'paymentMethods.group.pse', message: 'PSE (transferencia bancaria)', description: 'Payment-method group: PSE bank transfers'});
    case 'card':
      return translate({id: 'paymentMethods.group.card', message: 'Tarjeta de crédito', description: 'Payment-method group: credit cards'});
    case 'wallet':
      return translate({id: 'paymentMethods.group.wallet', message: 'Billetera móvil', description: 'Payment-method group: mobile wallets'});
  }
}

function methodLabel(method: PaymentMethod): string {
  switch (method.variant) {
    case 'visa':
      return 'Visa';
    case 'mastercard':
      return 'Mastercard';
    case 'amex':
      return 'American Express';
    case 'diners':
      return 'Diners Club';
    case 'store':
      return translate({id: 'paymentMethods.method.store', message: 'Tarjeta propia (de marca del comercio)', description: 'Payment method: store (own-brand) card'});
    case 'first':
      return translate({id: 'paymentMethods.method.firstWallet', message: 'Primera billetera (Daviplata)', description: 'Payment method: the first mobile wallet'});
    case 'second':
      return translate({id: 'paymentMethods.method.secondWallet', message: 'Segunda billetera', description: 'Payment method: the second mobile wallet'});
    case undefined:
      // The spec gives referenced and barcode methods by id only, so the id names them.
      if (method.group === 'referenced') {
        return translate({id: 'paymentMethods.method.referenced', message: 'Referenciado {id}', description: 'Payment method: a referenced-payment method, named by its id'}, {id: String(method.demo)});
      }
      if (method.group === 'barcode') {
        return translate({id: 'paymentMethods.method.barcode', message: 'Código de barras {id}', description: 'Payment method: a barcode method, named by its id'}, {id: String(method.demo)});
      }
      return groupLabel(method.group);
  }
}

function Id({value}: {readonly value: number | null}): ReactNode {
  if (value === null) {
    return <span title={translate({id: 'paymentMethods.notAvailable', message: 'No disponible en este ambiente', description: 'Tooltip of a payment method without an id in an environment'})}>—</span>;
  }
  return <code>{value}</code>;
}

/** The payment methods with their demo and production ids (spec §9). */
export default function PaymentMethodTable({groups = PAYMENT_GROUPS}: {readonly groups?: readonly PaymentGroup[]}): ReactNode {
  const head = {
    group: translate({id: 'paymentMethods.column.group', message: 'Grupo', description: 'Column header: payment-method group'}),
    method: translate({id: 'paymentMethods.column.method', message: 'Medio de pago', description: 'Column header: payment method'}),
    demo: translate({id: 'paymentMethods.column.demo', message: 'Id en demo', description: 'Column header: id in the demo environment'}),
    production: translate({id: 'paymentMethods.column.production', message: 'Id en producción', description: 'Column header: id in production'}),
  };
  return (
    <div className={styles.wrapper}>
      <table {...stackedTable(styles.table)}>
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">{head.group}</th>
            <th scope="col" role="columnheader">{head.method}</th>
            <th scope="col" role="columnheader">{head.demo}</th>
            <th scope="col" role="columnheader">{head.production}</th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {groups.flatMap((group) =>
            methodsOf(group).map((method, index) => (
              <tr key={`${group}-${method.demo ?? 'x'}-${method.production ?? 'x'}`} role="row">
                {index === 0 && (
                  <th scope="rowgroup" role="rowheader" rowSpan={methodsOf(group).length}>
                    {groupLabel(group)}
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
