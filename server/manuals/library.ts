/**
 * The manuals the build made (plugins/manuals): for each locale a PDF and a
 * manifest (core/manualsBuild.ts) with the channel links and the texts of
 * the message, translated like the rest of the site. The server reads them
 * once at start and refuses to start without them.
 */
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs';
import {join} from 'node:path';
import {MANIFEST_FILE, MANIFEST_VERSION, MANUALS_DIR, type ManualManifest} from '../../core/manualsBuild';
import {acceptedLocales} from '../../core/locale';

export interface Manual extends ManualManifest {
  /** The PDF itself. */
  readonly content: Buffer;
}

export class ManualsMissingError extends Error {
  override name = 'ManualsMissingError';
}

function isManifest(value: unknown): value is ManualManifest {
  const m = value as ManualManifest;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.version === MANIFEST_VERSION &&
    typeof m.locale === 'string' &&
    typeof m.pdf?.file === 'string' &&
    /^[\w.-]+\.pdf$/.test(m.pdf.file) &&
    Array.isArray(m.channels) &&
    typeof m.mail?.subject === 'string'
  );
}

function readManual(folder: string): Manual {
  const manifestPath = join(folder, MANUALS_DIR, MANIFEST_FILE);
  const parsed: unknown = JSON.parse(readFileSync(manifestPath, 'utf8'));
  if (!isManifest(parsed)) {
    throw new ManualsMissingError(`${manifestPath} is not a manuals manifest; rebuild with "npm run build".`);
  }
  const pdfPath = join(folder, MANUALS_DIR, parsed.pdf.file);
  if (!existsSync(pdfPath)) {
    throw new ManualsMissingError(`${pdfPath} is missing; rebuild with "npm run build".`);
  }
  return {...parsed, content: readFileSync(pdfPath)};
}

/**
 * Every locale's manual: the default locale's at the root of the build, the
 * others in their locale folder (build/en/...). The first one is the default.
 */
export function loadManuals(buildDir: string): readonly Manual[] {
  if (!existsSync(join(buildDir, MANUALS_DIR, MANIFEST_FILE))) {
    throw new ManualsMissingError(`No manuals in ${buildDir}: run "npm run build" first (it builds the site and the PDF manuals), then "npm run serve".`);
  }
  const manuals = [readManual(buildDir)];
  for (const name of readdirSync(buildDir)) {
    const folder = join(buildDir, name);
    if (statSync(folder).isDirectory() && existsSync(join(folder, MANUALS_DIR, MANIFEST_FILE))) {
      manuals.push(readManual(folder));
    }
  }
  return manuals;
}

/**
 * The manual for an Accept-Language header: the first language the client
 * prefers that has a manual, else the default (Spanish). The screen sends the
 * language it is shown in, so the message matches the screen.
 */
export function manualFor(manuals: readonly Manual[], acceptLanguage: string | undefined): Manual {
  for (const locale of acceptedLocales(acceptLanguage)) {
    const manual = manuals.find((m) => m.locale.toLowerCase().split('-')[0] === locale);
    if (manual) {
      return manual;
    }
  }
  return manuals[0]!;
}
