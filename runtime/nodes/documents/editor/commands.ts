/**
 * The toolbar's edits as pure functions over (text, selection) → (text, selection), so they are
 * tested without an editor; the CodeMirror view applies the change they describe.
 */
export interface Selection {
  from: number;
  to: number;
}

export interface Edit {
  /** Replace text[from, to) with insert; then select [anchor, head). */
  from: number;
  to: number;
  insert: string;
  select: Selection;
}

/** `**sel**`, `*sel*`, `` `sel` ``: the selection wrapped (a placeholder when it is empty). */
export function wrap(text: string, sel: Selection, mark: string, placeholder: string): Edit {
  const inner = text.slice(sel.from, sel.to) || placeholder;
  const start = sel.from + mark.length;
  return {
    from: sel.from,
    to: sel.to,
    insert: `${mark}${inner}${mark}`,
    select: { from: start, to: start + inner.length },
  };
}

/** Each line touched by the selection gets the prefix (`## `, `- `); a line that has it loses it. */
export function prefixLines(text: string, sel: Selection, prefix: string): Edit {
  const from = text.lastIndexOf('\n', sel.from - 1) + 1;
  const endBreak = text.indexOf('\n', sel.to);
  const to = endBreak === -1 ? text.length : endBreak;
  const lines = text.slice(from, to).split('\n');
  const all = lines.every((line) => line.startsWith(prefix));
  const insert = lines.map((line) => (all ? line.slice(prefix.length) : prefix + line)).join('\n');
  return { from, to, insert, select: { from, to: from + insert.length } };
}

/** `[sel](https://)` with the URL selected for typing. */
export function link(text: string, sel: Selection, placeholder: string): Edit {
  const label = text.slice(sel.from, sel.to) || placeholder;
  const url = 'https://';
  const start = sel.from + label.length + 3;
  return { from: sel.from, to: sel.to, insert: `[${label}](${url})`, select: { from: start, to: start + url.length } };
}

/** A fenced block around the selected lines, or inline code for a selection within one line. */
export function code(text: string, sel: Selection, placeholder: string): Edit {
  const selected = text.slice(sel.from, sel.to);
  if (!selected.includes('\n')) return wrap(text, sel, '`', placeholder);
  const insert = `\n\`\`\`\n${selected}\n\`\`\`\n`;
  return { from: sel.from, to: sel.to, insert, select: { from: sel.from + 5, to: sel.from + 5 + selected.length } };
}

/** Markdown of an image: `[` `]` in the name would end the alt text early, so they go. */
export function imageMarkdown(name: string, url: string): string {
  const alt = name.replace(/[[\]\n]/g, ' ').trim();
  return `![${alt}](${url.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)})`;
}

/** An uploaded image on a line of its own at the cursor, the cursor after it. */
export function insertImage(text: string, at: number, name: string, url: string): Edit {
  const before = at > 0 && text[at - 1] !== '\n' ? '\n' : '';
  const insert = `${before}${imageMarkdown(name, url)}\n`;
  return { from: at, to: at, insert, select: { from: at + insert.length, to: at + insert.length } };
}
