/**
 * Where the linkage puts a dependent's resolved dictApi: in the field's `data` (shallow observable),
 * which the widget's options hook watches and Formily's ReactiveField never reads. As a component
 * prop it re-rendered every dependent's FormItem and widget on each keystroke in the parent (20
 * dependents: 21 FormItems and 20 selects per key; issue 23); here only the options loader hears it.
 */
import type { GeneralField } from '@formily/core';
import type { DictApi } from '../../../protocol/page-schema';

const KEY = 'tesseraLinkedDictApi';

/** A dependent's current source: `dictApi` undefined while a parent it needs is empty (no load). */
export interface LinkedDictApi {
  dictApi: DictApi | undefined;
}

type WithData = { data?: Record<string, unknown> | undefined };

export function setLinkedDictApi(field: GeneralField, dictApi: DictApi | undefined): void {
  const target = field as unknown as WithData;
  target.data = { ...(target.data ?? {}), [KEY]: { dictApi } satisfies LinkedDictApi };
}

/** The linkage's source for this field, or undefined when the field is no linkage dependent. */
export function linkedDictApi(field: GeneralField | undefined | null): LinkedDictApi | undefined {
  return (field as unknown as WithData | undefined)?.data?.[KEY] as LinkedDictApi | undefined;
}
