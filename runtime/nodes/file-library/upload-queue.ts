/**
 * Many files, uploaded one after another (the server takes one per request, and its upload rate
 * limit counts requests): each file's state, and the batch's progress as the share of its bytes
 * already stored. A refused file does not stop the others; its reason is kept for the list.
 */
export type UploadState = 'waiting' | 'uploading' | 'done' | 'error';

export interface QueuedFile {
  uid: string;
  name: string;
  size: number;
  state: UploadState;
  /** The server's message when refused (in the user's language). */
  error?: string;
}

export interface BatchProgress {
  percent: number;
  done: number;
  failed: number;
  total: number;
}

export function batchProgress(files: readonly QueuedFile[]): BatchProgress {
  const total = files.length;
  const bytes = files.reduce((sum, file) => sum + Math.max(file.size, 1), 0);
  const finished = files.filter((file) => file.state === 'done' || file.state === 'error');
  const finishedBytes = finished.reduce((sum, file) => sum + Math.max(file.size, 1), 0);
  return {
    percent: bytes ? Math.round((finishedBytes / bytes) * 100) : 0,
    done: files.filter((file) => file.state === 'done').length,
    failed: files.filter((file) => file.state === 'error').length,
    total,
  };
}

/**
 * Runs `send` for each file in order, reporting every state change through `update`. `send`
 * answers undefined on success or the refusal's message.
 */
export async function runQueue<F extends { uid: string }>(
  files: readonly F[],
  send: (file: F) => Promise<string | undefined>,
  update: (uid: string, state: UploadState, error?: string) => void,
): Promise<void> {
  for (const file of files) {
    update(file.uid, 'uploading');
    let error: string | undefined;
    try {
      error = await send(file);
    } catch (cause) {
      error = cause instanceof Error ? cause.message : String(cause);
    }
    update(file.uid, error === undefined ? 'done' : 'error', error);
  }
}
