/**
 * Slots: a page schema names a slot ({type: "slot", props: {name: "..."}}) and the host app
 * registers the React component that fills it. Only registered names render, so a schema can
 * place host code but never choose arbitrary code.
 */
import type { ComponentType } from 'react';

export interface SlotProps {
  /** The slot field's stored value, if the filling component keeps one. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  readOnly: boolean;
  /**
   * The slot's form, for a piece that depends on another field (an SMS code is sent to the mobile
   * entered above it): read a value, or validate a field and learn whether it passed.
   */
  form?: { valueOf(key: string): unknown; validate(key: string): Promise<boolean> };
}

const slots = new Map<string, ComponentType<SlotProps>>();

export function registerSlot(name: string, component: ComponentType<SlotProps>): () => void {
  slots.set(name, component);
  return () => {
    if (slots.get(name) === component) slots.delete(name);
  };
}

export const getSlot = (name: string | undefined) => (name ? slots.get(name) : undefined);
