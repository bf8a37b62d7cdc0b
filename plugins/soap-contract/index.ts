/**
 * Local plugin: reads the SOAP contract (static/soap/pagos.wsdl) and its
 * request/response examples (static/soap/ejemplos/<operation>.solicitud.xml
 * and .respuesta.xml) at build time, checks every example against the
 * contract, and hands the contract page one JSON module
 * (@generated/soap-contract/default/contrato.json) that only that page loads.
 *
 * A broken contract, a missing example or an example that does not follow the
 * contract stops the build with the list of problems.
 */
import {readdir, readFile, writeFile} from 'node:fs/promises';
import {join} from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {ENV_DEFAULTS} from '../../core/config';
import {checkEnvelope, parseSoapContract, renameProductElements, type SoapContract} from './contract';

/** Where the contract lives, relative to the site and to the built site. */
export const WSDL_PATH = 'soap/pagos.wsdl';
export const EXAMPLES_DIR = 'soap/ejemplos';

export interface SoapExample {
  /** The request envelope (file <operation>.solicitud.xml). */
  readonly request: string;
  /** The response envelope (file <operation>.respuesta.xml). */
  readonly response: string;
}

export interface SoapContractData {
  readonly contract: SoapContract;
  /** Site path of the downloadable WSDL, without the locale's base URL. */
  readonly wsdlPath: string;
  readonly examples: Readonly<Record<string, SoapExample>>;
}

export interface SoapContractOptions {
  /** The configured product name (serial{product} of the payment response). */
  readonly productName: string;
}

export async function loadSoapContract(staticDir: string, productName: string): Promise<SoapContractData> {
  const rename = (text: string) => renameProductElements(text, ENV_DEFAULTS.PRODUCT_NAME, productName);
  const contract = parseSoapContract(rename(await readFile(join(staticDir, WSDL_PATH), 'utf8')));
  const problems: string[] = [];
  const examples: Record<string, SoapExample> = {};
  const files = new Set(await readdir(join(staticDir, EXAMPLES_DIR)));
  const read = async (file: string) => rename(await readFile(join(staticDir, EXAMPLES_DIR, file), 'utf8'));
  for (const op of contract.operations) {
    const requestFile = `${op.name}.solicitud.xml`;
    const responseFile = `${op.name}.respuesta.xml`;
    if (!files.has(requestFile) || !files.has(responseFile)) {
      problems.push(`${op.name}: ${EXAMPLES_DIR}/${requestFile} and ${EXAMPLES_DIR}/${responseFile} must both exist.`);
      continue;
    }
    const example = {request: await read(requestFile), response: await read(responseFile)};
    problems.push(...checkEnvelope(example.request, contract, op.name, 'input').map((p) => `${requestFile}: ${p}`));
    problems.push(...checkEnvelope(example.response, contract, op.name, 'output').map((p) => `${responseFile}: ${p}`));
    examples[op.name] = example;
  }
  const names = new Set(contract.operations.map((o) => o.name));
  for (const file of files) {
    const op = /^(.+)\.(solicitud|respuesta)\.xml$/.exec(file)?.[1];
    if (op === undefined || !names.has(op)) {
      problems.push(`${EXAMPLES_DIR}/${file} is not the example of an operation of the contract.`);
    }
  }
  if (problems.length > 0) {
    throw new Error(`The SOAP contract examples do not follow ${WSDL_PATH}:\n- ${problems.join('\n- ')}`);
  }
  return {contract, wsdlPath: `/${WSDL_PATH}`, examples};
}

function readOptions(options: unknown): SoapContractOptions {
  const productName = (options as {productName?: unknown} | null)?.productName;
  if (typeof productName !== 'string' || productName === '') {
    throw new Error('The soap-contract plugin needs the option productName (the configured product name).');
  }
  return {productName};
}

// Plugin<unknown>: the config's plugin list takes modules whose content it does not know.
export default function soapContractPlugin(context: LoadContext, rawOptions: unknown): Plugin {
  const options = readOptions(rawOptions);
  const staticDir = join(context.siteDir, 'static');
  return {
    name: 'soap-contract',
    getPathsToWatch: () => [join(staticDir, 'soap/**/*')],
    loadContent: () => loadSoapContract(staticDir, options.productName),
    async contentLoaded({content, actions}) {
      await actions.createData('contrato.json', JSON.stringify(content));
    },
    // The build copies static/ as it is; when the product has another name,
    // the served contract and examples must carry it too.
    async postBuild({outDir}) {
      if (options.productName === ENV_DEFAULTS.PRODUCT_NAME) {
        return;
      }
      const targets = [WSDL_PATH, ...(await readdir(join(outDir, EXAMPLES_DIR))).map((f) => `${EXAMPLES_DIR}/${f}`)];
      for (const target of targets) {
        const path = join(outDir, target);
        await writeFile(path, renameProductElements(await readFile(path, 'utf8'), ENV_DEFAULTS.PRODUCT_NAME, options.productName));
      }
    },
  };
}
