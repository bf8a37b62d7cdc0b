/**
 * Where the build leaves the PDF manuals and what their manifest holds: the
 * contract between the build's plugin that writes them (plugins/manuals) and
 * the utils service that reads them to send the manual (server/manuals).
 *
 *   build/manuales/manifiesto.json     (default locale)
 *   build/<locale>/manuales/...        (every other locale)
 *
 * Pure: no Node or browser code, so both sides can import it.
 */

/** Folder of the manuals in each locale's build output. */
export const MANUALS_DIR = 'manuales';
/** The manifest beside each locale's PDF. */
export const MANIFEST_FILE = 'manifiesto.json';
/** Version of the manifest's shape below; a reader refuses any other. */
export const MANIFEST_VERSION = 1;

/** The texts of the message, in the manual's language. */
export interface MailTexts {
  readonly subject: string;
  readonly greeting: string;
  readonly intro: string;
  readonly channelsHeading: string;
  readonly pdfLink: string;
  /** Contains {email}. */
  readonly support: string;
  readonly footer: string;
}

/** manuales/manifiesto.json. */
export interface ManualManifest {
  readonly version: typeof MANIFEST_VERSION;
  readonly locale: string;
  readonly productName: string;
  readonly pdf: {readonly file: string; readonly path: string; readonly title: string; readonly pages: number};
  readonly channels: readonly {readonly label: string; readonly path: string}[];
  readonly mail: MailTexts;
}
