import {useCallback, useEffect, useRef, useState} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import useIsBrowser from '@docusaurus/useIsBrowser';
import {readJson, type SandboxFailure} from '@site/src/lib/sandboxApi';
import {activeCredentials, useSandboxCredentials, type ActiveCredentials} from '@site/src/lib/sandboxCredentials';

export type ReadState<T> = {readonly status: 'loading'} | {readonly status: 'ok'; readonly value: T} | {readonly status: 'failed'; readonly failure: SandboxFailure};

export interface SandboxRead<T> {
  readonly state: ReadState<T>;
  /** The merchant whose records these are: the reader's, or the public demo merchant's. */
  readonly credentials: ActiveCredentials;
  readonly reload: () => void;
}

/**
 * Reads one of the sandbox's JSON lists (inbox, request log) as the merchant
 * whose credentials this browser remembers, or as the public demo merchant;
 * again when the credentials or the address change, and on reload(). Only in
 * the browser: the static page cannot know whose records to show.
 */
export default function useSandboxRead<T>(url: string, read: (body: unknown) => T | null): SandboxRead<T> {
  const {i18n} = useDocusaurusContext();
  const isBrowser = useIsBrowser();
  const credentials = activeCredentials(useSandboxCredentials());
  const [state, setState] = useState<ReadState<T>>({status: 'loading'});
  const [round, setRound] = useState(0);
  const pair = `${credentials.usuario}:${credentials.clave}`;
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!isBrowser) return undefined;
    let current = true;
    // Another list (address, merchant, language) starts from "loading"; a reload keeps the list on screen until the new one arrives.
    const what = `${url}|${pair}|${i18n.currentLocale}`;
    if (shown.current !== what) {
      shown.current = what;
      setState({status: 'loading'});
    }
    void readJson(url, credentials, read, {locale: i18n.currentLocale}).then((result) => {
      if (!current) return;
      setState(result.ok ? {status: 'ok', value: result.value} : {status: 'failed', failure: result.failure});
    });
    return () => {
      current = false;
    };
    // The pair names the credentials (a new object on every storage read); `read` is a module-level function.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isBrowser, url, pair, round, i18n.currentLocale]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return {state, credentials, reload};
}
