// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { submitForm } from '../../react/widget-helpers/testing';
import { pngFile, renderUpload } from '../file/testing';

const field = { key: 'clip', title: '视频', type: 'video', props: { action: 'files/upload' } };

describe('video widget', () => {
  it('accepts mp4 and avi by default and refuses other types', async () => {
    const { form, uploads, container } = renderUpload([field]);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.mp4,.avi');
    fireEvent.change(input, { target: { files: [pngFile('movie.mov', 'video/quicktime')] } });
    await waitFor(() => expect(screen.getByText('文件类型不正确')).toBeTruthy());
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [pngFile('片段.mp4', 'video/mp4')] },
    });
    await waitFor(() => expect(form.values.clip).toBe(`api/files/download/${'f'.repeat(31)}1`));
    expect(uploads.map((u) => u.name)).toEqual(['片段.mp4']);
  });

  it('read-only: a video thumbnail that opens the preview with a player', async () => {
    const { container } = renderUpload([field], {
      readPretty: true,
      initialValues: { clip: 'https://cdn.example.com/v/intro.mp4' },
    });
    const thumb = container.querySelector('video.tessera-file-thumb') as HTMLVideoElement;
    await waitFor(() => expect(thumb.getAttribute('src')).toBe('https://cdn.example.com/v/intro.mp4'));
    fireEvent.click(thumb);
    await waitFor(() => expect(document.querySelector('.tessera-file-preview-index')?.textContent).toBe('1 / 1'));
    await waitFor(() => expect(document.querySelector('.ant-modal video[controls]')).not.toBeNull());
  });

  it('required and empty is an error; once uploaded, the stored value submits', async () => {
    const { form, container } = renderUpload([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { clip: ['视频不能为空'] } });
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [pngFile('片段.mp4', 'video/mp4')] },
    });
    await waitFor(() => expect(form.values.clip).toBeTruthy());
    expect(await submitForm(form)).toEqual({ values: { clip: `api/files/download/${'f'.repeat(31)}1` } });
  });
});
