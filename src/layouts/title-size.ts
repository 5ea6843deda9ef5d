/** Title font size: 28 by default, 280 / length when the title is over 10 characters (spec §9). */
export function titleFontSize(title: string): number {
  const length = [...title].length;
  return length > 10 ? 280 / length : 28;
}
