/**
 * Test helper for antd pickers (only for *.test.tsx): type a value and press Enter, the way a user
 * would.
 */
import { act, fireEvent } from '@testing-library/react';

export async function typeInto(input: HTMLInputElement, text: string) {
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}
