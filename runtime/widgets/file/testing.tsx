/**
 * Test harness of the upload widgets (only for *.test.tsx): a real Formily form and <FormBody>
 * under a RuntimeProvider whose `upload` and `request` are the test's, recording every call.
 */
import { render } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import type { SchemaNode } from '../../../protocol/page-schema';
import { createDictLoader } from '../../core/data/dict';
import type { UploadFn, UploadRequest, UploadResult } from '../../core/upload/uploader';
import { RuntimeProvider, type RuntimeContextValue } from '../../react/context';
import { FormBody } from '../../react/FormBody';
import '../components';

export interface UploadHarnessOptions {
  initialValues?: Record<string, unknown>;
  readPretty?: boolean;
  lang?: 'zh' | 'en';
  /** Answers each upload; default: success at api/files/download/<n>. */
  answer?: (req: UploadRequest, n: number) => UploadResult | Promise<UploadResult>;
  /** Blob contents served for file API downloads. */
  blobs?: Record<string, Blob>;
  /** Downloads wait for this (to observe the 正在下载中 state). */
  blobGate?: Promise<void>;
}

export function renderUpload(nodes: SchemaNode[], options: UploadHarnessOptions = {}) {
  const uploads: UploadRequest[] = [];
  const requests: RequestOptions[] = [];
  const request = (async (req: RequestOptions): Promise<ApiResult> => {
    requests.push(req);
    const blob = options.blobs?.[req.url];
    if (req.responseType === 'blob') await options.blobGate;
    if (req.responseType === 'blob') return { code: '200', message: '', data: blob ?? new Blob(['x']) };
    return { code: 'P4004', message: `no fixture for ${req.url}`, data: null };
  }) as RequestFn;
  const upload: UploadFn = async (req) => {
    uploads.push(req);
    const n = uploads.length;
    return options.answer
      ? options.answer(req, n)
      : { ok: true, url: `api/files/download/${'f'.repeat(31)}${n}`, name: req.name };
  };
  const runtime: RuntimeContextValue = {
    request,
    lang: options.lang ?? 'zh',
    user: { id: 'u1', roleIds: [] },
    providerFor: () => {
      throw new Error('upload tests do not use data providers');
    },
    loadDict: createDictLoader(request),
    upload,
  };
  const form = createForm({ initialValues: options.initialValues, readPretty: options.readPretty });
  const view = render(
    <RuntimeProvider value={runtime}>
      <FormProvider form={form}>
        <FormBody nodes={nodes} />
      </FormProvider>
    </RuntimeProvider>,
  );
  return { form, uploads, requests, ...view };
}

export function pngFile(name = 'a.png', type = 'image/png'): File {
  return new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
}
