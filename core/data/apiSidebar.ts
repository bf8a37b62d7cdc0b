/**
 * The documentation sidebar of the REST and SOAP pages: each entry
 * with its title, operation, page key (the page's slug) and HTTP verb. The
 * API sidebars are built from this list; titles are translated where the
 * sidebar is rendered (sidebar JSON of the docs instance).
 */

export type HttpVerb = 'post' | 'get';

export interface ApiSidebarEntry {
  /** Spanish title; English comes from the instance's translated sidebar labels. */
  readonly title: string;
  /** The gateway operation, or null for pages without one. */
  readonly operation: string | null;
  /** The slug of the entry's page: "cont/<key>" in the old portal. */
  readonly pageKey: string;
  readonly verb: HttpVerb | null;
  /** Entries of the /confirmacionTransaccionMedioPago group. */
  readonly children?: readonly ApiSidebarEntry[];
}

const payment = (title: string, pageKey: string): ApiSidebarEntry => ({title, operation: '/confirmacionTransaccionMedioPago', pageKey, verb: 'post'});

export const REST_SIDEBAR: readonly ApiSidebarEntry[] = [
  {title: 'Autenticación', operation: '/autenticar', pageKey: 'autenticacion', verb: 'post'},
  {
    title: 'Confirmación de transacción por medio de pago',
    operation: '/confirmacionTransaccionMedioPago',
    pageKey: 'confirmacion-transaccion',
    verb: 'post',
    children: [
      payment('Pago referenciado o código de barras', 'referenciado'),
      payment('PSE', 'pse'),
      payment('Tarjeta de crédito', 'pago-tarjeta'),
      payment('Opción crear token', 'creartoken'),
      payment('Pago por token', 'pagotoken'),
      payment('Pago recurrente', 'recurrente'),
      payment('Pago con la primera billetera (Daviplata)', 'pago-daviplata'),
      // The portal's own key (the others keep the old portal's), named after the wallet's order.
      payment('Pago con la segunda billetera', 'pago-segunda-billetera'),
    ],
  },
  {title: 'Consultar estado de transacción', operation: '/consultarEstadoTransaccion', pageKey: 'consulta-estado', verb: 'post'},
  {title: 'Consultar información de token', operation: '/consultaInfoToken', pageKey: 'consulta-token', verb: 'post'},
  {title: 'Eliminar recurrencia o token', operation: '/eliminarRecurrenciaToken', pageKey: 'eliminar-recurrencia', verb: 'post'},
  {title: 'Reversar transacción con tarjeta', operation: '/reversarTransaccionTarjeta', pageKey: 'reversar-transaccion', verb: 'post'},
  {title: 'Listar bancos', operation: '/listarBancos', pageKey: 'listar-bancos', verb: 'post'},
  {title: 'Ver tabla de valores', operation: null, pageKey: 'valores', verb: null},
  {title: 'Cifrado de valores', operation: null, pageKey: 'cifrado', verb: null},
  {title: 'Crear botón de pago', operation: '/crearBotonPago', pageKey: 'botonpago', verb: 'post'},
  {title: 'Crear token de tarjeta sin pago', operation: '/crearTokenTarjeta', pageKey: 'crearTokenTarjeta', verb: 'post'},
  {title: 'Finalizar pago con la primera billetera', operation: '/finalizaPagoDaviplata', pageKey: 'finalizar-pago-daviplata', verb: 'post'},
];

/**
 * Reference pages of /rest that the documentation sidebar above does not list:
 * the e-mail payment operation is documented (openapi/rest.yaml) but has no
 * entry or page key there. Its sidebar entry follows the others.
 */
export const REST_SIDEBAR_EXTRA: readonly ApiSidebarEntry[] = [{title: 'Pago por correo electrónico', operation: '/enviarPagoCorreo', pageKey: 'pago-correo', verb: 'post'}];

/** The REST menu of /apirest: authentication and the reconciliation GET. */
export const APIREST_SIDEBAR: readonly ApiSidebarEntry[] = [
  {title: 'Autenticación', operation: '/autenticar', pageKey: 'autenticacion', verb: 'post'},
  {
    title: 'Consultar transacciones por referencia',
    operation: '/conciliacion/{terminal}/{fecha_inicio}/{fecha_fin}/{pagina}',
    pageKey: 'transacciones-referencia',
    verb: 'get',
  },
];

/**
 * The menu of /tcrest, the card REST API (the portal's own choice of entries):
 * authentication, the card requests of /confirmacionTransaccionMedioPago
 * in the REST-style variant with campo1 to campo4 encrypted, and the reversal.
 */
export const TCREST_SIDEBAR: readonly ApiSidebarEntry[] = [
  {title: 'Autenticación', operation: '/autenticar', pageKey: 'autenticacion', verb: 'post'},
  payment('Pago con tarjeta de crédito', 'pago-tarjeta'),
  payment('Opción crear token', 'creartoken'),
  payment('Pago por token', 'pagotoken'),
  payment('Pago recurrente', 'recurrente'),
  {title: 'Reversar transacción con tarjeta', operation: '/reversarTransaccionTarjeta', pageKey: 'reversar-transaccion', verb: 'post'},
];

/** Operations of the SOAP contract (static/soap/pagos.wsdl; plugins/soap-contract/__tests__/wsdl.test.ts checks they match). */
export const SOAP_OPERATIONS = [
  'consultaInfoToken',
  'reversarTransaccionTarjeta',
  'consultarEstadoTransaccion',
  'confirmacionTransaccionMedioPago',
  'listarBancos',
  'eliminarRecurrenciaToken',
  'procesarGrupoCodigoBarras',
  'consultaSaldoSi',
] as const;
