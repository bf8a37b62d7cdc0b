/**
 * @jest-environment node
 */
import {REST_SIDEBAR, REST_SIDEBAR_EXTRA, TCREST_SIDEBAR, APIREST_SIDEBAR} from '../../../core/data/apiSidebar';
import {GENERATED_DIR, operationPageKeys, referenceSidebar} from '../apiSidebars';
import restSidebars from '../../sidebars/rest';

describe('reference sidebars', () => {
  const rest = restSidebars.rest as {type: string; label?: string; id?: string; href?: string; className?: string; items?: {type: string; id?: string; className?: string}[]}[];

  it('show the REST documentation sidebar in order, after the overview, with the e-mail payment last', () => {
    expect(rest.map((i) => i.label)).toEqual(['Servicios REST', ...REST_SIDEBAR.map((e) => e.title), ...REST_SIDEBAR_EXTRA.map((e) => e.title)]);
  });

  it('give every operation a post badge and a page whose id is its page key', () => {
    const auth = rest.find((i) => i.label === 'Autenticación');
    expect(auth).toEqual({type: 'doc', id: `${GENERATED_DIR}/autenticacion`, label: 'Autenticación', className: 'api-method post'});
    const group = rest.find((i) => i.type === 'category');
    expect(group?.className).toBe('api-method post');
    expect(group?.items?.map((i) => i.id)).toEqual(REST_SIDEBAR[1]!.children!.map((c) => `${GENERATED_DIR}/${c.pageKey}`));
    expect(group?.items?.every((i) => i.className === 'api-method post')).toBe(true);
  });

  it('point the values table and the value encryption at the guides', () => {
    expect(rest.find((i) => i.label === 'Ver tabla de valores')).toEqual({type: 'link', label: 'Ver tabla de valores', href: '/guias/valores'});
    expect(rest.find((i) => i.label === 'Cifrado de valores')).toEqual({type: 'link', label: 'Cifrado de valores', href: '/guias/cifrado'});
  });

  it('badge the reconciliation GET as get', () => {
    const sidebar = referenceSidebar('API REST', APIREST_SIDEBAR);
    expect(sidebar.map((i) => (typeof i === 'object' && 'className' in i ? i.className : undefined))).toEqual([undefined, 'api-method post', 'api-method get']);
  });

  it('list the page keys that need a generated page', () => {
    expect(operationPageKeys(TCREST_SIDEBAR)).toEqual(['autenticacion', 'pago-tarjeta', 'creartoken', 'pagotoken', 'recurrente', 'reversar-transaccion']);
    expect(operationPageKeys(REST_SIDEBAR)).not.toContain('confirmacion-transaccion');
    expect(operationPageKeys(REST_SIDEBAR)).not.toContain('valores');
  });

  it('refuse a group without an overview page and an entry without operation or guide', () => {
    expect(() => referenceSidebar('x', REST_SIDEBAR)).toThrow(/no overview page/);
    expect(() => referenceSidebar('x', [{title: 'Otra', operation: null, pageKey: 'otra', verb: null}])).toThrow(/no guide page/);
  });
});
