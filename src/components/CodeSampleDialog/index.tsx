import React, {useEffect, useId, useRef, useState, type ReactNode} from 'react';
import clsx from 'clsx';
import {Highlight, themes} from 'prism-react-renderer';
import {translate} from '@docusaurus/Translate';
import type {SampleFormat} from '@site/core/data/codeSamples';
import styles from './styles.module.css';

export interface CodeSampleDialogProps {
  /** tituloModal: the sample's title. */
  readonly title: string;
  /** formato: the language tag shown as a label. */
  readonly format: SampleFormat;
  /** codigo: the text that is shown and copied. */
  readonly code: string;
  readonly onCopy: (code: string) => void;
  readonly onClose: () => void;
  /** More buttons beside "Copiar" (OpenSample's "Probar en el entorno de pruebas"). */
  readonly actions?: ReactNode;
  /** Shown between the header and the code (the sandbox credentials). */
  readonly children?: ReactNode;
}

const FOCUSABLE = 'button, [href], textarea, input, select, [tabindex]:not([tabindex="-1"])';

/**
 * The global code-viewing dialog: modal, maximizable, 70vw wide,
 * with the sample's title, format label, highlighted code, "Copiar" and close.
 */
export default function CodeSampleDialog({title, format, code, onCopy, onClose, actions, children}: CodeSampleDialogProps): ReactNode {
  const [maximized, setMaximized] = useState(false);
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const copyButton = useRef<HTMLButtonElement>(null);

  // Focus moves into the dialog, stays there, and returns where it was on close.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    copyButton.current?.focus();
    const originalOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = originalOverflow;
      previous?.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || panel.current === null) {
      return;
    }
    const items = Array.from(panel.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = items[0];
    const last = items[items.length - 1];
    if (first === undefined || last === undefined) {
      return;
    }
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const maximizeLabel = maximized
    ? translate({id: 'codeDialog.restore', message: 'Restaurar', description: 'Button that brings the maximized code dialog back to its normal size'})
    : translate({id: 'codeDialog.maximize', message: 'Maximizar', description: 'Button that maximizes the code dialog'});

  return (
    // A press on the backdrop closes the dialog, for the pointer; the keyboard has Escape and the close button.
    <div role="presentation" className={styles.backdrop} onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a modal dialog keeps Tab inside and closes on Escape (WAI-ARIA dialog pattern). */}
      <div ref={panel} className={clsx(styles.dialog, maximized && styles.maximized)} role="dialog" aria-modal="true" aria-labelledby={titleId} onKeyDown={onKeyDown}>
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <span
            className={styles.format}
            title={translate({id: 'codeDialog.format', message: 'Formato', description: 'Tooltip of the format label (html or javascript) in the code dialog'})}
          >
            {format}
          </span>
          <div className={styles.actions}>
            <button ref={copyButton} type="button" className="button button--primary button--sm" onClick={() => onCopy(code)}>
              {translate({id: 'theme.CodeBlock.copy', message: 'Copy', description: 'The copy button label on code blocks'})}
            </button>
            {actions}
            <button type="button" className="button button--secondary button--sm" aria-pressed={maximized} onClick={() => setMaximized((m) => !m)}>
              {maximizeLabel}
            </button>
            <button type="button" className="button button--secondary button--sm" onClick={onClose}>
              {translate({id: 'codeDialog.close', message: 'Cerrar', description: 'Button that closes the code dialog'})}
            </button>
          </div>
        </header>
        {children !== undefined && children !== null && <div className={styles.aside}>{children}</div>}
        <Highlight code={code.replace(/\n$/, '')} language={format === 'html' ? 'markup' : 'javascript'} theme={themes.vsDark}>
          {({className, style, tokens, getLineProps, getTokenProps}) => (
            <pre className={clsx(className, styles.code)} style={style} tabIndex={0} data-testid="code-sample">
              <code>
                {tokens.map((line, i) => (
                  <div key={i} {...getLineProps({line})}>
                    {line.map((token, j) => (
                      <span key={j} {...getTokenProps({token})} />
                    ))}
                  </div>
                ))}
              </code>
            </pre>
          )}
        </Highlight>
      </div>
    </div>
  );
}
