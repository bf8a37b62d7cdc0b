/**
 * `npm run serve`: starts the utils service on the built site. It builds
 * nothing; `npm run build` (or `npm start`) must have run before.
 */
import {buildApp} from './app';
import {ServerConfigError, loadServerConfig} from './config';
import {ManualsMissingError} from './manuals/library';
import {DEFAULT_ROUTE, SiteMissingError} from './site/build';

async function main(): Promise<void> {
  const config = loadServerConfig(process.env);
  const app = await buildApp(config, {logger: true});
  const close = async (signal: string) => {
    app.log.info(`${signal}: closing`);
    await app.close();
    process.exit(0);
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
