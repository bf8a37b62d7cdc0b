/**
 * The portal's two languages and how an answer picks one: the site's
 * locales (Spanish by default, English under /en), and for what the server
 * writes (the sandbox's pages and errors, the manuals e-mail), a `?lang=` of
 * the request or else the client's Accept-Language, ranked by its q values.
 */
export type Locale = 'es' | 'en';

export const DEFAULT_LOCALE: Locale = 'es';

/** The locales of an Accept-Language header that the portal speaks, best first (q > 0, ties in the header's order). */
export function acceptedLocales(acceptLanguage: string | undefined): Locale[] {
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return {tag, q: q === undefined ? 1 : Number(q), index};
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const out: Locale[] = [];
  for (const {tag} of ranked) {
    const locale: Locale | undefined = tag === 'es' || tag.startsWith('es-') ? 'es' : tag === 'en' || tag.startsWith('en-') ? 'en' : undefined;
    if (locale !== undefined && !out.includes(locale)) out.push(locale);
  }
  return out;
}

/** `query` when it names a locale (?lang=en), else the client's first accepted one, else Spanish. */
export function negotiateLocale(query: unknown, acceptLanguage: string | undefined): Locale {
  if (query === 'en' || query === 'es') return query;
  return acceptedLocales(acceptLanguage)[0] ?? DEFAULT_LOCALE;
}
