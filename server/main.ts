/**
 * `npm run serve`: starts the utils service on the built site. It builds
 * nothing; `npm run build` (or `npm start`) must have run before.
 *
 * SIGTERM (or SIGINT) drains: the server stops taking connections, finishes
 * the requests it has, ends the event streams with a `retry:` line (clients
 * reconnect, to another server behind a load balancer), closes the mailer and
 * Redis, and exits; if that takes longer than DRAIN_MS it exits anyway.
 */
import {buildApp} from './app';
import {ServerConfigError, loadServerConfig} from './config';
import {ManualsMissingError} from './manuals/library';
import {DEFAULT_ROUTE, SiteMissingError} from './site/build';

/** At most this long between SIGTERM and the exit (orchestrators wait 10 s before SIGKILL). */
export const DRAIN_MS = 9000;

async function main(): Promise<void> {
  const config = loadServerConfig(process.env);
  const app = await buildApp(config, {logger: true});
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining (new connections refused, requests in progress finished)`);
    const deadline = setTimeout(() => {
      app.log.warn(`${signal}: still draining after ${DRAIN_MS} ms; exiting`);
      process.exit(1);
    }, DRAIN_MS);
    deadline.unref();
    try {
      await app.close();
      app.log.info(`${signal}: closed`);
      process.exit(0);
    } catch (error) {
      app.log.error(error, `${signal}: closing failed`);
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({port: config.port, host: config.host});
  app.log.info(`Portal: ${config.siteUrl}/${DEFAULT_ROUTE}  (manuals form: ${config.siteUrl}/enviomanuales)`);
  app.log.info(`Manuals by e-mail go to: ${app.mailDescription}`);
}

main().catch((error: unknown) => {
  if (error instanceof ServerConfigError || error instanceof ManualsMissingError || error instanceof SiteMissingError) {
    console.error(`Cannot start: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
