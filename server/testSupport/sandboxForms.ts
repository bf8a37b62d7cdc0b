/** Helpers of the sandbox tests: forms read out of HTML as a browser would post them. */

export interface HtmlForm {
  readonly action: string;
  readonly method: string;
  /** name -> value of every input (hidden, text) and the checked radio of each group, in order. */
  readonly fields: Record<string, string>;
}

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

function attr(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match?.[1] === undefined ? undefined : unescape(match[1]);
}

/** The forms of an HTML page, with the values a browser would send without the reader changing anything. */
export function formsOf(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  for (const match of html.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)) {
    const fields: Record<string, string> = {};
    for (const input of match[2]!.matchAll(/<input\b[^>]*>/g)) {
      const tag = input[0];
      const name = attr(tag, 'name');
      if (name === undefined) continue;
      const type = attr(tag, 'type') ?? 'text';
      if ((type === 'radio' || type === 'checkbox') && !/\schecked\b/.test(tag)) continue;
      fields[name] = attr(tag, 'value') ?? '';
    }
    for (const select of match[2]!.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
      const name = attr(select[1]!, 'name');
      const first = /<option\b[^>]*value="([^"]*)"/.exec(select[2]!);
      if (name !== undefined) fields[name] = first?.[1] === undefined ? '' : unescape(first[1]);
    }
    forms.push({action: attr(` ${match[1]!}`, 'action') ?? '', method: attr(` ${match[1]!}`, 'method') ?? 'get', fields});
  }
  return forms;
}

export const form = (fields: Readonly<Record<string, string>>) => new URLSearchParams(Object.entries(fields)).toString();
export const FORM_TYPE = {'content-type': 'application/x-www-form-urlencoded'};
