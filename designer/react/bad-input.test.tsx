// @vitest-environment happy-dom
/**
 * Issue 14's "Bad input" in the designer itself (the core's refusals are tested in designer/core):
 * a schema from another product pasted into the JSON view is told at its line, changes nothing on
 * the canvas and cannot be saved, and the canvas stays usable; a key with a space typed in the
 * settings is told under the field and not applied.
 */
import '../../tests/dom-setup';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from 'codemirror';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldOnCanvas, renderCustomerDesigner as renderDesigner } from '../../tests/helpers/designer-kit';

const saveButton = () => screen.getByRole('button', { name: '保 存' }) as HTMLButtonElement;

beforeEach(() => localStorage.clear());

describe('bad input in the designer', () => {
  it('tells a schema pasted from another product at its line, keeps the canvas and refuses to save it', async () => {
    renderDesigner();
    await waitFor(() => expect(fieldOnCanvas('mobile')).toBeTruthy());
    fireEvent.click(screen.getByText('JSON'));
    const host = await waitFor(() => {
      const element = document.querySelector('.tessera-designer-json-editor .cm-editor');
      expect(element).toBeTruthy();
      return element as HTMLElement;
    });
    const editor = EditorView.findFromDOM(host)!;
    const foreign = JSON.stringify({ version: '1.0', components: [{ name: 'Input', props: { label: '姓名' } }] });
    act(() => editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: foreign } }));
    await screen.findByText('1 个问题', undefined, { timeout: 5_000 });
    expect(screen.getByText(/第 ?1 ?行.*这不是本平台的页面配置.*可能来自其他产品/)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);

    // Back on the canvas nothing was replaced, and the designer still edits.
    fireEvent.click(screen.getByText('画布'));
    await waitFor(() => expect(fieldOnCanvas('mobile')).toBeTruthy());
    expect(fieldOnCanvas('remark')).toBeTruthy();
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(fieldOnCanvas('remark')!);
    fireEvent.keyDown(screen.getByTestId('designer'), { key: 'Delete' });
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeFalsy());
  }, 120_000);

  it('tells a key with a space under the field and does not apply it', async () => {
    renderDesigner();
    await waitFor(() => expect(fieldOnCanvas('mobile')).toBeTruthy());
    fireEvent.click(fieldOnCanvas('mobile')!);
    const settings = document.querySelector('[data-settings-for]') as HTMLElement;
    await waitFor(() => expect(within(settings).getByDisplayValue('mobile')).toBeTruthy());
    fireEvent.change(within(settings).getByDisplayValue('mobile'), { target: { value: 'mobile phone' } });
    await within(settings).findByText(/字段名 mobile phone 无效：须以字母开头/);
    expect(fieldOnCanvas('mobile')!.getAttribute('aria-label')).toBe('手机号 · mobile');
    // A good key after it is applied.
    fireEvent.change(within(settings).getByDisplayValue('mobile phone'), { target: { value: 'mobile_phone' } });
    await waitFor(() => expect(fieldOnCanvas('mobile_phone')).toBeTruthy());
  }, 120_000);
});
