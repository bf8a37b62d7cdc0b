import {translate} from '@docusaurus/Translate';
import type {SampleKey} from '@site/core/data/codeSamples';

// Translation ids stay literal so that write-translations can extract them.
export function sampleTitle(key: SampleKey): string {
  switch (key) {
    case 'pagonormal':
      return translate({id: 'codeSamples.pagonormal.title', message: 'Pago normal', description: 'Title of the normal-payment sample (transaction type 0)'});
    case 'pagounico':
      return translate({id: 'codeSamples.pagounico.title', message: 'Pago único', description: 'Title of the single-payment sample (transaction type 1)'});
    case 'pagorecurrente':
      return translate({id: 'codeSamples.pagorecurrente.title', message: 'Pago recurrente', description: 'Title of the recurring-payment sample (transaction type 2)'});
    case 'generatoken':
      return translate({id: 'codeSamples.generatoken.title', message: 'Generación de token', description: 'Title of the token-generation sample (transaction type 3)'});
    case 'pagotoken':
      return translate({id: 'codeSamples.pagotoken.title', message: 'Pago con token', description: 'Title of the token-payment sample (transaction type 4)'});
    case 'pagogeneral':
      return translate({id: 'codeSamples.pagogeneral.title', message: 'Pago general', description: 'Title of the general-payment sample (transaction type 5)'});
    case 'cifrado':
      return translate({id: 'codeSamples.cifrado.title', message: 'Cifrado RSA de 2048 bits', description: 'Title of the RSA-2048 encryption sample'});
  }
}
