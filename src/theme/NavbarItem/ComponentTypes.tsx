import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import VersionDropdown from '@site/src/components/VersionDropdown';
import ChannelNavbarItem from '@site/src/components/VersionDropdown/ChannelNavbarItem';

/**
 * The classic theme's navbar items, plus the portal's version dropdown
 * (`custom-versionDropdown`), and channels that open the version being read
 * (`docSidebar`); see src/components/VersionDropdown.
 */
export default {...ComponentTypes, docSidebar: ChannelNavbarItem, 'custom-versionDropdown': VersionDropdown};
