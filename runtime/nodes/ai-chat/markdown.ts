/**
 * An answer's markdown → safe HTML (§2 chat pane): markdown-it with raw HTML off, code blocks
 * highlighted by highlight.js (its core with the languages business users ask about, not all 190),
 * then DOMPurify through the runtime's one sanitizer — model output is untrusted text: a link or an
 * image the model writes is checked like any rich text. Each code block then gets a copy button,
 * added after sanitizing (our own element, no handler in the HTML: the pane listens for clicks).
 */
import MarkdownIt from 'markdown-it';
import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import go from 'highlight.js/lib/languages/go';
import java from 'highlight.js/lib/languages/java';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import yaml from 'highlight.js/lib/languages/yaml';
import { sanitizeHtml } from '../../core/sanitize/index';

const LANGUAGES = { bash, css, go, java, javascript, json, python, sql, typescript, xml, yaml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['sh', 'shell'], { languageName: 'bash' });
hljs.registerAliases(['js', 'jsx'], { languageName: 'javascript' });
hljs.registerAliases(['ts', 'tsx'], { languageName: 'typescript' });
hljs.registerAliases(['html', 'vue'], { languageName: 'xml' });
hljs.registerAliases(['py'], { languageName: 'python' });
hljs.registerAliases(['yml'], { languageName: 'yaml' });

const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const md = new MarkdownIt({
  html: false,
  linkify: true,
  breaks: true,
  highlight(code, lang) {
    const name = lang && hljs.getLanguage(lang) ? lang : undefined;
    // markdown-it wraps anything not starting with <pre in <pre><code>; our own wrapper keeps the language.
    const body = name ? hljs.highlight(code, { language: name, ignoreIllegals: true }).value : escape(code);
    return `<pre class="hljs"><code class="language-${escape(name ?? 'text')}">${body}</code></pre>`;
  },
});
// Links the model writes open in a new tab (the sanitizer adds rel="noopener noreferrer").
md.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx]!.attrSet('target', '_blank');
  return self.renderToken(tokens, idx, options);
};

export const COPY_CLASS = 'tessera-chat-copy';

/** Sanitized HTML of an answer, with a copy button over each code block. */
export function answerHtml(text: string, copyLabel: string): string {
  if (!text) return '';
  const template = document.createElement('template');
  template.innerHTML = sanitizeHtml(md.render(text));
  for (const pre of template.content.querySelectorAll('pre')) {
    const language = pre.querySelector('code')?.className.replace(/^.*language-/, '') ?? '';
    const bar = document.createElement('div');
    bar.className = 'tessera-chat-code-bar';
    const name = document.createElement('span');
    name.textContent = language === 'text' ? '' : language;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = COPY_CLASS;
    button.textContent = copyLabel;
    bar.append(name, button);
    pre.prepend(bar);
  }
  return template.innerHTML;
}

/** The code of the block a copy button sits on (its <code>, without the bar). */
export function codeOf(button: Element): string {
  return button.closest('pre')?.querySelector('code')?.textContent ?? '';
}
