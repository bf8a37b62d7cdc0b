/**
 * The entries of the address input of "Envío Manuales": addresses are
 * separated by commas, and an entry is added only if it is not blank.
 * Duplicates are allowed here; the server sends once per address.
 */

export interface Entry {
  /** Stable identity of a chip, so a server remark stays on its chip while others are removed. */
  readonly id: number;
  readonly text: string;
}

/** The non-blank, trimmed parts of `text` between commas. */
export function splitEntries(text: string): string[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * What typing `value` into the input means: the parts before the last comma
 * become entries; what follows it stays in the input, still being typed.
 */
export function takeCompleted(value: string): {readonly completed: string[]; readonly draft: string} {
  const last = value.lastIndexOf(',');
  if (last === -1) {
    return {completed: [], draft: value};
  }
  return {completed: splitEntries(value.slice(0, last)), draft: value.slice(last + 1).trimStart()};
}
