/** What the attack tests share: a sandbox app, a stranger's address, the victim merchant. */
import type {FastifyInstance} from 'fastify';
import {SANDBOX_BASE} from '../../core/config';
import {asJson, newMerchant, sandboxApp, type TestCredentials} from './sandbox';

export {SANDBOX_BASE as S};
export {asJson, newMerchant, sandboxApp, type TestCredentials};

/** An address on the internet that is not the victim's. */
export const STRANGER = '203.0.113.66';

/** The victim's request log, read with its own credentials. */
export async function logOf(app: FastifyInstance, victim: TestCredentials): Promise<{operacion: string; comprobada: boolean; errores: unknown; cuerpo: unknown}[]> {
  const answer = await app.inject({method: 'GET', url: `${SANDBOX_BASE}/registro`, headers: asJson(victim)});
  if (answer.statusCode !== 200) throw new Error(`registro answered ${answer.statusCode} ${answer.body}`);
  return answer.json<{solicitudes: {operacion: string; comprobada: boolean; errores: unknown; cuerpo: unknown}[]}>().solicitudes;
}
