import React, {type ReactNode} from 'react';
import {useActivePlugin, useDocsPreferredVersion} from '@docusaurus/plugin-content-docs/client';
import DocSidebarNavbarItem from '@theme-original/NavbarItem/DocSidebarNavbarItem';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type {Props} from '@theme/NavbarItem/DocSidebarNavbarItem';

/**
 * A channel of the navbar (a `docSidebar` item) that opens the version being
 * read. Docusaurus's own item takes the version of its docs instance that is
 * active on the page; the guides instance lives at "/" and so counts as active
 * (in its current version) on every page, also on /rest/v1/.... While a page of
 * another instance is read, this item opens the version the reader last chose
 * instead (VersionDropdown remembers it for every instance).
 */
export default function ChannelNavbarItem(props: Props): ReactNode {
  const pluginId = props.docsPluginId ?? 'default';
  const activePlugin = useActivePlugin({failfast: false})?.pluginId;
  const {preferredVersion} = useDocsPreferredVersion(pluginId);
  const link = preferredVersion?.sidebars?.[props.sidebarId]?.link;
  if (activePlugin === undefined || activePlugin === pluginId || preferredVersion === null || link === undefined) {
    return <DocSidebarNavbarItem {...props} />;
  }
  const {sidebarId: _sidebar, docsPluginId: _plugin, label, ...rest} = props;
  return <DefaultNavbarItem exact {...rest} isActive={() => false} label={label ?? link.label} to={link.path} />;
}
