/** The demo merchant comes from the contracts and the worked examples, nowhere else. */
import {mkdtempSync, mkdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {loadDemoMerchant} from '../demoMerchant';
import {EXAMPLE_KEY} from '../../../../core/data/securityExamples';

describe('the sandbox demo merchant', () => {
  it('is the authentication example of the contracts with the worked examples key', () => {
    expect(loadDemoMerchant()).toEqual({usuario: 'comercio.demo', clave: 'ClaveDePrueba2026', terminal: '4501', llave: EXAMPLE_KEY});
  });

  it('names the missing field when the contract lacks it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'merchant-'));
    mkdirSync(join(dir, 'openapi'));
    writeFileSync(join(dir, 'openapi', 'comunes.yaml'), 'components:\n  examples:\n    SolicitudAutenticacion:\n      value:\n        usuario: x\n        clave: y\n');
    expect(() => loadDemoMerchant(dir)).toThrow(/SolicitudAutenticacion\.value\.terminal/);
  });
});
