/** Small DOM helpers for the node tests (antd inserts a space between two CJK characters in buttons). */
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';

// The machine has 2 cores and suites run in parallel: a modal or a reload can take over the default 1 s.
configure({ asyncUtilTimeout: 5000 });

const squash = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '');

export function button(name: string, root: HTMLElement = document.body): HTMLButtonElement {
  const found = within(root)
    .getAllByRole('button')
    .find((b) => squash(b.textContent) === squash(name));
  if (!found) throw new Error(`No button "${name}"`);
  return found as HTMLButtonElement;
}

export const hasButton = (name: string, root: HTMLElement = document.body) =>
  within(root)
    .queryAllByRole('button')
    .some((b) => squash(b.textContent) === squash(name));

export function click(name: string, root?: HTMLElement) {
  fireEvent.click(button(name, root));
}

/** The open detail modal (not the confirm dialog). */
export async function findModal(title: string): Promise<HTMLElement> {
  return waitFor(() => {
    const modal = [...document.querySelectorAll<HTMLElement>('.ant-modal')].find(
      (m) =>
        !m.classList.contains('ant-modal-confirm') &&
        squash(m.querySelector('.ant-modal-title')?.textContent) === squash(title),
    );
    if (!modal) throw new Error(`No modal "${title}"`);
    // Widgets load on first use: a field shows a placeholder until its chunk arrives, and a test
    // that types into it before then finds no input (seen on a loaded CI machine).
    if (modal.querySelector('.tessera-lazy-pending')) throw new Error(`Modal "${title}" is still loading its fields`);
    return modal;
  });
}

export const modalGone = () =>
  waitFor(() =>
    expect(
      [...document.querySelectorAll('.ant-modal-wrap')].filter((w) => (w as HTMLElement).style.display !== 'none'),
    ).toHaveLength(0),
  );

export async function findConfirm(): Promise<HTMLElement> {
  return waitFor(() => {
    const confirm = document.querySelector<HTMLElement>('.ant-modal-confirm');
    if (!confirm) throw new Error('No confirm dialog');
    return confirm;
  });
}

/** The input of the Formily form item labelled `label` inside `root`. */
export function inputOf(root: HTMLElement, label: string): HTMLInputElement {
  const item = [...root.querySelectorAll<HTMLElement>('.ant-formily-item')].find((el) =>
    squash(el.querySelector('.ant-formily-item-label')?.textContent).includes(label),
  );
  const input = item?.querySelector<HTMLInputElement>('input, textarea');
  if (!input) throw new Error(`No input labelled "${label}"`);
  return input;
}

export function type(root: HTMLElement, label: string, value: string) {
  fireEvent.change(inputOf(root, label), { target: { value } });
}

/** Picks an option of the antd Select labelled `label`. */
export async function choose(root: HTMLElement, label: string, option: string) {
  const item = [...root.querySelectorAll<HTMLElement>('.ant-formily-item')].find((el) =>
    squash(el.querySelector('.ant-formily-item-label')?.textContent).includes(label),
  );
  const selector = item?.querySelector('.ant-select-selector');
  if (!selector) throw new Error(`No select labelled "${label}"`);
  fireEvent.mouseDown(selector);
  const choice = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (o) => squash(o.textContent) === option,
    );
    if (!found) throw new Error(`No option "${option}"`);
    return found;
  });
  fireEvent.click(choice);
}

export function rowOf(text: string): HTMLElement {
  const row = [...document.querySelectorAll<HTMLElement>('tr.ant-table-row')].find((tr) =>
    tr.textContent?.includes(text),
  );
  if (!row) throw new Error(`No row with "${text}"`);
  return row;
}

export const rowTexts = () =>
  [...document.querySelectorAll<HTMLElement>('tr.ant-table-row td:nth-child(2)')].map((td) => td.textContent);

export const activePage = () => document.querySelector('.ant-pagination-item-active')?.textContent;

export const message = (text: string) => screen.findByText(text, { selector: '.ant-message-notice-content *' });

/**
 * The file names a page saves through anchor downloads, collected afresh for each test of the
 * file that calls this at its top level (jsdom cannot download; the click is recorded instead).
 */
export function trackDownloads(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.download) saved.push(this.download);
    });
  });
  afterEach(() => vi.restoreAllMocks());
  return saved;
}
