// @vitest-environment happy-dom
/**
 * Bilingual shell (platform-shell §1, §9): zh by default, the choice kept in session storage and
 * switched from the bar; every string of the shell goes through the catalog, which has both
 * languages for every key; the spec's own texts are there exactly.
 */
import '../../tests/dom-setup';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { catalog } from '../../protocol/messages';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { currentLang, i18n, setLang, storedLang } from './index';

const LANG_KEY = 'tessera_lang';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}
/** The shell's code without its comments (which may quote the spec in Chinese). */
const shellSources = sourceFiles('src').map((path) => ({
  path,
  code: readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1'),
}));

describe('the message catalog', () => {
  it('has a zh and an en text for every key', () => {
    const missing = Object.entries(catalog)
      .filter(([, texts]) => !texts.zh?.trim() || !texts.en?.trim())
      .map(([key]) => key);
    expect(missing).toEqual([]);
  });

  it("names every key the shell's code asks for", () => {
    const asked = new Set<string>();
    for (const { code } of shellSources) for (const match of code.matchAll(/\bt\(\s*'([^']+)'/g)) asked.add(match[1]);
    // Keys built at run time: the error pages and the complete-info options.
    for (const kind of ['404', '405', 'ipBlocked', 'debug'])
      for (const part of ['title', 'sub']) asked.add(`page.${kind}.${part}`);
    for (const key of ['biz.mini_program', 'biz.mobile_app', 'biz.website_app', 'biz.none', 'role.operator'])
      asked.add(`info.${key}`);
    for (const key of ['role.developer', 'role.third_party', 'team.institution', 'team.individual', 'team.outsourcing'])
      asked.add(`info.${key}`);
    expect(asked.size).toBeGreaterThan(100);
    expect([...asked].filter((key) => !catalog[key])).toEqual([]);
  });

  it('leaves no Chinese text in the shell code outside the catalog', () => {
    const offenders = shellSources.filter(({ code }) => /[\u4e00-\u9fff]/.test(code)).map(({ path }) => path);
    expect(offenders).toEqual([]);
  });

  it("keeps the spec's texts exactly", () => {
    const zh = new Set(Object.values(catalog).map((texts) => texts.zh));
    for (const text of [
      '真的要注销登录吗 ?',
      '正在刷新缓存...',
      '缓存刷新成功!',
      '请填写必填项',
      '试用账号不允许对该业务进行操作',
      '应用地址不正确，请检查访问地址',
      '系统连接异常，请联系管理员',
    ])
      expect(zh.has(text), text).toBe(true);
  });
});

describe('language choice', () => {
  beforeEach(() => {
    sessionStorage.clear();
    setLang('zh');
    sessionStorage.clear();
  });

  it('is zh by default, and a stored value that is no language is ignored', () => {
    expect(storedLang()).toBe('zh');
    sessionStorage.setItem(LANG_KEY, 'fr');
    expect(storedLang()).toBe('zh');
  });

  it('switches from the bar, is kept in session storage, and a new page load starts in it', async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: /English/ }));
    await screen.findByRole('button', { name: /中文/ });
    expect(currentLang()).toBe('en');
    expect(sessionStorage.getItem(LANG_KEY)).toBe('en');
    expect(localStorage.getItem(LANG_KEY)).toBeNull();
    expect(document.documentElement.lang).toBe('en');

    // A reload: the module starts again and reads the kept choice.
    vi.resetModules();
    const reloaded = await import('./index');
    expect(reloaded.i18n.language).toBe('en');
    expect(reloaded.i18n.t('layout.logoutConfirm')).not.toBe('真的要注销登录吗 ?');

    fireEvent.click(screen.getByRole('button', { name: /中文/ }));
    await screen.findByRole('button', { name: /English/ });
    expect(sessionStorage.getItem(LANG_KEY)).toBe('zh');
    expect(i18n.t('layout.logoutConfirm')).toBe('真的要注销登录吗 ?');
  });
});
