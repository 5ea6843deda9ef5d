/**
 * One observable box per linkage parent, mirroring `form.values[key]`; the dependents' reactions
 * read the box instead of `form.values`.
 *
 * Why: when a reaction re-runs, @formily/reactive releases its old bindings by deleting it from the
 * reaction list of *every key* of each target it touched (`releaseBindingReactions`), not only the
 * keys it read. `form.values` holds a key per field, so each re-run of a reaction that reads it
 * costs O(fields). With 20 dependents reading their parent from `form.values`, a keystroke in the
 * parent paid 20 × 2,000 deletions on a 2,000-field form (~2 ms, issue 23's fan-out case). Through
 * the box it pays one mirror re-run, and the dependents release bindings on a one-key target.
 */
import type { Form } from '@formily/core';
import { autorun, observable, untracked } from '@formily/reactive';

export interface ParentValues {
  /** The parent's box (created on first use); read `.value` inside a reaction to follow the parent. */
  box(key: string): { readonly value: unknown };
  dispose(): void;
}

export function parentValues(form: Form): ParentValues {
  const boxes = new Map<string, { value: unknown }>();
  const disposers: (() => void)[] = [];
  return {
    box(key) {
      const existing = boxes.get(key);
      if (existing) return existing;
      const box = observable.ref<unknown>(undefined);
      boxes.set(key, box);
      // An autorun tracks its own reads (it is on top of the reaction stack), so a caller's reaction
      // creating a box binds to the box only. Call box() outside the reaction anyway: simpler to reason about.
      disposers.push(
        autorun(() => {
          const value = form.values[key];
          untracked(() => (box.value = value));
        }),
      );
      return box;
    },
    dispose() {
      disposers.splice(0).forEach((dispose) => dispose());
      boxes.clear();
    },
  };
}
