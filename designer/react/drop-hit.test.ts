// @vitest-environment happy-dom
/** The drag layer's hit test (drop.ts droppableAt): the innermost drop place at the element under the pointer. */
import { describe, expect, it } from 'vitest';
import { droppableAt } from './drop';

describe('droppableAt', () => {
  it('is the element under the pointer or its nearest ancestor that is a drop place', () => {
    document.body.innerHTML = `
      <div class="tessera-designer-canvas" data-drop="slot:page">
        <div data-drop="item:form">
          <span class="label">客户</span>
          <div data-drop="slot:form">
            <div data-drop="item:name"><div class="field"><input id="name-input"></div></div>
          </div>
        </div>
      </div>`;
    const frame = document.querySelector('[data-drop="item:name"]') as HTMLElement;
    const box = { left: 10, top: 20, width: 100, height: 30, right: 110, bottom: 50, x: 10, y: 20 };
    frame.getBoundingClientRect = () => ({ ...box, toJSON: () => box });
    // A preview's input: its field's frame, with the frame's box for before / after.
    expect(droppableAt(document.getElementById('name-input'))).toMatchObject({ id: 'item:name', rect: box });
    expect(droppableAt(frame)?.id).toBe('item:name');
    // The form's slot between its fields; the form's own label: the form.
    expect(droppableAt(document.querySelector('[data-drop="slot:form"]'))?.id).toBe('slot:form');
    expect(droppableAt(document.querySelector('.label'))?.id).toBe('item:form');
    // The canvas's blank margin: the page's end. Outside the canvas, or nothing: no drop place.
    expect(droppableAt(document.querySelector('.tessera-designer-canvas'))?.id).toBe('slot:page');
    expect(droppableAt(document.body)).toBeUndefined();
    expect(droppableAt(null)).toBeUndefined();
  });
});
