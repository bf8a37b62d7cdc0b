import React, {createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import styles from './styles.module.css';

/** Toasts sit top-right, vanish after 3000 ms and pause on hover. */
export const TOAST_DURATION_MS = 3000;

export type ToastKind = 'success' | 'error' | 'info';

interface Toast {
  readonly id: number;
  readonly message: string;
  readonly kind: ToastKind;
  /** False when the page itself announces the same news (e.g. a result panel with role="alert"). */
  readonly announce: boolean;
}

export interface ToastOptions {
  /**
   * Whether assistive technology reads the toast out (default true). Pass
   * false when the page shows the same news in a live region of its own, so
   * that one message is spoken, not two at once.
   */
  readonly announce?: boolean;
}

interface ToastApi {
  readonly show: (message: string, kind?: ToastKind, options?: ToastOptions) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) {
    throw new Error('useToast() must be used inside <ToastProvider> (src/theme/Root.tsx hosts it).');
  }
  return api;
}

/** One toast: counts down its own time and stops counting while hovered. */
function ToastItem({toast, onDone}: {readonly toast: Toast; readonly onDone: (id: number) => void}): ReactNode {
  const remaining = useRef(TOAST_DURATION_MS);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const start = useCallback(() => {
    startedAt.current = Date.now();
    timer.current = setTimeout(() => onDone(toast.id), remaining.current);
  }, [onDone, toast.id]);

  const pause = useCallback(() => {
    if (timer.current !== undefined) {
      clearTimeout(timer.current);
      timer.current = undefined;
      remaining.current = Math.max(0, remaining.current - (Date.now() - startedAt.current));
    }
  }, []);

  useEffect(() => {
    start();
    return () => clearTimeout(timer.current);
  }, [start]);

  return (
    <div
      className={clsx(styles.toast, styles[toast.kind])}
      {...(toast.announce ? {role: toast.kind === 'error' ? 'alert' : 'status'} : {'aria-live': 'off' as const})}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={start}
    >
      <span className={styles.message}>{toast.message}</span>
      <button
        type="button"
        className={styles.close}
        aria-label={translate({id: 'toast.close', message: 'Cerrar aviso', description: 'Accessible label of the button that dismisses a toast'})}
        onClick={() => onDone(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function ToastProvider({children}: {readonly children: ReactNode}): ReactNode {
  const [toasts, setToasts] = useState<readonly Toast[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((t) => t.id !== id));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show: (message, kind = 'info', options = {}) => {
        const id = nextId.current++;
        setToasts((current) => [...current, {id, message, kind, announce: options.announce ?? true}]);
      },
    }),
    [],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}
