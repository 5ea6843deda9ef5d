// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { submitForm } from '../../react/widget-helpers/testing';
import { pngFile, renderUpload } from './testing';

const KEY_A = 'a'.repeat(32);
const files = [
  { url: `api/files/download/${KEY_A}`, name: '合同.pdf' },
  { url: 'https://cdn.example.com/scan.png', name: 'scan.png' },
  { url: 'https://cdn.example.com/data.zip', name: '数据 🚀.zip' },
];
const field = { key: 'attachments', title: '附件', type: 'file', props: { action: 'files/upload', multiple: true } };

describe('file widget', () => {
  it('accepts any type by default and stores a JSON array of {url, name}', async () => {
    const { form, uploads, container } = renderUpload([field]);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('accept') ?? '').toBe('');
    fireEvent.change(input, { target: { files: [pngFile('报告.docx', 'application/octet-stream')] } });
    await waitFor(() => expect(uploads).toHaveLength(1));
    await waitFor(() =>
      expect(JSON.parse(String(form.values.attachments))).toEqual([
        { url: `api/files/download/${'f'.repeat(31)}1`, name: '报告.docx' },
      ]),
    );
    expect(uploads[0].accept).toEqual([]);
  });

  it('honours a configured accept list', async () => {
    const { uploads, container } = renderUpload([{ ...field, props: { ...field.props, accept: 'pdf' } }]);
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [pngFile('x.png')] } });
    await waitFor(() => expect(screen.getByText('文件类型不正确')).toBeTruthy());
    expect(uploads).toHaveLength(0);
  });

  it('a cloud-token failure shows its message as a warning', async () => {
    const { container } = renderUpload([field], {
      answer: () => ({ ok: false, message: '云存储未配置', level: 'warning' }),
    });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [pngFile()] } });
    await waitFor(() => expect(document.querySelector('.ant-message-warning')?.textContent).toContain('云存储未配置'));
  });

  it('read-only: names; download shows 正在下载中 and fetches our file through the runtime', async () => {
    let release!: () => void;
    const blobGate = new Promise<void>((resolve) => (release = resolve));
    const { container, requests } = renderUpload([field], {
      readPretty: true,
      initialValues: { attachments: JSON.stringify(files) },
      blobGate,
    });
    const links = [...container.querySelectorAll('.tessera-file-item > a:first-child')];
    expect(links.map((a) => a.textContent)).toEqual(['合同.pdf', 'scan.png', '数据 🚀.zip']);
    fireEvent.click(links[0]);
    await waitFor(() => expect(screen.getByText('正在下载中')).toBeTruthy());
    expect(requests).toEqual([{ method: 'GET', url: `files/download/${KEY_A}`, responseType: 'blob' }]);
    const saved: Array<{ name: string; href: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    release();
    // Saved under the original name from an object URL of the fetched blob (not the raw API path).
    await waitFor(() => expect(saved).toEqual([{ name: '合同.pdf', href: expect.stringMatching(/^blob:/) }]));
    click.mockRestore();
  });

  it('preview: full-screen modal with an iframe, previous / next and index of total', async () => {
    const { container } = renderUpload([field], { readPretty: true, initialValues: { attachments: files } });
    // The zip cannot be previewed: only two preview links.
    const previews = container.querySelectorAll('.tessera-file-preview-link');
    expect(previews).toHaveLength(2);
    fireEvent.click(previews[1]);
    await waitFor(() => expect(document.querySelector('.tessera-file-preview-index')?.textContent).toBe('2 / 3'));
    await waitFor(() =>
      expect(document.querySelector('iframe')?.getAttribute('src')).toBe('https://cdn.example.com/scan.png'),
    );
    fireEvent.click(screen.getByText('下一个'));
    await waitFor(() => expect(document.querySelector('.tessera-file-preview-index')?.textContent).toBe('3 / 3'));
    expect(screen.getByText('该文件不支持预览，请下载后查看')).toBeTruthy();
    expect((screen.getByText('下一个').closest('button') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('上一个'));
    fireEvent.click(screen.getByText('上一个'));
    await waitFor(() => expect(document.querySelector('.tessera-file-preview-index')?.textContent).toBe('1 / 3'));
    await waitFor(() => expect(document.querySelector('iframe')?.getAttribute('src')).toMatch(/^blob:/));
  });

  it('display-only shows files even in an edit form, with no upload', async () => {
    const { container } = renderUpload([{ ...field, props: { display: true } }], {
      initialValues: { attachments: files[1] },
    });
    expect(container.querySelector('input[type=file]')).toBeNull();
    expect(container.querySelector('.tessera-file-item')?.textContent).toContain('scan.png');
  });

  it('required and empty is an error; once uploaded, the stored value submits', async () => {
    const { form, container } = renderUpload([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { attachments: ['附件不能为空'] } });
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [pngFile('合同.pdf', 'application/pdf')] },
    });
    await waitFor(() => expect(form.values.attachments).toBeTruthy());
    expect(await submitForm(form)).toEqual({
      values: { attachments: JSON.stringify([{ url: `api/files/download/${'f'.repeat(31)}1`, name: '合同.pdf' }]) },
    });
  });
});
