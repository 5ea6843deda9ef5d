/**
 * The uploader the runtime hands to upload widgets through RuntimeProvider (widgets never call the
 * network themselves). Local mode (upload_config position 1) posts the file to the widget's action
 * through the host's RequestFn; cloud mode (position 2) asks the server for a Qiniu upload token
 * (GET ThirdApi/qiniu/qnToken?bucket=) and posts the file straight to the storage host. Failures
 * come back as a message, never a throw: the server's message for uploads, a warning for a token.
 */
import { isSuccess } from '../../../protocol/codes';
import type { Lang } from '../../../protocol/constants';
import type { RequestFn } from '../../../protocol/http';
import { translate } from '../../../protocol/messages';
import type { FileItem } from './value';

/** The app's upload_config (platform-shell §3). */
export interface UploadConfig {
  /** 1 local (the file API), 2 cloud object store. */
  position?: number | string;
  region?: string;
  bucket?: string;
  domain?: string;
}

export interface UploadRequest {
  /** The widget's action: the file API path relative to the API base, e.g. `files/upload`. */
  action: string;
  file: Blob;
  name: string;
  /** Accept list sent to the server, which checks it against the content. */
  accept?: readonly string[];
}

export type UploadResult = ({ ok: true } & FileItem) | { ok: false; message: string; level: 'error' | 'warning' };

export type UploadFn = (request: UploadRequest) => Promise<UploadResult>;

/** Posts a multipart form to an absolute URL (the cloud host) and answers status and JSON body. */
export type PostForm = (url: string, form: FormData) => Promise<{ status: number; body: unknown }>;

export interface QiniuTokenAnswer {
  token: string;
  uploadUrl: string;
  domain?: string;
}

export interface UploaderOptions {
  request: RequestFn;
  lang: Lang;
  uploadConfig?: UploadConfig | string | null;
  /** For cloud uploads; default: global fetch. */
  postForm?: PostForm;
}

const defaultPostForm: PostForm = async (url, form) => {
  const response = await fetch(url, { method: 'POST', body: form });
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
};

export function parseUploadConfig(config: UploaderOptions['uploadConfig']): UploadConfig {
  if (!config) return {};
  if (typeof config === 'object') return config;
  try {
    const parsed: unknown = JSON.parse(config);
    return parsed && typeof parsed === 'object' ? (parsed as UploadConfig) : {};
  } catch {
    return {};
  }
}

export function createUploader(options: UploaderOptions): UploadFn {
  const config = parseUploadConfig(options.uploadConfig);
  const t = (key: string) => translate(options.lang, key);
  const fail = (message: string | undefined, level: 'error' | 'warning' = 'error'): UploadResult => ({
    ok: false,
    message: message || t('upload.failed'),
    level,
  });

  async function local(req: UploadRequest): Promise<UploadResult> {
    const form = new FormData();
    form.append('file', req.file, req.name);
    const query = req.accept?.length ? { accept: req.accept.join(',') } : undefined;
    try {
      const answer = await options.request<{ url?: string; name?: string }>({
        method: 'POST',
        url: req.action.replace(/^\/+/, ''),
        body: form,
        query,
      });
      if (!isSuccess(answer.code) || !answer.data?.url) return fail(answer.message);
      return { ok: true, url: answer.data.url, name: answer.data.name ?? req.name };
    } catch {
      return fail(undefined);
    }
  }

  async function cloud(req: UploadRequest): Promise<UploadResult> {
    let token: QiniuTokenAnswer;
    try {
      const answer = await options.request<QiniuTokenAnswer>({
        method: 'GET',
        url: 'ThirdApi/qiniu/qnToken',
        query: { bucket: config.bucket },
      });
      if (!isSuccess(answer.code) || !answer.data?.token) return fail(answer.message, 'warning');
      token = answer.data;
    } catch {
      return fail(undefined, 'warning');
    }
    const form = new FormData();
    form.append('token', token.token);
    form.append('file', req.file, req.name);
    try {
      const { status, body } = await (options.postForm ?? defaultPostForm)(token.uploadUrl, form);
      const key = (body as { key?: unknown } | undefined)?.key;
      if (status !== 200 || typeof key !== 'string') {
        return fail(String((body as { error?: unknown } | undefined)?.error ?? '') || undefined);
      }
      const domain = (token.domain ?? config.domain ?? '').replace(/\/+$/, '');
      return { ok: true, url: domain ? `${domain}/${key}` : key, name: req.name };
    } catch {
      return fail(undefined);
    }
  }

  return (req) => (Number(config.position) === 2 ? cloud(req) : local(req));
}
