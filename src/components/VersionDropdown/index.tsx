import React, {useEffect, type ComponentProps, type ReactNode} from 'react';
import {translate} from '@docusaurus/Translate';
import {useActivePlugin, useActiveVersion, useAllDocsData, useDocsPreferredVersion} from '@docusaurus/plugin-content-docs/client';
import DocsVersionDropdownNavbarItem from '@theme/NavbarItem/DocsVersionDropdownNavbarItem';

type Props = Omit<ComponentProps<typeof DocsVersionDropdownNavbarItem>, 'docsPluginId' | 'dropdownItemsAfter'>;

/**
 * Remembers `version` as the one to read in the docs instance `pluginId`, if
 * it has it. An instance with nothing saved opens its latest version, so
 * reading the latest saves nothing unless another version was saved before:
 * most pages start without writing to storage or drawing the navbar again.
 */
function SaveFor({pluginId, version}: {pluginId: string; version: string | undefined}): null {
  const {preferredVersion, savePreferredVersionName} = useDocsPreferredVersion(pluginId);
  const versions = useAllDocsData()[pluginId]?.versions;
  const opened = preferredVersion?.name ?? versions?.find((v) => v.isLast)?.name;
  const known = version !== undefined && versions?.some((v) => v.name === version) === true;
  useEffect(() => {
    if (known && opened !== version) savePreferredVersionName(version);
  }, [known, opened, version, savePreferredVersionName]);
  return null;
}

/** Remembers `version` in every docs instance that has it (one SaveFor each, so each calls its hook once). */
function SaveForAll({pluginIds, version}: {pluginIds: readonly string[]; version: string | undefined}): ReactNode {
  return pluginIds.map((id) => <SaveFor key={id} pluginId={id} version={version} />);
}

/**
 * The navbar's version dropdown (contributing/versions.md). Docusaurus's own dropdown,
 * for the docs instance of the page being read (guides or one of the API
 * reference channels), so a version switch lands on the same page in the other
 * version when it exists there. All channels are versioned together: reading a
 * page of one version makes it the version every channel's navbar link opens.
 * Ends with the changelog (/versiones).
 */
export default function VersionDropdown(props: Props): ReactNode {
  const pluginId = useActivePlugin({failfast: false})?.pluginId ?? 'default';
  const active = useActiveVersion(pluginId);
  const pluginIds = Object.keys(useAllDocsData());
  return (
    <>
      <SaveForAll pluginIds={pluginIds} version={active?.name} />
      <DocsVersionDropdownNavbarItem
        {...props}
        docsPluginId={pluginId}
        dropdownItemsBefore={[]}
        dropdownItemsAfter={[
          {
            to: '/versiones',
            label: translate({
              id: 'portal.versions.changelog',
              message: 'Cambios entre versiones',
              description: 'Last entry of the navbar version dropdown: the page that lists what changed between the documentation versions',
            }),
          },
        ]}
      />
    </>
  );
}
