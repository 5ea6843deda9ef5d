/**
 * Where each JSON pointer's value starts in a JSON text, so the JSON view marks an issue on its
 * line. A small scanner over text that JSON.parse already accepted: strings, numbers, literals,
 * objects and arrays, recording the offset of every value by its pointer.
 */
const escapePart = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export function pointerOffsets(text: string): Map<string, number> {
  const out = new Map<string, number>();
  let at = 0;
  const space = () => {
    while (at < text.length && /\s/.test(text[at])) at++;
  };
  const string = (): string => {
    const start = at;
    at++;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (pointer: string) => {
    space();
    out.set(pointer, at);
    const c = text[at];
    if (c === '{') {
      at++;
      space();
      while (text[at] !== '}' && at < text.length) {
        space();
        const key = string();
        space();
        at++; // :
        value(`${pointer}/${escapePart(key)}`);
        space();
        if (text[at] === ',') at++;
        space();
      }
      at++;
    } else if (c === '[') {
      at++;
      let index = 0;
      space();
      while (text[at] !== ']' && at < text.length) {
        value(`${pointer}/${index++}`);
        space();
        if (text[at] === ',') at++;
        space();
      }
      at++;
    } else if (c === '"') string();
    else while (at < text.length && /[^\s,\]}]/.test(text[at])) at++;
  };
  value('');
  return out;
}

/** The 1-based line of `pointer`'s value (its nearest ancestor's when it is missing: a required property). */
export function lineOfPointer(text: string, offsets: Map<string, number>, pointer: string): number {
  let at = pointer;
  while (!offsets.has(at) && at) at = at.slice(0, at.lastIndexOf('/'));
  const offset = offsets.get(at) ?? 0;
  let line = 1;
  for (let i = 0; i < offset; i++) if (text[i] === '\n') line++;
  return line;
}
