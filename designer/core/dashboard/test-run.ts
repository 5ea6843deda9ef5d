/** Test helper: runs designer commands in turn, each expected to be accepted. */
import { expect } from 'vitest';
import { execute, type DashEditor } from './editor';

export function run(state: DashEditor, ...commands: Parameters<typeof execute>[1][]): DashEditor {
  for (const command of commands) {
    const next = execute(state, command);
    expect(next.refusal).toBeUndefined();
    state = next.state;
  }
  return state;
}
