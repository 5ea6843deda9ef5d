import { afterEach, describe, expect, it, vi } from 'vitest';
import { Schema } from '@formily/react';
import { registerExpressionCompiler } from './expression-compiler';

describe('registerExpressionCompiler', () => {
  afterEach(() => vi.restoreAllMocks());

  it('makes Formily compile {{ }} with the safe evaluator, form values as fallback scope', () => {
    registerExpressionCompiler();
    const scope = { $values: { status: 'closed', amount: 3 }, $self: { value: 1 } };
    expect(Schema.compile("{{ status === 'closed' }}", scope)).toBe(true);
    expect(Schema.compile('{{ $values.amount * 2 }}', scope)).toBe(6);
    expect(Schema.compile({ display: "{{ amount > 1 ? 'none' : 'visible' }}" }, scope)).toEqual({ display: 'none' });
  });

  it('never runs a hostile expression: the result is undefined and a warning is logged once', () => {
    registerExpressionCompiler();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const marker = vi.fn();
    const scope = { $values: {}, marker };
    expect(Schema.compile("{{ constructor.constructor('return process')() }}", scope)).toBeUndefined();
    expect(Schema.compile('{{ marker() }}', scope)).toBeUndefined();
    expect(Schema.compile('{{ marker() }}', scope)).toBeUndefined();
    expect(marker).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
