/**
 * Bound values of a list query as numbered slots, so a query *shape* is compiled once and later
 * requests of that shape only bind their own values (plan-cache.ts). A Slot stands where a body
 * value would be while Kysely builds and compiles; it reaches the compiled statement's parameter
 * array untouched (Kysely copies values into parameters, it never looks inside them), and
 * bindParameters() puts the request's values in its place. A rule that binds a value derived
 * from the body (a LIKE pattern) does so through mapBound(), which also works on a slot.
 */

export class Slot {
  constructor(
    readonly index: number,
    /** How the bound value is made from the body value (e.g. `%value%`), applied at bind time. */
    readonly map?: (value: unknown) => unknown,
  ) {}

  resolve(values: readonly unknown[]): unknown {
    if (this.index >= values.length) throw new Error(`list query slot ${this.index} has no value`);
    const value = values[this.index];
    return this.map ? this.map(value) : value;
  }
}

/** `map(value)` now for a real value; for a slot, a slot that applies `map` when it is bound. */
export function mapBound<T>(value: unknown, map: (value: unknown) => T): T {
  if (value instanceof Slot) {
    const inner = value.map;
    return new Slot(value.index, inner ? (v) => map(inner(v)) : map) as unknown as T;
  }
  return map(value);
}

/** The compiled parameters with every slot replaced by its value from `values`. */
export function bindParameters(parameters: readonly unknown[], values: readonly unknown[]): unknown[] {
  const out = new Array<unknown>(parameters.length);
  for (let i = 0; i < parameters.length; i++) {
    const p = parameters[i];
    out[i] = p instanceof Slot ? p.resolve(values) : p;
  }
  return out;
}
