/**
 * A page or list title that looks like antd's Typography.Title (the theme's heading size, weight,
 * colour and line height) without it: Typography brings copy / edit / ellipsis machinery (a
 * textarea, clipboard code, resize observers) that every list page would parse before its first row.
 */
import { theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

export function Heading({ level, style, children }: { level: 4 | 5; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  const Tag = `h${level}` as const;
  return (
    <Tag
      className="tessera-heading"
      style={{
        marginTop: 0,
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 4 ? token.fontSizeHeading4 : token.fontSizeHeading5,
        lineHeight: level === 4 ? token.lineHeightHeading4 : token.lineHeightHeading5,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}
