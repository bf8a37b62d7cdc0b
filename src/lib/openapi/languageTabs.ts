/**
 * The code tabs of the API reference (docusaurus-theme-openapi-docs,
 * themeConfig.languageTabs): curl and the integrators' server languages,
 * each with one variant of postman-code-generators that runs with the
 * language's standard library or a Debian package (tests/samples runs each):
 *
 * - PHP cURL (php-curl), Python http.client, Node.js's http/https module
 *   (Native, without following redirects: following them needs the npm
 *   package follow-redirects), C# HttpClient (.NET's, or Mono's
 *   System.Net.Http).
 * - Java: Unirest 1.x (Debian's libunirest-java-java). The generators offer
 *   no java.net.http, and their OkHttp variant (Debian has libokhttp-java)
 *   gives a GET an empty body, which OkHttp refuses ("method GET must not
 *   have a request body"), so /conciliacion's snippet never ran. It comes as a
 *   whole program (includeBoilerplate: imports, class, the answer printed).
 *
 * Every field the theme reads is given, so the theme's merge with its default
 * set (one entry per generator) changes nothing: the page converts with
 * exactly these languages, variants and options, and
 * tests/samples/reference.test.ts runs what each tab shows with them.
 */
export interface LanguageTab {
  /** Prism language of the code block. */
  readonly highlight: string;
  /** postman-code-generators' language key. */
  readonly language: string;
  /** The x-codeSamples language this tab shows (none of the contracts has any). */
  readonly codeSampleLanguage: string;
  readonly logoClass: string;
  /** postman-code-generators' variant key, the only one offered. */
  readonly variant: string;
  readonly variants: readonly string[];
  readonly options: Readonly<Record<string, boolean | number | string>>;
}

/** The theme's own options for every generator (its generateLanguageSet). */
const THEME_OPTIONS = {longFormat: false, followRedirect: true, trimRequestBody: true} as const;

export const LANGUAGE_TABS: readonly LanguageTab[] = [
  {highlight: 'bash', language: 'curl', codeSampleLanguage: 'cURL', logoClass: 'curl', variant: 'cURL', variants: ['cURL'], options: THEME_OPTIONS},
  {highlight: 'php', language: 'php', codeSampleLanguage: 'PHP', logoClass: 'php', variant: 'cURL', variants: ['cURL'], options: THEME_OPTIONS},
  {
    highlight: 'javascript',
    language: 'nodejs',
    codeSampleLanguage: 'NodeJs',
    logoClass: 'nodejs',
    variant: 'Native',
    variants: ['Native'],
    options: {...THEME_OPTIONS, followRedirect: false},
  },
  {highlight: 'python', language: 'python', codeSampleLanguage: 'Python', logoClass: 'python', variant: 'http.client', variants: ['http.client'], options: THEME_OPTIONS},
  {
    highlight: 'java',
    language: 'java',
    codeSampleLanguage: 'Java',
    logoClass: 'java',
    variant: 'Unirest',
    variants: ['Unirest'],
    options: {...THEME_OPTIONS, includeBoilerplate: true},
  },
  {highlight: 'csharp', language: 'csharp', codeSampleLanguage: 'C#', logoClass: 'csharp', variant: 'HttpClient', variants: ['HttpClient'], options: THEME_OPTIONS},
];
