// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { theme } from 'antd';
import { themeTokens } from './tokens';
import { UserTheme } from './UserTheme';

describe('themeTokens (theme_config → antd tokens)', () => {
  it('maps Less-style and token names, from JSON text or an object', () => {
    expect(themeTokens('{"primary-color":"#FF5500","@link-color":"rgb(1, 2, 3)","border-radius-base":"4px"}')).toEqual({
      colorPrimary: '#FF5500',
      colorLink: 'rgb(1, 2, 3)',
      borderRadius: 4,
    });
    expect(themeTokens({ colorError: '#f00', fontSize: 16 })).toEqual({ colorError: '#f00', fontSize: 16 });
  });

  it('drops anything that is not a plain colour or a sane number (no CSS injection)', () => {
    expect(
      themeTokens({
        'primary-color': 'red;} body{background:url(//evil)',
        'link-color': 'expression(alert(1))',
        'font-size-base': 400,
        unknown: '#fff',
        __proto__: { colorPrimary: '#000' },
      }),
    ).toEqual({});
    expect(themeTokens('not json')).toEqual({});
    expect(themeTokens(null)).toEqual({});
    expect(themeTokens('[1,2]')).toEqual({});
  });
});

describe('<UserTheme>', () => {
  it('hands the user’s primary colour to antd components inside it', () => {
    let seen: string | undefined;
    function Probe() {
      seen = theme.useToken().token.colorPrimary;
      return null;
    }
    render(
      <UserTheme themeConfig='{"primary-color":"#ff5500"}'>
        <Probe />
      </UserTheme>,
    );
    expect(seen).toBe('#ff5500');
  });
});
