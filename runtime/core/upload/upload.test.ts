import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import { acceptAttribute, acceptFor, isAccepted, parseAccept } from './accept';
import { createUploader, type PostForm } from './uploader';
import { fileCodec, readFiles, writeFiles } from './value';

const field = (multiple: boolean) => ({ key: 'f', title: 'f', type: 'file', props: { multiple } });

describe('accept lists', () => {
  it('uses the spec defaults and normalises configured lists', () => {
    expect(acceptFor('image')).toEqual(['png', 'jpeg', 'jpg']);
    expect(acceptFor('video')).toEqual(['mp4', 'avi']);
    expect(acceptFor('image', '.PNG, gif;image/webp')).toEqual(['png', 'gif', 'image/webp']);
    expect(parseAccept(['.pdf', 'pdf', ''])).toEqual(['pdf']);
    expect(acceptAttribute(['png', 'image/*'])).toBe('.png,image/*');
    expect(acceptAttribute([])).toBeUndefined();
  });

  it('checks extension, MIME and family; jpg and jpeg are one type; empty list accepts all', () => {
    const images = acceptFor('image');
    expect(isAccepted({ name: '照片.JPG' }, images)).toBe(true);
    expect(isAccepted({ name: 'a.jpeg' }, ['jpg'])).toBe(true);
    expect(isAccepted({ name: 'a.gif', type: 'image/gif' }, images)).toBe(false);
    expect(isAccepted({ name: 'png' }, images)).toBe(false);
    expect(isAccepted({ name: 'a.png.exe' }, images)).toBe(false);
    expect(isAccepted({ name: 'clip', type: 'video/mp4' }, ['video/*'])).toBe(true);
    expect(isAccepted({ name: 'x.bin' }, [])).toBe(true);
  });
});

describe('file values', () => {
  const files = [
    { url: 'api/files/download/a1', name: '合同 🚀.pdf' },
    { url: 'https://cdn.example.com/x/b.png', name: 'b.png' },
  ];

  it('reads arrays, objects, URL strings, JSON strings and URI-encoded JSON strings', () => {
    expect(readFiles(files)).toEqual(files);
    expect(readFiles(files[0])).toEqual([files[0]]);
    expect(readFiles(JSON.stringify(files))).toEqual(files);
    expect(readFiles(encodeURIComponent(JSON.stringify(files)))).toEqual(files);
    expect(readFiles(encodeURIComponent(JSON.stringify(files[0])))).toEqual([files[0]]);
    expect(readFiles('https://cdn.example.com/x/%E5%9B%BE.png?x=1')).toEqual([
      { url: 'https://cdn.example.com/x/%E5%9B%BE.png?x=1', name: '图.png' },
    ]);
    expect(readFiles([{ url: 'u/1.png' }, { name: 'no url' }, 3, ''])).toEqual([{ url: 'u/1.png', name: '1.png' }]);
    expect(readFiles({ name: 'x', response: { data: { url: 'u/2' } } })).toEqual([{ url: 'u/2', name: 'x' }]);
    expect(readFiles('')).toEqual([]);
    expect(readFiles(null)).toEqual([]);
    expect(readFiles('[broken')).toEqual([{ url: '[broken', name: '[broken' }]);
  });

  it('writes multi as a JSON array of {url, name} and single as the URL; round-trips CJK and emoji', () => {
    const multi = writeFiles(files, true)!;
    expect(JSON.parse(multi)).toEqual(files);
    expect(readFiles(multi)).toEqual(files);
    expect(writeFiles(files, false)).toBe('api/files/download/a1');
    expect(writeFiles([], true)).toBeNull();
    expect(fileCodec.encode(fileCodec.decode(multi, field(true)), field(true))).toBe(multi);
    expect(fileCodec.encode(encodeURIComponent(multi) as never, field(true))).toBe(multi);
    expect(fileCodec.encode(files[1].url as never, field(false))).toBe(files[1].url);
  });
});

describe('uploader', () => {
  function fakeRequest(answers: Record<string, ApiResult>) {
    const calls: RequestOptions[] = [];
    const request = (async (options: RequestOptions) => {
      calls.push(options);
      return answers[options.url] ?? { code: 'P4004', message: 'nope', data: null };
    }) as never;
    return { calls, request };
  }
  const file = new Blob(['x']);

  it('local: posts a multipart form to the action and answers the server url and name', async () => {
    const { calls, request } = fakeRequest({
      'files/upload': { code: '200', message: 'ok', data: { url: 'api/files/download/k', name: '图.png' } },
    });
    const upload = createUploader({ request, lang: 'zh', uploadConfig: '{"position":1}' });
    const result = await upload({ action: '/files/upload', file, name: '图.png', accept: ['png'] });
    expect(result).toEqual({ ok: true, url: 'api/files/download/k', name: '图.png' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'files/upload', query: { accept: 'png' } });
    const form = calls[0].body as FormData;
    expect((form.get('file') as File).name).toBe('图.png');
  });

  it("local: a refusal carries the server's message", async () => {
    const { request } = fakeRequest({ 'files/upload': { code: 'P4000', message: '文件类型不正确', data: null } });
    const upload = createUploader({ request, lang: 'zh' });
    expect(await upload({ action: 'files/upload', file, name: 'a.png' })).toEqual({
      ok: false,
      message: '文件类型不正确',
      level: 'error',
    });
  });

  it('cloud: fetches a token for the bucket, posts to the upload host, builds the domain URL', async () => {
    const { calls, request } = fakeRequest({
      'ThirdApi/qiniu/qnToken': { code: '200', message: 'ok', data: { token: 'AK:s:p', uploadUrl: 'http://up.test' } },
    });
    const posts: Array<{ url: string; token: unknown }> = [];
    const postForm: PostForm = async (url, form) => {
      posts.push({ url, token: form.get('token') });
      return { status: 200, body: { key: 'app/k.png' } };
    };
    const uploadConfig = { position: 2, bucket: 'b1', domain: 'https://cdn.test/' };
    const upload = createUploader({ request, lang: 'zh', uploadConfig, postForm });
    expect(await upload({ action: 'files/upload', file, name: 'k.png' })).toEqual({
      ok: true,
      url: 'https://cdn.test/app/k.png',
      name: 'k.png',
    });
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'ThirdApi/qiniu/qnToken', query: { bucket: 'b1' } });
    expect(posts).toEqual([{ url: 'http://up.test', token: 'AK:s:p' }]);
  });

  it('cloud: a token failure is a warning with the server message', async () => {
    const { request } = fakeRequest({
      'ThirdApi/qiniu/qnToken': { code: 'P4000', message: '云存储未配置', data: null },
    });
    const upload = createUploader({ request, lang: 'zh', uploadConfig: { position: '2', bucket: 'b' } });
    expect(await upload({ action: 'files/upload', file, name: 'a.png' })).toEqual({
      ok: false,
      message: '云存储未配置',
      level: 'warning',
    });
  });
});
