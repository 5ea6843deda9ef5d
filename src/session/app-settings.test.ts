import { describe, expect, it } from 'vitest';
import {
  aiConfigOf,
  barItems,
  menuModeOf,
  needsCompleteInfo,
  protectionsEnabled,
  showsAiTip,
  todoBadge,
  watermarkRotate,
  watermarkText,
} from './app-settings';
import type { AppInfo, UserInfo } from './types';

const app = (extra: Partial<AppInfo> = {}): AppInfo => ({ id: 'a', identify: 'demo', title: '演示', ...extra });
const user = (...identifies: string[]): UserInfo => ({
  id: 'u',
  name: '张三',
  mobile: '13812345678',
  role_ids: 'r',
  roles: identifies.map((identify, i) => ({ id: `r${i}`, name: identify, menu_ids: '', identify })),
  menu_ids: '',
  appId: 'a',
});

describe('top-right bar conditions (platform-shell §2, §6)', () => {
  it('admin tools for admins and trial accounts only', () => {
    expect(barItems(app(), user('admin')).adminTools).toBe(true);
    expect(barItems(app(), user('trial')).adminTools).toBe(true);
    expect(barItems(app(), user('user')).adminTools).toBe(false);
    expect(barItems(app(), undefined).adminTools).toBe(false);
  });
  it('AI create app: for admins and trial accounts, and only when the app has AI enabled', () => {
    expect(barItems(app(), user('admin')).aiApp).toBe(false);
    expect(barItems(app({ ai_config: { enabled: true } }), user('admin')).aiApp).toBe(true);
    expect(barItems(app({ ai_config: { enabled: true } }), user('trial')).aiApp).toBe(true);
    expect(barItems(app({ ai_config: { enabled: true } }), user('user')).aiApp).toBe(false);
  });
  it('AI chat and draw need enabled and showInNavBar; recharge needs payMode 3', () => {
    expect(barItems(app({ ai_config: { enabled: true, showInNavBar: true } }), user('user'))).toMatchObject({
      aiChat: true,
      aiDraw: true,
      recharge: false,
    });
    expect(barItems(app({ ai_config: { enabled: true, showInNavBar: false } }), user()).aiChat).toBe(false);
    expect(barItems(app({ ai_config: { enabled: false, showInNavBar: true } }), user()).aiDraw).toBe(false);
    expect(barItems(app({ ai_config: '{"payMode":3}' }), user()).recharge).toBe(true);
  });
  it('a feature the ai/config page switched off leaves the bar (chat, draw, app generator)', () => {
    const on = { enabled: true, showInNavBar: true };
    expect(barItems(app({ ai_config: { ...on, chat: false } }), user('admin'))).toMatchObject({
      aiChat: false,
      aiDraw: true,
      aiApp: true,
    });
    expect(barItems(app({ ai_config: { ...on, draw: false } }), user()).aiDraw).toBe(false);
    expect(barItems(app({ ai_config: { ...on, generator: false } }), user('admin')).aiApp).toBe(false);
    expect(barItems(app({ ai_config: { payMode: 2 } }), user()).recharge).toBe(false);
    expect(aiConfigOf(app({ ai_config: 'not json' }))).toEqual({
      enabled: false,
      showInNavBar: false,
      payMode: 0,
      chat: true,
      draw: true,
      generator: true,
    });
  });
  it('the bell shows 9+ above 9 and nothing at 0', () => {
    expect(todoBadge(0)).toBeUndefined();
    expect(todoBadge(1)).toBe('1');
    expect(todoBadge(9)).toBe('9');
    expect(todoBadge(10)).toBe('9+');
    expect(todoBadge(Number.NaN)).toBeUndefined();
  });
});

describe('app settings', () => {
  it('watermark: text, the viewer for 1, none for 0; rotation defaults to -22', () => {
    expect(watermarkText(app({ watermark: '内部资料' }), user())).toBe('内部资料');
    expect(watermarkText(app({ watermark: 1 }), user())).toBe('张三 5678');
    expect(watermarkText(app({ watermark: 0 }), user())).toBeUndefined();
    expect(watermarkRotate(app({ watermark_rotate: 30 }))).toBe(30);
    expect(watermarkRotate(app({ watermark_rotate: null }))).toBe(-22);
  });
  it('client protections: never in development, on by default in production, off when the app says so', () => {
    expect(protectionsEnabled(app(), true)).toBe(false);
    expect(protectionsEnabled(app({ protect: true }), true)).toBe(false);
    expect(protectionsEnabled(app(), false)).toBe(true);
    expect(protectionsEnabled(app({ protect: false }), false)).toBe(false);
  });
  it('menu mode: the user choice, else the app default, else side', () => {
    expect(menuModeOf(app(), undefined)).toBe('side');
    expect(menuModeOf(app({ menu_mode: 'top' }), undefined)).toBe('top');
    expect(menuModeOf(app({ menu_mode: 'top' }), 'side')).toBe('side');
    expect(menuModeOf(app(), 'bogus')).toBe('side');
  });
  it('complete-info dialog and AI tip conditions (platform-shell §4)', () => {
    expect(needsCompleteInfo(user('user'), 0)).toBe(true);
    expect(needsCompleteInfo(user('user'), 1)).toBe(false);
    expect(needsCompleteInfo(user('admin'), 0)).toBe(false);
    expect(showsAiTip(app({ source: 1 }), user('admin'), false)).toBe(true);
    expect(showsAiTip(app({ source: 1 }), user('admin'), true)).toBe(false);
    expect(showsAiTip(app({ source: 0 }), user('admin'), false)).toBe(false);
    expect(showsAiTip(app({ source: 1 }), user('user'), false)).toBe(false);
  });
});
