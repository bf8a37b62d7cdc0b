import React, {type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
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
  type OperationOutcome,
  type PaymentOutcome,
  type RejectedBrand,
} from '@site/src/data/resultCodes';

/*
 * Tables of the result codes and states of spec §4, read from src/data/resultCodes.ts
 * (the same module the OpenAPI contracts are tested against). Used by /guias/valores.
 */

const codeHead = () => translate({id: 'resultCodes.column.code', message: 'Código', description: 'Column header: a result code'});
const meaningHead = () => translate({id: 'resultCodes.column.meaning', message: 'Significado', description: 'Column header: meaning of a result code'});

function paymentOutcome(outcome: PaymentOutcome): string {
  switch (outcome) {
    case 'success':
      return translate({id: 'resultCodes.payment.success', message: 'Exitosa', description: 'CodigoRespuesta: success'});
    case 'rejected':
      return translate({id: 'resultCodes.payment.rejected', message: 'Rechazada', description: 'CodigoRespuesta: rejected'});
    case 'pending':
      return translate({id: 'resultCodes.payment.pending', message: 'Pendiente', description: 'CodigoRespuesta: pending'});
    case 'processing':
      return translate({id: 'resultCodes.payment.processing', message: 'En proceso', description: 'CodigoRespuesta: processing'});
    case 'reversed':
      return translate({id: 'resultCodes.payment.reversed', message: 'Reversada', description: 'CodigoRespuesta: reversed'});
    case 'unexpectedError':
      return translate({id: 'resultCodes.payment.unexpectedError', message: 'Error inesperado', description: 'CodigoRespuesta: unexpected error'});
    case 'questionValidation':
      return translate({id: 'resultCodes.payment.questionValidation', message: 'Validación por preguntas (Cuestionario)', description: 'CodigoRespuesta: the bank validates the buyer with questions'});
  }
}

/** CodigoRespuesta of payments; `variant="card"` is the card variant (99 questions, 2 unexpected error). */
export function PaymentCodeTable({variant}: {readonly variant?: 'card'}): ReactNode {
  const codes = variant === 'card' ? CARD_VARIANT_RESPONSE_CODES : PAYMENT_RESPONSE_CODES;
  const wallets = translate({id: 'resultCodes.scope.wallets', message: 'billeteras', description: 'Where a result code applies: mobile wallets'});
  return (
    <Table
      head={[codeHead(), meaningHead()]}
      rows={codes.map((c) => [<code key={c.code}>{c.code}</code>, c.scope === 'wallets' ? `${paymentOutcome(c.meaning)} (${wallets})` : paymentOutcome(c.meaning)])}
    />
  );
}

function estadoMeaning(value: EstadoValue, method: 'referencedPse' | 'card'): string {
  switch (value) {
    case 'PENDIENTE':
      return translate({id: 'resultCodes.estado.PENDIENTE', message: 'Creada, a la espera del pago; así queda un referenciado o código de barras hasta que se paga', description: 'estado PENDIENTE'});
    case 'RECHAZADA':
      return method === 'card'
        ? translate({id: 'resultCodes.estado.RECHAZADA.card', message: 'Rechazada por el banco o la franquicia', description: 'estado RECHAZADA of a card payment'})
        : translate({id: 'resultCodes.estado.RECHAZADA', message: 'Rechazada', description: 'estado RECHAZADA'});
    case 'FALLIDA':
      return translate({id: 'resultCodes.estado.FALLIDA', message: 'No se pudo crear o procesar', description: 'estado FALLIDA'});
    case 'OK':
      return translate({id: 'resultCodes.estado.OK', message: 'Aprobada', description: 'estado OK'});
    case 'VALIDACION':
      return translate({id: 'resultCodes.estado.VALIDACION', message: 'El banco pide validar al comprador con preguntas (Cuestionario)', description: 'estado VALIDACION'});
  }
}

/** estado values of referenced/PSE or card payments. */
export function EstadoTable({method}: {readonly method: 'referencedPse' | 'card'}): ReactNode {
  const values = method === 'card' ? ESTADO_CARD : ESTADO_REFERENCED_PSE;
  return (
    <Table
      head={[translate({id: 'resultCodes.column.estado', message: 'estado', description: 'Column header: the estado field'}), meaningHead()]}
      rows={values.map((v) => [<code key={v}>{v}</code>, estadoMeaning(v, method)])}
    />
  );
}

function operationOutcome(outcome: OperationOutcome): string {
  switch (outcome) {
    case 'success':
      return translate({id: 'resultCodes.op.success', message: 'Exitosa', description: 'Operation result: success'});
    case 'authenticationError':
      return translate({id: 'resultCodes.op.authenticationError', message: 'Error de autenticación', description: 'Operation result: authentication error'});
    case 'noInformation':
      return translate({id: 'resultCodes.op.noInformation', message: 'Sin información, o información inconsistente', description: 'Operation result: no or inconsistent information'});
    case 'created':
      return translate({id: 'resultCodes.op.created', message: 'Creado', description: 'Operation result: created'});
    case 'rejected':
      return translate({id: 'resultCodes.op.rejected', message: 'Rechazado', description: 'Operation result: rejected'});
    case 'unexpectedError':
      return translate({id: 'resultCodes.op.unexpectedError', message: 'Error inesperado', description: 'Operation result: unexpected error'});
    case 'unexpectedOrValidationError':
      return translate({id: 'resultCodes.op.unexpectedOrValidationError', message: 'Error inesperado o de validación', description: 'Operation result: unexpected or validation error'});
  }
}

/** Result codes of the other operations, and the true/false estado of delete, reverse and e-mail payment. */
export function OperationCodeTable(): ReactNode {
  const rows: ReactNode[][] = Object.entries(OPERATION_RESULT_CODES).flatMap(([operation, {field, codes}]) =>
    codes.map((c) => [<code key="o">{operation}</code>, <code key="f">{field}</code>, <code key="c">{c.code}</code>, operationOutcome(c.meaning)]),
  );
  const done = translate({id: 'resultCodes.op.done', message: 'Hecho', description: 'estado "true" of delete, reverse and e-mail payment'});
  const noChange = translate({id: 'resultCodes.op.noChange', message: 'Nada cambió (en el pago por correo, el error va en mensaje)', description: 'estado "false" of delete, reverse and e-mail payment'});
  for (const operation of BOOLEAN_ESTADO_OPERATIONS) {
    rows.push([<code key="o">{operation}</code>, <code key="f">estado</code>, <code key="c">true</code>, done]);
    rows.push([<code key="o">{operation}</code>, <code key="f">estado</code>, <code key="c">false</code>, noChange]);
  }
  return (
    <Table
      head={[
        translate({id: 'resultCodes.column.operation', message: 'Operación', description: 'Column header: a gateway operation'}),
        translate({id: 'resultCodes.column.field', message: 'Campo', description: 'Column header: the response field that carries the code'}),
        codeHead(),
        meaningHead(),
      ]}
      rows={rows}
    />
  );
}

function brandLabel(brand: RejectedBrand): string {
  switch (brand) {
    case 'visa':
      return 'Visa';
    case 'amex':
      return 'American Express';
    case 'diners':
      return 'Diners';
    case 'mastercard':
      return 'Mastercard';
    case 'si':
      return 'Si';
    case 'ownBrand':
      return translate({id: 'resultCodes.brand.ownBrand', message: 'Tarjeta propia', description: 'Card brand: the own-brand (store) card'});
  }
}

/** numeroAutorizacion of a rejected card transaction, by brand. */
export function RejectedAuthorizationTable(): ReactNode {
  return (
    <Table
      head={[translate({id: 'resultCodes.column.authorization', message: 'numeroAutorizacion', description: 'Column header: the authorization number of a rejected transaction'}), translate({id: 'resultCodes.column.brands', message: 'Franquicias', description: 'Column header: card brands'})]}
      rows={REJECTED_AUTHORIZATION_CODES.map((r) => [<code key={r.code}>{r.code}</code>, r.brands.map(brandLabel).join(', ')])}
    />
  );
}

export type CodedField = 'tipoBorrado' | 'tipoPersona' | 'tipodato' | 'tipocampo';

function codedRows(field: CodedField): readonly (readonly [string, string])[] {
  switch (field) {
    case 'tipoBorrado':
      return DELETE_TYPES.map((t) => [
        t.code,
        t.kind === 'recurrence'
          ? translate({id: 'resultCodes.tipoBorrado.recurrence', message: 'Borra la recurrencia', description: 'tipoBorrado 1'})
          : translate({id: 'resultCodes.tipoBorrado.token', message: 'Borra el token', description: 'tipoBorrado 0'}),
      ] as const);
    case 'tipoPersona':
      return PSE_PERSON_TYPES.map((t) => [
        t.code,
        t.kind === 'natural'
          ? translate({id: 'resultCodes.personType.natural', message: 'Persona natural', description: 'PSE campo3 0'})
          : translate({id: 'resultCodes.personType.legal', message: 'Persona jurídica', description: 'PSE campo3 1'}),
      ] as const);
    case 'tipodato':
      return BUTTON_FIELD_DATA_TYPES.map((t) => [
        t,
        t === 'alfanumerico'
          ? translate({id: 'resultCodes.tipodato.alfanumerico', message: 'Letras y números (por defecto)', description: 'Button field data type: alphanumeric'})
          : translate({id: 'resultCodes.tipodato.numerico', message: 'Solo números', description: 'Button field data type: numeric'}),
      ] as const);
    case 'tipocampo':
      return BUTTON_FIELD_KINDS.map((t) => [
        t,
        t === 'texto'
          ? translate({id: 'resultCodes.tipocampo.texto', message: 'Texto libre (por defecto)', description: 'Button field kind: text'})
          : translate({id: 'resultCodes.tipocampo.seleccion', message: 'Lista de opciones (se toma así si llega listaOpcionSeleccion)', description: 'Button field kind: selection'}),
      ] as const);
  }
}

/** The coded request fields of spec §3 and §5: tipoBorrado, PSE person type (campo3), button field types. */
export function CodedFieldTable({field}: {readonly field: CodedField}): ReactNode {
  return <Table head={[codeHead(), meaningHead()]} rows={codedRows(field).map(([code, meaning]) => [<code key={code}>{code}</code>, meaning])} />;
}
