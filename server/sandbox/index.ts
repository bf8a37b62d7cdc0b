/**
 * The gateway sandbox: the portal's simulator of the gateway, mounted under
 * SANDBOX_BASE (/sandbox) by the portal's own server when the portal config
 * says so (SANDBOX, on by default). It is not the gateway: it follows spec.md,
 * and where spec.md is silent its own rules page says what it decided.
 *
 * Its parts are Fastify plugins registered here, encapsulated under the
 * prefix, sharing the state that `createSandboxState` makes (one bounded store
 * per kind of record, server/sandbox/store.ts).
 */
import type {FastifyInstance, FastifyPluginAsync} from 'fastify';
import postChannel from './purchase';
import {DEFAULT_STORE_LIMITS, memoryStore, type SandboxStore, type StoreLimits} from './store';
import type {SandboxOptions, SandboxPartOptions} from './options';
import {loadContractOperations, type ContractOperation} from './contracts';
import type {FlowContext} from './flows';
import {tokenIssuer} from './jwt';
import {loadDemoMerchant} from './merchant';
import bank from './bank';
import rest from './rest';
import soapService from './soap';
import {createSandboxState, type SandboxState} from './state';

import {SANDBOX_BASE} from '../../core/config';

export {SANDBOX_BASE};

export type {SandboxOptions, SandboxPartOptions} from './options';

/** Makes one bounded store per kind of record, all with the same limits. */
export function storeFactory(limits: StoreLimits = DEFAULT_STORE_LIMITS, now: () => number = Date.now): <V>() => SandboxStore<V> {
  return <V>() => memoryStore<V>(limits, now);
}

/** The REST APIs, from the contracts (./rest.ts). */
const restApis: FastifyPluginAsync<SandboxPartOptions> = async (app, options) => {
  await app.register(rest, {flows: options.flows, operations: options.operations});
};

/** The simulated bank, pay point and payment-link pages (./bank.ts). */
const simulatorPages: FastifyPluginAsync<SandboxPartOptions> = async (app, options) => {
  await app.register(bank, {flows: options.flows});
};

/** The SOAP web service, on the WSDL (./soap.ts). */
const soapApi: FastifyPluginAsync<SandboxPartOptions> = async (app, options) => {
  await app.register(soapService, {flows: options.flows, operations: options.operations, publicBase: SANDBOX_BASE});
};

/** The parts of the sandbox, each a plugin of its own under the prefix. */
const PARTS: readonly FastifyPluginAsync<SandboxPartOptions>[] = [
  restApis,
  simulatorPages,
  soapApi,
  // The POST channel: purchase page, response URL, notifications inbox (./purchase.ts).
  postChannel,
];

export default async function sandbox(app: FastifyInstance, options: SandboxOptions): Promise<void> {
  const state = createSandboxState(options.limits, options.now);
  const operations = loadContractOperations();
  const flows = createFlowContext(options, state, operations);
  // The prefix Fastify received for this plugin must not reach the parts (it would apply twice).
  const {prefix: _prefix, ...own} = options as SandboxOptions & {prefix?: string};
  for (const part of PARTS) {
    await app.register(part, {...own, state, flows, operations});
  }
}

/** The context the operations run in: state, token issuer, demo merchant, banks. */
export function createFlowContext(options: SandboxOptions, state: SandboxState, operations: readonly ContractOperation[] = loadContractOperations()): FlowContext {
  const banks = operations.find((op) => op.operationId === 'listarBancos')?.answerExamples[0]?.value;
  if (!Array.isArray(banks)) throw new Error('sandbox: the listarBancos answer example of openapi/rest.yaml is the bank list; it is missing.');
  return {
    state,
    tokens: tokenIssuer(options.now),
    merchant: loadDemoMerchant(),
    siteUrl: options.siteUrl.replace(/\/+$/, ''),
    base: SANDBOX_BASE,
    serialField: `serial${options.portal.productName}`,
    banks: banks as unknown as FlowContext['banks'],
  };
}
