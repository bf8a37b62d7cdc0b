import {useMemo} from 'react';

// Docusaurus' module, with useShallowMemoObject sorting without a collator (see plugins/docusaurus-client).
export * from '@portal/original/reactUtils';

/**
 * The same object as on the previous render while its keys and values are the
 * same, whatever the order of its keys. The keys are sorted by code units,
 * which is all the memo needs, not with String#localeCompare.
 */
export function useShallowMemoObject<O extends object>(obj: O): O {
  const entries = Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // The dependencies are the sorted keys and values themselves, as in Docusaurus.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => obj, entries.flat());
}
