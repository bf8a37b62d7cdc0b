import {translate} from '@docusaurus/Translate';
import type {SandboxFailure} from '@site/src/lib/sandboxApi';

/**
 * What a failed call to the sandbox means, for a person: the panel and the
 * sandbox's pages say the same thing for the same failure. The sandbox's own
 * message (already in the page's language) is kept when it sent one.
 */
export function failureMessage(failure: SandboxFailure): string {
  switch (failure.kind) {
    case 'network':
      return translate({
        id: 'sandbox.failure.network',
        message: 'No hubo respuesta del entorno de pruebas. Revise su conexión, o si el servidor del portal corre con SANDBOX=off.',
        description: 'Sandbox API: the request got no answer',
      });
    case 'unauthorized':
      return translate({
        id: 'sandbox.failure.unauthorized',
        message: 'El entorno de pruebas no reconoce estas credenciales: se rotaron, o el servidor se reinició y las olvidó. Olvídelas y cree otras.',
        description: 'Sandbox API: the remembered credentials are unknown (401)',
      });
    case 'tooMany':
      return failure.retryAfter === undefined
        ? translate({
            id: 'sandbox.failure.tooMany',
            message: 'Demasiadas solicitudes desde su dirección. Intente de nuevo más tarde.',
            description: 'Sandbox API: 429 without Retry-After',
          })
        : translate(
            {
              id: 'sandbox.failure.tooManyRetry',
              message: 'Demasiadas solicitudes desde su dirección. Intente de nuevo en {minutes} min.',
              description: 'Sandbox API: 429 with Retry-After, in minutes',
            },
            {minutes: Math.max(1, Math.ceil(failure.retryAfter / 60))},
          );
    case 'http':
      if (failure.message !== undefined) return failure.message;
      // A 2xx that is not the JSON the contract names: a proxy's page, or a portal whose server has no such call.
      return failure.status < 400
        ? translate(
            {
              id: 'sandbox.failure.unexpected',
              message: 'El entorno de pruebas dio una respuesta inesperada (HTTP {status}, no el JSON que se esperaba).',
              description: 'Sandbox API: a success status whose body is not the expected JSON',
            },
            {status: failure.status},
          )
        : translate(
            {id: 'sandbox.failure.http', message: 'El entorno de pruebas respondió HTTP {status}.', description: 'Sandbox API: another error status without a message'},
            {status: failure.status},
          );
  }
}
