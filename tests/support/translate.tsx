/**
 * Jest stand-in for @docusaurus/Translate: the real one reads the locale's
 * code.json from a generated module. Here the locale's strings come from the
 * real i18n/<locale>/code.json, chosen with setTestLocale(), so a test can
 * check the English screen against the translators' file.
 */
import React, {type ReactNode} from 'react';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';

type Messages = Record<string, {message: string}>;

let messages: Messages = {};

export function setTestLocale(locale: 'es' | 'en'): void {
  messages = locale === 'es' ? {} : (JSON.parse(readFileSync(join(__dirname, '../../i18n', locale, 'code.json'), 'utf8')) as Messages);
  currentLocale = locale;
}

export let currentLocale: 'es' | 'en' = 'es';

function interpolate(text: string, values?: Record<string, ReactNode>): string {
  if (values === undefined) {
    return text;
  }
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : String(value);
  });
}

export function translate({id, message}: {id?: string; message: string; description?: string}, values?: Record<string, ReactNode>): string {
  const found = id !== undefined ? messages[id]?.message : undefined;
  return interpolate(found ?? message, values);
}

export default function Translate({id, children, values}: {id?: string; children: string; description?: string; values?: Record<string, ReactNode>}): ReactNode {
  return <>{translate({id, message: children}, values)}</>;
}
