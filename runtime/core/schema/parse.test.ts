import { describe, expect, it } from 'vitest';
import { SchemaError, type SchemaIssue } from './issue';
import { depthExceededAt, MAX_SCHEMA_BYTES, MAX_SCHEMA_DEPTH, parseSchemaText } from './parse';

const refusal = (text: string, options?: Parameters<typeof parseSchemaText>[1]): SchemaIssue => {
  try {
    parseSchemaText(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    expect((error as SchemaError).issues).toHaveLength(1);
    return (error as SchemaError).issues[0];
  }
  throw new Error('parseSchemaText accepted the text');
};

describe('parseSchemaText', () => {
  it('parses a page schema', () => {
    expect(parseSchemaText('{"schemaVersion":2,"type":"page","body":[]}')).toEqual({
      schemaVersion: 2,
      type: 'page',
      body: [],
    });
  });

  it('refuses text that is not JSON, with the parser’s reason in both languages', () => {
    for (const text of ['', '{"a":', "{'a':1}", 'page', '{"a":1}}']) {
      const issue = refusal(text);
      expect(issue).toMatchObject({ pointer: '', code: 'schema.notJson' });
      expect(issue.message.en).toMatch(/^Not valid JSON: ./);
      expect(issue.message.zh).toMatch(/^不是有效的 JSON：./);
    }
  });

  it('refuses 10 MB before parsing it, and counts bytes, not characters', () => {
    const tenMb = `{"body":"${'x'.repeat(10 * 1024 * 1024)}"}`;
    expect(refusal(tenMb)).toMatchObject({ code: 'schema.tooLarge', params: { max: MAX_SCHEMA_BYTES } });
    // 800,000 three-byte characters: under the cap in characters, 2.4 MB in UTF-8.
    const wide = `{"t":"${'客'.repeat(800_000)}"}`;
    expect(wide.length).toBeLessThan(MAX_SCHEMA_BYTES);
    expect(refusal(wide)).toMatchObject({ code: 'schema.tooLarge', params: { bytes: 2_400_008 } });
    expect(parseSchemaText(`{"t":"${'客'.repeat(1000)}"}`)).toEqual({ t: '客'.repeat(1000) });
  });

  it('refuses 10,000 levels of nesting (arrays or objects) without overflowing the stack', () => {
    const arrays = '['.repeat(10_000) + ']'.repeat(10_000);
    expect(refusal(arrays)).toMatchObject({ code: 'schema.tooDeep', params: { max: MAX_SCHEMA_DEPTH, position: 64 } });
    const objects = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    expect(refusal(objects).code).toBe('schema.tooDeep');
    // A million levels: the scan is a loop, so the answer is the same refusal, not a RangeError.
    expect(refusal('['.repeat(1_000_000), { maxBytes: 2_000_000 }).code).toBe('schema.tooDeep');
  });

  it('accepts exactly the depth cap and does not count brackets inside strings', () => {
    const atCap = '['.repeat(MAX_SCHEMA_DEPTH) + ']'.repeat(MAX_SCHEMA_DEPTH);
    expect(depthExceededAt(atCap, MAX_SCHEMA_DEPTH)).toBe(-1);
    expect(() => parseSchemaText(atCap)).not.toThrow();
    expect(refusal('['.repeat(MAX_SCHEMA_DEPTH + 1) + ']'.repeat(MAX_SCHEMA_DEPTH + 1)).code).toBe('schema.tooDeep');
    const inString = JSON.stringify({ text: '[{'.repeat(500) + '\\"[' });
    expect(parseSchemaText(inString)).toEqual({ text: '[{'.repeat(500) + '\\"[' });
  });

  it('takes smaller caps from the caller', () => {
    expect(refusal('{"a":[1,2,3]}', { maxBytes: 5 }).code).toBe('schema.tooLarge');
    expect(refusal('{"a":[[1]]}', { maxDepth: 2 }).code).toBe('schema.tooDeep');
  });
});
