/**
 * The @ant-design/icons set for the icon widget and its picker, loaded on demand. It loads the raw
 * definitions (@ant-design/icons-svg, which nothing else imports as a whole, so they form their own
 * chunk) and draws them with antd's AntdIcon: importing the @ant-design/icons index dynamically
 * would not split (Formily and the shell import it statically) and would pull every icon into the
 * main bundle. Names are checked against the loaded set: a stored name never picks anything else.
 */
import { createElement, useEffect, useState, type ComponentType } from 'react';
import AntdIcon from '@ant-design/icons/es/components/AntdIcon';
import type { IconDefinition } from '@ant-design/icons-svg/lib/types';

type IconProps = { style?: object; className?: string };
export type IconSet = Record<string, ComponentType<IconProps>>;
export const ICON_NAME = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

let loading: Promise<IconSet> | undefined;
let loaded: IconSet | undefined;

export function loadIcons(): Promise<IconSet> {
  loading ??= import('@ant-design/icons-svg').then((module) => {
    const set: IconSet = {};
    for (const [name, definition] of Object.entries(module)) {
      if (!ICON_NAME.test(name)) continue;
      const Icon = (props: IconProps) => createElement(AntdIcon, { ...props, icon: definition as IconDefinition });
      Icon.displayName = name;
      set[name] = Icon;
    }
    return (loaded = set);
  });
  return loading;
}

export function useIcons(): IconSet | undefined {
  const [icons, setIcons] = useState(loaded);
  useEffect(() => {
    let live = true;
    if (!icons) void loadIcons().then((set) => live && setIcons(set));
    return () => {
      live = false;
    };
  }, [icons]);
  return icons;
}
