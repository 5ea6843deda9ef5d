/**
 * Which objects and arrays a JSON text writes on one line, by JSON pointer. Read by the designer
 * (to save an unchanged schema byte for byte) and by `npm run schemas:migrate` (to rewrite a file
 * in the layout a person left it in): one reading of a text's layout for both.
 */
import { escapePointer } from './issue';

/** Every object and array of the text by JSON pointer: true when the text writes it on one line. */
export function layoutOfText(text: string): Map<string, boolean> {
  const layout = new Map<string, boolean>();
  type Frame = { array: boolean; pointer: string; start: number; index: number; key: string; expectKey: boolean };
  const stack: Frame[] = [];
  const childPointer = () => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return `${top.pointer}/${escapePointer(top.array ? top.index : top.key)}`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && top.expectKey) {
        top.key = JSON.parse(text.slice(i, j + 1)) as string;
        top.expectKey = false;
      }
      i = j;
    } else if (c === '{' || c === '[') {
      stack.push({ array: c === '[', pointer: childPointer(), start: i, index: 0, key: '', expectKey: c === '{' });
    } else if (c === '}' || c === ']') {
      const frame = stack.pop();
      if (frame) layout.set(frame.pointer, !text.slice(frame.start, i).includes('\n'));
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.index++;
      else if (top) top.expectKey = true;
    }
  }
  return layout;
}
