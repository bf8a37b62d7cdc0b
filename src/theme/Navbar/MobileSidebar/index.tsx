import React, {useState, type ReactNode} from 'react';
import {useNavbarMobileSidebar} from '@docusaurus/theme-common/internal';
import NavbarMobileSidebar from '@theme-original/Navbar/MobileSidebar';

/**
 * The phone menu is drawn the first time it is opened, not as the page starts.
 *
 * The classic theme renders it, off screen, as soon as a phone-sized page has
 * hydrated: every navbar entry again, the locale menu and the whole docs
 * sidebar, in one task of about 175 ms on a throttled phone, for a menu most
 * readers never open. Once opened it stays rendered, so closing and opening
 * again slides as before.
 */
export default function LazyNavbarMobileSidebar(): ReactNode {
  const {shown} = useNavbarMobileSidebar();
  const [opened, setOpened] = useState(shown);

  // Remembered while rendering (React's way to keep what an earlier render saw), without an effect's extra render.
  if (shown && !opened) setOpened(true);

  return shown || opened ? <NavbarMobileSidebar /> : null;
}
