// The SOAP contract that plugins/soap-contract writes with createData() at build time.
declare module '@generated/soap-contract/default/contrato.json' {
  import type {SoapContractData} from '@site/plugins/soap-contract';

  const data: SoapContractData;
  export default data;
}
