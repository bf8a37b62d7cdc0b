import ComponentTypes from '@theme-original/NavbarItem/ComponentTypes';
import VersionDropdown from '@site/src/components/VersionDropdown';

/** The classic theme's navbar items plus the portal's version dropdown (`custom-versionDropdown`). */
export default {...ComponentTypes, 'custom-versionDropdown': VersionDropdown};
