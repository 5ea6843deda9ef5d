/**
 * How a draw form becomes a provider request (docs/ai.md "Image studio", ai-and-widgets §9).
 *
 * Midjourney, in this order:
 *   [reference image] <prompt> --ar <rate> --no <negative prompt> --q <quality> <style>
 * e.g. `a red fox in snow --ar 16:9 --no text, watermark --q 2.5 --v 5`. The reference image is not
 * a URL in the text (ours are private): it goes as `base64Array`, and midjourney-proxy uploads it and
 * puts its address first, which is where Midjourney reads image prompts. `--no` is left out when
 * there is no negative prompt. Parameters typed into the prompt itself are removed (`--ar 2:1`,
 * `--v 6`…), so the form's values are the ones that count.
 *
 * Baidu SD-XL takes the parts as fields instead: prompt, negative_prompt, size, n and style
 * (one of the 18 presets, which are the API's own style values).
 */
import { DRAW_DEFAULTS, type DrawForm } from '../../protocol/ai-image';

/** One line, single spaces: a prompt is one line of text to either provider. */
export const oneLine = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

/** `--word value` and `--word` parameters written into a prompt by hand. */
const HAND_PARAMETERS = /(^|\s)--[a-z]+(?:\s+(?!--)[^\s-][^\s]*)?/gi;

export function mjPrompt(form: DrawForm): string {
  const prompt = oneLine(form.prompt).replace(HAND_PARAMETERS, ' ').replace(/\s+/g, ' ').trim();
  const negative = oneLine(form.negative_prompt).replace(/--/g, ' ').replace(/\s+/g, ' ').trim();
  const parts = [
    prompt,
    `--ar ${form.rate ?? DRAW_DEFAULTS.rate}`,
    negative ? `--no ${negative}` : '',
    `--q ${form.quality ?? DRAW_DEFAULTS.quality}`,
    oneLine(form.mj_style ?? DRAW_DEFAULTS.mj_style),
  ];
  return parts.filter(Boolean).join(' ');
}

export function sdRequest(form: DrawForm) {
  return {
    prompt: oneLine(form.prompt),
    ...(oneLine(form.negative_prompt) ? { negative_prompt: oneLine(form.negative_prompt) } : {}),
    size: form.size ?? DRAW_DEFAULTS.size,
    n: form.n ?? DRAW_DEFAULTS.n,
    style: form.style ?? DRAW_DEFAULTS.style,
  };
}
