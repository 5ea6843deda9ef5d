// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { submitForm } from '../../react/widget-helpers/testing';
import { pngFile, renderUpload } from '../file/testing';

const single = { key: 'photo', title: '照片', type: 'image', props: { action: 'files/upload' } };
const multi = {
  key: 'photos',
  title: '相册',
  type: 'image',
  props: { action: 'files/upload', multiple: true, fileNum: 2 },
};

const input = (container: HTMLElement) => container.querySelector('input[type=file]') as HTMLInputElement;
const choose = (container: HTMLElement, ...files: File[]) => fireEvent.change(input(container), { target: { files } });

describe('image widget', () => {
  it('uploads through the runtime uploader and stores the URL (single)', async () => {
    const { form, uploads, container } = renderUpload([single]);
    expect(input(container).getAttribute('accept')).toBe('.png,.jpeg,.jpg');
    choose(container, pngFile('头像🚀.png'));
    await waitFor(() => expect(form.values.photo).toBe(`api/files/download/${'f'.repeat(31)}1`));
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ action: 'files/upload', name: '头像🚀.png', accept: ['png', 'jpeg', 'jpg'] });
    expect(await submitForm(form)).toEqual({ values: { photo: `api/files/download/${'f'.repeat(31)}1` } });
    // One file is the default limit: the upload trigger is gone.
    await waitFor(() => expect(container.querySelector('.tessera-upload-trigger')).toBeNull());
  });

  it('refuses a type outside the accept list with 文件类型不正确 and sends nothing', async () => {
    const { form, uploads, container } = renderUpload([single]);
    choose(container, pngFile('anim.gif', 'image/gif'));
    await waitFor(() => expect(screen.getByText('文件类型不正确')).toBeTruthy());
    expect(uploads).toHaveLength(0);
    expect(form.values.photo).toBeUndefined();
  });

  it('shows the uploading state until the uploader answers, then done', async () => {
    let finish!: () => void;
    const gate = new Promise<void>((resolve) => (finish = resolve));
    const { form, container } = renderUpload([single], {
      answer: async (req) => {
        await gate;
        return { ok: true, url: 'https://cdn.example.com/x.png', name: req.name };
      },
    });
    choose(container, pngFile('慢.png'));
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-uploading')).not.toBeNull());
    expect(form.values.photo).toBeUndefined();
    finish();
    await waitFor(() => expect(form.values.photo).toBe('https://cdn.example.com/x.png'));
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-uploading')).toBeNull());
    expect(container.querySelector('.ant-upload-list-item-done')).not.toBeNull();
  });

  it('speaks the runtime language: Incorrect file type in English', async () => {
    const { uploads, container } = renderUpload([single], { lang: 'en' });
    choose(container, pngFile('a.bmp', 'image/bmp'));
    await waitFor(() => expect(screen.getByText('Incorrect file type')).toBeTruthy());
    expect(uploads).toHaveLength(0);
  });

  it('shows 配置参数有误 without an action', async () => {
    const { uploads, container } = renderUpload([{ ...single, props: {} }]);
    choose(container, pngFile());
    await waitFor(() => expect(screen.getByText('配置参数有误')).toBeTruthy());
    expect(uploads).toHaveLength(0);
  });

  it('stores multi uploads as a JSON array of {url, name}, stops at fileNum, and removes', async () => {
    const { form, uploads, container } = renderUpload([multi]);
    choose(container, pngFile('一.png'));
    await waitFor(() => expect(uploads).toHaveLength(1));
    choose(container, pngFile('二.png'));
    await waitFor(() => expect(JSON.parse(String(form.values.photos))).toHaveLength(2));
    expect(JSON.parse(String(form.values.photos))).toEqual([
      { url: `api/files/download/${'f'.repeat(31)}1`, name: '一.png' },
      { url: `api/files/download/${'f'.repeat(31)}2`, name: '二.png' },
    ]);
    await waitFor(() => expect(container.querySelector('.tessera-upload-trigger')).toBeNull());
    fireEvent.click(container.querySelectorAll('[aria-label="Remove file"], .anticon-delete')[0]);
    await waitFor(() =>
      expect(JSON.parse(String(form.values.photos))).toEqual([
        { url: `api/files/download/${'f'.repeat(31)}2`, name: '二.png' },
      ]),
    );
  });

  it('fileNum 0 means unlimited', async () => {
    const { form, uploads, container } = renderUpload([{ ...multi, props: { ...multi.props, fileNum: 0 } }]);
    for (let i = 0; i < 4; i++) {
      choose(container, pngFile(`${i}.png`));
      await waitFor(() => expect(uploads).toHaveLength(i + 1));
    }
    await waitFor(() => expect(JSON.parse(String(form.values.photos))).toHaveLength(4));
    expect(container.querySelector('.tessera-upload-trigger')).not.toBeNull();
  });

  it("marks a failed upload as error with the server's message and keeps the value", async () => {
    const { form, container } = renderUpload([single], {
      answer: () => ({ ok: false, message: '文件内容与文件类型不符', level: 'error' }),
    });
    choose(container, pngFile());
    await waitFor(() => expect(screen.getAllByText('文件内容与文件类型不符').length).toBeGreaterThan(0));
    await waitFor(() => expect(container.querySelector('.ant-upload-list-item-error')).not.toBeNull());
    expect(form.values.photo).toBeUndefined();
  });

  it('reads every stored format and shows 60 px thumbnails read-only', async () => {
    const files = [
      { url: 'api/files/download/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', name: '甲.png' },
      { url: 'https://cdn.example.com/b.jpg', name: 'b.jpg' },
    ];
    for (const value of [files, JSON.stringify(files), encodeURIComponent(JSON.stringify(files))]) {
      const { container, requests, unmount } = renderUpload([multi], {
        readPretty: true,
        initialValues: { photos: value },
      });
      const thumbs = container.querySelectorAll('img.tessera-file-thumb');
      expect(thumbs).toHaveLength(2);
      expect(thumbs[0].getAttribute('width')).toBe('60');
      expect(thumbs[1].getAttribute('alt')).toBe('b.jpg');
      await waitFor(() => expect(thumbs[1].getAttribute('src')).toBe('https://cdn.example.com/b.jpg'));
      await waitFor(() => expect(thumbs[0].getAttribute('src')).toMatch(/^blob:/));
      expect(requests).toEqual([
        { method: 'GET', url: 'files/download/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', responseType: 'blob' },
      ]);
      unmount();
    }
  });

  it('never loads a javascript: URL from a stored value', async () => {
    const { container } = renderUpload([single], {
      readPretty: true,
      initialValues: { photo: 'javascript:alert(1)' },
    });
    const thumb = container.querySelector('img.tessera-file-thumb')!;
    await new Promise((r) => setTimeout(r, 10));
    expect(thumb.getAttribute('src')).toBeNull();
  });

  it('opens the image preview with thumbnails and moves between images', async () => {
    const files = [
      { url: 'https://cdn.example.com/1.png', name: '1.png' },
      { url: 'https://cdn.example.com/2.png', name: '2.png' },
    ];
    const { container } = renderUpload([multi], { readPretty: true, initialValues: { photos: files } });
    fireEvent.click(container.querySelectorAll('img.tessera-file-thumb')[1]);
    await waitFor(() => expect(document.querySelector('.tessera-image-preview-index')?.textContent).toBe('2 / 2'));
    expect(document.querySelectorAll('img.tessera-image-preview-thumb')).toHaveLength(2);
    fireEvent.click(document.querySelectorAll('img.tessera-image-preview-thumb')[0]);
    await waitFor(() => expect(document.querySelector('.tessera-image-preview-index')?.textContent).toBe('1 / 2'));
    expect(document.querySelector('img.tessera-image-preview-main')?.getAttribute('src')).toBe(
      'https://cdn.example.com/1.png',
    );
  });

  it('required and empty is an error; once uploaded, the stored value submits', async () => {
    const { form, container } = renderUpload([{ ...single, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { photo: ['照片不能为空'] } });
    fireEvent.change(container.querySelector('input[type=file]')!, { target: { files: [pngFile('a.png')] } });
    await waitFor(() => expect(form.values.photo).toBeTruthy());
    expect(await submitForm(form)).toEqual({ values: { photo: `api/files/download/${'f'.repeat(31)}1` } });
  });
});
