import {useCallback} from 'react';

/** Writes text to the clipboard; falls back to a hidden textarea where the async API is missing. */
export async function copyText(text: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand('copy');
  area.remove();
  if (!ok) {
    throw new Error('copy command refused');
  }
}

export default function useClipboard(onCopied: () => void, onFailed: () => void): (text: string) => Promise<void> {
  return useCallback(
    async (text: string) => {
      try {
        await copyText(text);
        onCopied();
      } catch {
        onFailed();
      }
    },
    [onCopied, onFailed],
  );
}
