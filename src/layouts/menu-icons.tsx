/**
 * Icons a menu row may name. A closed map rather than the whole icon set: the set is ~1 MB, and a
 * name outside the map falls back to a neutral icon. Fetched after the first paint (NavMenu.tsx).
 */
import {
  ApartmentOutlined,
  ApiOutlined,
  AppstoreOutlined,
  BookOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FileExcelOutlined,
  FileSearchOutlined,
  FolderOutlined,
  LinkOutlined,
  MenuOutlined,
  MessageOutlined,
  ReadOutlined,
  RobotOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

// Decorative (aria-hidden): a menu item is named by its title alone.
export const MENU_ICONS: Record<string, ReactNode> = {
  ApartmentOutlined: <ApartmentOutlined aria-hidden />,
  ApiOutlined: <ApiOutlined aria-hidden />,
  AppstoreOutlined: <AppstoreOutlined aria-hidden />,
  BookOutlined: <BookOutlined aria-hidden />,
  DashboardOutlined: <DashboardOutlined aria-hidden />,
  DatabaseOutlined: <DatabaseOutlined aria-hidden />,
  FileExcelOutlined: <FileExcelOutlined aria-hidden />,
  FileSearchOutlined: <FileSearchOutlined aria-hidden />,
  FolderOutlined: <FolderOutlined aria-hidden />,
  LinkOutlined: <LinkOutlined aria-hidden />,
  MenuOutlined: <MenuOutlined aria-hidden />,
  MessageOutlined: <MessageOutlined aria-hidden />,
  ReadOutlined: <ReadOutlined aria-hidden />,
  RobotOutlined: <RobotOutlined aria-hidden />,
  SafetyOutlined: <SafetyOutlined aria-hidden />,
  SettingOutlined: <SettingOutlined aria-hidden />,
  TeamOutlined: <TeamOutlined aria-hidden />,
  UserOutlined: <UserOutlined aria-hidden />,
};
