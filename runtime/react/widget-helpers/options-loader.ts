/**
 * One widget's dictionary options: which dictApi it follows, the answer it holds, whether a load
 * is pending and whether that has lasted long enough to show a spinner. It tells its widget what
 * changed (`onChange`) instead of setting React state, so the widget decides whether a render is
 * due: a select that is closed and empty shows nothing of its options, and a linkage parent's
 * keystroke must not re-render its 20 dependents for options nobody sees yet (issue 23).
 */
import type { DictApi } from '../../../protocol/page-schema';
import type { DictLoader, DictOption } from '../../core/data/provider';

export interface Option {
  value: string | number | boolean;
  label: string;
  children?: Option[];
}

/** How long a load runs before the widget shows it is loading. */
export const SPINNER_DELAY_MS = 200;

/** 'options': new options (or none) to show; 'loading': the spinner appears or goes. */
export type OptionsChange = 'options' | 'loading';

const toOptions = (list: DictOption[]): Option[] =>
  list.map((o) => ({ value: o.value, label: o.label, children: o.children && toOptions(o.children) }));

export class OptionsLoader {
  /** The dictApi followed now (undefined: none, the widget shows its static items). */
  dictApi: DictApi | undefined;
  /** The answer for `settledKey`'s dictApi (or the last keyword search). */
  options: Option[] = [];
  private key: string | undefined;
  private settledKey: string | undefined;
  private searching = false;
  /** A load has been pending SPINNER_DELAY_MS: the spinner shows. */
  private slow = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private ticket = 0;

  constructor(
    /** The runtime's loader: the widget hands in the current one on every render. */
    public loadDict: DictLoader,
    private onChange: (change: OptionsChange) => void,
  ) {}

  get loading(): boolean {
    return this.pending && this.slow;
  }

  private get pending(): boolean {
    return (!!this.dictApi && this.settledKey !== this.key) || this.searching;
  }

  /** Follows `dictApi`; loads when its content differs from the one followed (a new equal object does not). */
  follow(dictApi: DictApi | undefined): void {
    const key = dictApi ? JSON.stringify(dictApi) : '';
    if (key === this.key) return;
    const had = !!this.dictApi;
    this.key = key;
    this.dictApi = dictApi;
    if (dictApi) this.load();
    else {
      this.ticket++;
      this.searching = false;
      this.settlePending();
      if (had) this.onChange('options');
    }
  }

  load(keyword?: string): void {
    const dictApi = this.dictApi;
    if (!dictApi) return;
    const ticket = ++this.ticket;
    const key = this.key;
    if (keyword !== undefined) this.searching = true;
    this.startSpinnerClock();
    const settle = (options: Option[]) => {
      if (ticket !== this.ticket) return;
      this.options = options;
      this.settledKey = key;
      this.searching = false;
      this.settlePending();
      this.onChange('options');
    };
    this.loadDict(dictApi, keyword).then(
      (list) => settle(toOptions(list)),
      (error: Error) => {
        if (ticket === this.ticket) console.warn(`[tessera] ${error.message}`);
        settle([]);
      },
    );
  }

  /** The widget went away (or StrictMode's simulated unmount): no answer or timer reaches it; the next follow loads again. */
  stop(): void {
    this.ticket++;
    this.key = undefined;
    this.searching = false;
    clearTimeout(this.timer);
    this.timer = undefined;
    this.slow = false;
  }

  // The spinner shows once a load has taken SPINNER_DELAY_MS (antd Spin's `delay`, for the same
  // reason): options that arrive at once must not swap the arrow for a spinner and back.
  private startSpinnerClock(): void {
    if (this.timer !== undefined || this.slow) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      if (!this.pending) return;
      this.slow = true;
      this.onChange('loading');
    }, SPINNER_DELAY_MS);
  }

  private settlePending(): void {
    if (this.pending) return;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.slow) return;
    this.slow = false;
    this.onChange('loading');
  }
}
