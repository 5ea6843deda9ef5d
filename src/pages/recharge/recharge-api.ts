/**
 * The recharge tab's calls (server/ai/recharge-routes.ts). Money arrives in thousandths of the
 * currency unit (the unit of model prices) and is shown with two decimals.
 */
import { isSuccess } from '../../../protocol/codes';
import type { RequestOptions } from '../../../protocol/http';
import { request } from '../../api/client';

export interface Wallet {
  balance: number;
  payMode: number;
  payReady: boolean;
}

export interface TopUpRow {
  orderNo: string;
  amount: number;
  status: 'pending' | 'paid';
  createTime: number;
  paidTime: number | null;
}

export interface UsageRow {
  id: string;
  feature: string;
  modelLabel: string;
  promptTokens: number;
  completionTokens: number;
  cost: number;
  charged: boolean;
  createTime: number;
}

export interface Page<T> {
  list: T[];
  total: number;
}

export class RechargeError extends Error {}

async function call<T>(options: RequestOptions): Promise<T> {
  const result = await request<T>(options);
  if (!isSuccess(result.code)) throw new RechargeError(result.message);
  return result.data;
}

export const fetchWallet = () => call<Wallet>({ method: 'GET', url: 'ai/wallet' });
export const fetchTopUps = (current: number, pageSize = 5) =>
  call<Page<TopUpRow>>({ method: 'GET', url: 'ai/recharge', query: { current, pageSize } });
export const fetchUsage = (current: number, pageSize = 5) =>
  call<Page<UsageRow>>({ method: 'GET', url: 'ai/usage', query: { current, pageSize } });
export const createTopUp = (amount: number) =>
  call<{ orderNo: string; payUrl: string }>({ method: 'POST', url: 'ai/recharge', body: { amount } });

/** Thousandths of the unit, shown with two decimals (rounded down: never more than there is). */
export const money = (milli: number) => (Math.floor(milli / 10) / 100).toFixed(2);
/** A cost, shown with three decimals: a single call often costs less than a hundredth. */
export const cost = (milli: number) => (milli / 1000).toFixed(3);
