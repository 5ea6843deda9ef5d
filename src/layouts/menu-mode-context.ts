import { createContext } from 'react';
import type { MenuMode } from '../session/app-settings';

/** The menu's place (left or top) for pages that talk about it (the home page's hint). */
export const MenuModeContext = createContext<MenuMode>('side');
