/**
 * The save flow: validate in the browser (a schema with issues is not sent), ask the store for the
 * table-sync plan (dry run), show it, then save with the version it was based on; a conflict, the
 * store's issues or a failure each end in their own state for the dialogs.
 */
import { useState } from 'react';
import type { RequestFn } from '../../protocol/http';
import { serialise, nodeAtPointer, type DesignDocument, type NodeIssue } from '../core';
import { validateInBrowser } from './validate';
import { saveModule, type PlanStep, type StoreIssue } from './api';

export type SaveStage =
  | { stage: 'idle' }
  | { stage: 'planning' }
  | { stage: 'plan'; plan: PlanStep[]; saving: boolean }
  | { stage: 'conflict'; message: string };

/** The store's issues tied to the nodes they point into, for the canvas. */
export function storeIssuesOnNodes(doc: DesignDocument, issues: StoreIssue[]): NodeIssue[] {
  return issues.map((issue) => ({ ...issue, nodeId: nodeAtPointer(doc, issue.pointer) }));
}

export function useSave(options: {
  request: RequestFn;
  moduleId: string;
  baseVersion?: number;
  onSaved: (version: number) => void;
  onIssues: (issues: NodeIssue[]) => void;
  onError: (message: string) => void;
}) {
  const [stage, setStage] = useState<SaveStage>({ stage: 'idle' });
  const { request, moduleId, baseVersion } = options;

  const start = async (doc: DesignDocument) => {
    const local = validateInBrowser(doc);
    options.onIssues(local.issues);
    if (local.issues.length) return;
    setStage({ stage: 'planning' });
    const answer = await saveModule(request, moduleId, { schema: serialise(doc), baseVersion, dryRun: true }).catch(
      (error: Error) => ({ ok: false as const, kind: 'error' as const, message: error.message }),
    );
    if (answer.ok) return setStage({ stage: 'plan', plan: answer.plan, saving: false });
    finish(doc, answer);
  };

  const finish = (doc: DesignDocument, answer: Awaited<ReturnType<typeof saveModule>>) => {
    if (answer.ok) {
      setStage({ stage: 'idle' });
      options.onSaved(answer.version);
    } else if (answer.kind === 'conflict') setStage({ stage: 'conflict', message: answer.message });
    else {
      setStage({ stage: 'idle' });
      if (answer.kind === 'invalid' && answer.issues) options.onIssues(storeIssuesOnNodes(doc, answer.issues));
      options.onError(answer.message);
    }
  };

  const apply = async (doc: DesignDocument, confirm: boolean) => {
    if (stage.stage !== 'plan') return;
    setStage({ ...stage, saving: true });
    const answer = await saveModule(request, moduleId, { schema: serialise(doc), baseVersion, confirm }).catch(
      (error: Error) => ({ ok: false as const, kind: 'error' as const, message: error.message }),
    );
    finish(doc, answer);
  };

  return { stage, start, apply, close: () => setStage({ stage: 'idle' }) };
}
