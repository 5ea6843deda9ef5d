// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, waitFor } from '@testing-library/react';
import { submitForm } from '../../react/widget-helpers/testing';
import { pngFile, renderUpload } from '../file/testing';

const field = { key: 'avatar', title: '头像', type: 'avatar', props: { action: 'files/upload' } };

describe('avatar widget', () => {
  it('uploads one image, stored as its URL; a new upload needs the old one removed', async () => {
    const { form, container, uploads } = renderUpload([field]);
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [pngFile('me.jpg', 'image/jpeg')] },
    });
    await waitFor(() => expect(form.values.avatar).toBe(`api/files/download/${'f'.repeat(31)}1`));
    expect(uploads).toHaveLength(1);
    await waitFor(() => expect(container.querySelector('.tessera-upload-trigger')).toBeNull());
    expect(await submitForm(form)).toEqual({ values: { avatar: `api/files/download/${'f'.repeat(31)}1` } });
  });

  it('read-only: a 60 px avatar from a stored object value; empty shows -', async () => {
    const { container, unmount } = renderUpload([field], {
      readPretty: true,
      initialValues: { avatar: { url: 'https://cdn.example.com/me.png', name: 'me.png' } },
    });
    const avatar = container.querySelector('.ant-avatar') as HTMLElement;
    expect(avatar.style.width).toBe('60px');
    await waitFor(() =>
      expect(avatar.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example.com/me.png'),
    );
    unmount();
    const empty = renderUpload([field], { readPretty: true });
    expect(empty.container.querySelector('.tessera-read-pretty')?.textContent).toBe('-');
  });

  it('required and empty is an error; once uploaded, the stored value submits', async () => {
    const { form, container } = renderUpload([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { avatar: ['头像不能为空'] } });
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [pngFile('me.jpg', 'image/jpeg')] },
    });
    await waitFor(() => expect(form.values.avatar).toBeTruthy());
    expect(await submitForm(form)).toEqual({ values: { avatar: `api/files/download/${'f'.repeat(31)}1` } });
  });
});
