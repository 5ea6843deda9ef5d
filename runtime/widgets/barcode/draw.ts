import JsBarcode from 'jsbarcode';

// CODE128 covers ASCII 0–127: anything else cannot be drawn.
export const encodable = (text: string) => [...text].every((c) => c.charCodeAt(0) < 128);

/**
 * Draws into an <svg> (or <canvas>); reports false when JsBarcode rejects the text. On screen the
 * text goes in an HTML caption, not in the SVG: JsBarcode measures SVG text with a 2D canvas.
 */
export function draw(
  target: SVGSVGElement | HTMLCanvasElement,
  text: string,
  width: number,
  height: number,
  displayValue: boolean,
) {
  let ok = true;
  try {
    JsBarcode(target, text, {
      format: 'CODE128',
      width,
      height,
      displayValue,
      margin: 4,
      valid: (valid) => (ok = valid),
    });
  } catch {
    ok = false;
  }
  return ok;
}
