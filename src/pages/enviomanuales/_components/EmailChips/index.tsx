import React, {useId, useRef, type KeyboardEvent, type ReactNode} from 'react';
import clsx from 'clsx';
import {translate} from '@docusaurus/Translate';
import {splitEntries, takeCompleted, type Entry} from '../entries';
import styles from './styles.module.css';

export interface EmailChipsProps {
  readonly entries: readonly Entry[];
  /** What is being typed, not yet an entry. */
  readonly draft: string;
  /** The server's remark on a chip, by chip id. */
  readonly remarks: ReadonlyMap<number, string>;
  readonly disabled: boolean;
  readonly onDraftChange: (draft: string) => void;
  readonly onAdd: (texts: readonly string[]) => void;
  readonly onRemove: (id: number) => void;
}

/**
 * The screen's multi-value input: a comma closes an address, which becomes
 * a removable chip if it is not blank; Enter closes the last one, Backspace in
 * the empty input removes the last chip.
 */
export default function EmailChips({entries, draft, remarks, disabled, onDraftChange, onAdd, onRemove}: EmailChipsProps): ReactNode {
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);

  const onChange = (value: string) => {
    const {completed, draft: rest} = takeCompleted(value);
    if (completed.length > 0) {
      onAdd(completed);
    }
    onDraftChange(rest);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && draft.trim() !== '') {
      // Enter adds the address; with nothing typed it submits the form.
      event.preventDefault();
      onAdd(splitEntries(draft));
      onDraftChange('');
    } else if (event.key === 'Backspace' && draft === '' && entries.length > 0) {
      onRemove(entries[entries.length - 1]!.id);
    }
  };

  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {translate({id: 'enviomanuales.input.label', message: 'Correos', description: 'Label of the e-mail address input'})}
      </label>
      {/* A click anywhere in the box focuses the input, for the pointer; the keyboard reaches the input itself. */}
      <div role="presentation" className={clsx(styles.box, disabled && styles.disabled)} onClick={() => input.current?.focus()}>
        {entries.length > 0 && (
          <ul
            className={styles.chips}
            aria-label={translate({id: 'enviomanuales.chips.label', message: 'Correos ingresados', description: 'Accessible name of the list of entered addresses'})}
          >
            {entries.map((entry) => {
              const remark = remarks.get(entry.id);
              return (
                <li key={entry.id} className={clsx(styles.chip, remark !== undefined && styles.invalid)} title={remark}>
                  <span className={styles.text}>{entry.text}</span>
                  {remark !== undefined && <span className={styles.remark}>{remark}</span>}
                  <button
                    type="button"
                    className={styles.remove}
                    disabled={disabled}
                    aria-label={translate(
                      {id: 'enviomanuales.chip.remove', message: 'Quitar {address}', description: 'Accessible label of the button that removes one address chip'},
                      {address: entry.text},
                    )}
                    onClick={(event) => {
                      event.stopPropagation();
                      onRemove(entry.id);
                    }}
                  >
                    ×
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        <input
          ref={input}
          id={inputId}
          className={styles.input}
          type="text"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          value={draft}
          disabled={disabled}
          aria-describedby={hintId}
          placeholder={translate({id: 'enviomanuales.input.placeholder', message: 'nombre@empresa.com, otra@empresa.com', description: 'Placeholder of the e-mail address input'})}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        {translate({id: 'enviomanuales.input.hint', message: 'Separe las direcciones con comas.', description: 'Help under the e-mail address input'})}
      </p>
    </div>
  );
}
