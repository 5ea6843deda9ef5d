// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { submitForm } from '../../react/widget-helpers/testing';
import { pngFile, renderUpload } from '../file/testing';

const field = { key: 'voice', title: '录音', type: 'audio', props: { action: 'files/upload', multiple: true } };

describe('audio widget', () => {
  it('accepts mp3 and wav by default and stores multi uploads as JSON', async () => {
    const { form, container } = renderUpload([field]);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [pngFile('a.txt', 'text/plain')] } });
    await waitFor(() => expect(screen.getByText('文件类型不正确')).toBeTruthy());
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [pngFile('留言.mp3', 'audio/mpeg')] },
    });
    await waitFor(() =>
      expect(JSON.parse(String(form.values.voice))).toEqual([
        { url: `api/files/download/${'f'.repeat(31)}1`, name: '留言.mp3' },
      ]),
    );
  });

  it('read-only: one player per file', async () => {
    const { container } = renderUpload([field], {
      readPretty: true,
      initialValues: {
        voice: [
          { url: 'https://cdn.example.com/1.mp3', name: '1.mp3' },
          { url: 'https://cdn.example.com/2.wav', name: '2.wav' },
        ],
      },
    });
    const players = container.querySelectorAll('audio.tessera-file-audio');
    expect(players).toHaveLength(2);
    await waitFor(() => expect(players[1].getAttribute('src')).toBe('https://cdn.example.com/2.wav'));
  });

  it('required and empty is an error; once uploaded, the stored value submits', async () => {
    const { form, container } = renderUpload([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { voice: ['录音不能为空'] } });
    fireEvent.change(container.querySelector('input[type=file]')!, {
      target: { files: [pngFile('留言.mp3', 'audio/mpeg')] },
    });
    await waitFor(() => expect(form.values.voice).toBeTruthy());
    expect(await submitForm(form)).toEqual({
      values: { voice: JSON.stringify([{ url: `api/files/download/${'f'.repeat(31)}1`, name: '留言.mp3' }]) },
    });
  });
});
