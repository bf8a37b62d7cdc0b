import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {
  CURRENCIES,
  DOCUMENT_TYPE_CODES,
  LANGUAGES,
  POST_DOCUMENT_TYPES,
  REST_CURRENCIES,
  TEST_CARD,
  TRANSACTION_APPROVED_CODES,
  type ApprovalMeaning,
  type DocumentKind,
  type Language,
  type PostDocumentType,
} from '@site/src/data/enumerations';
import {DEMO_CARD_IDS} from '@site/src/data/paymentMethods';
import {cellLabel, stackedTable} from '@site/src/lib/stackedTables';

const yes = () => translate({id: 'enums.yes', message: 'Sí', description: 'Table cell: yes'});
const no = () => translate({id: 'enums.no', message: 'No', description: 'Table cell: no'});

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

const valueHead = () => translate({id: 'enums.column.value', message: 'Valor', description: 'Column header: an enumeration value'});
const meaningHead = () => translate({id: 'enums.column.meaning', message: 'Significado', description: 'Column header: meaning of an enumeration value'});

/** tipoMoneda: four currencies in the POST form, three in the REST documentation. */
export function CurrencyTable(): ReactNode {
  return (
    <Table
      head={[valueHead(), translate({id: 'enums.currency.post', message: 'Formulario POST', description: 'Column header: accepted in the POST form'}), translate({id: 'enums.currency.rest', message: 'Documentación REST', description: 'Column header: listed by the REST documentation'})]}
      rows={CURRENCIES.map((c) => [<code key={c}>{c}</code>, yes(), REST_CURRENCIES.includes(c) ? yes() : no()])}
    />
  );
}

function languageLabel(language: Language): string {
  switch (language) {
    case 'ES':
      return translate({id: 'enums.language.ES', message: 'Español', description: 'lenguaje ES'});
    case 'US':
      return translate({id: 'enums.language.US', message: 'Inglés', description: 'lenguaje US'});
    case 'BR':
      return translate({id: 'enums.language.BR', message: 'Portugués', description: 'lenguaje BR'});
  }
}

export function LanguageTable(): ReactNode {
  return <Table head={[valueHead(), meaningHead()]} rows={LANGUAGES.map((l) => [<code key={l}>{l}</code>, languageLabel(l)])} />;
}

function postDocumentLabel(type: PostDocumentType): string {
  switch (type) {
    case 'CC':
      return translate({id: 'enums.postDocument.CC', message: 'Cédula de ciudadanía', description: 'tipoDocumento CC'});
    case 'CE':
      return translate({id: 'enums.postDocument.CE', message: 'Cédula de extranjería', description: 'tipoDocumento CE'});
    case 'NIT':
      return translate({id: 'enums.postDocument.NIT', message: 'NIT', description: 'tipoDocumento NIT'});
    case 'PAS':
      return translate({id: 'enums.postDocument.PAS', message: 'Pasaporte', description: 'tipoDocumento PAS'});
    case 'Otro':
      return translate({id: 'enums.postDocument.Otro', message: 'Otro documento', description: 'tipoDocumento Otro'});
  }
}

export function PostDocumentTypeTable(): ReactNode {
  return <Table head={[valueHead(), meaningHead()]} rows={POST_DOCUMENT_TYPES.map((t) => [<code key={t}>{t}</code>, postDocumentLabel(t)])} />;
}

function documentKindLabel(kind: DocumentKind): string {
  switch (kind) {
    case 'citizenId':
      return translate({id: 'enums.documentCode.citizenId', message: 'Cédula de ciudadanía', description: 'Document-type code 1'});
    case 'nit':
      return translate({id: 'enums.documentCode.nit', message: 'NIT', description: 'Document-type code 2'});
    case 'foreignId':
      return translate({id: 'enums.documentCode.foreignId', message: 'Cédula de extranjería', description: 'Document-type code 3'});
    case 'identityCard':
      return translate({id: 'enums.documentCode.identityCard', message: 'Tarjeta de identidad', description: 'Document-type code 4'});
    case 'passport':
      return translate({id: 'enums.documentCode.passport', message: 'Pasaporte', description: 'Document-type code 5'});
  }
}

/** Codes of Extra9 (older variant) and of tipoDocumento in REST. */
export function DocumentCodeTable(): ReactNode {
  return (
    <Table
      head={[translate({id: 'enums.column.code', message: 'Código', description: 'Column header: a code'}), meaningHead()]}
      rows={DOCUMENT_TYPE_CODES.map((d) => [<code key={d.code}>{d.code}</code>, documentKindLabel(d.kind)])}
    />
  );
}

function approvalLabel(meaning: ApprovalMeaning): string {
  switch (meaning) {
    case 'successful':
      return translate({id: 'enums.approval.successful', message: 'Exitosa', description: 'transaccionAprobada 1'});
    case 'pending':
      return translate({id: 'enums.approval.pending', message: 'Pendiente', description: 'transaccionAprobada 0'});
    case 'rejected':
      return translate({id: 'enums.approval.rejected', message: 'Rechazada', description: 'transaccionAprobada -1'});
    case 'aborted':
      return translate({id: 'enums.approval.aborted', message: 'Abortada', description: 'transaccionAprobada 2'});
    case 'reversed':
      return translate({id: 'enums.approval.reversed', message: 'Reversada', description: 'transaccionAprobada 3'});
  }
}

/** transaccionAprobada, with where each code can arrive. */
export function ApprovalCodeTable(): ReactNode {
  const both = translate({id: 'enums.approval.both', message: 'Respuesta y confirmación', description: 'Where a transaccionAprobada code arrives: both URLs'});
  const confirmation = translate({id: 'enums.approval.confirmationOnly', message: 'Solo confirmación', description: 'Where a transaccionAprobada code arrives: only the confirmation URL'});
  return (
    <Table
      head={[valueHead(), meaningHead(), translate({id: 'enums.approval.where', message: 'Llega en', description: 'Column header: which response carries the code'})]}
      rows={TRANSACTION_APPROVED_CODES.map((c) => [<code key={c.code}>{c.code}</code>, approvalLabel(c.meaning), c.confirmationOnly ? confirmation : both])}
    />
  );
}

/** metodoPago values used in the samples (demo cards), with the test-card data of spec §9. */
export function TestCardTable(): ReactNode {
  const brands = [
    ['Visa', DEMO_CARD_IDS.visa],
    ['MasterCard', DEMO_CARD_IDS.mastercard],
    ['American Express', DEMO_CARD_IDS.amex],
    ['Diners Club', DEMO_CARD_IDS.diners],
  ] as const;
  return (
    <Table
      head={[
        translate({id: 'enums.card.brand', message: 'Franquicia', description: 'Column header: card brand'}),
        'metodoPago',
        translate({id: 'enums.card.expiry', message: 'Vencimiento', description: 'Column header: card expiry'}),
        translate({id: 'enums.card.cvc', message: 'Código de seguridad', description: 'Column header: card security code'}),
      ]}
      rows={brands.map(([brand, id]) => [brand, <code key={id}>{id}</code>, <code key="e">{`${TEST_CARD.expiryYear}-${TEST_CARD.expiryMonth}`}</code>, <code key="c">{TEST_CARD.cvc}</code>])}
    />
  );
}
