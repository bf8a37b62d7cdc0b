// Stands in for @docusaurus/theme-common/lib/utils/reactUtils where the
// theme's hooks and navbar menu import it (see ./index.ts): the same exports,
// and useShallowMemoObject ordering keys without the ICU collator.
import {useMemo} from 'react';

// theme-common exports no deep path, so the file is named by its place.
export * from '../../node_modules/@docusaurus/theme-common/lib/utils/reactUtils.js';

/** The same object as on the previous render while its keys and values are the same. */
export function useShallowMemoObject<O extends object>(obj: O): O {
  const deps = Object.entries(obj).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => obj, deps.flat());
}
