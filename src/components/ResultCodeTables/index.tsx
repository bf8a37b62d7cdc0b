import React, {type ReactNode} from 'react';
import labels from '@portal/labels/resultCodes.json';
import {Table} from '@site/src/components/EnumTable';
import {
  BOOLEAN_ESTADO_OPERATIONS,
  BUTTON_FIELD_DATA_TYPES,
  BUTTON_FIELD_KINDS,
  CARD_VARIANT_RESPONSE_CODES,
  DELETE_TYPES,
  ESTADO_CARD,
  ESTADO_REFERENCED_PSE,
  OPERATION_RESULT_CODES,
  PAYMENT_RESPONSE_CODES,
  PSE_PERSON_TYPES,
  REJECTED_AUTHORIZATION_CODES,
  type EstadoValue,
} from '@site/core/data/resultCodes';

/*
 * Tables of the gateway's result codes and states, read from core/data/resultCodes.ts
 * (the same module the OpenAPI contracts are tested against). Used by /guias/valores.
 * Their labels are in core/data/labels/resultCodes.json, in English in
 * i18n/en/portal-labels/resultCodes.json (plugins/labels).
 */

/** CodigoRespuesta of payments; `variant="card"` is the card variant (99 questions, 2 unexpected error). */
export function PaymentCodeTable({variant}: {readonly variant?: 'card'}): ReactNode {
  const codes = variant === 'card' ? CARD_VARIANT_RESPONSE_CODES : PAYMENT_RESPONSE_CODES;
  const wallets = labels.scope.wallets;
  return (
    <Table
      head={[labels.column.code, labels.column.meaning]}
      rows={codes.map((c) => [<code key={c.code}>{c.code}</code>, c.scope === 'wallets' ? `${labels.payment[c.meaning]} (${wallets})` : labels.payment[c.meaning]])}
    />
  );
}

function estadoMeaning(value: EstadoValue, method: 'referencedPse' | 'card'): string {
  return method === 'card' && value === 'RECHAZADA' ? labels.estadoCard.RECHAZADA : labels.estado[value];
}

/** estado values of referenced/PSE or card payments. */
export function EstadoTable({method}: {readonly method: 'referencedPse' | 'card'}): ReactNode {
  const values = method === 'card' ? ESTADO_CARD : ESTADO_REFERENCED_PSE;
  return <Table head={[labels.column.estado, labels.column.meaning]} rows={values.map((v) => [<code key={v}>{v}</code>, estadoMeaning(v, method)])} />;
}

/** Result codes of the other operations, and the true/false estado of delete, reverse and e-mail payment. */
export function OperationCodeTable(): ReactNode {
  const rows: ReactNode[][] = Object.entries(OPERATION_RESULT_CODES).flatMap(([operation, {field, codes}]) =>
    codes.map((c) => [<code key="o">{operation}</code>, <code key="f">{field}</code>, <code key="c">{c.code}</code>, labels.op[c.meaning]]),
  );
  const done = labels.op.done;
  const noChange = labels.op.noChange;
  for (const operation of BOOLEAN_ESTADO_OPERATIONS) {
    rows.push([<code key="o">{operation}</code>, <code key="f">estado</code>, <code key="c">true</code>, done]);
    rows.push([<code key="o">{operation}</code>, <code key="f">estado</code>, <code key="c">false</code>, noChange]);
  }
  return <Table head={[labels.column.operation, labels.column.field, labels.column.code, labels.column.meaning]} rows={rows} />;
}

/** numeroAutorizacion of a rejected card transaction, by brand. */
export function RejectedAuthorizationTable(): ReactNode {
  return (
    <Table
      head={[labels.column.authorization, labels.column.brands]}
      rows={REJECTED_AUTHORIZATION_CODES.map((r) => [<code key={r.code}>{r.code}</code>, r.brands.map((brand) => labels.brand[brand]).join(', ')])}
    />
  );
}

export type CodedField = 'tipoBorrado' | 'tipoPersona' | 'tipodato' | 'tipocampo';

function codedRows(field: CodedField): readonly (readonly [string, string])[] {
  switch (field) {
    case 'tipoBorrado':
      return DELETE_TYPES.map((t) => [t.code, labels.tipoBorrado[t.kind]] as const);
    case 'tipoPersona':
      return PSE_PERSON_TYPES.map((t) => [t.code, labels.personType[t.kind]] as const);
    case 'tipodato':
      return BUTTON_FIELD_DATA_TYPES.map((t) => [t, labels.tipodato[t]] as const);
    case 'tipocampo':
      return BUTTON_FIELD_KINDS.map((t) => [t, labels.tipocampo[t]] as const);
  }
}

/** The coded request fields: tipoBorrado, PSE person type (campo3), button field types. */
export function CodedFieldTable({field}: {readonly field: CodedField}): ReactNode {
  return <Table head={[labels.column.code, labels.column.meaning]} rows={codedRows(field).map(([code, meaning]) => [<code key={code}>{code}</code>, meaning])} />;
}
