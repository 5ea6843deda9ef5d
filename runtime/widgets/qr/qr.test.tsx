// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { configureQrKey, encryptQrText } from '../../core/qr/index';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('qr');
const key = '0123456789abcdeffedcba9876543210';

afterEach(() => {
  configureQrKey(undefined);
  vi.restoreAllMocks();
});

describe('qr widget', () => {
  it('edits the raw text (stored as typed) and draws a 60 px code of it', async () => {
    const { form, container } = renderForm([field]);
    fireEvent.change(container.querySelector('input')!, { target: { value: '订单-001 🚀' } });
    expect(await submitForm(form)).toEqual({ values: { ticket: '订单-001 🚀' } });
    const svg = container.querySelector('.tessera-qr svg')!;
    expect(svg.getAttribute('height')).toBe('60');
    expect(svg.getAttribute('width')).toBe('60');
  });

  it('encrypts with the app key before encoding: the drawn code changes, the stored value does not', async () => {
    const plain = renderForm([field], { initialValues: { ticket: 'A-1' }, readPretty: true });
    const plainPath = plain.container.querySelector('.tessera-qr svg path:last-child')!.getAttribute('d');
    plain.unmount();
    configureQrKey(key);
    const secret = renderForm([field], { initialValues: { ticket: 'A-1' }, readPretty: true });
    const secretPath = secret.container.querySelector('.tessera-qr svg path:last-child')!.getAttribute('d');
    expect(secretPath).not.toBe(plainPath);
    expect(await submitForm(secret.form)).toEqual({ values: { ticket: 'A-1' } });
  });

  it('previews at 300 px with the raw data in a tooltip and downloads qrcode.png', async () => {
    const clicks: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    const { container } = renderForm([field], { initialValues: { ticket: 'RAW-DATA' }, readPretty: true });
    await act(async () => fireEvent.mouseEnter(container.querySelector('.tessera-qr')!));
    await waitFor(() => expect(screen.getByText('RAW-DATA')).toBeTruthy());
    await act(async () => fireEvent.click(container.querySelector('.tessera-qr')!));
    const canvas = document.querySelector('.tessera-qr-preview canvas') as HTMLCanvasElement;
    expect(canvas.style.width).toBe('300px');
    // antd spaces two-character CJK button labels: 下 载.
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /下\s*载/ })));
    expect(clicks).toEqual([{ download: 'qrcode.png', href: expect.stringMatching(/^data:image\/png/) }]);
  });

  it('the preview decodes a pasted payload of this app and refuses anything else', async () => {
    configureQrKey(key);
    const { container } = renderForm([field], { initialValues: { ticket: 'A-1' }, readPretty: true });
    await act(async () => fireEvent.click(container.querySelector('.tessera-qr')!));
    const box = screen.getByRole('textbox', { name: '解码扫描内容' });
    const paste = async (text: string) => act(async () => fireEvent.change(box, { target: { value: text } }));
    await paste(`  ${encryptQrText('工单 <b>#7</b> 🚀', key)}\n`);
    expect(document.querySelector('.tessera-qr-decoded')!.textContent).toBe('工单 <b>#7</b> 🚀');
    expect(document.querySelector('.tessera-qr-decoded b')).toBeNull();
    expect(document.querySelector('.tessera-qr-not-ours')).toBeNull();
    await paste(encryptQrText('工单', 'fedcba98765432100123456789abcdef'));
    expect(document.querySelector('.tessera-qr-decoded')).toBeNull();
    expect(document.querySelector('.tessera-qr-not-ours')!.textContent).toBe('不是本应用生成的二维码');
    await paste('https://example.com/plain');
    expect(document.querySelector('.tessera-qr-not-ours')).not.toBeNull();
    await paste('');
    expect(document.querySelector('.tessera-qr-not-ours')).toBeNull();
  });

  it("shows 'empty data' and 'format not supported' states", () => {
    const empty = renderForm([field], { readPretty: true, lang: 'en' });
    expect(empty.container.querySelector('.tessera-qr-state')!.textContent).toBe('empty data');
    empty.unmount();
    const big = renderForm([field], { initialValues: { ticket: 'x'.repeat(2000) }, readPretty: true, lang: 'en' });
    expect(big.container.querySelector('.tessera-qr-state')!.textContent).toBe('format not supported');
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { ticket: ['票据码不能为空'] } });
  });
});
