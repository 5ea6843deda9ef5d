// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('icon');
const chooseButton = () => screen.getByRole('button', { name: '选择图标' });

describe('icon widget', () => {
  it('picks an icon in the 80% wide dialog (search, style groups) and stores its name', async () => {
    const { form } = renderForm([field]);
    await waitFor(() => expect((chooseButton() as HTMLButtonElement).disabled).toBe(false), { timeout: 8000 });
    await act(async () => fireEvent.click(chooseButton()));
    const dialog = document.querySelector('.ant-modal') as HTMLElement;
    expect(dialog.style.width).toBe('80%');
    expect([...dialog.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent)).toEqual([
      '线框风格',
      '实底风格',
      '双色风格',
    ]);
    await act(async () => fireEvent.change(dialog.querySelector('input')!, { target: { value: 'home' } }));
    const options = [...dialog.querySelectorAll('.ant-tabs-tabpane-active .tessera-icon-option')].map((b) =>
      b.getAttribute('title'),
    );
    expect(options).toContain('HomeOutlined');
    expect(options.every((n) => n!.toLowerCase().includes('home') && n!.endsWith('Outlined'))).toBe(true);
    await act(async () => fireEvent.click(dialog.querySelector('[title="HomeOutlined"]')!));
    expect(await submitForm(form)).toEqual({ values: { icon: 'HomeOutlined' } });
  });

  it('reads pretty as the icon and its name; an unknown name draws no icon', async () => {
    const ok = renderForm([field], { initialValues: { icon: 'SettingFilled' }, readPretty: true });
    await waitFor(() => expect(ok.container.querySelector('.tessera-icon .anticon-setting')).not.toBeNull());
    expect(ok.container.querySelector('.tessera-icon-name')!.textContent).toBe('SettingFilled');
    ok.unmount();
    const bad = renderForm([field], { initialValues: { icon: 'constructor' }, readPretty: true });
    expect(bad.container.querySelector('.anticon')).toBeNull();
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { icon: ['图标不能为空'] } });
  });
});
