/**
 * Jest stand-in for @docusaurus/Translate. Like Docusaurus, it merges the
 * theme's own translations for the locale (@docusaurus/theme-translations)
 * with the site's i18n/<locale>/code.json, chosen with setTestLocale(), so a
 * test checks the screen a person sees in that language.
 */
import React, {type ReactNode} from 'react';
import {existsSync, readFileSync, readdirSync} from 'node:fs';
import {join} from 'node:path';

type Messages = Record<string, {message: string}>;

function load(locale: 'es' | 'en'): Messages {
  const merged: Messages = {};
  const themeDir = join(__dirname, '../../node_modules/@docusaurus/theme-translations/locales', locale);
  // English is the theme's source language: it ships no locales/en folder.
  const files = existsSync(themeDir) ? readdirSync(themeDir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files) {
    const theme = JSON.parse(readFileSync(join(themeDir, file), 'utf8')) as Record<string, string>;
    for (const [id, message] of Object.entries(theme)) {
      if (!id.endsWith('___DESCRIPTION')) merged[id] = {message};
    }
  }
  const site = join(__dirname, '../../i18n', locale, 'code.json');
  if (existsSync(site)) {
    Object.assign(merged, JSON.parse(readFileSync(site, 'utf8')) as Messages);
  }
  return merged;
}

let messages: Messages = load('es');

export function setTestLocale(locale: 'es' | 'en'): void {
  messages = load(locale);
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
